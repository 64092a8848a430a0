// The platformer sample (assets/routines/platformer, issue 16 item 7): a ca65
// routine that moves by its 8.8 velocity fields, then adds gravity, and lands
// on one-way platforms only when its feet cross their top from above. The
// scenario's events, one-frame cases of the one-way rule, and the audit
// figures of the routine and of its bug variant are pinned here
// (docs/samples.md explains them). Skips when ca65 is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

using test::repoFile;

// obj_state bits (platformer.s).
constexpr int kGround = 0x01, kHitCeiling = 0x10;
constexpr int kJump = 0xFC00;  // vy after a jump: -4.0 px/frame

Scenario load(const std::string& rel) {
  Scenario s;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(rel), s, &error)) << error;
  return s;
}

struct Played {
  Recording rec;
  std::vector<FrameVerdict> verdicts;
  int field(int frame, const std::string& name) const {
    const auto it = std::find(rec.fieldNames.begin(), rec.fieldNames.end(), name);
    EXPECT_NE(it, rec.fieldNames.end()) << name;
    return rec.frames.at(size_t(frame))
        .entities.at(0)
        .after.at(size_t(it - rec.fieldNames.begin()));
  }
  int x(int frame) const { return field(frame, "x"); }
  int y(int frame) const { return field(frame, "y"); }
};

Played simulate(const Scenario& s) {
  Played r;
  Simulation sim;
  std::string error;
  EXPECT_TRUE(sim.build(s, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  r.rec = sim.recording();
  r.verdicts = classifyRecording(s, r.rec);
  return r;
}

// One call of the routine from (x, y) with the velocity (vx, vy), raw 8.8 values.
Played oneFrame(int x, int y, int vx, int vy) {
  Scenario s = load("maps/platformer.scenario.json");
  s.entities.resize(1);
  s.entities[0].x = x;
  s.entities[0].y = y;
  s.entities[0].fields["vx"] = vx;
  s.entities[0].fields["vy"] = vy;
  s.input.assign(1, 0);
  s.frames = 1;
  return simulate(s);
}

// The counts of the move classes, ok ... DRIFT (WRONG-ANSWER is a query's, never a room audit's).
std::vector<uint64_t> counts(const AuditResult& r) {
  EXPECT_EQ(r.count(Verdict::WrongAnswer), 0u);
  return {r.counts.begin(), r.counts.begin() + size_t(Verdict::WrongAnswer)};
}

TEST(Platformer, ScenarioIsOkOnEveryFrameAndShowsEachEvent) {
  REQUIRE_CA65();
  const Played r = simulate(load("maps/platformer.scenario.json"));
  ASSERT_EQ(r.rec.frames.size(), 342u);
  for (const FrameVerdict& v : r.verdicts)
    EXPECT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << v.message;

  // Jumps start only from the ground, on the three new presses of A.
  std::vector<int> jumps;
  for (int f = 0; f < 342; ++f)
    if (r.field(f, "vy") == kJump) {
      jumps.push_back(f);
      EXPECT_TRUE(r.field(f, "state") & kGround) << f;
    }
  EXPECT_EQ(jumps, (std::vector<int>{22, 57, 167}));

  // The first jump rises up through the lower one-way platform (row 6, y 96..111)
  // without being stopped, and the fall lands on its top (feet at y 95).
  EXPECT_EQ(r.y(27), 93);
  EXPECT_FALSE(r.field(27, "state") & kHitCeiling);
  EXPECT_EQ(r.y(37), 73);
  EXPECT_EQ(r.y(48), 80);
  EXPECT_TRUE(r.field(48, "state") & kGround);

  // The second jump's feet get into the higher platform (row 3, y 48..63) but not
  // past its top; the fall passes back out through it and lands on the lower one.
  int top = 255;
  for (int f = 57; f < 93; ++f) top = std::min(top, r.y(f));
  EXPECT_EQ(top, 40);  // feet at 55
  for (int f = 58; f < 93; ++f) EXPECT_FALSE(r.field(f, "state") & kGround) << f;
  EXPECT_EQ(r.y(93), 80);
  EXPECT_TRUE(r.field(93, "state") & kGround);

  // Off the platform, through the gap in the upper floor (columns 8-9), down
  // to the lower floor.
  EXPECT_EQ(r.x(140), 146);
  EXPECT_GT(r.y(140), 112);
  EXPECT_EQ(r.y(151), 192);
  EXPECT_TRUE(r.field(151, "state") & kGround);

  // The third jump hits the low ceiling (row 10's bottom is y 175): flush, and
  // the rise stops.
  EXPECT_EQ(r.y(172), 176);
  EXPECT_TRUE(r.field(172, "state") & kHitCeiling);
  EXPECT_EQ(r.field(172, "vy"), 0x40);

  // Up the ladder onto its top, a one-way cell of the upper floor.
  EXPECT_EQ(r.y(284), 112);
  EXPECT_EQ(r.x(284), 224);
  EXPECT_TRUE(r.field(284, "state") & kGround);
}

TEST(Platformer, OneWayPlatformStopsOnlyAFallOntoItsTop) {
  REQUIRE_CA65();
  // x 72: the box spans columns 4 and 5 of the lower platform (row 6, top y 96).
  struct Case {
    int y, vy, endY;
    const char* what;
  } cases[] = {
      {78, 0x0400, 80, "feet cross the top from above: land flush"},
      {80, 0x0100, 80, "standing on it: stays"},
      {84, 0x0200, 86, "feet already inside: fall on through"},
      {112, 0xFC00, 108, "rising from below: the head passes up into it"},
      {84, 0xFE80, 82, "-1.5 px/frame moves -2 px: the floor of the high byte"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const Played r = oneFrame(72, c.y, 0, c.vy);
    EXPECT_EQ(r.y(0), c.endY);
    EXPECT_EQ(r.verdicts.at(0).verdict, Verdict::Ok) << r.verdicts.at(0).message;
  }
}

TEST(Platformer, AuditIsCleanUnderTheVelocityIntent) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 4;
  const AuditResult r = runAudit(load("maps/platformer.scenario.json"), o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.space,
            "intent: velocity (fields \"vx\", \"vy\"): direction x speed px, and speed - 1/2 px");
  EXPECT_EQ(r.startPositions, 2010u);
  // 8 directions x speeds 1..4, each whole and less a half pixel.
  EXPECT_EQ(r.cases, 2010u * 8 * 4 * 2);
  EXPECT_EQ(r.skipped, 0u);
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{128640, 0, 0, 0, 0, 0, 0, 0}));
}

