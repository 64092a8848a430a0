// Live audits (core/check/live_audit.h): after each edit (a wall painted into
// open floor, a wall removed, a metatile's collision bits changed, an edit on
// the room's border), LiveAudit::update must give exactly what a fresh runAudit
// of the edited scenario gives: counts, heat and the failure list, including
// its order and truncation. The seed-002 castle (6502, needs ca65) and the
// seed-004 garden (SM83, built-in assembler).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/check/audit.h"
#include "core/check/live_audit.h"
#include "core/map/collision_bits.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

Scenario load(const std::string& rel) {
  Scenario s;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(rel), s, &error)) << error;
  return s;
}

void expectSameVerdict(const FrameVerdict& a, const FrameVerdict& b, size_t i) {
  SCOPED_TRACE("failure " + std::to_string(i));
  EXPECT_EQ(a.verdict, b.verdict);
  EXPECT_EQ(a.startX, b.startX);
  EXPECT_EQ(a.startY, b.startY);
  EXPECT_EQ(a.motion, b.motion);
  EXPECT_EQ(a.oracleX, b.oracleX);
  EXPECT_EQ(a.oracleY, b.oracleY);
  EXPECT_EQ(a.routineX, b.routineX);
  EXPECT_EQ(a.routineY, b.routineY);
  EXPECT_EQ(a.hasCell, b.hasCell);
  EXPECT_EQ(a.cell, b.cell);
  EXPECT_EQ(a.hasPixel, b.hasPixel);
  EXPECT_EQ(a.pixelX, b.pixelX);
  EXPECT_EQ(a.pixelY, b.pixelY);
  EXPECT_EQ(a.message, b.message);
}

void expectSameResult(const AuditResult& live, const AuditResult& full) {
  ASSERT_TRUE(full.ok) << full.error;
  ASSERT_TRUE(live.ok) << live.error;
  EXPECT_EQ(live.cases, full.cases);
  EXPECT_EQ(live.skipped, full.skipped);
  EXPECT_EQ(live.startPositions, full.startPositions);
  EXPECT_EQ(live.counts, full.counts);
  EXPECT_EQ(live.heatWidth, full.heatWidth);
  EXPECT_EQ(live.heatHeight, full.heatHeight);
  EXPECT_TRUE(live.heat == full.heat) << "heatmaps differ";
  EXPECT_EQ(live.failuresTruncated, full.failuresTruncated);
  ASSERT_EQ(live.failures.size(), full.failures.size());
  for (size_t i = 0; i < full.failures.size(); ++i) {
    const AuditFailure& a = live.failures[i];
    const AuditFailure& b = full.failures[i];
    ASSERT_EQ(a.c.x, b.c.x) << "failure " << i;
    ASSERT_EQ(a.c.y, b.c.y) << "failure " << i;
    ASSERT_EQ(a.c.dir, b.c.dir) << "failure " << i;
    ASSERT_EQ(a.c.speed, b.c.speed) << "failure " << i;
    expectSameVerdict(a.verdict, b.verdict, i);
  }
  // Every failing case, compact, past any cut of the list (audit_query.h).
  EXPECT_EQ(live.heatOffsetX, full.heatOffsetX);
  EXPECT_EQ(live.heatOffsetY, full.heatOffsetY);
  ASSERT_EQ(live.failingCases.size(), full.failingCases.size());
  ASSERT_EQ(full.failingCases.size(), full.failing());
  for (size_t i = 0; i < full.failingCases.size(); ++i) {
    const AuditCaseRecord& a = live.failingCases[i];
    const AuditCaseRecord& b = full.failingCases[i];
    ASSERT_TRUE(a.x == b.x && a.y == b.y && a.dir == b.dir && a.speed == b.speed &&
                a.half == b.half && a.verdict == b.verdict && a.hasCell == b.hasCell &&
                a.col == b.col && a.row == b.row)
        << "failing case " << i;
  }
}

