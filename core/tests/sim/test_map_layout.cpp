// Issue 16 items 4 and 5: the map-layout codec (core/sim/map_layout.h) places
// cells column-major, two bytes wide, every Nth entry, from an origin with a
// wrapping scroll, over screens and through a pointer, and reads them back; the
// collision rules (threshold, predicate) decide what the oracle calls solid.
// The two layout samples (assets/routines/layout_*) must read their shape right:
// the same room read with the other shape gives a different recording. Bad
// manifests name the JSON path. The samples skip without cc65.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/collision_rule.h"
#include "core/sim/map_layout.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

using test::repoFile;

MapDocument roomOf(int w, int h, std::vector<uint16_t> cells) {
  MapDocument d;
  d.room.width = w;
  d.room.height = h;
  d.room.cellSize = 16;
  d.room.cells = std::move(cells);
  return d;
}

// The bytes as an address -> value map (the last write wins, as pokes do).
std::map<uint16_t, uint8_t> encode(const Binding& b, const MapDocument& d,
                                   const std::map<uint16_t, uint8_t>& memory = {}) {
  std::vector<PlacedByte> bytes;
  std::string error;
  auto read = [&](uint16_t a) {
    auto it = memory.find(a);
    return it == memory.end() ? uint8_t(0) : it->second;
  };
  EXPECT_TRUE(encodeRoomBytes(b, d, read, &bytes, &error)) << error;
  std::map<uint16_t, uint8_t> out;
  for (const PlacedByte& p : bytes) out[p.addr] = p.value;
  return out;
}

MapDocument decode(const Binding& b, const std::map<uint16_t, uint8_t>& memory, int w, int h) {
  MapDocument d = roomOf(w, h, std::vector<uint16_t>(size_t(w) * h, 0xFFFF));
  std::string error;
  auto read = [&](uint16_t a) {
    auto it = memory.find(a);
    return it == memory.end() ? uint8_t(0) : it->second;
  };
  EXPECT_TRUE(decodeRoomBytes(b, read, &d, &error)) << error;
  return d;
}

TEST(MapLayout, ColumnMajorPutsAColumnsCellsSideBySide) {
  Binding b;
  b.cells = 0x0300;
  b.cellColumnMajor = true;
  b.cellMaxW = 4;
  b.cellMaxH = 3;
  b.cellStride = 3;
  const MapDocument d = roomOf(3, 2, {1, 2, 3, 4, 5, 6});  // row 0: 1 2 3, row 1: 4 5 6
  auto mem = encode(b, d);
  EXPECT_EQ(mem.size(), 12u);  // the whole table, uncovered entries 0
  EXPECT_EQ(mem[0x0300], 1);
  EXPECT_EQ(mem[0x0301], 4);  // column 0, row 1
  EXPECT_EQ(mem[0x0303], 2);  // column 1, row 0
  EXPECT_EQ(mem[0x0307], 6);
  EXPECT_EQ(mem[0x0302], 0);  // row 2 is outside the room
  EXPECT_EQ(decode(b, mem, 3, 2).room.cells, d.room.cells);
  auto cell = cellOfAddress(b, {0x0300}, 0x0307);
  ASSERT_TRUE(cell);
  EXPECT_EQ((*cell)[0], 2);
  EXPECT_EQ((*cell)[1], 1);
}

TEST(MapLayout, TwoBytesBigEndianEveryOtherEntry) {
  Binding b;
  b.cells = 0x0400;
  b.cellBytes = 2;
  b.cellBigEndian = true;
  b.cellSpacing = 2;  // a 16-px cell over 2x2 8-px entries
  b.cellMaxW = 4;
  b.cellMaxH = 2;
  b.cellStride = 8;
  const MapDocument d = roomOf(2, 1, {0x0102, 0x0304});
  auto mem = encode(b, d);
  EXPECT_EQ(mem[0x0400], 0x01);
  EXPECT_EQ(mem[0x0401], 0x02);
  EXPECT_EQ(mem[0x0402], 0x01);  // the same cell's second entry
  EXPECT_EQ(mem[0x0404], 0x03);
  EXPECT_EQ(mem[0x0405], 0x04);
  EXPECT_EQ(mem[0x040C], 0x03);  // row 1 of the second cell
  EXPECT_EQ(decode(b, mem, 2, 1).room.cells, d.room.cells);
  auto cell = cellOfAddress(b, {0x0400}, 0x040D);
  ASSERT_TRUE(cell);
  EXPECT_EQ((*cell)[0], 1);
}

