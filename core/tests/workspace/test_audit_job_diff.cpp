// AuditJob::startDiff (the GUI's "Diff against saved"): the routine as its
// files on disk hold it against an edited image, both audited on the worker.
// Seed 004's garden with the injected off-by-one in the edited image breaks
// GAP cases and fixes none; the reverse only fixes; a saved routine that does
// not assemble is the result's error.
#include <gtest/gtest.h>

#include <fstream>

#include "core/sim/scenario.h"
#include "core/tests/audit_ci_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/workspace/audit_job.h"

namespace core {
namespace {

class AuditJobDiff : public test::TempDirTest {
 protected:
  AuditJobDiff() : TempDirTest("collido_jobdiff_") {}
  // The garden scenario on routine copy `name` and that copy's image.
  void load(const std::string& name, bool injectGap, Scenario& sc, AsmResult& image) {
    const std::string file = test::writeGardenCopy(dir_, name, injectGap);
    ASSERT_FALSE(file.empty());
    std::string error;
    ASSERT_TRUE(loadScenario(file, sc, &error)) << error;
    image = buildRoutine(sc.manifest);
    ASSERT_TRUE(image.ok) << image.diagnosticsText();
  }
  AuditOptions options() const {
    AuditOptions o;
    o.stride = 4;
    o.maxSpeed = 4;
    o.threads = 2;
    return o;
  }
};

TEST_F(AuditJobDiff, EditedImageAgainstTheSavedRoutine) {
  Scenario clean, gap;
  AsmResult cleanImage, gapImage;
  load("clean", false, clean, cleanImage);
  load("gap", true, gap, gapImage);

  AuditJob job;
  job.startDiff(clean, gapImage, options());  // saved: clean; buffer: the off-by-one
  job.wait();
  auto r = job.take();
  ASSERT_TRUE(r && r->ok) << (r ? r->error : "no result");
  auto d = job.diff();
  ASSERT_TRUE(d);
  EXPECT_GT(d->brokenBy[size_t(Verdict::Gap)], 0u);
  EXPECT_TRUE(d->fixed.empty());

  job.startDiff(gap, cleanImage, options());  // saved: the off-by-one; buffer: clean
  job.wait();
  ASSERT_TRUE(job.take());
  d = job.diff();
  ASSERT_TRUE(d);
  EXPECT_GT(d->fixed.size(), 0u);
  EXPECT_TRUE(d->broken.empty());

  job.start(clean, cleanImage, options());  // a plain audit has no comparison
  job.wait();
  ASSERT_TRUE(job.take());
  EXPECT_FALSE(job.diff());
}

TEST_F(AuditJobDiff, ASavedRoutineThatDoesNotAssembleIsTheError) {
  Scenario clean;
  AsmResult image;
  load("clean", false, clean, image);
  std::ofstream(dir_ / "clean_routine" / "collision.asm", std::ios::app) << "\n    bogus a, b\n";
  AuditJob job;
  job.startDiff(clean, image, options());
  job.wait();
  auto r = job.take();
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->ok);
  EXPECT_NE(r->error.find("the saved routine does not assemble"), std::string::npos) << r->error;
  EXPECT_FALSE(job.diff());
}

}  // namespace
}  // namespace core
