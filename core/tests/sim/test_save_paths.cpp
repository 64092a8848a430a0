// Saving a scenario into another folder rewrites the paths it stores (map,
// routine) relative to the new file, whether the document was opened and the
// target named by a relative path, an absolute path, or a bare file name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "core/map/map_file.h"
#include "core/sim/scenario.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace fs = std::filesystem;

namespace {

// Runs with the working directory at the source tree (so the sample opens by a
// relative name, as `collidoscope maps/x.scenario.json` does) and restores it.
class SavePaths : public ::testing::Test {
 protected:
  void SetUp() override {
    old_ = fs::current_path();
    tmp_ = fs::temp_directory_path() / ("collidoscope_savepaths_" + std::to_string(::getpid()));
    fs::create_directories(tmp_ / "rel");
    fs::create_directories(tmp_ / "abs");
    fs::current_path(COLLIDOSCOPE_SOURCE_DIR);
  }
  void TearDown() override {
    fs::current_path(old_);
    std::error_code ec;
    fs::remove_all(tmp_, ec);
  }
  // Saves `s` as `path` with a copy of its map beside it (what the GUI's Save
  // As does), loads it back and checks it names the same routine and map.
  void saveAndReload(core::Scenario s, const std::string& path, const std::string& mapPath) {
    const std::string manifest = s.manifestPath;
    std::string error;
    ASSERT_TRUE(core::saveMap(mapPath, s.map, &error)) << error;
    s.mapPath = mapPath;
    ASSERT_TRUE(core::saveScenario(path, s, &error)) << error;
    auto j = core::readJsonFile(path, &error);
    ASSERT_TRUE(j) << error;
    EXPECT_FALSE(fs::path((*j)["routine"].get<std::string>()).is_absolute())
        << "a path on the same disk is stored relative: " << (*j)["routine"];
    core::Scenario back;
    ASSERT_TRUE(core::loadScenario(path, back, &error)) << error;
    EXPECT_TRUE(fs::equivalent(back.manifestPath, manifest)) << back.manifestPath;
    EXPECT_TRUE(fs::equivalent(back.mapPath, mapPath)) << back.mapPath;
    EXPECT_EQ(back.map.room.cells, s.map.room.cells);
  }
  fs::path old_, tmp_;
};

core::Scenario openRelative() {
  core::Scenario s;
  std::string error;
  EXPECT_TRUE(core::loadScenario("maps/seed003_dungeon.scenario.json", s, &error)) << error;
  EXPECT_FALSE(fs::path(s.manifestPath).is_absolute());
  return s;
}

}  // namespace

TEST_F(SavePaths, ToAnAbsolutePathFromARelativelyOpenedScenario) {
  core::Scenario s = openRelative();
  saveAndReload(s, (tmp_ / "abs" / "x.scenario.json").string(),
                (tmp_ / "abs" / "x.map.json").string());
}

TEST_F(SavePaths, ToARelativePathInAnotherFolder) {
  core::Scenario s = openRelative();
  const fs::path rel = fs::relative(tmp_ / "rel", fs::current_path());
  ASSERT_FALSE(rel.is_absolute());
  saveAndReload(s, (rel / "x.scenario.json").string(), (rel / "x.map.json").string());
}

TEST_F(SavePaths, ToABareNameInTheWorkingDirectory) {
  core::Scenario s = openRelative();
  fs::current_path(tmp_);  // a bare name is a file in the working directory
  // The scenario was opened relative to the source tree: make its paths absolute
  // the way a process that changed directory would have to see them.
  s.manifestPath = (fs::path(COLLIDOSCOPE_SOURCE_DIR) / s.manifestPath).string();
  saveAndReload(s, "x.scenario.json", "x.map.json");
}

TEST_F(SavePaths, IntoTheFolderItCameFrom) {
  // The reproducer: opened as maps/..., saved into maps/ by an absolute
  // name. In a copy of the tree's layout, so no stray file joins the samples.
  const fs::path tree = tmp_ / "tree";
  fs::create_directories(tree / "maps");
  for (const char* f : {"seed003_dungeon.scenario.json", "seed003_dungeon.map.json"})
    fs::copy_file(fs::path(COLLIDOSCOPE_SOURCE_DIR) / "maps" / f, tree / "maps" / f);
  fs::create_directory_symlink(fs::path(COLLIDOSCOPE_SOURCE_DIR) / "assets", tree / "assets");
  fs::current_path(tree);
  core::Scenario s = openRelative();
  const fs::path dir = fs::absolute("maps");
  const std::string path = (dir / "copy.scenario.json").string();
  saveAndReload(s, path, (dir / "copy.map.json").string());
  std::string error;
  auto j = core::readJsonFile(path, &error);
  ASSERT_TRUE(j) << error;
  EXPECT_EQ((*j)["routine"], "../assets/routines/seed003_canmove/manifest.json");
  EXPECT_EQ((*j)["map"], "copy.map.json");
}

TEST(MakeRelative, RelatesRelativeAbsoluteAndBareNames) {
  const std::string cwd = fs::current_path().string();
  EXPECT_EQ(core::makeRelative("/a/b/x.json", "/a/c/y.json"), "../c/y.json");
  EXPECT_EQ(core::makeRelative(cwd + "/maps/x.json", "assets/r/m.json"), "../assets/r/m.json");
  EXPECT_EQ(core::makeRelative("maps/x.json", cwd + "/assets/r/m.json"), "../assets/r/m.json");
  EXPECT_EQ(core::makeRelative("x.json", "assets/r/m.json"), "assets/r/m.json");
  EXPECT_EQ(core::makeRelative("x.json", cwd + "/m.json"), "m.json");
  EXPECT_EQ(core::makeRelative("maps/x.json", "maps/../maps/y.json"), "y.json");
}
