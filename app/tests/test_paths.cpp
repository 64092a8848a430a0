// Where the app keeps per-user files: the layout is copied from the shipped
// imgui.ini on first use, a scripted run reads it without copying it, and the
// recent-files list can be kept in memory only.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/common/paths.h"
#include "core/util/files.h"

namespace fs = std::filesystem;

namespace {

// Points XDG_CONFIG_HOME at a fresh directory for the test's lifetime.
class PrivateConfig : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* old = std::getenv("XDG_CONFIG_HOME")) saved_ = old;
    dir_ = fs::temp_directory_path() / ("collidoscope_paths_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    setenv("XDG_CONFIG_HOME", dir_.c_str(), 1);
  }
  void TearDown() override {
    if (saved_)
      setenv("XDG_CONFIG_HOME", saved_->c_str(), 1);
    else
      unsetenv("XDG_CONFIG_HOME");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path dir_;
  std::optional<std::string> saved_;
};

TEST_F(PrivateConfig, ScriptedRunsReadTheShippedLayoutWithoutCopyingIt) {
  const fs::path shipped = fs::path(app::dataDir()) / "imgui.ini";
  if (!fs::exists(shipped)) GTEST_SKIP() << "no shipped imgui.ini at " << shipped;
  EXPECT_EQ(app::layoutToRead(), shipped.string());
  EXPECT_FALSE(fs::exists(dir_ / "collidoscope" / "imgui.ini"));
}

TEST_F(PrivateConfig, TheFirstInteractiveRunCopiesTheLayoutAndLaterRunsReadIt) {
  const fs::path shipped = fs::path(app::dataDir()) / "imgui.ini";
  if (!fs::exists(shipped)) GTEST_SKIP() << "no shipped imgui.ini at " << shipped;
  std::string error;
  const std::string user = app::userImguiIni(&error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_EQ(user, (dir_ / "collidoscope" / "imgui.ini").string());
  ASSERT_TRUE(fs::exists(user));
  EXPECT_EQ(core::readTextFile(user, &error), core::readTextFile(shipped.string(), &error));
  // The user's own layout wins from then on, and is never overwritten.
  std::ofstream(user) << "[Window][Room]\nPos=1,2\n";
  EXPECT_EQ(app::userImguiIni(&error), user);
  EXPECT_EQ(app::layoutToRead(), user);
  EXPECT_EQ(*core::readTextFile(user, &error), "[Window][Room]\nPos=1,2\n");
}

}  // namespace

// Save as starts in the document's folder (issue 21 item 4); untitled
// documents start in the last used folder, a recent file's folder, or the
// current directory; never in the samples folder for a save.
TEST(DialogStart, SaveAsStartsInTheDocumentsFolder) {
  const fs::path tmp =
      fs::temp_directory_path() / ("collidoscope_start_" + std::to_string(::getpid()));
  fs::create_directories(tmp / "levels");
  fs::create_directories(tmp / "last");
  app::DialogStart d;
  d.samples = "/samples/maps/";
  d.scenarioPath = (tmp / "levels" / "a.scenario.json").string();
  d.mapPath = (tmp / "levels" / "a.map.json").string();
  d.lastFolder = (tmp / "last").string();
  EXPECT_EQ(app::dialogStartPath(d, true), d.scenarioPath);  // its folder, its name
  d.scenarioPath.clear();                                    // a map opened alone
  EXPECT_EQ(app::dialogStartPath(d, true), (tmp / "levels").string());
  d.mapPath.clear();  // a new scenario: the folder last used
  EXPECT_EQ(app::dialogStartPath(d, true), (tmp / "last").string());
  d.lastFolder = (tmp / "gone").string();  // no longer there: the newest recent file's
  d.recent = {(tmp / "gone" / "x.json").string(), (tmp / "levels" / "b.scenario.json").string()};
  EXPECT_EQ(app::dialogStartPath(d, true), (tmp / "levels").string());
  d.recent.clear();  // nothing known: the current directory, not the samples
  EXPECT_EQ(app::dialogStartPath(d, true), fs::current_path().string());
  EXPECT_EQ(app::dialogStartPath(d, false), "/samples/maps/");  // Open offers the samples
  fs::remove_all(tmp);
}
