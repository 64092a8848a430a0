// Issue 35's test games (assets/games/pair_demo, gb_actors, visit_demo), each a
// correct build and one with an injected bug:
//  - pair_demo: `collido sweep` of check_pair in the booted game equals the
//    flat-bus build of the same file case for case; the correct check agrees
//    with exact overlap everywhere (external truth: the exact test), the bug's
//    false hits are exactly the touching x edges; a faulting entry names its
//    halt, PC and label.
//  - gb_actors: an array of structs (x at +1, y at +2, stride 6) and two-byte
//    map entries (id, attribute): 0 findings in run and audit; the off-by-one
//    right edge found as FALSE-BLOCK (counts and first case pin today's output).
//  - visit_demo: a query/move split that marks visited cells in its own map:
//    the marks are expected map writes (events, not ROUTINE-FAULT); without
//    map.writes they are faults; the missed corner found as a clip.
// The NES games skip when ca65/ld65 were not found at configure time.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/check/audit.h"
#include "core/check/sweep.h"
#include "core/check/verdict.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

// Pinned from today's output (counts and first case of the bug builds; the
// run walks and audits as the tests below give them).
#define GB_ACTORS_BUG_RUN_FINDINGS 370u
#define GB_ACTORS_BUG_FIRST_FRAME 57
#define GB_ACTORS_BUG_FIRST_ENTITY 1
#define GB_ACTORS_BUG_FIRST_X 143
#define GB_ACTORS_BUG_AUDIT_FINDINGS 502u
#define GB_ACTORS_BUG_AUDIT_X 144
#define GB_ACTORS_BUG_AUDIT_Y 8
#define VISIT_BUG_RUN_FINDINGS 0u
#define VISIT_BUG_FIRST_VERDICT Verdict::Clip
#define VISIT_BUG_FIRST_X 162
#define VISIT_BUG_FIRST_Y 144
#define VISIT_BUG_FIRST_DIR 1
#define VISIT_BUG_FIRST_COL 10
#define VISIT_BUG_FIRST_ROW 10
#define VISIT_BUG_AUDIT_FINDINGS 15u