// How many cases an edit must re-run.
enum class Reruns { Some, All, None };

// One edit of a room: cells set to metatiles and/or a metatile's collision
// byte and/or a metatile's tiles.
struct Edit {
  std::string what;
  std::vector<std::pair<CellPos, uint16_t>> cells;
  int metatile = -1;
  uint8_t collision = 0;
  Reruns reruns = Reruns::Some;
  int tilesOf = -1;  // a metatile whose first tile changes
};

// Applies the edits one after the other to one live audit, checking each
// update against a fresh full audit of the edited scenario.
void checkEdits(Scenario sc, const AuditOptions& o, const std::vector<Edit>& edits) {
  const AsmResult image = buildRoutine(sc.manifest);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  LiveAudit live;
  const AuditResult& first = live.start(sc, image, o);
  expectSameResult(first, runAudit(sc, image, o));
  for (const Edit& e : edits) {
    SCOPED_TRACE(e.what);
    Scenario edited = sc;
    for (const auto& [pos, m] : e.cells) edited.map.room.at(pos.col, pos.row) = m;
    if (e.metatile >= 0) edited.map.metatiles.metatiles[size_t(e.metatile)].collision = e.collision;
    if (e.tilesOf >= 0) edited.map.metatiles.metatiles[size_t(e.tilesOf)].tiles[0] ^= 1;
    const std::vector<CellPos> changed = changedCells(sc.map, edited.map);
    const AuditResult& r = live.update(edited, changed);
    expectSameResult(r, runAudit(edited, image, o));
    if (e.reruns == Reruns::None) {
      EXPECT_EQ(live.casesLastRun(), 0u);
    } else {
      EXPECT_GT(live.casesLastRun(), 0u);
      if (e.reruns == Reruns::All)
        EXPECT_EQ(live.casesLastRun(), r.cases);
      else
        EXPECT_LT(live.casesLastRun(), r.cases) << "an edit re-ran the whole audit";
    }
    sc = std::move(edited);
  }
}

constexpr uint16_t kCastleSky = 0, kCastleBlock = 1, kCastleBrick = 2, kCastleWater = 4,
                   kCastleCeiling = 6;

std::vector<Edit> castleEdits() {
  return {
      {"paint a wall into open floor", {{{6, 9}, kCastleBlock}}, -1, 0},
      {"remove a wall", {{{11, 4}, kCastleSky}, {{11, 3}, kCastleSky}}, -1, 0},
      {"water becomes solid", {}, kCastleWater, 0x1f},
      {"water blocks only from above", {}, kCastleWater, 0x14},
      {"open the left border", {{{0, 7}, kCastleSky}, {{0, 8}, kCastleSky}}, -1, 0},
      {"paint the bottom-right corner", {{{14, 13}, kCastleBlock}}, -1, 0},
  };
}

// Collision bytes changed bit by bit: each direction bit gained and lost, an
// op-code bit (no block bit), solid-ness lost and regained, a metatile no cell
// holds (the routine reads its attribute only if a cell leads it there), a
// metatile's tiles, and a paint stroke with a byte change in one update.
std::vector<Edit> castleBitEdits() {
  std::vector<Edit> edits;
  for (uint8_t bit : {kBlockLeft, kBlockRight, kBlockDown, kBlockUp}) {
    edits.push_back(
        {"water gains bit " + std::to_string(bit), {}, kCastleWater, uint8_t(0x10 | bit)});
    edits.push_back({"water loses it again", {}, kCastleWater, 0x10});
  }
  edits.push_back({"water gains an op-code bit", {}, kCastleWater, 0x30});
  edits.push_back({"brick loses Up (no longer solid)", {}, kCastleBrick, 0x07});
  edits.push_back({"brick loses Left too", {}, kCastleBrick, 0x06});
  edits.push_back({"brick is solid again", {}, kCastleBrick, 0x0f});
  edits.push_back({"ceiling, in no cell, changes", {}, kCastleCeiling, 0x0c, Reruns::None});
  edits.push_back({"water's tiles change", {}, -1, 0, Reruns::Some, kCastleWater});
  edits.push_back(
      {"paint ceiling and change water", {{{6, 9}, kCastleCeiling}}, kCastleWater, 0x14});
  return edits;
}

