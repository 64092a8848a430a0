// The audit window's "Diff against saved" (issue 20): a recovery copy holds
// seed 004's routine with the injected off-by-one as an unsaved buffer over
// the clean file on disk; the GUI recovers it and runs the diff (scripted:
// --audit-diff), which reports broken cases and no fixed ones. Skipped without
// xvfb-run.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "app/tests/temp_dir_test.h"
#include "core/tests/audit_ci_test_util.h"
#include "core/workspace/recovery.h"

namespace {

using app::test::quote;

#ifdef COLLIDOSCOPE_GUI_EXE
class GuiAuditDiff : public app::test::GuiRunTest {
 protected:
  GuiAuditDiff() : GuiRunTest("collidoscope_auditdiff_") {}
};

TEST_F(GuiAuditDiff, UnsavedBufferAgainstTheSavedFile) {
  const std::string scenario = core::test::writeGardenCopy(dir_, "garden", false);
  ASSERT_FALSE(core::test::writeGardenCopy(dir_, "gap", true).empty());
  std::ifstream in(dir_ / "gap_routine" / "collision.asm");
  std::stringstream injected;
  injected << in.rdbuf();

  core::RecoveryDocument doc;
  std::string error;
  ASSERT_TRUE(core::loadScenario(scenario, doc.scenario, &error)) << error;
  doc.buffers.push_back({(dir_ / "garden_routine" / "collision.asm").string(), injected.str()});
  // A copy of a running app is never offered: a pid no process has.
  const std::string file = core::recoveryFileFor(path("state") + "/collidoscope/recovery", 999999);
  ASSERT_TRUE(core::writeRecovery(file, core::recoveryText(doc, 999999, 1), &error)) << error;

  auto r =
      gui("--recover newest --audit-diff --frames 3", "env XDG_STATE_HOME=" + quote(path("state")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("recovery: recovered "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("audit diff: Against the saved routine: 0 fixed, "), std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find(" 0 broken"), std::string::npos) << r.output;
}
#endif

}  // namespace
