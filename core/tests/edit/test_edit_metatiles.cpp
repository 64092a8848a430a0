// Metatile, tile and palette edits (core/edit/metatile_edits.cpp): each
// applies, reverts exactly, merges within a stroke, keeps the room's cells on
// the same metatiles when indices move, and survives a save.
#include <gtest/gtest.h>

#include "core/edit/history.h"
#include "core/map/map_file.h"

namespace {

// The default set: 0 sky, 1 block, 2 brick, 3 ground, 4 water.
core::Scenario tileScenario() {
  core::Scenario s;
  s.map = core::makeDefaultMap(6, 4, 16);
  s.map.room.at(1, 1) = 2;
  s.map.room.at(2, 1) = 3;
  s.map.room.at(3, 1) = 4;
  s.frames = 1;
  return s;
}

// The metatile names the room's cells show, row-major.
std::vector<std::string> cellNames(const core::Scenario& s) {
  std::vector<std::string> names;
  for (uint16_t c : s.map.room.cells) names.push_back(s.map.metatiles.metatiles.at(c).name);
  return names;
}

void expectSameMap(const core::MapDocument& a, const core::MapDocument& b) {
  EXPECT_EQ(a.room.cells, b.room.cells);
  ASSERT_EQ(a.metatiles.metatiles.size(), b.metatiles.metatiles.size());
  for (size_t i = 0; i < a.metatiles.metatiles.size(); ++i) {
    EXPECT_EQ(a.metatiles.metatiles[i].name, b.metatiles.metatiles[i].name) << i;
    EXPECT_EQ(a.metatiles.metatiles[i].tiles, b.metatiles.metatiles[i].tiles) << i;
    EXPECT_EQ(a.metatiles.metatiles[i].collision, b.metatiles.metatiles[i].collision) << i;
  }
  ASSERT_EQ(a.tiles.size(), b.tiles.size());
  for (size_t i = 0; i < a.tiles.size(); ++i) EXPECT_EQ(a.tiles[i].px, b.tiles[i].px) << i;
  EXPECT_EQ(a.palette, b.palette);
}

// Pushes `e`; undo restores the map exactly, redo restores the edited one.
void expectUndoRedo(core::Scenario& s, const std::optional<core::Edit>& e) {
  ASSERT_TRUE(e);
  const core::MapDocument before = s.map;
  core::EditHistory h;
  h.push(s, *e);
  const core::MapDocument after = s.map;
  EXPECT_TRUE(h.dirty(core::DocPart::Map));
  EXPECT_FALSE(h.dirty(core::DocPart::Scenario));
  ASSERT_TRUE(h.undo(s));
  expectSameMap(s.map, before);
  ASSERT_TRUE(h.redo(s));
  expectSameMap(s.map, after);
}

}  // namespace

TEST(MetatileEdits, ComposeFromTiles) {
  core::Scenario s = tileScenario();
  expectUndoRedo(s, core::makeSetMetatileTiles(s, 4, {1, 2, 3, 0}));
  EXPECT_EQ(s.map.metatiles.metatiles[4].tiles, (std::array<uint16_t, 4>{1, 2, 3, 0}));
  EXPECT_FALSE(core::makeSetMetatileTiles(s, 4, {1, 2, 3, 0}));   // unchanged
  EXPECT_FALSE(core::makeSetMetatileTiles(s, 4, {1, 2, 3, 99}));  // no such tile
  EXPECT_FALSE(core::makeSetMetatileTiles(s, 9, {0, 0, 0, 0}));   // no such metatile
  // 1-tile metatiles (8 px cells) keep the one id in every slot.
  core::Scenario small = tileScenario();
  small.map.metatiles.tilesPerSide = 1;
  core::applyEdit(small, *core::makeSetMetatileTiles(small, 0, {2, 9, 9, 9}));
  EXPECT_EQ(small.map.metatiles.metatiles[0].tiles, (std::array<uint16_t, 4>{2, 2, 2, 2}));
}

