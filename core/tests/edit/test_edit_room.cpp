// Region and resize edits (core/edit/room_edits.cpp): rectangles, flood fill,
// copy/paste and room resize, each one undo step that restores every cell.
#include <gtest/gtest.h>

#include "core/edit/history.h"
#include "core/map/map_file.h"

namespace {

core::Scenario roomScenario(int w = 8, int h = 6) {
  core::Scenario s;
  s.name = "test";
  s.map = core::makeDefaultMap(w, h, 16);  // block border (1), sky inside (0)
  core::EntitySpec player;
  player.name = "player";
  player.x = 32;
  player.y = 40;
  s.entities.push_back(player);
  core::Expectation x;
  x.verdict = "GAP";
  x.col = 2;
  x.row = 1;
  x.w = 2;
  x.h = 2;
  s.expect.push_back(x);
  s.frames = 1;
  return s;
}

// Applies `e` through a history and checks that undo gives back `s` exactly
// and redo gives back the edited state.
void expectUndoRedoExact(core::Scenario& s, const core::Edit& e) {
  const core::Scenario before = s;
  core::EditHistory h;
  h.push(s, e);
  const core::Scenario after = s;
  EXPECT_EQ(h.steps(), 1u);
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.map.room.width, before.map.room.width);
  EXPECT_EQ(s.map.room.height, before.map.room.height);
  EXPECT_EQ(s.map.room.cells, before.map.room.cells);
  EXPECT_EQ(s.map.metatiles.metatiles.size(), before.map.metatiles.metatiles.size());
  EXPECT_EQ(s.entities[0].x, before.entities[0].x);
  EXPECT_EQ(s.entities[0].y, before.entities[0].y);
  ASSERT_TRUE(h.redo(s));
  EXPECT_EQ(s.map.room.width, after.map.room.width);
  EXPECT_EQ(s.map.room.cells, after.map.room.cells);
  EXPECT_EQ(s.entities[0].x, after.entities[0].x);
}

}  // namespace

TEST(RegionEdits, FillRectCoversBothCornersClippedToTheRoom) {
  core::Scenario s = roomScenario();
  auto e = core::makeFillRect(s, 5, 4, 2, 1, 3);  // corners in either order
  ASSERT_TRUE(e);
  const auto& cells = std::get<core::CellsEdit>(*e).cells;
  EXPECT_EQ(cells.size(), 16u);  // 4 x 4, none already ground
  expectUndoRedoExact(s, *e);
  for (int r = 1; r <= 4; ++r)
    for (int c = 2; c <= 5; ++c) EXPECT_EQ(s.map.room.at(c, r), 3);
  EXPECT_EQ(s.map.room.at(1, 1), 0);
  // Off the room's edges: clipped, not refused.
  auto clipped = core::makeFillRect(s, -3, -3, 0, 0, 2);
  ASSERT_TRUE(clipped);
  EXPECT_EQ(std::get<core::CellsEdit>(*clipped).cells.size(), 1u);
  // Nothing to change, or no such metatile: no edit.
  EXPECT_FALSE(core::makeFillRect(s, 2, 1, 5, 4, 3));
  EXPECT_FALSE(core::makeFillRect(s, 1, 1, 2, 2, 99));
  EXPECT_FALSE(core::makeFillRect(s, 20, 20, 30, 30, 2));
}

TEST(RegionEdits, FloodFillStopsAtOtherMetatiles) {
  core::Scenario s = roomScenario(10, 6);
  // A wall at column 4 splits the sky inside the border in two.
  for (int r = 1; r < 5; ++r) s.map.room.at(4, r) = 2;
  auto e = core::makeFloodFill(s, 1, 1, 4);
  ASSERT_TRUE(e);
  EXPECT_EQ(std::get<core::CellsEdit>(*e).cells.size(), 3u * 4u);
  expectUndoRedoExact(s, *e);
  EXPECT_EQ(s.map.room.at(3, 4), 4);
  EXPECT_EQ(s.map.room.at(5, 1), 0);               // the other side of the wall
  EXPECT_EQ(s.map.room.at(0, 0), 1);               // the border
  EXPECT_FALSE(core::makeFloodFill(s, 1, 1, 4));   // already that metatile
  EXPECT_FALSE(core::makeFloodFill(s, -1, 1, 2));  // outside
}

