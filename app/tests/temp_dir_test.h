// The temporary-folder fixture (core/tests/temp_dir_test.h), the path of a file
// of the source tree, and the GUI run fixture.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "app/tests/run_process.h"
#include "core/tests/temp_dir_test.h"

namespace app::test {

inline std::string repoFile(const std::string& rel) {
  return std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + rel;
}

using core::test::TempDirTest;

#ifdef COLLIDOSCOPE_GUI_EXE
// Runs the GUI under xvfb-run with its config in the test's folder, so the
// user's files are never touched (the test skips itself without xvfb-run).
class GuiRunTest : public TempDirTest {
 protected:
  explicit GuiRunTest(std::string prefix) : TempDirTest(std::move(prefix)) {}
  void SetUp() override {
    if (!haveXvfbRun()) GTEST_SKIP() << "xvfb-run is not installed";
    TempDirTest::SetUp();
  }
  // `prefix` goes before the command line (e.g. "timeout 120 env").
  ProcessResult gui(const std::string& args, const std::string& prefix = {}) {
    const std::string command = guiCommand(COLLIDOSCOPE_GUI_EXE, (dir_ / "config").string(), args);
    return runProcess(prefix.empty() ? command : prefix + " " + command);
  }
};
#endif

}  // namespace app::test