TEST(MetatileEdits, ReorderKeepsEveryCellOnItsMetatile) {
  for (auto [from, to] : {std::pair{3, 0}, std::pair{0, 4}, std::pair{1, 2}}) {
    core::Scenario s = tileScenario();
    const auto names = cellNames(s);
    const std::string moved = s.map.metatiles.metatiles[from].name;
    expectUndoRedo(s, core::makeMoveMetatile(s, from, to));
    EXPECT_EQ(s.map.metatiles.metatiles[to].name, moved);
    EXPECT_EQ(cellNames(s), names) << from << " -> " << to;
  }
  core::Scenario s = tileScenario();
  EXPECT_FALSE(core::makeMoveMetatile(s, 2, 2));
  EXPECT_FALSE(core::makeMoveMetatile(s, 2, 5));
}

TEST(MetatileEdits, DuplicateInsertsACopyAfterIt) {
  core::Scenario s = tileScenario();
  const auto names = cellNames(s);
  expectUndoRedo(s, core::makeDuplicateMetatile(s, 2));
  ASSERT_EQ(s.map.metatiles.metatiles.size(), 6u);
  EXPECT_EQ(s.map.metatiles.metatiles[3].name, "brick copy");
  EXPECT_EQ(s.map.metatiles.metatiles[3].collision, s.map.metatiles.metatiles[2].collision);
  EXPECT_EQ(cellNames(s), names);  // ground and water moved up one index, the cells too
  EXPECT_EQ(s.map.room.at(2, 1), 4);
}

TEST(MetatileEdits, DeleteReplacesItsCellsAndClosesTheGap) {
  core::Scenario s = tileScenario();
  expectUndoRedo(s, core::makeDeleteMetatile(s, 2, 3));  // brick -> ground
  ASSERT_EQ(s.map.metatiles.metatiles.size(), 4u);
  EXPECT_EQ(s.map.metatiles.metatiles[2].name, "ground");
  EXPECT_EQ(s.map.room.at(1, 1), 2);  // was brick: now ground, at its new index
  EXPECT_EQ(s.map.room.at(2, 1), 2);
  EXPECT_EQ(s.map.room.at(3, 1), 3);                // water, one index down
  EXPECT_EQ(s.map.room.at(0, 0), 1);                // block, before the gap
  EXPECT_FALSE(core::makeDeleteMetatile(s, 1, 1));  // replaced by itself
  EXPECT_FALSE(core::makeDeleteMetatile(s, 9));
  core::Scenario one = tileScenario();
  one.map.metatiles.metatiles.resize(1);
  std::fill(one.map.room.cells.begin(), one.map.room.cells.end(), 0);
  EXPECT_FALSE(core::makeDeleteMetatile(one, 0));  // the set never becomes empty
}

TEST(MetatileEdits, AddAppends) {
  core::Scenario s = tileScenario();
  core::Metatile m{"spikes", {1, 1, 2, 2}, 0x80};
  expectUndoRedo(s, core::makeAddMetatile(s, m));
  ASSERT_EQ(s.map.metatiles.metatiles.size(), 6u);
  EXPECT_EQ(s.map.metatiles.metatiles[5].name, "spikes");
  m.tiles[0] = 500;
  EXPECT_FALSE(core::makeAddMetatile(s, m));
}

TEST(TileEdits, APencilStrokeOnOneTileIsOneMergedEdit) {
  core::Scenario s = tileScenario();
  const core::MapDocument before = s.map;
  core::EditHistory h;
  h.beginGroup("Draw tile");
  for (int x = 0; x < 8; ++x) h.push(s, *core::makeSetTilePixel(s, 0, x, 3, 2));
  h.endGroup();
  EXPECT_EQ(h.steps(), 1u);
  ASSERT_EQ(h.undoEdits().size(), 1u);  // eight pixels of one tile: merged
  for (int x = 0; x < 8; ++x) EXPECT_EQ(s.map.tiles[0].px[3 * 8 + x], 2);
  ASSERT_TRUE(h.undo(s));
  expectSameMap(s.map, before);
  EXPECT_FALSE(core::makeSetTilePixel(s, 0, 0, 0, 0));  // already colour 0
  EXPECT_FALSE(core::makeSetTilePixel(s, 0, 8, 0, 1));
  EXPECT_FALSE(core::makeSetTilePixel(s, 0, 0, 0, 4));
  EXPECT_FALSE(core::makeSetTilePixel(s, 99, 0, 0, 1));
  core::Scenario t = tileScenario();
  expectUndoRedo(t, core::makeSetTilePixel(t, 1, 7, 7, 3));
}