TEST(RegionEdits, FloodFillOfALargeLevelIsOneStep) {
  core::Scenario s = roomScenario(256, 32);
  core::EditHistory h;
  auto e = core::makeFloodFill(s, 10, 10, 3);
  ASSERT_TRUE(e);
  EXPECT_EQ(std::get<core::CellsEdit>(*e).cells.size(), 254u * 30u);
  h.push(s, *e);
  EXPECT_EQ(h.steps(), 1u);
  h.undo(s);
  EXPECT_EQ(s.map.room.at(10, 10), 0);
}

TEST(RegionEdits, CopyAndPasteARegion) {
  core::Scenario s = roomScenario();
  s.map.room.at(2, 2) = 3;
  s.map.room.at(3, 2) = 4;
  const core::CellClip clip = core::copyCells(s.map.room, 2, 2, 2, 1);
  ASSERT_EQ(clip.width, 2);
  ASSERT_EQ(clip.height, 1);
  EXPECT_EQ(clip.cells, (std::vector<uint16_t>{3, 4}));
  auto e = core::makePasteCells(s, 5, 4, clip);
  ASSERT_TRUE(e);
  expectUndoRedoExact(s, *e);
  EXPECT_EQ(s.map.room.at(5, 4), 3);
  EXPECT_EQ(s.map.room.at(6, 4), 4);
  // Pasted past the right edge: the part inside lands, the rest is dropped.
  auto edge = core::makePasteCells(s, 7, 1, clip);
  ASSERT_TRUE(edge);
  EXPECT_EQ(std::get<core::CellsEdit>(*edge).cells.size(), 1u);
  // A copy clipped to the room.
  EXPECT_EQ(core::copyCells(s.map.room, 6, 4, 5, 5).width, 2);
  EXPECT_EQ(core::copyCells(s.map.room, 9, 9, 2, 2).cells.size(), 0u);
  EXPECT_FALSE(core::makePasteCells(s, 0, 0, core::CellClip{}));
  // Cut = copy, then fill with metatile 0.
  auto cut = core::makeFillRect(s, 5, 4, 6, 4, 0);
  ASSERT_TRUE(cut);
  core::applyEdit(s, *cut);
  EXPECT_EQ(s.map.room.at(5, 4), 0);
}

TEST(ResizeEdits, GrowingLeftAndTopShiftsCellsAndEntities) {
  core::Scenario s = roomScenario();
  s.map.room.at(3, 2) = 4;
  auto e = core::makeResizeRoom(s, 2, 1, 3, 0, 2);
  ASSERT_TRUE(e);
  EXPECT_TRUE(core::editTouchesMap(*e));
  EXPECT_TRUE(core::editTouchesScenario(*e));  // the entities move
  expectUndoRedoExact(s, *e);
  EXPECT_EQ(s.map.room.width, 13);
  EXPECT_EQ(s.map.room.height, 7);
  ASSERT_EQ(s.map.room.cells.size(), 13u * 7u);
  EXPECT_EQ(s.map.room.at(5, 3), 4);  // (3, 2) moved by (2, 1)
  EXPECT_EQ(s.map.room.at(0, 0), 2);  // new cells hold the fill
  EXPECT_EQ(s.map.room.at(12, 6), 2);
  EXPECT_EQ(s.entities[0].x, 32 + 2 * 16);
  EXPECT_EQ(s.entities[0].y, 40 + 16);
  EXPECT_EQ(s.expect[0].col, 4);
  EXPECT_EQ(s.expect[0].row, 2);
  core::EditHistory h;
  h.push(s, *core::makeResizeRoom(s, -2, -1, -3, 0));
  EXPECT_EQ(s.map.room.width, 8);
  EXPECT_EQ(s.map.room.at(3, 2), 4);
  EXPECT_EQ(s.entities[0].x, 32);
  EXPECT_EQ(s.expect[0].col, 2);
}

