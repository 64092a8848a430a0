// Seed 001 (the per-axis CheckObjectPositionDifference of a Game Boy shooter)
// through the frame runner: the sample in assets/routines/seed001_peraxis. An
// enemy tests a bullet on x (reach 10) and, only when x overlaps, on y (reach
// 12). The window around the enemy is half-open: enemy - reach is apart,
// enemy + reach is a hit, and both bounds wrap in 8 bits.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "core/check/verdict.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

constexpr int kReachX = 10, kReachY = 12;

// The shooter scenario cut down to one bullet (slot 0) and one enemy (slot 1),
// both standing still, assembled once.
class Seed001 : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(loadScenario(repoFile("maps/seed001_shooter.scenario.json"), sc_, &error)) << error;
    Scenario two = sc_;
    two.entities.resize(2);
    two.entities[0] = {"bullet", 100, 60, {}, {{"dir", 0}, {"speed", 0}}, {}, ""};
    two.entities[1] = {"enemy", 100, 60, {}, {{"dir", 1}, {"speed", 0}}, {}, ""};
    two.input.clear();
    two.frames = 1;
    ASSERT_TRUE(sim_.build(two, &error)) << error;
  }

  struct Answer {
    bool hit = false;
    int tests = 0;  // axis checks the enemy ran
  };

  // One frame with the bullet at (bx, by) and the enemy at (ex, ey).
  Answer pair(int bx, int by, int ex, int ey) {
    sim_.resetToStart();
    const auto& fields = sim_.binding().fields;
    sim_.writeField(0, fields[0], bx);
    sim_.writeField(0, fields[1], by);
    sim_.writeField(1, fields[0], ex);
    sim_.writeField(1, fields[1], ey);
    EXPECT_EQ(sim_.runEntity(0, 0, false).halt, HaltKind::Returned);
    EntityFrame e = sim_.runEntity(1, 0, false);
    EXPECT_EQ(e.halt, HaltKind::Returned);
    const Binding& b = sim_.binding();
    Answer a;
    a.hit = e.after[b.fieldIndex("hits")] == 1;
    a.tests = e.after[b.fieldIndex("tests")];
    EXPECT_EQ(a.hit, e.after[b.fieldIndex("active")] == 0);
    return a;
  }
  // The bullet offset by (dx, dy) from an enemy in mid-screen.
  Answer offset(int dx, int dy) { return pair(100 + dx, 60 + dy, 100, 60); }

  Scenario sc_;
  Simulation sim_;
};

TEST_F(Seed001, OverlapAnswersOnChosenPairs) {
  EXPECT_TRUE(offset(0, 0).hit);
  EXPECT_TRUE(offset(-9, 0).hit);
  EXPECT_TRUE(offset(9, -11).hit);
  EXPECT_FALSE(offset(11, 0).hit);
  EXPECT_FALSE(offset(0, 13).hit);
  EXPECT_FALSE(offset(-30, 40).hit);
}

TEST_F(Seed001, TouchingCountsOnlyOnTheFarSide) {
  // Bullet box 4x8 around its centre, enemy 16x16: at dx = +-10 the boxes
  // touch without sharing a pixel. enemy + reach is inside the window...
  EXPECT_TRUE(offset(kReachX, 0).hit);
  EXPECT_TRUE(offset(0, kReachY).hit);
  EXPECT_TRUE(offset(kReachX, kReachY).hit);
  // ...enemy - reach is not.
  EXPECT_FALSE(offset(-kReachX, 0).hit);
  EXPECT_FALSE(offset(0, -kReachY).hit);
  EXPECT_FALSE(offset(kReachX, -kReachY).hit);
}

TEST_F(Seed001, DiffersFromExactBoxesOnlyWhereTheyTouchOnTheFarSide) {
  int differ = 0;
  for (int dy = -20; dy <= 20; ++dy)
    for (int dx = -16; dx <= 16; ++dx) {
      bool window = -kReachX < dx && dx <= kReachX && -kReachY < dy && dy <= kReachY;
      bool exact = std::abs(dx) < kReachX && std::abs(dy) < kReachY;
      differ += window != exact;
      EXPECT_EQ(offset(dx, dy).hit, window) << "dx " << dx << " dy " << dy;
    }
  // dx = +10 with dy in -11..12, and dy = +12 with dx in -9..10, sharing a corner.
  EXPECT_EQ(differ, 24 + 20 - 1);
}

TEST_F(Seed001, YIsNotTestedWhenXIsApart) {
  EXPECT_EQ(offset(11, 0).tests, 1);
  EXPECT_EQ(offset(-10, 0).tests, 1);
  EXPECT_EQ(offset(-10, 60).tests, 1);
  EXPECT_EQ(offset(0, 13).tests, 2);  // x overlaps, so y is tested (and fails)
  EXPECT_EQ(offset(0, 0).tests, 2);
}

