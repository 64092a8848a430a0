// The GUI survives files it cannot load: a scenario whose number overflows a
// double, a device given as the scenario, and a recent-files list of the wrong
// shape each leave it running (status line, exit 0) instead of aborting it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

class GuiLoad : public app::test::GuiRunTest {
 protected:
  GuiLoad() : GuiRunTest("collidoscope_load_") {}
  void SetUp() override {
    GuiRunTest::SetUp();
    if (!IsSkipped()) fs::create_directories(dir_ / "config" / "collidoscope");
  }
  app::test::ProcessResult gui(const std::string& args) {
    return GuiRunTest::gui(args, "timeout 120 env");
  }
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