TEST(ResizeEdits, ShrinkingRightOnlyMovesNothing) {
  core::Scenario s = roomScenario();
  auto e = core::makeResizeRoom(s, 0, 0, -3, -2);
  ASSERT_TRUE(e);
  EXPECT_FALSE(core::editTouchesScenario(*e));
  expectUndoRedoExact(s, *e);
  EXPECT_EQ(s.map.room.width, 5);
  EXPECT_EQ(s.map.room.height, 4);
  EXPECT_EQ(s.map.room.at(0, 0), 1);
  EXPECT_EQ(s.map.room.at(4, 3), 0);  // was inside; the old border is gone
}

TEST(ResizeEdits, RefusedPastTheLimitsOrBelowOneCell) {
  core::Scenario s = roomScenario();
  EXPECT_FALSE(core::makeResizeRoom(s, 0, 0, 0, 0));
  EXPECT_FALSE(core::makeResizeRoom(s, -4, 0, -4, 0));  // width 0
  EXPECT_FALSE(core::makeResizeRoom(s, 0, 0, 5000, 0));
  EXPECT_FALSE(core::makeResizeRoom(s, 0, 0, 4000, 300));  // over 1M cells
  EXPECT_FALSE(core::makeResizeRoom(s, 1, 0, 0, 0, 99));   // no such fill metatile
  // A 64 x 30 room (four NES screens) from the 8 x 6 one.
  auto e = core::makeResizeRoom(s, 0, 0, 56, 24);
  ASSERT_TRUE(e);
  core::applyEdit(s, *e);
  EXPECT_EQ(s.map.room.cells.size(), 64u * 30u);
}

TEST(ResizeEdits, ARoomResizedAndSavedLoadsBack) {
  core::Scenario s = roomScenario();
  core::applyEdit(s, *core::makeResizeRoom(s, 1, 2, 3, 4, 3));
  core::MapDocument back;
  std::string error;
  ASSERT_TRUE(core::mapFromJson(core::mapToJson(s.map), "x.json", back, &error)) << error;
  EXPECT_EQ(back.room.width, 12);
  EXPECT_EQ(back.room.height, 12);
  EXPECT_EQ(back.room.cells, s.map.room.cells);
}

TEST(ResizeEdits, DirtyMarksBothPartsOnlyWhenEntitiesMove) {
  core::Scenario s = roomScenario();
  core::EditHistory h;
  h.push(s, *core::makeResizeRoom(s, 0, 0, 2, 0));
  EXPECT_TRUE(h.dirty(core::DocPart::Map));
  EXPECT_FALSE(h.dirty(core::DocPart::Scenario));
  h.markSaved(core::DocPart::Map);
  h.push(s, *core::makeResizeRoom(s, 1, 0, 0, 0));
  EXPECT_TRUE(h.dirty(core::DocPart::Map));
  EXPECT_TRUE(h.dirty(core::DocPart::Scenario));
}

TEST(ResizeEdits, RegionEditsAffectFramesFromTheFirstReadOfAnyCell) {
  core::Scenario s = roomScenario();
  core::Recording rec;
  rec.frames.resize(5);
  for (size_t f = 0; f < 5; ++f) {
    rec.frames[f].entities.resize(1);
    rec.frames[f].entities[0].cellsRead = {uint16_t(f * 8 + 1)};  // (1, f)
  }
  const int w = s.map.room.width;
  EXPECT_EQ(core::firstAffectedFrame(*core::makeFillRect(s, 1, 3, 2, 4, 2), rec, w), 3);
  EXPECT_EQ(core::firstAffectedFrame(*core::makeFillRect(s, 5, 1, 6, 4, 2), rec, w), 5);
  EXPECT_EQ(core::firstAffectedFrame(*core::makeResizeRoom(s, 0, 0, 1, 0), rec, w), 0);
}
