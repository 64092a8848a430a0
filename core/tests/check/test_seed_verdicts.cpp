// Pinned audit and sweep figures of the seed samples 000, 001 and 003 (the
// numbers and their reasons are in docs/seeds.md, "Verdicts"), so a change in a
// routine, the oracle, the runner or the sweep is noticed. Seed 000's and 001's
// sweeps are also checked case by case against a model of the routine written
// from the article. Skips when ca65 is not installed (000, 003).
#include <gtest/gtest.h>

#include "core/check/audit.h"
#include "core/check/sweep.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

Scenario scenario(const std::string& rel) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(rel), sc, &error)) << error;
  return sc;
}

// Every verdict count, ok first, so a failure prints the whole table.
// The counts of the move classes, ok ... DRIFT (WRONG-ANSWER is a query's, never a room audit's).
std::vector<uint64_t> counts(const AuditResult& r) {
  EXPECT_EQ(r.count(Verdict::WrongAnswer), 0u);
  return {r.counts.begin(), r.counts.begin() + size_t(Verdict::WrongAnswer)};
}

// Seed 001's answer as the routine computes it: first - size < second <= first + size,
// both bounds modulo 256, compared unsigned.
bool seed001Model(int first, int second, int size) {
  return ((first + size) & 0xFF) >= second && ((first - size) & 0xFF) < second;
}

TEST(Seed000Verdicts, AuditOfTheCrossIsCleanAtItsOnlySpeed) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 4;
  AuditResult r = runAudit(scenario("maps/seed000_cross.scenario.json"), o);
  ASSERT_TRUE(r.ok) << r.error;
  // The harness moves sprite 1 one pixel a frame and has no speed field, so
  // speeds 2..4 cannot be given (skipped); the field is empty, so every move is free.
  EXPECT_EQ(r.startPositions, 3477u);
  EXPECT_EQ(r.cases, 3477u * 8);
  EXPECT_EQ(r.skipped, 3477u * 8 * 3);
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{3477u * 8, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(Seed000Verdicts, SweepMismatchesAreTheWrapAndTouchingEdges) {
  REQUIRE_CA65();
  RoutineManifest m;
  std::string error;
  ASSERT_TRUE(loadManifest(repoFile("assets/routines/seed000_aabb/manifest.json"), m, &error))
      << error;
  SweepOptions o;  // the manifest's slice: x1 x x2, sizes 16, y1 = y2 = 0
  SweepResult in = runSweep(m, o);
  o.edges = EdgeConvention::Exclusive;
  SweepResult ex = runSweep(m, o);
  ASSERT_TRUE(in.ok && ex.ok) << in.error << ex.error;
  EXPECT_EQ(in.mismatches, 528u);
  EXPECT_EQ(in.missed, 528u);
  EXPECT_EQ(ex.mismatches, 944u);
  EXPECT_EQ(ex.missed, 496u);
  EXPECT_EQ(ex.extra, 448u);
}

class Seed001Verdicts : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(
        loadManifest(repoFile("assets/routines/seed001_peraxis/manifest.json"), manifest_, &error))
        << error;
    image_ = buildRoutine(manifest_);
    ASSERT_TRUE(image_.ok) << image_.diagnosticsText();
  }
  RoutineManifest manifest_;
  AsmResult image_;
};

TEST_F(Seed001Verdicts, FullDomainMatchesTheModelCaseByCase) {
  SweepResult r = runSweep(manifest_, image_, SweepOptions{});
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.combinations, 1u << 24);
  EXPECT_EQ(r.cases, r.combinations);
  EXPECT_EQ(r.casesPerPixel, 256u);
  uint64_t missed = 0, extra = 0;
  std::vector<uint32_t> image(256 * 256, 0);
  for (int size = 0; size < 256; ++size)
    for (int second = 0; second < 256; ++second)
      for (int first = 0; first < 256; ++first) {
        const bool routine = seed001Model(first, second, size);
        const bool exact = std::abs(first - second) <= size;
        missed += exact && !routine;
        extra += routine && !exact;
        image[size_t(second) * 256 + size_t(first)] += routine != exact;
      }
  EXPECT_EQ(r.missed, missed);
  EXPECT_EQ(r.extra, extra);
  EXPECT_EQ(r.image, image);
  // Pinned (docs/seeds.md): inclusive edges never see a false hit; every miss is
  // the near touching value (second = first - size) or a wrapped bound.
  EXPECT_EQ(r.mismatches, 8388864u);
  EXPECT_EQ(r.missed, 8388864u);
  EXPECT_EQ(r.extra, 0u);
  EXPECT_EQ(r.faults, 0u);
  EXPECT_EQ(r.overlaps, 11184896u);
}

