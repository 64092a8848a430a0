// Sweep comparison (core/check/sweep_diff.h): runs of a case-class vector, the
// per-class fixed/broken/unchanged counts of two run lists whose runs start and
// end at different places (a miss that became a fault is a fixed miss and a
// broken fault), domains that cannot be compared, and runSweep's kept cases
// agreeing with its counts (seed 001, built-in assembler).
#include <gtest/gtest.h>

#include <fstream>
#include <utility>

#include "core/check/sweep_diff.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

constexpr uint8_t M = uint8_t(SweepClass::Missed), F = uint8_t(SweepClass::FalseHit),
                  X = uint8_t(SweepClass::Fault);

SweepRecord record(const std::vector<uint8_t>& classes) {
  SweepRecord r;
  r.inputs = {"a1", "a2", "size"};
  r.varied = {"a1", "a2"};
  r.fixed = {{"size", 16}};
  r.edges = "inclusive";
  r.combinations = 65536;
  r.cases = 65536;
  r.runs = sweepRuns(classes);
  return r;
}

TEST(SweepDiff, RunsCoverEveryDisagreeingCaseInOrder) {
  const auto runs = sweepRuns({0, M, M, 0, F, X, X, 0});
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].first, 1u);
  EXPECT_EQ(runs[0].count, 2u);
  EXPECT_EQ(runs[1].cls, SweepClass::FalseHit);
  EXPECT_EQ(runs[2].first, 5u);
  EXPECT_EQ(runs[2].count, 2u);
  EXPECT_EQ(sweepRunsJson(runs).dump(), R"([[1,2,"missed"],[4,1,"false-hit"],[5,2,"fault"]])");
}

TEST(SweepDiff, CountsPerClassAcrossUnalignedRuns) {
  //                        0  1  2  3  4  5  6  7  8  9
  const SweepRecord before = record({M, M, M, M, 0, F, F, 0, 0, 0});
  const SweepRecord after = record({0, 0, M, M, M, F, X, 0, F, F});
  std::string error;
  auto d = diffSweeps(before, after, 3, &error);
  ASSERT_TRUE(d) << error;
  EXPECT_EQ(d->fixedBy[size_t(SweepClass::Missed)], 2u);        // 0, 1
  EXPECT_EQ(d->fixedBy[size_t(SweepClass::FalseHit)], 1u);      // 6 became a fault
  EXPECT_EQ(d->brokenBy[size_t(SweepClass::Missed)], 1u);       // 4
  EXPECT_EQ(d->brokenBy[size_t(SweepClass::Fault)], 1u);        // 6
  EXPECT_EQ(d->brokenBy[size_t(SweepClass::FalseHit)], 2u);     // 8, 9
  EXPECT_EQ(d->unchangedBy[size_t(SweepClass::Missed)], 2u);    // 2, 3
  EXPECT_EQ(d->unchangedBy[size_t(SweepClass::FalseHit)], 1u);  // 5
  EXPECT_EQ(d->fixed, 3u);
  EXPECT_EQ(d->broken, 4u);
  EXPECT_EQ(d->unchanged, 3u);
  ASSERT_EQ(d->brokenCases.size(), 3u);  // the first 3 of 4
  EXPECT_EQ(d->brokenCases[0].index, 4u);
  EXPECT_EQ(d->brokenCases[1].index, 6u);
  EXPECT_EQ(d->brokenCases[1].before, SweepClass::FalseHit);
  EXPECT_EQ(d->brokenCases[1].after, SweepClass::Fault);
  EXPECT_EQ(sweepCaseText(after, 4 + 256 * 3), "a1=4 a2=3 size=16");
  EXPECT_TRUE(d->warnings.empty());

  auto same = diffSweeps(after, after, 10, &error);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->broken, 0u);
  EXPECT_EQ(same->fixed, 0u);
  EXPECT_EQ(same->unchanged, 7u);
}

TEST(SweepDiff, DifferentDomainsAreErrorsAndFixedValuesAWarning) {
  SweepRecord a = record({M}), b = record({M});
  b.varied = {"a2", "a1"};
  std::string error;
  EXPECT_FALSE(diffSweeps(a, b, 1, &error));
  EXPECT_NE(error.find("vary different inputs"), std::string::npos) << error;
  b = record({M});
  b.fixed["size"] = 8;
  b.edges = "exclusive";
  auto d = diffSweeps(a, b, 1, &error);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->warnings.size(), 2u);
}

TEST(SweepDiff, KeptCasesAgreeWithTheCounts) {
  RoutineManifest m;
  std::string error;
  ASSERT_TRUE(
      loadManifest(test::repoFile("assets/routines/seed001_peraxis/manifest.json"), m, &error))
      << error;
  SweepOptions o;
  o.fixed = {{"size", 16}};
  o.keepCases = true;
  o.threads = 2;
  const SweepResult r = runSweep(m, o);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.caseClass.size(), r.combinations);
  uint64_t missed = 0, other = 0;
  for (uint8_t c : r.caseClass) (c == M ? missed : other) += c != 0;
  EXPECT_EQ(missed, r.missed);
  EXPECT_EQ(other, r.extra + r.faults);
  EXPECT_GT(r.missed, 0u);  // the wrapped bounds near 0 and 255
}

}  // namespace
}  // namespace core

namespace core {
namespace {

class SweepFile : public test::TempDirTest {
 protected:
  SweepFile() : TempDirTest("collidoscope_sweep_file_") {}
  // A sweep file with these inputs, varied inputs and combinations, one missed run.
  std::string write(const std::string& name, const std::string& inputs, const std::string& varied,
                    uint64_t combinations) {
    const std::string file = path(name);
    std::ofstream(file) << R"({"format": "collidoscope-sweep/1", "inputs": [)" << inputs
                        << R"(], "varied": [)" << varied << R"(], "combinations": )" << combinations
                        << R"(, "cases": 1, "runs": [[0, 1, "missed"]]})";
    return file;
  }
};

// fuzz_diff: nine varied inputs made sweepCaseText shift a combination's index by 64
// bits (UBSan) when `collido diff` listed a broken combination. The reader now checks
// the domain the sweep's writer gives: varied inputs among the inputs, once, at most
// three, 256 values each.
TEST_F(SweepFile, TheDomainIsTheOneASweepWrites) {
  SweepRecord r;
  std::string error;
  ASSERT_TRUE(readSweepFile(write("ok.json", R"("a", "b", "c")", R"("a", "c")", 65536), r, &error))
      << error;
  EXPECT_EQ(sweepCaseText(r, 0x0201), "a=1 b=0 c=2");
  const std::string nine = R"("i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8")";
  const std::pair<std::string, std::string> cases[] = {
      {write("nine.json", nine, nine, 1000),
       path("nine.json") +
           ": varied: 9 inputs; a sweep varies at most 3 (256 values each, 2^24 combinations)"},
      {write("z.json", R"("a", "b")", R"("a", "z")", 65536),
       path("z.json") + ": varied[1]: \"z\" is not one of the inputs"},
      {write("twice.json", R"("a", "b")", R"("a", "a")", 65536),
       path("twice.json") + ": varied[1]: \"a\" is listed twice"},
      {write("domain.json", R"("a", "b")", R"("a")", 1000),
       path("domain.json") +
           ": combinations: 1000, but 1 varied inputs of 256 values each make 256"},
  };
  for (const auto& [file, message] : cases) {
    EXPECT_FALSE(readSweepFile(file, r, &error));
    EXPECT_EQ(error, message);
  }
}

}  // namespace
}  // namespace core