namespace core {
namespace {

using nlohmann::json;

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

#define REQUIRE_NES_GAMES()                                                      \
  do {                                                                           \
    if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake"; \
  } while (0)

RoutineManifest manifestAt(const std::string& path) {
  RoutineManifest m;
  std::string error;
  EXPECT_TRUE(loadManifest(path, m, &error)) << error;
  return m;
}

Scenario scenarioAt(const std::string& path) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(path, sc, &error)) << error;
  return sc;
}

std::array<uint64_t, kVerdictCount> countVerdicts(const std::vector<FrameVerdict>& vs) {
  std::array<uint64_t, kVerdictCount> c{};
  for (const FrameVerdict& v : vs) ++c[size_t(v.verdict)];
  return c;
}

uint64_t findings(const std::array<uint64_t, kVerdictCount>& c) {
  uint64_t n = 0;
  for (int v = 0; v < kVerdictCount; ++v)
    if (Verdict(v) != Verdict::Ok) n += c[size_t(v)];
  return n;
}

const FrameVerdict* firstFinding(const std::vector<FrameVerdict>& vs) {
  for (const FrameVerdict& v : vs)
    if (v.verdict != Verdict::Ok) return &v;
  return nullptr;
}

struct GameRun {
  Simulation sim;
  std::vector<FrameVerdict> verdicts;
};

std::unique_ptr<GameRun> simulate(const Scenario& sc) {
  auto r = std::make_unique<GameRun>();
  std::string error;
  EXPECT_TRUE(r->sim.build(sc, &error)) << error;
  EXPECT_TRUE(r->sim.simulate(&error)) << error;
  r->verdicts = classifyRecording(r->sim.scenario(), r->sim.recording());
  return r;
}

// ---- pair_demo: sweeps in the booted game --------------------------------------

SweepOptions xSlice(bool keep) {
  SweepOptions o;
  o.slice = {"x1", "x2"};
  o.edges = EdgeConvention::Exclusive;
  o.keepCases = keep;
  o.threads = 2;
  return o;
}

TEST(PairDemo, CorrectCheckSweepsCleanInTheBootedGameAndEqualsTheFlatBuild) {
  REQUIRE_NES_GAMES();
  REQUIRE_CA65();
  const RoutineManifest game = manifestAt(gameFile("pair_demo", "manifest.json"));
  const RoutineManifest flat =
      manifestAt(test::repoFile("assets/routines/game_pair_demo/manifest.json"));
  const SweepResult g = runSweep(game, xSlice(true));
  const SweepResult f = runSweep(flat, xSlice(true));
  ASSERT_TRUE(g.ok) << g.error;
  ASSERT_TRUE(f.ok) << f.error;
  EXPECT_EQ(g.cases, 65536u);
  EXPECT_EQ(g.faults, 0u);
  EXPECT_EQ(g.mismatches, 0u);
  EXPECT_GT(g.overlaps, 0u);
  EXPECT_EQ(g.overlaps, f.overlaps);
  EXPECT_EQ(g.caseClass, f.caseClass);
  // Another slice, y1 x y2, with x overlapping: the same on both.
  SweepOptions y = xSlice(true);
  y.slice = {"y1", "y2"};
  y.fixed = {{"x1", 100}, {"x2", 104}};
  const SweepResult gy = runSweep(game, y), fy = runSweep(flat, y);
  ASSERT_TRUE(gy.ok && fy.ok) << gy.error << fy.error;
  EXPECT_EQ(gy.mismatches, 0u);
  EXPECT_EQ(gy.caseClass, fy.caseClass);
}

TEST(PairDemo, BugBuildsFalseHitsAreTheTouchingXEdgesOnBothBuses) {
  REQUIRE_NES_GAMES();
  REQUIRE_CA65();
  const RoutineManifest game = manifestAt(gameFile("pair_demo", "manifest_bug.json"));
  const RoutineManifest flat =
      manifestAt(test::repoFile("assets/routines/game_pair_demo/manifest_bug.json"));
  const SweepResult g = runSweep(game, xSlice(true));
  const SweepResult f = runSweep(flat, xSlice(true));
  ASSERT_TRUE(g.ok) << g.error;
  ASSERT_TRUE(f.ok) << f.error;
  // x2 == x1 + 16 for x1 = 0..239 (y1 = y2 = 0: the y boxes overlap).
  EXPECT_EQ(g.mismatches, 240u);
  EXPECT_EQ(g.extra, 240u);
  EXPECT_EQ(g.missed, 0u);
  EXPECT_EQ(g.faults, 0u);
  ASSERT_FALSE(g.samples.empty());
  const SweepMismatch& first = g.samples[0];
  EXPECT_EQ(first.values[0], 0);   // x1
  EXPECT_EQ(first.values[4], 16);  // x2
  EXPECT_TRUE(first.routineHit);
  EXPECT_FALSE(first.exactHit);
  EXPECT_EQ(g.caseClass, f.caseClass);
}

TEST(PairDemo, FaultsNameTheirHaltPcAndLabel) {
  REQUIRE_NES_GAMES();
  // main_loop waits for an NMI that a call holds off: every case runs out of cycles.
  RoutineManifest m = manifestAt(gameFile("pair_demo", "manifest.json"));
  m.sweep->entry = "main_loop";
  m.cycleBudget = 2000;
  SweepOptions o = xSlice(false);
  o.fixed = {{"x1", 0}};
  o.slice = {"x2"};
  const SweepResult r = runSweep(m, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.cases, 256u);
  EXPECT_EQ(r.faults, 256u);
  ASSERT_FALSE(r.samples.empty());
  const SweepMismatch& s = r.samples[0];
  EXPECT_TRUE(s.fault);
  EXPECT_EQ(s.halt, HaltKind::CycleBudget);
  EXPECT_EQ(s.label.rfind("main_loop", 0), 0u) << s.label;
  const std::string text = sweepFaultText(s);
  EXPECT_EQ(text.rfind("cycle budget at $C", 0), 0u) << text;
  EXPECT_NE(text.find("(main_loop"), std::string::npos) << text;
}

TEST(PairDemo, ABootThatFailsIsTheSweepsError) {
  REQUIRE_NES_GAMES();
  RoutineManifest m = manifestAt(gameFile("pair_demo", "manifest.json"));
  m.game->bootTo = "no_such_label";
  const SweepResult r = runSweep(m, xSlice(false));
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.boot.to"), std::string::npos) << r.error;
}

// ---- gb_actors: an array of structs, two-byte map entries ----------------------

TEST(GbActors, StructFieldsAndTwoByteEntriesBind) {
  GameRun r;
  std::string error;
  ASSERT_TRUE(r.sim.build(scenarioAt(gameFile("gb_actors", "gb_actors.scenario.json")), &error))
      << error;
  const Binding& b = r.sim.binding();
  auto actors = r.sim.image().debug.addressOf("wActors");
  ASSERT_TRUE(actors);
  ASSERT_EQ(b.fields.size(), 3u);  // x, y, kind
  EXPECT_EQ(b.fields[0].address, *actors + 1);
  EXPECT_EQ(b.fields[1].address, *actors + 2);
  EXPECT_EQ(b.fields[0].stride, 6);
  EXPECT_EQ(b.cellBytes, 2);
  EXPECT_EQ(b.cellIdOffset, 0);
  EXPECT_EQ(b.cellStride, 40);
  // The room went into the id bytes; the game's attribute bytes are as it left them.
  r.sim.resetToStart();
  const Machine& m = r.sim.machine();
  EXPECT_EQ(m.peek(uint16_t(*b.cells + 0)), 1);     // cell 0,0: wall
  EXPECT_EQ(m.peek(uint16_t(*b.cells + 1)), 0x10);  // its attribute
  EXPECT_EQ(m.peek(uint16_t(*b.cells + 40 + 2)), 0);     // cell 1,1: floor
  EXPECT_EQ(m.peek(uint16_t(*b.cells + 40 + 3)), 0x12);  // (1 + 1) & 3 | $10
}

TEST(GbActors, CorrectBuildHasNoFindingsInRunAndAudit) {
  const Scenario sc = scenarioAt(gameFile("gb_actors", "gb_actors.scenario.json"));
  auto r = simulate(sc);
  const auto c = countVerdicts(r->verdicts);
  EXPECT_EQ(r->verdicts.size(), 2u * 690u);
  EXPECT_EQ(findings(c), 0u) << firstFinding(r->verdicts)->message;
  test::MoveCounts moves = test::countMoves(r->sim.recording());
  EXPECT_GT(moves.moved, 0);
  EXPECT_GT(moves.blocked, 0);
  AuditOptions o;
  o.stride = 2;
  o.maxSpeed = 1;
  o.threads = 2;
  const AuditResult a = runAudit(sc, o);
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_GT(a.cases, 0u);
  EXPECT_EQ(a.failing(), 0u);
}

TEST(GbActors, OffByOneRightEdgeIsFoundAsFalseBlock) {
  const Scenario sc = scenarioAt(gameFile("gb_actors", "gb_actors_bug.scenario.json"));
  auto r = simulate(sc);
  const auto c = countVerdicts(r->verdicts);
  EXPECT_EQ(c[size_t(Verdict::FalseBlock)], findings(c));
  EXPECT_EQ(findings(c), GB_ACTORS_BUG_RUN_FINDINGS);
  const FrameVerdict* first = firstFinding(r->verdicts);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->frame, GB_ACTORS_BUG_FIRST_FRAME);
  EXPECT_EQ(first->entity, GB_ACTORS_BUG_FIRST_ENTITY);
  EXPECT_EQ(first->startX, GB_ACTORS_BUG_FIRST_X);
  AuditOptions o;
  o.stride = 2;
  o.maxSpeed = 1;
  o.threads = 2;
  const AuditResult a = runAudit(sc, o);
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.failing(), a.count(Verdict::FalseBlock));
  EXPECT_EQ(a.failing(), GB_ACTORS_BUG_AUDIT_FINDINGS);
  ASSERT_FALSE(a.failures.empty());
  EXPECT_EQ(a.failures[0].c.x, GB_ACTORS_BUG_AUDIT_X);
  EXPECT_EQ(a.failures[0].c.y, GB_ACTORS_BUG_AUDIT_Y);
}