TEST(MapLayout, OriginAndScrollRotateTheRoomInsideTheTable) {
  Binding b;
  b.cells = 0x0500;
  b.cellMaxW = 4;
  b.cellMaxH = 3;
  b.cellStride = 4;
  b.cellOriginRow = 1;  // a status row above the room
  b.cellScrollCol = 3;  // the room starts at column 3 and wraps to 0
  const MapDocument d = roomOf(2, 1, {7, 8});
  auto mem = encode(b, d);
  EXPECT_EQ(mem[0x0507], 7);  // row 1, column 3
  EXPECT_EQ(mem[0x0504], 8);  // row 1, column 0 (wrapped)
  EXPECT_EQ(mem[0x0503], 0);
  EXPECT_EQ(decode(b, mem, 2, 1).room.cells, d.room.cells);
  EXPECT_FALSE(cellOfAddress(b, {0x0500}, 0x0503));  // the status row is no room cell
}

TEST(MapLayout, ScreensSideBySideAndTheRoomMustFit) {
  Binding b;
  b.cells = 0x0600;
  b.cellScreens = {0x0600, 0x0700};
  b.cellMaxW = 2;
  b.cellMaxH = 1;
  b.cellStride = 2;
  const MapDocument d = roomOf(4, 1, {1, 2, 3, 4});
  auto mem = encode(b, d);
  EXPECT_EQ(mem[0x0601], 2);
  EXPECT_EQ(mem[0x0700], 3);
  EXPECT_EQ(mem[0x0701], 4);
  EXPECT_EQ(decode(b, mem, 4, 1).room.cells, d.room.cells);
  std::vector<PlacedByte> bytes;
  std::string error;
  EXPECT_FALSE(encodeRoomBytes(b, roomOf(5, 1, {0, 0, 0, 0, 0}), nullptr, &bytes, &error));
  EXPECT_EQ(error, "map.cells: the room is 5x1 cells but the routine's table holds 4x1");
}

TEST(MapLayout, APointerSaysWhereTheTableIs) {
  Binding b;
  b.cellPointer = 0x0010;
  b.cellMaxW = 2;
  b.cellMaxH = 2;
  b.cellStride = 2;
  const MapDocument d = roomOf(2, 2, {1, 2, 3, 4});
  auto mem = encode(b, d, {{0x10, 0x00}, {0x11, 0x90}});
  EXPECT_EQ(mem[0x9000], 1);
  EXPECT_EQ(mem[0x9003], 4);
  EXPECT_FALSE(mem.count(0x0010));  // the pointer is the game's
  mem[0x10] = 0x00;
  mem[0x11] = 0x90;
  EXPECT_EQ(decode(b, mem, 2, 2).room.cells, d.room.cells);
  // With a label too, the table goes there and the pointer is aimed at it.
  b.cells = 0x0200;
  auto placed = encode(b, d);
  EXPECT_EQ(placed[0x0010], 0x00);
  EXPECT_EQ(placed[0x0011], 0x02);
  EXPECT_EQ(placed[0x0203], 4);
}

