// Runs the real GUI under a virtual X server and checks its screenshot.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/common/png.h"
#include "app/tests/run_process.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

TEST(GuiSmoke, TenFramesWriteANonBlankScreenshotOfTheWindowSize) {
#ifndef COLLIDOSCOPE_GUI_EXE
  GTEST_SKIP() << "built without the GUI (COLLIDOSCOPE_GUI=OFF)";
#else
  if (!app::test::haveXvfbRun()) GTEST_SKIP() << "xvfb-run is not installed";
  fs::path dir = fs::temp_directory_path() / ("collidoscope_smoke_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path png = dir / "smoke.png";
  // A private config dir: the test never touches the user's imgui.ini.
  auto r = runProcess(app::test::guiCommand(
      COLLIDOSCOPE_GUI_EXE, (dir / "config").string(),
      "--frames 10 --width 1280 --height 720 --screenshot " + quote(png.string())));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  app::RgbaImage image;
  std::string error;
  ASSERT_TRUE(app::readPng(png.string(), image, &error)) << error;
  EXPECT_EQ(image.width, 1280);
  EXPECT_EQ(image.height, 720);
  EXPECT_FALSE(image.isFlat());
  EXPECT_GT(image.distinctColours(64), 8);
  fs::remove_all(dir);
#endif
}