TEST(LiveAudit, CastleEditsEqualAFullAuditAtStride3) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 3;
  o.maxSpeed = 2;
  checkEdits(load("maps/seed002_castle.scenario.json"), o, castleEdits());
}

TEST(LiveAudit, CastleBitChangesEqualAFullAudit) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 3;
  o.maxSpeed = 2;
  checkEdits(load("maps/seed002_castle.scenario.json"), o, castleBitEdits());
}

// Failure lists cut short: edits before the cut remove failures (the list is
// refilled from past its old end) and add some (the tail is pushed out).
TEST(LiveAudit, CastleTruncatedFailureListsStayThePrefixOfAFullAudit) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 4;
  o.maxSpeed = 2;
  o.maxFailures = 300;
  std::vector<Edit> edits = {
      {"remove the brick ledge near the top", {{{4, 3}, 0}, {{5, 3}, 0}, {{6, 3}, 0}}, -1, 0},
      {"paint blocks near the top-left", {{{2, 2}, kCastleBlock}, {{3, 1}, kCastleBlock}}, -1, 0},
      {"open the top border", {{{7, 0}, kCastleSky}}, -1, 0},
  };
  checkEdits(load("maps/seed002_castle.scenario.json"), o, edits);
  o.maxFailures = 0;
  checkEdits(load("maps/seed002_castle.scenario.json"), o, {edits[0]});
}

// The issue's case: the castle at the default options (every pixel, speeds
// 1..4, 8 directions), one one-cell stroke; also the memory the records take.
TEST(LiveAudit, CastleDefaultOptionsOneStroke) {
  REQUIRE_CA65();
  Scenario sc = load("maps/seed002_castle.scenario.json");
  const AsmResult image = buildRoutine(sc.manifest);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  const AuditOptions o;
  LiveAudit live;
  ASSERT_TRUE(live.start(sc, image, o).ok);
  EXPECT_LT(live.memoryBytes(), size_t(64) << 20);
  Scenario edited = sc;
  edited.map.room.at(6, 9) = kCastleBlock;
  const std::vector<CellPos> changed = changedCells(sc.map, edited.map);
  ASSERT_EQ(changed, (std::vector<CellPos>{{6, 9}}));
  expectSameResult(live.update(edited, changed), runAudit(edited, image, o));
  EXPECT_LT(live.casesLastRun() * 20, live.result().cases) << "a one-cell stroke re-ran > 5%";
}

constexpr uint16_t kGardenGround = 0, kGardenBrick = 2, kGardenBlock = 3;

TEST(LiveAudit, GardenEditsEqualAFullAudit) {
  AuditOptions o;
  o.stride = 2;
  checkEdits(load("maps/seed004_garden.scenario.json"), o,
             {
                 {"paint a wall into open floor", {{{9, 10}, kGardenBrick}}, -1, 0},
                 {"remove a wall", {{{6, 11}, kGardenGround}, {{6, 12}, kGardenGround}}, -1, 0},
                 {"blocks become passable", {}, kGardenBlock, 0x00},
                 {"blocks block only to the right", {}, kGardenBlock, 0x02},
                 {"open the right border", {{{19, 8}, kGardenGround}}, -1, 0},
                 {"paint the top-left corner", {{{1, 1}, kGardenBrick}}, -1, 0},
             });
}