TEST(CollisionRules, ThresholdIdsLookupAndMasks) {
  RoutineManifest m;
  Binding b;
  auto machine = makeMachine(Cpu::M6502);
  std::vector<uint8_t> out;
  std::string error;
  m.rule.kind = CollisionRuleKind::Threshold;
  m.rule.threshold = 2;
  ASSERT_TRUE(ruleCollision(m, b, *machine, 4, &out, &error)) << error;
  EXPECT_EQ(out, (std::vector<uint8_t>{0, 0, kSolid, kSolid}));
  m.rule.kind = CollisionRuleKind::Ids;
  m.rule.ids = {1, 3, 99};
  ASSERT_TRUE(ruleCollision(m, b, *machine, 4, &out, &error)) << error;
  EXPECT_EQ(out, (std::vector<uint8_t>{0, kSolid, 0, kSolid}));
  // The game's own table: two bytes an entry, bit 6 of the first means solid.
  m.rule.kind = CollisionRuleKind::Lookup;
  m.rule.stride = 2;
  m.rule.count = 3;
  m.rule.mask = 0x40;
  b.ruleTable = 0x0600;
  machine->poke(0x0602, 0x40);
  machine->poke(0x0605, 0x40);  // the second byte of entry 2: not the one read
  ASSERT_TRUE(ruleCollision(m, b, *machine, 3, &out, &error)) << error;
  EXPECT_EQ(out, (std::vector<uint8_t>{0, kSolid, 0}));
  EXPECT_FALSE(ruleCollision(m, b, *machine, 4, &out, &error));
  EXPECT_EQ(error, "map.rule.count: the map has 4 metatiles but the routine's table holds 3");
  // Masks on the attribute byte: bit 7 solid, bit 0 blocks falling into the cell.
  b.attrFormat = AttributeFormat::Mask;
  b.attrMaskSolid = 0x80;
  b.attrMaskDown = 0x01;
  EXPECT_EQ(encodeAttribute(b, kSolid), 0x81);
  EXPECT_EQ(encodeAttribute(b, kBlockDown), 0x01);
  EXPECT_EQ(encodeAttribute(b, kBlockLeft), 0x00);
}

// --- the samples ---

Scenario load(const std::string& rel) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(rel), sc, &error)) << error;
  return sc;
}

