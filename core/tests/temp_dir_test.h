// A test fixture with a fresh temporary folder per test, named after the
// prefix, the process and the test (ctest -j runs tests side by side), and
// removed afterwards. The app tests use it too (app/tests/temp_dir_test.h).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
  // What `p` holds ("" when it cannot be opened).
  std::string read(const std::string& p) const {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  }
  // The names in the test's folder, sorted.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir_))
      names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    return names;
  }
  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

}  // namespace core::test
