// Domain sweeps: the exact overlap test on its own, seed 000's x1 x x2 slice
// (its 8-bit wrap near x = 255 shows as mismatches exactly where a model of the
// routine says, touching edges only under the exclusive convention), a correct
// widened routine that sweeps clean, bad options, manifest errors, threads and
// cancellation. Skips when ca65 is not installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/check/sweep.h"
#include "core/render/sweep_image.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

// Seed 000's answer computed the way the routine does it: 8-bit edges, touching is a hit.
bool seed000Model(int x1, int w1, int x2, int w2) {
  return ((x1 + w1) & 0xFF) >= x2 && ((x2 + w2) & 0xFF) >= x1;
}

TEST(ExactOverlap, ConventionsDifferOnlyAtTouchingEdgesAndEmptyBoxes) {
  SweepSpec axis;
  axis.inputs = {
      {"a1", {}, PairRole::A1, 0}, {"a2", {}, PairRole::A2, 0}, {"size", {}, PairRole::Size, 0}};
  auto both = [&](uint8_t a1, uint8_t a2, uint8_t size) {
    const uint8_t v[3] = {a1, a2, size};
    return std::pair{exactOverlap(axis, v, EdgeConvention::Inclusive),
                     exactOverlap(axis, v, EdgeConvention::Exclusive)};
  };
  EXPECT_EQ(both(100, 110, 16), std::pair(true, true));
  EXPECT_EQ(both(100, 116, 16), std::pair(true, false));  // distance == size: touching
  EXPECT_EQ(both(116, 100, 16), std::pair(true, false));
  EXPECT_EQ(both(100, 117, 16), std::pair(false, false));
  EXPECT_EQ(both(250, 5, 16), std::pair(false, false));  // no wrap: 250 and 5 are far apart
  EXPECT_EQ(both(7, 7, 0), std::pair(true, false));      // empty boxes share no pixel

  SweepSpec box;
  const PairRole roles[8] = {PairRole::X1, PairRole::Y1, PairRole::W1, PairRole::H1,
                             PairRole::X2, PairRole::Y2, PairRole::W2, PairRole::H2};
  for (PairRole r : roles) box.inputs.push_back({pairRoleName(r), {}, r, 0});
  const uint8_t overlapX[8] = {10, 10, 8, 8, 17, 30, 8, 8};  // x overlaps, y apart
  EXPECT_FALSE(exactOverlap(box, overlapX, EdgeConvention::Inclusive));
  const uint8_t cornerTouch[8] = {10, 10, 8, 8, 18, 18, 8, 8};
  EXPECT_TRUE(exactOverlap(box, cornerTouch, EdgeConvention::Inclusive));
  EXPECT_FALSE(exactOverlap(box, cornerTouch, EdgeConvention::Exclusive));
}

class Seed000Sweep : public ::testing::Test {
 protected:
  void SetUp() override {
    REQUIRE_CA65();
    std::string error;
    ASSERT_TRUE(
        loadManifest(repoFile("assets/routines/seed000_aabb/manifest.json"), manifest_, &error))
        << error;
    ASSERT_TRUE(manifest_.sweep.has_value());
    image_ = buildRoutine(manifest_);
    ASSERT_TRUE(image_.ok) << image_.diagnosticsText();
  }
  SweepResult sliceX(EdgeConvention edges, int w, int threads = 0) {
    SweepOptions o;
    o.slice = {"x1", "x2"};
    o.fixed = {{"w1", w}, {"w2", w}};
    o.edges = edges;
    o.threads = threads;
    return runSweep(manifest_, image_, o);
  }
  RoutineManifest manifest_;
  AsmResult image_;
};