// ---- visit_demo: expected map writes -------------------------------------------

TEST(VisitDemo, VisitedMarksAreExpectedWritesNotFaults) {
  REQUIRE_NES_GAMES();
  const Scenario sc = scenarioAt(gameFile("visit_demo", "visit_demo.scenario.json"));
  auto r = simulate(sc);
  const auto c = countVerdicts(r->verdicts);
  EXPECT_EQ(findings(c), 0u) << firstFinding(r->verdicts)->message;
  uint64_t writes = 0, calls = 0;
  std::string note;
  for (const FrameRecord& f : r->sim.recording().frames)
    for (const EntityFrame& e : f.entities) {
      EXPECT_FALSE(e.badWrite);
      if (e.expectedWrites) {
        ++calls;
        writes += e.expectedWrites;
        if (note.empty()) note = e.writeNote;
      }
    }
  EXPECT_GT(calls, 0u);
  EXPECT_GE(writes, calls);  // one mark a move, two when both axes moved
  EXPECT_EQ(note.rfind("wrote $", 0), 0u) << note;
  EXPECT_NE(note.find("into the map at $"), std::string::npos) << note;
  AuditOptions o;
  o.stride = 3;
  o.maxSpeed = 1;
  o.threads = 2;
  const AuditResult a = runAudit(sc, o);
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.failing(), 0u);
}

