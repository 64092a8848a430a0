// `collido diff SCENARIO --rev-before REV [--rev-after REV]` (issue 20): the
// scenario's routine at two git revisions of the user's project. A scratch
// repository holds seed 004's routine, committed clean and then with the
// injected off-by-one (core/tests/audit_ci_test_util.h): HEAD~1 -> HEAD breaks
// GAP cases (exit 1), the reverse only fixes (exit 0), the after side defaults
// to the working tree, bad revisions, a manifest absent at a revision and a
// scenario outside any repository are bad input (exit 2), and the revisions'
// scratch trees are removed in every case. Skipped when git is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/tests/audit_ci_test_util.h"

namespace {

using app::test::quote;
using app::test::runProcess;
namespace fs = std::filesystem;

bool haveGit() {
  return std::system("command -v git >/dev/null 2>&1") == 0;
}

class CliDiffRev : public app::test::TempDirTest {
 protected:
  CliDiffRev() : TempDirTest("collido_diffrev_") {}
  void SetUp() override {
    if (!haveGit()) GTEST_SKIP() << "git is not installed";
    TempDirTest::SetUp();
    fs::create_directories(dir_ / "proj");
    fs::create_directories(dir_ / "tmp");
  }
  // git in the scratch repository, with an identity and no user or system config.
  int git(const std::string& args) {
    const std::string cmd = "GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -C " +
                            quote(path("proj")) +
                            " -c user.name=test -c user.email=t@example.org " + args;
    auto r = runProcess(cmd);
    EXPECT_EQ(r.exitCode, 0) << cmd << "\n" << r.output;
    return r.exitCode;
  }
  // collido with its scratch folders in dir_/tmp, so the test sees what is left there.
  app::test::ProcessResult collido(const std::string& args) {
    return runProcess("TMPDIR=" + quote(path("tmp")) + " GIT_CEILING_DIRECTORIES=" +
                      quote(dir_.string()) + " " + COLLIDO_EXE + " " + args);
  }
  bool scratchEmpty() { return fs::is_empty(dir_ / "tmp"); }
};

TEST_F(CliDiffRev, RoutineAtTwoRevisionsNamesBrokenAndFixedCases) {
  git("init -q");
  std::ofstream(dir_ / "proj" / "README") << "a game\n";
  git("add -A");
  git("commit -q -m seed");  // HEAD~2: no routine yet
  const std::string scenario = core::test::writeGardenCopy(dir_ / "proj", "garden", false);
  ASSERT_FALSE(scenario.empty());
  git("add -A");
  git("commit -q -m clean");
  ASSERT_FALSE(core::test::writeGardenCopy(dir_ / "proj", "garden", true).empty());
  git("add -A");
  git("commit -q -m off-by-one");

  auto r = collido("diff " + quote(scenario) + " --rev-before HEAD~1 --rev-after HEAD --stride 4");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("before: HEAD~1 ("), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  broken: x="), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" GAP: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("0 fixed, "), std::string::npos) << r.output;
  EXPECT_TRUE(scratchEmpty());

  r = collido("diff " + quote(scenario) + " --rev-before HEAD --rev-after HEAD~1 --stride 4");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find(" fixed, 0 broken, 0 unchanged"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("0 fixed, 0 broken"), std::string::npos) << r.output;

  // The after side defaults to the working tree: here the routine is clean again.
  ASSERT_FALSE(core::test::writeGardenCopy(dir_ / "proj", "garden", false).empty());
  r = collido("diff " + quote(scenario) + " --rev-before HEAD --stride 4");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("after: the working tree"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" fixed, 0 broken, 0 unchanged"), std::string::npos) << r.output;
  EXPECT_TRUE(scratchEmpty());
}

TEST_F(CliDiffRev, BadRevisionAbsentManifestAndNoRepositoryAreBadInput) {
  git("init -q");
  std::ofstream(dir_ / "proj" / "README") << "a game\n";
  git("add -A");
  git("commit -q -m seed");
  const std::string scenario = core::test::writeGardenCopy(dir_ / "proj", "garden", false);
  git("add -A");
  git("commit -q -m routine");

  auto r = collido("diff " + quote(scenario) + " --rev-before no-such-rev");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--rev-before: \"no-such-rev\" is not a commit"), std::string::npos)
      << r.output;

  r = collido("diff " + quote(scenario) + " --rev-before HEAD~1");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("garden_routine/manifest.json is not in revision HEAD~1"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(scratchEmpty());  // removed on the error path too

  r = collido("diff " + quote(scenario) + " --rev-before HEAD --rev-after HEAD~1");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--rev-after: "), std::string::npos) << r.output;
  EXPECT_TRUE(scratchEmpty());

  const std::string outside = core::test::writeGardenCopy(dir_, "outside", false);
  r = collido("diff " + quote(outside) + " --rev-before HEAD");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("not in a git repository"), std::string::npos) << r.output;

  r = collido("diff " + quote(scenario) + " --rev-before HEAD --before " + quote(scenario));
  EXPECT_EQ(r.exitCode, 2) << r.output;
}

}  // namespace