TEST_F(Seed001, TheCheckIsCalledForXThenForY) {
  // Instruction trace of the enemy's call: which sizes the check was given.
  Scenario s = sim_.scenario();
  s.entities[0].x = 105;
  s.entities[0].y = 70;
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const uint16_t check = uint16_t(*sim.image().debug.addressOf("CheckObjectPositionDifference"));
  const uint16_t size = uint16_t(*sim.image().debug.addressOf("wSize"));
  const uint16_t first = uint16_t(*sim.image().debug.addressOf("wObject1Value"));
  Trace t = sim.trace(0, 1);
  ASSERT_EQ(t.halt, HaltKind::Returned);
  std::vector<int> sizes, firsts;
  int lastSize = -1, lastFirst = -1;
  for (const TraceStep& step : t.steps) {
    for (const TraceAccess& a : step.accesses) {
      if (a.kind != AccessKind::Write) continue;
      if (a.addr == size) lastSize = a.value;
      if (a.addr == first) lastFirst = a.value;
    }
    if (step.pc == check) {
      sizes.push_back(lastSize);
      firsts.push_back(lastFirst);
    }
  }
  EXPECT_EQ(sizes, (std::vector<int>{kReachX, kReachY}));
  EXPECT_EQ(firsts, (std::vector<int>{100, 60}));  // the enemy is the first object
}

TEST_F(Seed001, BoundsWrapAtTheEdgesOfTheByte) {
  // Left edge: enemy x 4, so enemy - reach wraps to 250 and no bullet is below it.
  EXPECT_FALSE(pair(4, 60, 4, 60).hit);
  EXPECT_FALSE(pair(6, 60, 4, 60).hit);
  EXPECT_TRUE(pair(10, 60, 10, 60).hit);  // from 10 up the window no longer wraps
  // Top edge: enemy y 4 (entering the screen), the same on y.
  EXPECT_FALSE(pair(100, 4, 100, 4).hit);
  EXPECT_EQ(pair(100, 4, 100, 4).tests, 2);
  EXPECT_TRUE(pair(100, 12, 100, 12).hit);
  // Right end of the byte: enemy + reach wraps past 255 to a small number.
  EXPECT_FALSE(pair(250, 60, 248, 60).hit);
}

// The check is its own callable routine: inputs and answer in WRAM, as the
// article lays them out. Exhaustive over both coordinates for one size.
TEST(Seed001Check, CallableOnItsOwnOverEveryPair) {
  RoutineManifest m;
  std::string error;
  ASSERT_TRUE(loadManifest(repoFile("assets/routines/seed001_peraxis/manifest.json"), m, &error))
      << error;
  AsmResult image = buildRoutine(m);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  auto at = [&](const char* label) { return uint16_t(*image.debug.addressOf(label)); };
  const uint16_t entry = at("CheckObjectPositionDifference");
  const uint16_t result = at("wResult"), size = at("wSize");
  const uint16_t first = at("wObject1Value"), second = at("wObject2Value");
  // The article's order: wResult, wSize, wObject1Value, wObject2Value.
  EXPECT_EQ(size, result + 1);
  EXPECT_EQ(first, result + 2);
  EXPECT_EQ(second, result + 3);
  auto machine = makeMachine(Cpu::Sm83);
  ASSERT_TRUE(machine->load(image, &error)) << error;
  machine->poke(size, 10);
  int mismatches = 0, hits = 0;
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) {
      machine->poke(first, uint8_t(a));
      machine->poke(second, uint8_t(b));
      machine->poke(result, 0xAA);
      CallResult r = machine->call(entry, 1000, nullptr);
      ASSERT_EQ(r.reason, HaltKind::Returned);
      int lo = (a - 10) & 0xFF, hi = (a + 10) & 0xFF;
      bool want = lo < b && b <= hi;
      uint8_t got = machine->peek(result);
      mismatches += got != (want ? 1 : 0);
      hits += got == 1;
    }
  EXPECT_EQ(mismatches, 0);
  // 20 answers per first value, none at all where a bound wraps (a < 10 or a > 245).
  EXPECT_EQ(hits, 236 * 20);
}

TEST(Seed001Scenario, ShooterShowsHitsAndNearMisses) {
  Scenario s;
  std::string error;
  ASSERT_TRUE(loadScenario(repoFile("maps/seed001_shooter.scenario.json"), s, &error)) << error;
  EXPECT_GE(s.frames, 300);
  EXPECT_GE(s.input.size(), 300u);
  Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const Binding& b = sim.binding();
  const int hitsField = b.fieldIndex("hits");
  const auto& last = sim.recording().frames.back().entities;
  auto hitsOf = [&](const std::string& name) {
    for (size_t i = 0; i < s.entities.size(); ++i)
      if (s.entities[i].name == name) return last[i].after[hitsField];
    ADD_FAILURE() << "no entity " << name;
    return -1;
  };
  EXPECT_GT(hitsOf("enemy head-on"), 0);
  EXPECT_GT(hitsOf("enemy touch right"), 0);  // boxes only touch: still a hit
  EXPECT_EQ(hitsOf("enemy touch left"), 0);   // the mirror image: a near miss
  EXPECT_EQ(hitsOf("enemy left edge"), 0);    // same x, but x - reach wraps
  EXPECT_GT(hitsOf("enemy top edge"), 0);     // hit only once y >= 12
  EXPECT_EQ(hitsOf("target"), 3);             // the steered bullet's script
  for (const auto& fr : sim.recording().frames)
    for (const auto& e : fr.entities) {
      ASSERT_EQ(e.halt, HaltKind::Returned);
      EXPECT_LT(e.cycles, s.manifest.cycleBudget / 4);
    }
  // Objects only ever move as the motion model says (no teleports), so the
  // map oracle agrees with every frame.
  for (const FrameVerdict& v : classifyRecording(s, sim.recording()))
    EXPECT_EQ(v.verdict, Verdict::Ok)
        << "frame " << v.frame << " entity " << v.entity << ": " << v.message;
}

}  // namespace
}  // namespace core