Recording run(const Scenario& sc, std::vector<uint8_t>* rule = nullptr) {
  Simulation sim;
  std::string error;
  EXPECT_TRUE(sim.build(sc, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  if (rule) *rule = sim.oracleCollision();
  return sim.recording();
}

// Every call of a sample is judged ok: the routine is exact at speed 1.
void expectAllOk(const Scenario& sc, const Recording& rec) {
  for (const FrameVerdict& v : classifyRecording(sc, rec))
    ASSERT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << v.message;
}

TEST(LayoutSamples, ColumnMajorRoomAndThresholdRule) {
  REQUIRE_CA65();
  Scenario sc = load("maps/layout_columns.scenario.json");
  std::vector<uint8_t> rule;
  Recording rec = run(sc, &rule);
  EXPECT_EQ(rule, (std::vector<uint8_t>{0, 0, 0, 0, kSolid, kSolid, kSolid, kSolid}));
  test::MoveCounts moves = test::countMoves(rec);
  EXPECT_GT(moves.moved, 100);
  EXPECT_GT(moves.blocked, 20);
  expectAllOk(sc, rec);
  // Read row-major, the same bytes are the room transposed: another recording.
  Scenario transposed = sc;
  transposed.manifest.cells->columnMajor = false;
  EXPECT_FALSE(run(transposed) == rec);
}

TEST(LayoutSamples, PointerToARomMapAndPredicateRule) {
  REQUIRE_CA65();
  Scenario sc = load("maps/layout_pointer.scenario.json");
  std::vector<uint8_t> rule;
  Recording rec = run(sc, &rule);
  // is_wall: ids 2, 3 and 5, asked of the routine itself.
  EXPECT_EQ(rule, (std::vector<uint8_t>{0, 0, kSolid, kSolid, 0, kSolid, 0}));
  test::MoveCounts moves = test::countMoves(rec);
  EXPECT_GT(moves.moved, 100);
  EXPECT_GT(moves.blocked, 20);
  expectAllOk(sc, rec);
  size_t read = 0;
  for (const auto& f : rec.frames) read += f.entities[0].cellsRead.size();
  EXPECT_GT(read, 0u);  // the probe follows the pointer into ROM
  // Without the pointer the routine's map_ptr stays 0: it reads zero page, not the room.
  Scenario unaimed = sc;
  unaimed.manifest.cells->pointer = {};
  EXPECT_FALSE(run(unaimed) == rec);
}

TEST(LayoutSamples, NumericAddressStandsForALabel) {
  REQUIRE_CA65();
  Scenario sc = load("maps/layout_columns.scenario.json");
  Recording rec = run(sc);
  Scenario numeric = sc;
  numeric.manifest.cells->ref = {"$0300", 0};  // room: the first byte of BSS
  EXPECT_TRUE(run(numeric) == rec);
  numeric.manifest.cells->ref = {"$0301", 0};
  EXPECT_FALSE(run(numeric) == rec);
}

TEST(LayoutSamples, AuditsAreClean) {
  REQUIRE_CA65();
  for (const char* rel :
       {"maps/layout_columns.scenario.json", "maps/layout_pointer.scenario.json"}) {
    AuditOptions o;
    o.stride = 4;
    o.minSpeed = o.maxSpeed = 1;  // the walkers move one pixel a frame
    AuditResult r = runAudit(load(rel), o);
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_GT(r.cases, 1000u) << rel;
    EXPECT_EQ(r.cases, r.counts[size_t(Verdict::Ok)]) << rel;
  }
}

class LayoutManifests : public test::TempDirTest {
 protected:
  LayoutManifests() : TempDirTest("collidoscope_layouts_") {}
  // The pointer sample's scenario with `edit` applied to its manifest; the build's error.
  std::string buildError(const std::function<void(nlohmann::json&)>& edit) {
    const std::string dir = repoFile("assets/routines/layout_pointer/");
    nlohmann::json m = nlohmann::json::parse(std::ifstream(dir + "manifest.json"));
    m["sources"] = {dir + "walker.s"};
    edit(m);
    std::ofstream(path("manifest.json")) << m.dump(2);
    nlohmann::json s =
        nlohmann::json::parse(std::ifstream(repoFile("maps/layout_pointer.scenario.json")));
    s["map"] = repoFile("maps/layout_pointer.map.json");
    s["routine"] = path("manifest.json");
    std::ofstream(path("s.json")) << s.dump(2);
    Scenario sc;
    std::string error;
    if (!loadScenario(path("s.json"), sc, &error)) return error;
    Simulation sim;
    if (!sim.build(sc, &error)) return error;
    return "";
  }
};

TEST_F(LayoutManifests, UnknownRuleNamesItsPath) {
  std::string e = buildError([](nlohmann::json& m) { m["map"]["rule"]["kind"] = "sometimes"; });
  EXPECT_NE(e.find("map.rule.kind: \"sometimes\" is not map, threshold, ids, lookup or predicate"),
            std::string::npos)
      << e;
}

TEST_F(LayoutManifests, PointerOutsideRamIsABindError) {
  REQUIRE_CA65();
  std::string e = buildError([](nlohmann::json& m) { m["map"]["cells"]["pointer"] = "level"; });
  EXPECT_NE(e.find("map.cells.pointer: \"level\" is at $"), std::string::npos) << e;
  EXPECT_NE(e.find("outside RAM"), std::string::npos) << e;
}

TEST_F(LayoutManifests, PredicateThatNeverReturnsIsLocated) {
  REQUIRE_CA65();
  std::string e = buildError([](nlohmann::json& m) {
    m["map"]["rule"]["label"] = "never_returns";
    m["map"]["rule"]["cycleBudget"] = 500;
  });
  EXPECT_NE(e.find("map.rule.label: \"never_returns\" did not return for tile id 0 within 500"),
            std::string::npos)
      << e;
}

TEST_F(LayoutManifests, RomTableMustBeMarked) {
  REQUIRE_CA65();
  std::string e = buildError([](nlohmann::json& m) { m["map"]["cells"].erase("rom"); });
  EXPECT_NE(e.find("overlaps map.cells"), std::string::npos) << e;
}

}  // namespace
}  // namespace core