TEST_F(Seed000Sweep, WrapNear255IsTheOnlyInclusiveMismatch) {
  SweepResult r = sliceX(EdgeConvention::Inclusive, 16);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.combinations, 65536u);
  EXPECT_EQ(r.cases, 65536u);
  EXPECT_EQ(r.casesPerPixel, 1u);
  EXPECT_FALSE(r.cancelled);
  uint64_t expected = 0, overlaps = 0;
  for (int x2 = 0; x2 < 256; ++x2)
    for (int x1 = 0; x1 < 256; ++x1) {
      const bool exact = x1 <= x2 + 16 && x2 <= x1 + 16;
      overlaps += exact;
      const bool mismatch = seed000Model(x1, 16, x2, 16) != exact;
      expected += mismatch;
      const uint32_t px = r.image[size_t(x2) * 256 + size_t(x1)];
      EXPECT_EQ(px, mismatch ? 1u : 0u) << "x1=" << x1 << " x2=" << x2;
      // Where neither edge passes 255 the routine is exact.
      if (x1 + 16 <= 255 && x2 + 16 <= 255) {
        EXPECT_EQ(px, 0u);
      }
    }
  EXPECT_EQ(r.mismatches, expected);
  EXPECT_EQ(r.overlaps, overlaps);
  // Pinned (docs/seeds.md): x1 or x2 from 240 up, where pos + 16 passes 255.
  EXPECT_EQ(r.mismatches, 528u);
  EXPECT_EQ(r.missed, r.mismatches);  // the wrap only ever loses hits
  EXPECT_EQ(r.extra, 0u);
  EXPECT_EQ(r.faults, 0u);
  // x1 = 250: x1 + w1 wraps to 10, so sprite 2 at 245 is reported apart.
  EXPECT_EQ(r.image[245 * 256 + 250], 1u);
  ASSERT_FALSE(r.samples.empty());
  const SweepMismatch& s = r.samples.front();
  EXPECT_TRUE(s.exactHit);
  EXPECT_FALSE(s.routineHit);
  EXPECT_EQ(s.values.size(), 8u);
  EXPECT_GT(int(s.values[0]) + 16, 255);  // x1 wraps (first in domain order: smallest x2)
}

TEST_F(Seed000Sweep, ExclusiveAlsoFlagsTouchingEdges) {
  SweepResult in = sliceX(EdgeConvention::Inclusive, 16);
  SweepResult ex = sliceX(EdgeConvention::Exclusive, 16);
  ASSERT_TRUE(in.ok && ex.ok);
  uint64_t touching = 0, missed = 0;
  for (int x1 = 0; x1 < 256; ++x1)
    for (int x2 = 0; x2 < 256; ++x2) {
      const bool routine = seed000Model(x1, 16, x2, 16);
      const bool exact = x1 < x2 + 16 && x2 < x1 + 16;
      touching += routine && !exact;
      missed += exact && !routine;
    }
  EXPECT_EQ(ex.extra, touching);
  EXPECT_EQ(ex.missed, missed);
  EXPECT_EQ(ex.mismatches, 944u);            // pinned (docs/seeds.md)
  EXPECT_LT(ex.missed, in.missed);           // wrapped pairs that only touch are apart anyway
  EXPECT_EQ(ex.image[116 * 256 + 100], 1u);  // x1 + w1 == x2
  EXPECT_EQ(in.image[116 * 256 + 100], 0u);
}

TEST_F(Seed000Sweep, ThreadCountDoesNotChangeTheResult) {
  SweepResult a = sliceX(EdgeConvention::Exclusive, 8, 1);
  SweepResult b = sliceX(EdgeConvention::Exclusive, 8, 3);
  ASSERT_TRUE(a.ok && b.ok);
  EXPECT_EQ(a.image, b.image);
  EXPECT_EQ(a.mismatches, b.mismatches);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (size_t i = 0; i < a.samples.size(); ++i) EXPECT_EQ(a.samples[i].values, b.samples[i].values);
}

TEST_F(Seed000Sweep, ThreeInputsSumIntoTheImage) {
  SweepOptions o;
  o.slice = {"x1", "x2", "w1"};
  o.fixed = {{"w2", 16}};
  SweepResult r = runSweep(manifest_, image_, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.combinations, 1u << 24);
  EXPECT_EQ(r.casesPerPixel, 256u);
  uint64_t sum = 0;
  for (uint32_t v : r.image) sum += v;
  EXPECT_EQ(sum, r.mismatches);
  uint64_t expected = 0;
  for (int w1 = 0; w1 < 256; ++w1)
    for (int x2 = 0; x2 < 256; ++x2)
      for (int x1 = 0; x1 < 256; ++x1)
        expected += seed000Model(x1, w1, x2, 16) != (x1 <= x2 + 16 && x2 <= x1 + w1);
  EXPECT_EQ(r.mismatches, expected);
}

TEST_F(Seed000Sweep, ManifestSliceIsTheDefaultForTheWholeSpace) {
  SweepResult r = runSweep(manifest_, image_, SweepOptions{});
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.varied.size(), 2u);
  EXPECT_EQ(r.inputNames[size_t(r.varied[0])], "x1");
  EXPECT_EQ(r.inputNames[size_t(r.varied[1])], "x2");
  EXPECT_EQ(r.values[2], 16);  // w1's manifest default
  EXPECT_EQ(r.mismatches, 528u);
}

