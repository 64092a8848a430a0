// The GUI survives files it cannot load: a scenario whose number overflows a
// double, a device given as the scenario, and a recent-files list of the wrong
// shape each leave it running (status line, exit 0) instead of aborting it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/tests/run_process.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

class GuiLoad : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!app::test::haveXvfbRun()) GTEST_SKIP() << "xvfb-run is not installed";
    dir_ = fs::temp_directory_path() / ("collidoscope_load_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "config" / "collidoscope");
  }
  void TearDown() override {
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }
  app::test::ProcessResult gui(const std::string& args) {
    return runProcess("timeout 120 env " + app::test::guiCommand(COLLIDOSCOPE_GUI_EXE,
                                                                 (dir_ / "config").string(), args));
  }
  fs::path dir_;
};

}  // namespace

TEST_F(GuiLoad, BadFilesGiveAStatusNotACrash) {
  const std::string bad = (dir_ / "overflow.scenario.json").string();
  std::ofstream(bad) << "{\"format\": \"collidoscope-scenario/1\", \"frames\": 1e400}\n";
  // The recent list is read at start-up; value() used to throw on a numeric format.
  std::ofstream(dir_ / "config" / "collidoscope" / "recent.json") << "{\"format\": 1}\n";
  for (const std::string& file : {bad, std::string("/dev/zero")}) {
    auto r = gui("--open " + quote(file) + " --frames 3");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("collidoscope: " + file + ":"), std::string::npos) << r.output;
  }
}
#endif