// A routine whose cases depend on cells far from the entity: it reads cell
// (14,13) and, when that holds a metatile other than 0, jumps 40 px right,
// where its end hitbox meets other cells. Painting (14,13) must re-run every
// case (the cells it read), painting 40 px right of a start must re-run that
// start's cases (the routine's end hitbox). SM83, on the castle's 16 px cells.
TEST(LiveAudit, FarReadsAndFarEndsAreDependenciesToo) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("collidoscope_live_audit_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "r.asm") << "SECTION \"Vars\", WRAM0[$C000]\n"
                                  "ent_x:: db\nent_y:: db\nbuttons:: db\n"
                                  "SECTION \"Map\", WRAM0[$C100]\n"
                                  "cells:: ds 240\nattrs:: ds 32\n"
                                  "SECTION \"Code\", ROM0[$0150]\n"
                                  "frame::\n"
                                  "  ld a, [cells + 13 * 16 + 14]\n"
                                  "  and a\n"
                                  "  ret z\n"
                                  "  ld a, [ent_x]\n"
                                  "  add 40\n"
                                  "  ld [ent_x], a\n"
                                  "  ret\n";
  std::ofstream(dir / "manifest.json") << R"({
    "format": "collidoscope-routine/1", "cpu": "sm83", "sources": ["r.asm"], "entry": "frame",
    "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
    "input": {"label": "buttons", "encoding": "gb-buttons"},
    "map": {"cells": {"label": "cells", "stride": 16, "width": 16, "height": 15},
            "attributes": {"label": "attrs", "stride": 1, "count": 32}},
    "hitbox": {"x": 0, "y": 0, "w": 12, "h": 12}})";
  std::ofstream(dir / "scenario.json")
      << R"({"format": "collidoscope-scenario/1", "map": ")" +
             repoFile("maps/seed002_castle.map.json") +
             R"(", "routine": "manifest.json", "frames": 1, "entities": [{"x": 32, "y": 48}]})";
  Scenario sc;
  std::string error;
  ASSERT_TRUE(loadScenario((dir / "scenario.json").string(), sc, &error)) << error;
  AuditOptions o;
  o.stride = 2;
  o.maxSpeed = 1;
  checkEdits(
      sc, o,
      {
          {"paint the cell the routine reads", {{{14, 13}, kCastleBlock}}, -1, 0, Reruns::All},
          {"paint where it lands", {{{9, 5}, kCastleBlock}}, -1, 0},
          {"clear where it lands", {{{9, 5}, kCastleSky}}, -1, 0},
          {"clear the cell the routine reads", {{{14, 13}, kCastleSky}}, -1, 0, Reruns::All},
          // It reads no attribute: only the oracle sees a byte, and only
          // cases moving right near water test the bit water gains.
          {"water gains an op-code bit", {}, kCastleWater, 0x30, Reruns::None},
          {"water blocks moving right", {}, kCastleWater, 0x12},
          {"water blocks moving left instead", {}, kCastleWater, 0x11},
      });
  fs::remove_all(dir);
}

// A routine that looks up one metatile's attribute byte without reading a cell
// that holds it (water's, at attrs + 4) and jumps 40 px right when its Left bit
// is set: changing that bit reaches every case, however far from water.
TEST(LiveAudit, AttributeReadsAreDependenciesWhereverTheCellsAre) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("collidoscope_live_attrs_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "r.asm") << "SECTION \"Vars\", WRAM0[$C000]\n"
                                  "ent_x:: db\nent_y:: db\nbuttons:: db\n"
                                  "SECTION \"Map\", WRAM0[$C100]\n"
                                  "cells:: ds 240\nattrs:: ds 32\n"
                                  "SECTION \"Code\", ROM0[$0150]\n"
                                  "frame::\n"
                                  "  ld a, [attrs + 4]\n"
                                  "  and 1\n"
                                  "  ret z\n"
                                  "  ld a, [ent_x]\n"
                                  "  add 40\n"
                                  "  ld [ent_x], a\n"
                                  "  ret\n";
  std::ofstream(dir / "manifest.json") << R"({
    "format": "collidoscope-routine/1", "cpu": "sm83", "sources": ["r.asm"], "entry": "frame",
    "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
    "input": {"label": "buttons", "encoding": "gb-buttons"},
    "map": {"cells": {"label": "cells", "stride": 16, "width": 16, "height": 15},
            "attributes": {"label": "attrs", "stride": 1, "count": 32}},
    "hitbox": {"x": 0, "y": 0, "w": 12, "h": 12}})";
  std::ofstream(dir / "scenario.json")
      << R"({"format": "collidoscope-scenario/1", "map": ")" +
             repoFile("maps/seed002_castle.map.json") +
             R"(", "routine": "manifest.json", "frames": 1, "entities": [{"x": 32, "y": 48}]})";
  Scenario sc;
  std::string error;
  ASSERT_TRUE(loadScenario((dir / "scenario.json").string(), sc, &error)) << error;
  AuditOptions o;
  o.stride = 2;
  o.maxSpeed = 1;
  checkEdits(sc, o,
             {
                 {"water gains Left", {}, kCastleWater, 0x11, Reruns::All},
                 {"water loses Left", {}, kCastleWater, 0x10, Reruns::All},
             });
  fs::remove_all(dir);
}