TEST_F(Seed000Sweep, BadOptionsAreErrors) {
  auto error = [&](SweepOptions o) {
    SweepResult r = runSweep(manifest_, image_, o);
    EXPECT_FALSE(r.ok);
    return r.error;
  };
  SweepOptions o;
  o.slice = {"x1", "q"};
  EXPECT_NE(error(o).find("\"q\""), std::string::npos);
  o.slice = {"x1", "x1"};
  EXPECT_NE(error(o).find("twice"), std::string::npos);
  o.slice = {"x1", "y1", "x2", "y2"};
  EXPECT_NE(error(o).find("2^32"), std::string::npos);
  o.slice = {"x1", "x2"};
  o.fixed = {{"w1", 256}};
  EXPECT_NE(error(o).find("0..255"), std::string::npos);
  o.fixed = {{"x1", 3}};
  EXPECT_NE(error(o).find("both"), std::string::npos);
  RoutineManifest noSweep = manifest_;
  noSweep.sweep.reset();
  SweepResult ns = runSweep(noSweep, image_, SweepOptions{});
  EXPECT_FALSE(ns.ok);
  EXPECT_NE(ns.error.find("\"sweep\""), std::string::npos) << ns.error;
}

TEST_F(Seed000Sweep, CancelAndProgress) {
  std::atomic<bool> cancel{true};
  SweepOptions o;
  o.slice = {"x1", "x2", "w1"};
  SweepResult c = runSweep(manifest_, image_, o, nullptr, &cancel);
  ASSERT_TRUE(c.ok) << c.error;
  EXPECT_TRUE(c.cancelled);
  EXPECT_LT(c.cases, c.combinations);
  size_t last = 0, total = 0;
  SweepResult r = runSweep(manifest_, image_, SweepOptions{}, [&](size_t d, size_t t) {
    last = d;
    total = t;
  });
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(total, 65536u);
  EXPECT_EQ(last, total);
}

TEST_F(Seed000Sweep, ImageShowsMismatchesOverOverlaps) {
  SweepResult r = sliceX(EdgeConvention::Inclusive, 16);
  ASSERT_TRUE(r.ok);
  Canvas c = renderSweepImage(r, 2);
  ASSERT_EQ(c.width(), 512);
  EXPECT_EQ(c.at(0, 200 * 2), kSweepApartColour);  // x1 = 0, x2 = 200: apart, agreed
  const Rgba overlap = c.at(100 * 2, 100 * 2);     // agreed overlap: grey
  EXPECT_EQ(overlap.r, overlap.g);
  EXPECT_NE(overlap, kSweepApartColour);
  const Rgba miss = c.at(250 * 2, 245 * 2);  // the wrap: heat colour (red dominates)
  EXPECT_GT(miss.r, miss.b + 50);
}

// A widened box test (the edge's carry counts), written for this test: it
// answers exact inclusive overlap, so its sweep finds nothing.
constexpr const char* kWidenedCheck = R"(
.exportzp x1, y1, w1, h1, x2, y2, w2, h2
.export check
.segment "ZEROPAGE"
x1: .res 1
y1: .res 1
w1: .res 1
h1: .res 1
x2: .res 1
y2: .res 1
w2: .res 1
h2: .res 1
.macro edge pos, size, other
        lda pos
        clc
        adc size
        bcs :+              ; pos + size > 255 >= other
        cmp other
        bcc apart
:
.endmacro
.segment "CODE"
check:  edge x1, w1, x2
        edge x2, w2, x1
        edge y1, h1, y2
        edge y2, h2, y1
        sec
        rts
apart:  clc
        rts
)";

TEST_F(Seed000Sweep, AnExactRoutineSweepsClean) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("collidoscope_sweep_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "check.s") << kWidenedCheck;
  RoutineManifest m = manifest_;
  m.sources = {(dir / "check.s").string()};
  m.sweep->entry = "check";
  AsmResult image = buildRoutine(m);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  for (int w : {16, 200}) {
    SweepOptions o;
    o.slice = {"x1", "x2"};
    o.fixed = {{"w1", w}, {"w2", 255 - w}};  // edges pass 255 for most positions
    SweepResult r = runSweep(m, image, o);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.mismatches, 0u) << "w1=" << w;
    EXPECT_GT(r.overlaps, 0u);
    o.edges = EdgeConvention::Exclusive;
    r = runSweep(m, image, o);
    EXPECT_GT(r.extra, 0u);  // touching edges
    EXPECT_EQ(r.missed, 0u);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace core
