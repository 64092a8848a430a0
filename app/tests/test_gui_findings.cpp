// Findings you can read (issue 21): the Audit panel filters every failing case
// by class and speed before it pages them, groups them by cause, the heatmap
// paints the selected classes in their colours under a legend with counts,
// and the Why window explains the selected frame. Scripted: --audit-filter,
// --audit-speed, --audit-group and --why print what the GUI shows. The one-way
// room (seed 002, ca65) has 78 284 FALSE-BLOCK and 6 864 DRIFT at the audit's
// defaults. Skipped without xvfb-run or ca65.
#include <gtest/gtest.h>

#include <cstdlib>

#include "app/common/png.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"
#include "core/check/verdict.h"
#include "core/scene/room_scene.h"

namespace {

using app::test::quote;

// `collido audit --help` ends with every class's one-line meaning, from the
// same table as the GUI's tooltips.
TEST(CliFindings, AuditHelpExplainsTheVerdicts) {
  auto r = app::test::runProcess(quote(COLLIDO_EXE) + " audit --help");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Verdicts (docs/verdicts.md):"), std::string::npos) << r.output;
  for (int v = 1; v < core::kVerdictCount; ++v)
    EXPECT_NE(r.output.find(std::string(core::verdictName(core::Verdict(v))) + ": " +
                            core::verdictExplanation(core::Verdict(v))),
              std::string::npos)
        << r.output;
}

#ifdef COLLIDOSCOPE_GUI_EXE
class GuiFindings : public app::test::GuiRunTest {
 protected:
  GuiFindings() : GuiRunTest("collidoscope_findings_") {}
  void SetUp() override {
    if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)";
    GuiRunTest::SetUp();
  }
  const std::string oneway_ =
      std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_oneway.scenario.json";
};

// Pixels of exactly colour `c` (opaque fills, such as the legend's swatches).
int pixelsOf(const app::RgbaImage& image, core::Rgba c) {
  int n = 0;
  for (size_t i = 0; i + 3 < image.pixels.size(); i += 4)
    n += image.pixels[i] == c.r && image.pixels[i + 1] == c.g && image.pixels[i + 2] == c.b;
  return n;
}

TEST_F(GuiFindings, DriftFilterShowsEveryDriftCaseWithALegend) {
  const std::string shot = path("drift.png");
  auto r = gui("--open " + quote(oneway_) +
               " --audit --audit-filter DRIFT --audit-group cause --overlay heat --frames 3"
               " --screenshot " +
               quote(shot));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // All 6 864, not the part of them a list cut at 100 000 cases holds.
  EXPECT_NE(r.output.find("audit filter: DRIFT; speed any; direction any: 6864 of 85148 failing "
                          "cases shown"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("legend: FALSE-BLOCK 78284 (hidden), DRIFT 6864"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("audit groups by cause: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("largest: DRIFT moving R "), std::string::npos) << r.output;
  app::RgbaImage image;
  std::string error;
  ASSERT_TRUE(app::readPng(shot, image, &error)) << error;
  // The legend's DRIFT swatch is an opaque fill in the class's colour.
  EXPECT_GT(pixelsOf(image, core::verdictColour(core::Verdict::Drift)), 20);
}

TEST_F(GuiFindings, SpeedFilterAndAllClasses) {
  auto r =
      gui("--open " + quote(oneway_) + " --audit --audit-filter all --audit-speed 2 --frames 2");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("audit filter: CLIP,GAP,TUNNEL,FALSE-BLOCK,JITTER,ROUTINE-FAULT,DRIFT,WRONG-ANSWER; "
                          "speed 2; direction any: "),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("(hidden)"), std::string::npos) << r.output;
}

TEST_F(GuiFindings, UnknownClassIsBadInput) {
  auto r = gui("--open " + quote(oneway_) + " --audit --audit-filter WOBBLE --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--audit-filter: \"WOBBLE\" is not a verdict class"), std::string::npos)
      << r.output;
}

// The first DRIFT case opened from the filtered list, and why it is one.
TEST_F(GuiFindings, WhyExplainsTheOpenedCase) {
  auto r = gui("--open " + quote(oneway_) +
               " --audit --audit-filter DRIFT --audit-case 0 --why --frames 2");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("why: frame 0, player"), std::string::npos) << r.output;
  EXPECT_NE(
      r.output.find(std::string("why: DRIFT: ") + core::verdictExplanation(core::Verdict::Drift)),
      std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("why: the oracle stops at ("), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("why: more: docs/verdicts.md"), std::string::npos) << r.output;
}

TEST_F(GuiFindings, WhyOnAnOkFrame) {
  auto r = gui("--open " + quote(oneway_) + " --frame 0 --why --frames 2");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("why: ok: the routine ends where the exact oracle ends"),
            std::string::npos)
      << r.output;
}
#endif

}  // namespace
