// `collido import-room MANIFEST [--frame N] -o ROOM`: the room the Game Boy test
// game holds in RAM after its boot is written as a map equal to the one it was
// built from (exit 0); a manifest that does not load or does not say where the
// room is exits 2 with the located message. Skips when the test games are not
// built (CMake target test_games, into build/games beside build/app/collido).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/map/map_file.h"

namespace {

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

class CliImportRoom : public app::test::TempDirTest {
 protected:
  CliImportRoom() : TempDirTest("collido_cli_import_room_") {}
  void SetUp() override {
    TempDirTest::SetUp();
    game_ = fs::path(COLLIDO_EXE).parent_path().parent_path() / "games" / "gb_mbc1_demo";
    if (!fs::exists(game_ / "gb_mbc1_demo.gb")) GTEST_SKIP() << "test games not built: " << game_;
  }
  app::test::ProcessResult importRoom(const std::string& args) const {
    return runProcess(std::string("timeout 60 ") + quote(COLLIDO_EXE) + " import-room " + args);
  }
  fs::path game_;
};

TEST_F(CliImportRoom, WritesTheRoomTheGameHolds) {
  const std::string out = path("room.map.json");
  const auto r =
      importRoom(quote((game_ / "manifest.json").string()) + " --frame 3 -o " + quote(out));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(
      r.output.find(": 20x18 cells of 8 px, 4 metatiles, 384 tiles, from wRoomCells at frame 3"),
      std::string::npos)
      << r.output;
  core::MapDocument got, built;
  std::string error;
  ASSERT_TRUE(core::loadMap(out, got, &error)) << error;
  ASSERT_TRUE(core::loadMap((game_ / "gb_mbc1_demo.map.json").string(), built, &error)) << error;
  EXPECT_EQ(got.room.cells, built.room.cells);
}

TEST_F(CliImportRoom, BadManifestsExit2Located) {
  auto r = importRoom(quote(path("none.json")) + " -o " + quote(path("x.map.json")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("collido import-room: " + path("none.json") + ": cannot open"),
            std::string::npos)
      << r.output;
  // The game's manifest without its map block: nothing says where the room is.
  std::ifstream in(game_ / "manifest.json");
  nlohmann::json j = nlohmann::json::parse(in);
  j.erase("map");
  j["game"]["rom"] = (game_ / "gb_mbc1_demo.gb").string();
  j["game"]["symbols"] = {(game_ / "gb_mbc1_demo.sym").string()};
  std::ofstream(path("manifest.json")) << j.dump(1);
  r = importRoom(quote(path("manifest.json")) + " -o " + quote(path("x.map.json")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("map.cells: the manifest does not say where the game keeps its room"),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(path("x.map.json")));
}

}  // namespace