class VisitDemoEdited : public test::TempDirTest {
 protected:
  VisitDemoEdited() : TempDirTest("visit_demo_") {}
};

TEST_F(VisitDemoEdited, WithoutMapWritesTheMarksAreRoutineFaults) {
  REQUIRE_NES_GAMES();
  std::string error;
  auto j = readJsonFile(gameFile("visit_demo", "manifest.json"), &error);
  ASSERT_TRUE(j) << error;
  (*j)["map"].erase("writes");
  (*j)["game"]["rom"] = gameFile("visit_demo", "visit_demo.nes");
  (*j)["game"]["symbols"] = json::array({gameFile("visit_demo", "visit_demo.dbg")});
  ASSERT_TRUE(writeFileAtomic(path("manifest.json"), j->dump(1), &error, false)) << error;
  Scenario sc = scenarioAt(gameFile("visit_demo", "visit_demo.scenario.json"));
  ASSERT_TRUE(loadManifest(path("manifest.json"), sc.manifest, &error)) << error;
  auto r = simulate(sc);
  const auto c = countVerdicts(r->verdicts);
  EXPECT_GT(c[size_t(Verdict::RoutineFault)], 0u);
}

// The scenario's walk never lets the bottom-left corner alone touch a wall
// (0 findings in run); the audit, from every start, finds the missed corner.
TEST(VisitDemo, MissedCornerIsFoundWithItsCell) {
  REQUIRE_NES_GAMES();
  const Scenario sc = scenarioAt(gameFile("visit_demo", "visit_demo_bug.scenario.json"));
  auto r = simulate(sc);
  EXPECT_EQ(findings(countVerdicts(r->verdicts)), VISIT_BUG_RUN_FINDINGS);
  AuditOptions o;
  o.stride = 3;
  o.maxSpeed = 1;
  o.threads = 2;
  const AuditResult a = runAudit(sc, o);
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.count(Verdict::RoutineFault), 0u);
  EXPECT_EQ(a.failing(), VISIT_BUG_AUDIT_FINDINGS);
  ASSERT_FALSE(a.failures.empty());
  const AuditFailure& first = a.failures[0];
  EXPECT_EQ(first.verdict.verdict, VISIT_BUG_FIRST_VERDICT) << first.verdict.message;
  EXPECT_EQ(first.c.x, VISIT_BUG_FIRST_X);
  EXPECT_EQ(first.c.y, VISIT_BUG_FIRST_Y);
  EXPECT_EQ(first.c.dir, VISIT_BUG_FIRST_DIR);
  EXPECT_TRUE(first.verdict.hasCell);
  EXPECT_EQ(first.verdict.cell.col, VISIT_BUG_FIRST_COL) << first.verdict.message;
  EXPECT_EQ(first.verdict.cell.row, VISIT_BUG_FIRST_ROW);
}

}  // namespace
}  // namespace core
