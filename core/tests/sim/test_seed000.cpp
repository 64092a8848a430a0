// Seed 000 (sprite AABB collision_check): the routine in
// assets/routines/seed000_aabb called directly on a 6502 with its zero page
// poked, and its frame harness through the frame runner. Skips when ca65/ld65
// are not installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/asm/ca65/ca65.h"
#include "core/sim/machine.h"
#include "core/sim/manifest.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

struct Box {
  int x, y, w, h;
};

// The article's routine on a bare 6502: poke x1..h2, call, read the carry.
class AabbRoutine : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)";
    std::string error;
    ASSERT_TRUE(
        loadManifest(repoFile("assets/routines/seed000_aabb/manifest.json"), manifest_, &error))
        << error;
    image_ = buildRoutine(manifest_);
    ASSERT_TRUE(image_.ok) << image_.diagnosticsText();
    machine_ = makeMachine(Cpu::M6502);
    ASSERT_TRUE(machine_->load(image_, &error)) << error;
    auto entry = image_.debug.addressOf("collision_check");
    ASSERT_TRUE(entry);
    entry_ = uint16_t(*entry);
    auto zp = image_.debug.addressOf("x1");
    ASSERT_TRUE(zp);
    x1_ = uint16_t(*zp);
    // The article's layout: eight consecutive zero-page bytes.
    const char* names[] = {"x1", "y1", "w1", "h1", "x2", "y2", "w2", "h2"};
    for (int i = 0; i < 8; ++i)
      EXPECT_EQ(image_.debug.addressOf(names[i]), std::optional<uint32_t>(x1_ + i)) << names[i];
    EXPECT_LT(x1_, 0x100);
  }

  // Carry after collision_check; `instructions` gets the count executed.
  bool hit(Box a, Box b, uint64_t* instructions = nullptr) {
    const int v[8] = {a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h};
    for (int i = 0; i < 8; ++i) machine_->poke(uint16_t(x1_ + i), uint8_t(v[i]));
    CallResult r = machine_->call(entry_, 10000, nullptr);
    EXPECT_EQ(r.reason, HaltKind::Returned);
    if (instructions) *instructions = r.instructions;
    return (machine_->flagBits() & 0x01) != 0;
  }

  RoutineManifest manifest_;
  AsmResult image_;
  std::unique_ptr<Machine> machine_;
  uint16_t entry_ = 0, x1_ = 0;
};

TEST_F(AabbRoutine, OverlapAndSeparation) {
  EXPECT_TRUE(hit({10, 10, 16, 16}, {20, 20, 16, 16}));
  EXPECT_TRUE(hit({20, 20, 16, 16}, {10, 10, 16, 16}));
  EXPECT_TRUE(hit({10, 10, 40, 40}, {20, 20, 4, 4}));     // one inside the other
  EXPECT_FALSE(hit({10, 10, 16, 16}, {40, 10, 16, 16}));  // apart on x
  EXPECT_FALSE(hit({40, 10, 16, 16}, {10, 10, 16, 16}));
  EXPECT_FALSE(hit({10, 10, 16, 16}, {10, 40, 16, 16}));  // apart on y
  EXPECT_FALSE(hit({10, 40, 16, 16}, {10, 10, 16, 16}));
  EXPECT_FALSE(hit({10, 10, 16, 16}, {40, 40, 16, 16}));
}

TEST_F(AabbRoutine, TouchingEdgesCountAsAHit) {
  // x1 + w1 == x2: the boxes x 10..25 and 26..41 share no pixel, yet CMP sets
  // the carry on equality, so the article's routine reports a collision.
  EXPECT_TRUE(hit({10, 10, 16, 16}, {26, 10, 16, 16}));  // sprite 2 right of 1
  EXPECT_TRUE(hit({26, 10, 16, 16}, {10, 10, 16, 16}));  // sprite 1 right of 2
  EXPECT_TRUE(hit({10, 10, 16, 16}, {10, 26, 16, 16}));  // below
  EXPECT_TRUE(hit({10, 26, 16, 16}, {10, 10, 16, 16}));  // above
  EXPECT_TRUE(hit({10, 10, 16, 16}, {26, 26, 16, 16}));  // corners touching
  // One pixel further: apart.
  EXPECT_FALSE(hit({10, 10, 16, 16}, {27, 10, 16, 16}));
  EXPECT_FALSE(hit({27, 10, 16, 16}, {10, 10, 16, 16}));
  EXPECT_FALSE(hit({10, 10, 16, 16}, {10, 27, 16, 16}));
  EXPECT_FALSE(hit({10, 27, 16, 16}, {10, 10, 16, 16}));
}

TEST_F(AabbRoutine, MatchesClosedIntervalOverlapWhenNothingWraps) {
  // Over a slice where no pos + size passes 255, the answer is exactly the
  // overlap of the closed intervals [x, x + w] x [y, y + h].
  const Box b{100, 90, 24, 12};
  int hits = 0;
  for (int x = 60; x <= 140; x += 1)
    for (int y = 60; y <= 120; y += 3) {
      Box a{x, y, 16, 20};
      bool expect = a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
      ASSERT_EQ(hit(a, b), expect) << "x1=" << x << " y1=" << y;
      hits += expect;
    }
  EXPECT_GT(hits, 100);
}

