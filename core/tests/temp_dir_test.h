// A test fixture with a fresh temporary folder per test, named after the
// prefix, the process and the test (ctest -j runs tests side by side), and
// removed afterwards. The app tests use it too (app/tests/temp_dir_test.h).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace core::test {

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
  // A path inside the test's folder.
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

}  // namespace core::test