TEST_F(Seed001Verdicts, HarnessSizesUnderBothConventions) {
  for (int size : {10, 12}) {
    SweepOptions o;
    o.fixed = {{"size", size}};
    SweepResult in = runSweep(manifest_, image_, o);
    o.edges = EdgeConvention::Exclusive;
    SweepResult ex = runSweep(manifest_, image_, o);
    ASSERT_TRUE(in.ok && ex.ok) << in.error << ex.error;
    ASSERT_EQ(in.combinations, 65536u);
    // Wrapped bounds: first < size or first > 255 - size loses every overlap
    // (2 * size + 1 values of second, fewer near the ends).
    uint64_t wrapped = 0;
    for (int first = 0; first < 256; ++first)
      if (first < size || first > 255 - size)
        for (int second = 0; second < 256; ++second) wrapped += std::abs(first - second) <= size;
    // Inclusive: the near touching value is missed where nothing wraps.
    const uint64_t nearTouch = uint64_t(256 - 2 * size);
    EXPECT_EQ(in.missed, wrapped + nearTouch) << "size " << size;
    EXPECT_EQ(in.extra, 0u);
    // Exclusive: the far touching value is a false hit where nothing wraps.
    uint64_t wrappedEx = 0;
    for (int first = 0; first < 256; ++first)
      if (first < size || first > 255 - size)
        for (int second = 0; second < 256; ++second) wrappedEx += std::abs(first - second) < size;
    EXPECT_EQ(ex.extra, nearTouch) << "size " << size;
    EXPECT_EQ(ex.missed, wrappedEx);
  }
}

TEST(Seed001Audit, TheShooterRoomIsCleanEverywhere) {
  AuditOptions o;
  o.stride = 4;
  AuditResult r = runAudit(scenario("maps/seed001_shooter.scenario.json"), o);
  ASSERT_TRUE(r.ok) << r.error;
  // Slot 0 follows the d-pad at its speed field; the routine reads no map and the
  // starfield is open, so every move of every speed is where the oracle puts it.
  EXPECT_EQ(r.startPositions, 1400u);
  EXPECT_EQ(r.cases, 1400u * 8 * 4);
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{1400u * 32, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(Seed003Verdicts, AuditOfTheDungeon) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 2;
  AuditResult r = runAudit(scenario("maps/seed003_dungeon.scenario.json"), o);
  ASSERT_TRUE(r.ok) << r.error;
  // One pixel a frame, no speed field: speeds 2..4 skipped, with the reason.
  // The manifest declares the harness's intent (the first pressed of Up, Down,
  // Left, Right, alone), and every case is exact.
  EXPECT_EQ(r.startPositions, 7906u);
  EXPECT_EQ(r.cases, 7906u * 8);
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{63248, 0, 0, 0, 0, 0, 0, 0}));
  ASSERT_EQ(r.skips.size(), 1u);
  EXPECT_EQ(r.skips[0].cases, 7906u * 8 * 3);
  EXPECT_NE(r.skips[0].reason.find("no speed field"), std::string::npos) << r.skips[0].reason;
  o.diagonals = false;
  AuditResult axes = runAudit(scenario("maps/seed003_dungeon.scenario.json"), o);
  ASSERT_TRUE(axes.ok);
  EXPECT_EQ(axes.count(Verdict::Ok), axes.cases);
}

// Before the intent (a test-local copy with version 1's diagonals on both
// axes): a diagonal press moves vertically only, so its x motion is refused.
// Stride 2 and the stride-1 figures of `collido audit` issue 16 quotes.
TEST(Seed003Verdicts, AuditOfTheDungeonWithDiagonalsOnBothAxes) {
  REQUIRE_CA65();
  Scenario both = scenario("maps/seed003_dungeon.scenario.json");
  ASSERT_EQ(both.manifest.motion.diagonal, DiagonalRule::OneAxis);
  both.manifest.motion.diagonal = DiagonalRule::Both;
  AuditOptions o;
  o.stride = 2;
  AuditResult r = runAudit(both, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(counts(r), (std::vector<uint64_t>{31996, 0, 0, 0, 31252, 0, 0, 0}));
  o.stride = 1;
  AuditResult one = runAudit(both, o);
  ASSERT_TRUE(one.ok) << one.error;
  EXPECT_EQ(counts(one), (std::vector<uint64_t>{126412, 0, 0, 0, 123396, 0, 0, 0}));
  AuditResult after = runAudit(scenario("maps/seed003_dungeon.scenario.json"), o);
  ASSERT_TRUE(after.ok) << after.error;
  EXPECT_EQ(counts(after), (std::vector<uint64_t>{249808, 0, 0, 0, 0, 0, 0, 0}));
}

}  // namespace
}  // namespace core