TEST_F(AabbRoutine, WrapPast255MissesRealOverlaps) {
  // x2 + w2 = 224 + 32 = 256 wraps to 0, which is left of any x1 > 0: the
  // second test says "separated" although the boxes overlap.
  EXPECT_FALSE(hit({230, 100, 16, 16}, {224, 100, 32, 16}));
  // ... except at x1 = 0, where 0 >= 0 passes (and the first test then fails).
  EXPECT_FALSE(hit({0, 100, 16, 16}, {224, 100, 32, 16}));
  // x1 + w1 = 248 + 16 wraps to 8, left of x2 = 250: missed on the first test.
  EXPECT_FALSE(hit({248, 100, 16, 16}, {250, 100, 4, 16}));
  // One pixel short of the wrap the same pairs collide.
  EXPECT_TRUE(hit({230, 100, 16, 16}, {224, 100, 31, 16}));
  EXPECT_TRUE(hit({239, 100, 16, 16}, {250, 100, 4, 16}));
  // The same quirk on y: y1 + h1 = 250 + 8 wraps to 2.
  EXPECT_FALSE(hit({50, 250, 8, 8}, {50, 252, 8, 2}));
  EXPECT_TRUE(hit({50, 246, 8, 8}, {50, 252, 2, 2}));
}

TEST_F(AabbRoutine, ExitsOnTheFirstSeparatingEdge) {
  uint64_t first = 0, second = 0, third = 0, fourth = 0, both = 0;
  EXPECT_FALSE(hit({10, 10, 8, 8}, {100, 100, 8, 8}, &first));  // fails test 1 (and y)
  EXPECT_FALSE(hit({100, 10, 8, 8}, {10, 10, 8, 8}, &second));
  EXPECT_FALSE(hit({10, 10, 8, 8}, {10, 100, 8, 8}, &third));
  EXPECT_FALSE(hit({10, 100, 8, 8}, {10, 10, 8, 8}, &fourth));
  EXPECT_TRUE(hit({10, 10, 8, 8}, {12, 12, 8, 8}, &both));
  // Each test is LDA/CLC/ADC/CMP/BCC: 5 instructions more per test passed.
  EXPECT_EQ(second - first, 5u);
  EXPECT_EQ(third - second, 5u);
  EXPECT_EQ(fourth - third, 5u);
  EXPECT_EQ(both, fourth);  // SEC/RTS vs CLC/RTS after the same 4 tests
}

// The frame harness through the runner, on the two sample scenarios.
Recording simulate(const std::string& scenario, Scenario& s) {
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(scenario), s, &error)) << error;
  Simulation sim;
  EXPECT_TRUE(sim.build(s, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  EXPECT_GE(s.frames, 300);
  return sim.recording();
}

int field(const Recording& r, const EntityFrame& e, const std::string& name) {
  for (size_t i = 0; i < r.fieldNames.size(); ++i)
    if (r.fieldNames[i] == name) return e.after.at(i);
  ADD_FAILURE() << "no field " << name;
  return -1;
}

TEST(Seed000, CrossingScenarioHitsExactlyWhileTheBoxesTouchOrOverlap) {
  REQUIRE_CA65();
  Scenario s;
  Recording r = simulate("maps/seed000_cross.scenario.json", s);
  ASSERT_EQ(int(r.frames.size()), s.frames);
  int hits = 0, misses = 0;
  for (const auto& fr : r.frames) {
    const EntityFrame& e = fr.entities.at(0);
    ASSERT_EQ(e.halt, HaltKind::Returned);
    int x1 = e.x(), y1 = e.y(), w1 = field(r, e, "w1"), h1 = field(r, e, "h1");
    int x2 = field(r, e, "x2"), y2 = field(r, e, "y2"), w2 = field(r, e, "w2"),
        h2 = field(r, e, "h2");
    ASSERT_LE(x1 + w1, 255);  // this scenario stays clear of the wrap
    ASSERT_LE(x2 + w2, 255);
    bool expect = x1 <= x2 + w2 && x2 <= x1 + w1 && y1 <= y2 + h2 && y2 <= y1 + h1;
    EXPECT_EQ(field(r, e, "hit"), expect ? 1 : 0) << "x1=" << x1 << " y1=" << y1;
    (expect ? hits : misses)++;
  }
  EXPECT_GT(hits, 20);
  EXPECT_GT(misses, 20);
}

TEST(Seed000, WrapScenarioMissesWhileTheBoxesOverlap) {
  REQUIRE_CA65();
  Scenario s;
  Recording r = simulate("maps/seed000_wrap.scenario.json", s);
  int missedOverlaps = 0;
  for (const auto& fr : r.frames) {
    const EntityFrame& e = fr.entities.at(0);
    int x1 = e.x(), y1 = e.y(), w1 = field(r, e, "w1"), h1 = field(r, e, "h1");
    int x2 = field(r, e, "x2"), y2 = field(r, e, "y2"), w2 = field(r, e, "w2"),
        h2 = field(r, e, "h2");
    ASSERT_GT(x2 + w2, 255);  // the scenario's premise
    // Exact overlap without 8-bit wrap (sprite 2 reaches past the screen edge).
    bool overlap = x1 < x2 + w2 && x2 < x1 + w1 && y1 < y2 + h2 && y2 < y1 + h1;
    if (overlap && field(r, e, "hit") == 0) ++missedOverlaps;
  }
  EXPECT_GT(missedOverlaps, 20);
}

}  // namespace
}  // namespace core