TEST(LiveAudit, ChangedCellsNamesPaintedCellsAndEveryCellOfAChangedMetatile) {
  const Scenario sc = load("maps/seed004_garden.scenario.json");
  MapDocument m = sc.map;
  EXPECT_TRUE(changedCells(sc.map, m).empty());
  m.room.at(3, 2) = kGardenBrick;
  EXPECT_EQ(changedCells(sc.map, m), (std::vector<CellPos>{{3, 2}}));
  m = sc.map;
  m.metatiles.metatiles[kGardenBlock].collision = 0;
  size_t blocks = 0;
  for (uint16_t c : sc.map.room.cells) blocks += c == kGardenBlock;
  const std::vector<CellPos> changed = changedCells(sc.map, m);
  EXPECT_EQ(changed.size(), blocks);
  for (const CellPos& p : changed) EXPECT_EQ(m.room.at(p.col, p.row), kGardenBlock);
}

TEST(LiveAudit, ACancelledStartIsEmptyAndTheNextUpdateStartsOver) {
  const Scenario sc = load("maps/seed004_garden.scenario.json");
  const AsmResult image = buildRoutine(sc.manifest);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  AuditOptions o;
  o.stride = 4;
  std::atomic<bool> cancel{true};
  LiveAudit live;
  const AuditResult& r = live.start(sc, image, o, nullptr, &cancel);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.cases, 0u);
  Scenario edited = sc;
  edited.map.room.at(9, 10) = kGardenBrick;
  expectSameResult(live.update(edited, changedCells(sc.map, edited.map)),
                   runAudit(edited, image, o));
}

// A new view changes what every case sees (here the routine is given room
// coordinates instead of the window's): update() starts over, whatever cells
// it is told changed.
TEST(LiveAudit, AViewChangeStartsOver) {
  REQUIRE_CA65();
  const Scenario sc = load("maps/scroll_castle.scenario.json");
  const AsmResult image = buildRoutine(sc.manifest);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  AuditOptions o;
  o.stride = 8;
  o.maxSpeed = 1;
  LiveAudit live;
  ASSERT_TRUE(live.start(sc, image, o).ok);
  Scenario edited = sc;
  edited.view.roomCoordinates = !sc.view.roomCoordinates;
  const AuditResult full = runAudit(edited, image, o);
  ASSERT_TRUE(full.ok) << full.error;
  ASSERT_NE(full.failing(), live.result().failing()) << "the test needs a view that matters";
  expectSameResult(live.update(edited, {}), full);
}

TEST(LiveAudit, BadOptionsAreAnError) {
  const Scenario sc = load("maps/seed004_garden.scenario.json");
  const AsmResult image = buildRoutine(sc.manifest);
  AuditOptions o;
  o.stride = 0;
  LiveAudit live;
  const AuditResult& r = live.start(sc, image, o);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "stride must be at least 1");
}

}  // namespace
}  // namespace core