TEST(TileEdits, AddTileAppendsABlankTile) {
  core::Scenario s = tileScenario();
  expectUndoRedo(s, core::makeAddTile(s));
  ASSERT_EQ(s.map.tiles.size(), 6u);
  EXPECT_EQ(s.map.tiles[5].px, core::Tile{}.px);
}

TEST(PaletteEdits, AColourDragIsOneMergedEdit) {
  core::Scenario s = tileScenario();
  const core::MapDocument before = s.map;
  core::EditHistory h;
  h.beginGroup("Palette colour");
  for (uint8_t r = 10; r < 20; ++r)
    h.push(s, *core::makeSetPaletteColour(s, 2, core::Rgba{r, 40, 50, 255}));
  h.endGroup();
  ASSERT_EQ(h.undoEdits().size(), 1u);
  EXPECT_EQ(s.map.palette[2], (core::Rgba{19, 40, 50, 255}));
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.map.palette, before.palette);
  EXPECT_FALSE(core::makeSetPaletteColour(s, 4, core::Rgba{}));
  EXPECT_FALSE(core::makeSetPaletteColour(s, 0, s.map.palette[0]));
  core::Scenario t = tileScenario();
  expectUndoRedo(t, core::makeSetPaletteColour(t, 0, core::Rgba{1, 2, 3, 255}));
}

TEST(TileEdits, EditedTilesMetatilesAndPaletteSaveAndLoadBack) {
  core::Scenario s = tileScenario();
  core::applyEdit(s, *core::makeAddTile(s));
  core::applyEdit(s, *core::makeSetTilePixel(s, 5, 2, 6, 3));
  core::applyEdit(s, *core::makeAddMetatile(s, core::Metatile{"new", {5, 5, 0, 0}, 0x0F}));
  core::applyEdit(s, *core::makeMoveMetatile(s, 5, 1));
  core::applyEdit(s, *core::makeSetPaletteColour(s, 3, core::Rgba{0x12, 0x34, 0x56, 255}));
  core::MapDocument back;
  std::string error;
  ASSERT_TRUE(core::mapFromJson(core::mapToJson(s.map), "x.json", back, &error)) << error;
  expectSameMap(back, s.map);
}

TEST(TileEdits, PixelsAndColoursAffectNoFrame) {
  core::Scenario s = tileScenario();
  EXPECT_FALSE(core::editReachesRoutine(*core::makeSetTilePixel(s, 0, 1, 1, 1)));
  EXPECT_FALSE(core::editReachesRoutine(*core::makeAddTile(s)));
  EXPECT_FALSE(core::editReachesRoutine(*core::makeSetPaletteColour(s, 1, core::Rgba{})));
  EXPECT_FALSE(core::editReachesRoutine(*core::makeRenameMetatile(s, 1, "wall")));
  EXPECT_TRUE(core::editReachesRoutine(*core::makeSetMetatileTiles(s, 1, {0, 0, 0, 0})));
  EXPECT_TRUE(core::editReachesRoutine(*core::makeMoveMetatile(s, 1, 2)));
  EXPECT_TRUE(core::editReachesRoutine(*core::makeFillRect(s, 1, 1, 2, 2, 3)));
  EXPECT_TRUE(core::editReachesRoutine(*core::makeResizeRoom(s, 0, 0, 1, 0)));
  core::Recording rec;
  rec.frames.resize(4);
  const int w = s.map.room.width;
  EXPECT_EQ(core::firstAffectedFrame(*core::makeSetTilePixel(s, 0, 1, 1, 1), rec, w), 4);
  EXPECT_EQ(core::firstAffectedFrame(*core::makeSetPaletteColour(s, 1, core::Rgba{}), rec, w), 4);
  EXPECT_EQ(core::firstAffectedFrame(*core::makeMoveMetatile(s, 1, 2), rec, w), 0);
}
