// Entity tables, register arguments and results (issue 16 items 2, 3 and 8):
// the two-table sample (player vs. enemies, a sprite-pair check of the enemy an
// "other:enemies:1" preset names) and the register sample (a tile query taking
// the cell in X/Y, answering in carry and A, the runner applying the move), and
// the manifests and scenarios that must be refused with their JSON path.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

using test::repoFile;

Scenario load(const std::string& rel) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(rel), sc, &error)) << error;
  return sc;
}

Recording run(const Scenario& sc) {
  Simulation sim;
  std::string error;
  EXPECT_TRUE(sim.build(sc, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  return sim.recording();
}

int valueOf(const std::vector<std::string>& names, const std::vector<int32_t>& v,
            const std::string& name) {
  for (size_t k = 0; k < names.size() && k < v.size(); ++k)
    if (names[k] == name) return v[k];
  ADD_FAILURE() << "no field " << name;
  return -1;
}

// Exclusive overlap of two 8x8 boxes.
bool overlaps8(int ax, int ay, int bx, int by) {
  return std::abs(ax - bx) < 8 && std::abs(ay - by) < 8;
}

TEST(EntityTables, PairManifestReadsTablesReferencesAndResults) {
  Scenario sc = load("maps/tables_pair.scenario.json");
  const RoutineManifest& m = sc.manifest;
  ASSERT_EQ(m.tables.size(), 1u);
  EXPECT_EQ(m.tables[0].name, "enemies");
  EXPECT_EQ(m.tables[0].count, 2);
  EXPECT_TRUE(m.tables[0].entry.empty());
  EXPECT_EQ(m.tables[0].fields.at("x").ref.label, "enemy_x");
  EXPECT_EQ(m.tables[0].fields.at("x").stride, 1);
  ASSERT_EQ(m.registers.size(), 1u);
  EXPECT_EQ(m.registers[0].source, RegisterPreset::Source::Other);
  EXPECT_EQ(m.registers[0].other.table, 1);
  EXPECT_EQ(m.registers[0].other.index, 1);
  ASSERT_EQ(m.results.size(), 1u);
  EXPECT_EQ(m.results[0].source, ResultSpec::Source::Carry);
  // The player is table 0's slot 0; the enemies are slots 0 and 1 of table 1.
  EXPECT_EQ(sc.tableOf(0), 0);
  EXPECT_EQ(sc.tableOf(2), 1);
  EXPECT_EQ(sc.slotOf(2), 1);
  EXPECT_EQ(sc.entityOf(1, 1), 2);
  EXPECT_FALSE(sc.moves(1));
}

TEST(EntityTables, PairSampleChecksTheReferencedEnemyOnly) {
  REQUIRE_CA65();
  Scenario sc = load("maps/tables_pair.scenario.json");
  Recording rec = run(sc);
  ASSERT_EQ(rec.fieldNames, (std::vector<std::string>{"x", "y", "hit"}));
  ASSERT_EQ(rec.tableFieldNames.size(), 1u);
  EXPECT_EQ(rec.tableFieldNames[0], (std::vector<std::string>{"x", "y", "hit"}));
  int hits = 0, overEnemy0 = 0;
  for (const FrameRecord& fr : rec.frames) {
    ASSERT_EQ(fr.entities.size(), 3u);
    const EntityFrame &p = fr.entities[0], &e0 = fr.entities[1], &e1 = fr.entities[2];
    EXPECT_FALSE(p.passive);
    // The enemies are passive data, written at the start and recorded each frame.
    ASSERT_TRUE(e0.passive && e1.passive);
    EXPECT_EQ(e0.after, (std::vector<int32_t>{40, 100}));
    EXPECT_EQ(e1.after, (std::vector<int32_t>{80, 100}));
    const int hit = valueOf(rec.fieldNames, p.after, "hit");
    // The routine checks the enemy in X: "other:enemies:1", never enemy 0.
    EXPECT_EQ(hit != 0, overlaps8(p.x(), p.y(), 80, 100)) << p.x() << "," << p.y();
    hits += hit;
    overEnemy0 += overlaps8(p.x(), p.y(), 40, 100);
  }
  EXPECT_EQ(hits, 15);  // x 73..87 on the way right; 20 px below on the way back
  EXPECT_EQ(overEnemy0, 15);
  // The player walks right, down and back left, past both enemies.
  const EntityFrame& last = rec.frames.back().entities[0];
  EXPECT_EQ(last.x(), 64);
  EXPECT_EQ(last.y(), 120);
  const std::vector<FrameVerdict> verdicts = classifyRecording(sc, rec);
  int passive = 0;
  for (const FrameVerdict& v : verdicts) {
    passive += v.passive;
    EXPECT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << v.message;
  }
  EXPECT_EQ(passive, 2 * int(rec.frames.size()));
  // Read as the wrong enemy, the answers differ: the reference is what is checked.
  Scenario other = sc;
  other.manifest.registers[0].other.index = 0;
  EXPECT_FALSE(run(other) == rec);
}

TEST(EntityTables, PairSampleAuditsWithTheEnemiesInPlace) {
  REQUIRE_CA65();
  Scenario sc = load("maps/tables_pair.scenario.json");
  AuditOptions opt;
  opt.stride = 8;
  opt.minSpeed = opt.maxSpeed = 1;
  AuditResult r = runAudit(sc, opt);
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_GT(r.cases, 1000u);
  EXPECT_EQ(r.cases, r.counts[size_t(Verdict::Ok)]);
}

TEST(RegisterArguments, QuerySampleTakesTheCellAndAnswersInCarryAndA) {
  REQUIRE_CA65();
  Scenario sc = load("maps/tables_query.scenario.json");
  ASSERT_EQ(sc.manifest.registers.size(), 2u);
  EXPECT_EQ(sc.manifest.registers[0].source, RegisterPreset::Source::Cell);
  EXPECT_TRUE(sc.manifest.registers[0].next);
  EXPECT_EQ(sc.manifest.apply.result, "blocked");
  EXPECT_TRUE(sc.manifest.apply.whenZero);
  Recording rec = run(sc);
  ASSERT_EQ(rec.fieldNames, (std::vector<std::string>{"x", "y", "blocked", "tile"}));
  auto at = [&](int f, const char* name) {
    return valueOf(rec.fieldNames, rec.frames[size_t(f)].entities[0].after, name);
  };
  // Frame 0 steps into free cell (3,2); frame 1 asks about the block at (4,2).
  EXPECT_EQ(at(0, "x"), 48);
  EXPECT_EQ(at(0, "blocked"), 0);
  EXPECT_EQ(at(1, "blocked"), 1);
  EXPECT_EQ(at(1, "tile"), 5);
  EXPECT_EQ(at(1, "x"), 48);     // not applied
  EXPECT_EQ(at(10, "tile"), 7);  // the breakable block below (3,6)
  EXPECT_EQ(at(10, "y"), 96);
  EXPECT_EQ(at(23, "tile"), 2);  // stairs: not solid, so applied
  EXPECT_EQ(at(24, "x"), 208);
  EXPECT_EQ(at(24, "y"), 32);
  // The cells the routine read are the ones the presets named.
  EXPECT_EQ(rec.frames[1].entities[0].cellsRead, (std::vector<uint16_t>{2 * 16 + 4}));
  for (const FrameVerdict& v : classifyRecording(sc, rec))
    EXPECT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << v.message;
  // With X and Y swapped the query asks about other cells: another recording.
  Scenario swapped = sc;
  std::swap(swapped.manifest.registers[0].reg, swapped.manifest.registers[1].reg);
  EXPECT_FALSE(run(swapped) == rec);
}

TEST(RegisterArguments, QueryAuditIsExactOnTheGridOnly) {
  REQUIRE_CA65();
  Scenario sc = load("maps/tables_query.scenario.json");
  AuditOptions opt;
  opt.minSpeed = opt.maxSpeed = 16;
  opt.stride = 16;
  AuditResult aligned = runAudit(sc, opt);
  ASSERT_TRUE(aligned.error.empty()) << aligned.error;
  EXPECT_GT(aligned.cases, 500u);
  EXPECT_EQ(aligned.cases, aligned.counts[size_t(Verdict::Ok)]);
  // Off the grid the top-left cell alone is not the cell the box enters.
  opt.stride = 4;
  AuditResult off = runAudit(sc, opt);
  EXPECT_GT(off.counts[size_t(Verdict::Clip)], 0u);
  EXPECT_GT(off.counts[size_t(Verdict::Gap)], 0u);
}

class TablesErrors : public test::TempDirTest {
 protected:
  TablesErrors() : TempDirTest("collido_tables_") {}
  // The pair sample's scenario and manifest with edits; the load's error.
  std::string loadError(const std::function<void(nlohmann::json&)>& editManifest,
                        const std::function<void(nlohmann::json&)>& editScenario = nullptr) {
    const std::string dir = repoFile("assets/routines/tables_pair/");
    nlohmann::json m = nlohmann::json::parse(std::ifstream(dir + "manifest.json"));
    m["sources"] = {dir + "pair.s"};
    editManifest(m);
    std::ofstream(path("manifest.json")) << m.dump(2);
    nlohmann::json s =
        nlohmann::json::parse(std::ifstream(repoFile("maps/tables_pair.scenario.json")));
    s["map"] = repoFile("maps/tables_room.map.json");
    s["routine"] = path("manifest.json");
    if (editScenario) editScenario(s);
    std::ofstream(path("s.json")) << s.dump(2);
    Scenario sc;
    std::string error;
    EXPECT_FALSE(loadScenario(path("s.json"), sc, &error));
    return error;
  }
};

TEST_F(TablesErrors, UnknownTableInAReference) {
  const std::string e = loadError([](nlohmann::json& m) { m["registers"]["X"] = "other:foes:0"; });
  EXPECT_NE(e.find("registers.X: \"other:foes:0\": no table \"foes\" (tables: entity, enemies)"),
            std::string::npos)
      << e;
}

TEST_F(TablesErrors, ReferenceOutsideTheTable) {
  const std::string e =
      loadError([](nlohmann::json& m) { m["registers"]["X"] = "other:enemies:2"; });
  EXPECT_NE(e.find("registers.X: \"other:enemies:2\": index 2 is outside the table (2 entries)"),
            std::string::npos)
      << e;
}

TEST_F(TablesErrors, ReferenceToAnEntityTheScenarioDoesNotPlace) {
  const std::string e =
      loadError([](nlohmann::json&) {}, [](nlohmann::json& s) { s["entities"].erase(2); });
  EXPECT_NE(e.find("registers.X: names entity 1 of table \"enemies\", but the scenario"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("places 1"), std::string::npos) << e;
}

TEST_F(TablesErrors, EntityOfAnUnknownTable) {
  const std::string e = loadError([](nlohmann::json&) {},
                                  [](nlohmann::json& s) { s["entities"][1]["table"] = "foes"; });
  EXPECT_NE(e.find("entities[1].table: \"foes\" is not a table of the routine (entity, enemies)"),
            std::string::npos)
      << e;
}

TEST_F(TablesErrors, MoreEntitiesThanTheTableHolds) {
  const std::string e = loadError(
      [](nlohmann::json&) {},
      [](nlohmann::json& s) {
        s["entities"].push_back({{"name", "enemy 2"}, {"x", 1}, {"y", 1}, {"table", "enemies"}});
      });
  EXPECT_NE(e.find("entities[3].table: table \"enemies\" holds 2 entries"), std::string::npos) << e;
}

TEST_F(TablesErrors, ResultRegisterTheCpuLacks) {
  const std::string e = loadError([](nlohmann::json& m) { m["results"]["hit"] = "HL"; });
  EXPECT_NE(e.find("results.hit: \"HL\" is not carry, zero, ram:LABEL or a register of the 6502"),
            std::string::npos)
      << e;
}

TEST_F(TablesErrors, TableWithoutPositionAndBadNames) {
  std::string e = loadError([](nlohmann::json& m) { m["tables"]["enemies"]["fields"].erase("y"); });
  EXPECT_NE(e.find("tables.enemies.fields: needs \"y\""), std::string::npos) << e;
  e = loadError([](nlohmann::json& m) { m["tables"]["entity"] = m["tables"]["enemies"]; });
  EXPECT_NE(e.find("tables.entity: a table name must not be"), std::string::npos) << e;
  e = loadError([](nlohmann::json& m) { m["apply"] = {{"if", "hot"}}; });
  EXPECT_NE(e.find("apply.if: \"hot\" is not one of results"), std::string::npos) << e;
  e = loadError([](nlohmann::json& m) { m["registers"]["Y"] = "cell:middle"; });
  EXPECT_NE(e.find("registers.Y: \"cell:middle\": expected cell:x"), std::string::npos) << e;
}

}  // namespace
}  // namespace core
