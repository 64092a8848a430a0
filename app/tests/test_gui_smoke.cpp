// Runs the real GUI under a virtual X server and checks its screenshot.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "app/common/png.h"
#include "app/tests/run_process.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

bool haveXvfbRun() {
  return std::system("command -v xvfb-run >/dev/null 2>&1") == 0;
}

}  // namespace
#endif

TEST(GuiSmoke, TenFramesWriteANonBlankScreenshotOfTheWindowSize) {
#ifndef COLLIDOSCOPE_GUI_EXE
  GTEST_SKIP() << "built without the GUI (COLLIDOSCOPE_GUI=OFF)";
#else
  if (!haveXvfbRun()) GTEST_SKIP() << "xvfb-run is not installed";
  fs::path dir = fs::temp_directory_path() / ("collidoscope_smoke_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path png = dir / "smoke.png";
  // A private config dir: the test never touches the user's imgui.ini.
  std::string cmd = "XDG_CONFIG_HOME=" + quote((dir / "config").string()) +
                    " xvfb-run -a -s '-screen 0 1600x900x24' " + quote(COLLIDOSCOPE_GUI_EXE) +
                    " --frames 10 --width 1280 --height 720 --screenshot " + quote(png.string());
  auto r = runProcess(cmd);
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
