// A test fixture with a fresh temporary folder per test (named after the test,
// removed afterwards), and the path of a file of the source tree.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "app/tests/run_process.h"

namespace app::test {

inline std::string repoFile(const std::string& rel) {
  return std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + rel;
}

class TempDirTest : public ::testing::Test {
 protected:
  explicit TempDirTest(std::string prefix) : prefix_(std::move(prefix)) {}
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           (prefix_ + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

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