// The bug variant lands any fall whose feet end inside a one-way cell. The
// audit finds exactly those: downward moves that start with the feet inside a
// platform, popped up onto its top where the oracle falls on through.
TEST(Platformer, SnapVariantPopsUpOntoPlatformsAndTheAuditSaysFalseBlock) {
  REQUIRE_CA65();
  const Scenario s = load("maps/platformer_snap.scenario.json");
  AuditOptions o;
  o.stride = 4;
  const AuditResult r = runAudit(s, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.startPositions, 2010u);
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{126432, 0, 0, 0, 2208, 0, 0, 0}));
  ASSERT_FALSE(r.failures.empty());
  for (const AuditFailure& f : r.failures) {
    EXPECT_GT(kAuditDirections[size_t(f.c.dir)][1], 0) << auditDirectionName(f.c.dir);
    EXPECT_LT(f.verdict.routineY, f.c.y);   // popped up, above the start
    EXPECT_EQ(f.verdict.routineY % 16, 0);  // feet on a cell's top edge
  }

  // In the scenario, the way down from the jump into the higher platform pops
  // up onto it (frame 78), the one frame that differs from the oracle.
  const Played run = simulate(s);
  for (const FrameVerdict& v : run.verdicts)
    EXPECT_EQ(v.verdict, v.frame == 78 ? Verdict::FalseBlock : Verdict::Ok) << v.frame;
  EXPECT_EQ(run.y(78), 32);
  EXPECT_EQ(run.verdicts.at(78).oracleY, 41);
}

// The figures docs/samples.md gives at `collido audit`'s defaults (stride 1).
TEST(Platformer, AuditFiguresAtStrideOne) {
  REQUIRE_CA65();
  const AuditOptions o;
  const AuditResult clean = runAudit(load("maps/platformer.scenario.json"), o);
  const AuditResult snap = runAudit(load("maps/platformer_snap.scenario.json"), o);
  ASSERT_TRUE(clean.ok && snap.ok) << clean.error << snap.error;
  EXPECT_EQ(clean.startPositions, 30075u);
  EXPECT_EQ(counts(clean), (std::vector<uint64_t>{1924800, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(counts(snap), (std::vector<uint64_t>{1884768, 0, 0, 0, 40032, 0, 0, 0}));
}

// Why the order matters: the same routine updating the velocity *before* it
// moves (a test-local copy of the source) moves by a velocity the intent never
// reads. With no buttons held, friction takes 0.25 px off vx before the move,
// so a whole-pixel vx moves a pixel less: the audit reports FALSE-BLOCK, and
// the scenario FALSE-BLOCK and DRIFT wherever the update carries a whole pixel.
class PlatformerOrder : public test::TempDirTest {
 protected:
  PlatformerOrder() : TempDirTest("platformer_order_") {}
};

TEST_F(PlatformerOrder, UpdatingBeforeTheMoveDisagreesWithTheVelocityIntent) {
  REQUIRE_CA65();
  std::stringstream src;
  src << std::ifstream(repoFile("assets/routines/platformer/platformer.s")).rdbuf();
  std::string text = src.str();
  const std::string moves = "        jsr move_x\n        jsr move_y\n";
  const size_t at = text.find(moves);
  ASSERT_NE(at, std::string::npos);
  text.erase(at, moves.size());
  const std::string update = "        jsr update_velocity\n";
  const size_t u = text.find(update, at);
  ASSERT_NE(u, std::string::npos);
  text.insert(u + update.size(), moves);
  std::ofstream(path("platformer.s")) << text;

  Scenario s = load("maps/platformer.scenario.json");
  s.manifest.sources = {path("platformer.s")};
  AuditOptions o;
  o.stride = 4;
  const AuditResult r = runAudit(s, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{102738, 0, 0, 0, 25902, 0, 0, 0}));

  const Played run = simulate(s);
  int falseBlock = 0, drift = 0;
  for (const FrameVerdict& v : run.verdicts) {
    falseBlock += v.verdict == Verdict::FalseBlock;
    drift += v.verdict == Verdict::Drift;
  }
  EXPECT_EQ(falseBlock, 13);
  EXPECT_EQ(drift, 25);
}

}  // namespace
}  // namespace core
