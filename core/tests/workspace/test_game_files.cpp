// core/workspace/game_files.h: the files a document depends on (what the GUI
// watches for reload on change), which scenarios and manifests bind a ROM
// (File > Open game...), and a rebuild from disk that keeps the map in memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/asm/subprocess.h"
#include "core/tests/sample_test_util.h"
#include "core/workspace/game_files.h"

namespace fs = std::filesystem;

namespace core {
namespace {

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

std::string canonical(const std::string& p) {
  return fs::weakly_canonical(p).string();
}

class GameFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake: no NES games";
    std::string error;
    auto dir = TempDir::create("game_files", &error);
    ASSERT_TRUE(dir) << error;
    dir_.emplace(std::move(*dir));
  }
  void copy(const std::vector<std::string>& files) {
    for (const std::string& f : files)
      fs::copy_file(gameFile("mmc1_demo", f), dir_->file(f), fs::copy_options::overwrite_existing);
  }
  std::optional<TempDir> dir_;
};

TEST_F(GameFilesTest, AGameDependsOnItsRomSymbolsAndManifest) {
  Scenario s;
  std::string error;
  ASSERT_TRUE(loadScenario(gameFile("mmc1_demo", "mmc1_demo.scenario.json"), s, &error)) << error;
  Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  const std::vector<std::string> expected{canonical(gameFile("mmc1_demo", "mmc1_demo.nes")),
                                          canonical(gameFile("mmc1_demo", "mmc1_demo.dbg")),
                                          canonical(gameFile("mmc1_demo", "manifest.json"))};
  EXPECT_EQ(documentFiles(sim), expected);
}

TEST_F(GameFilesTest, AFlatRoutineDependsOnItsSourcesAndManifest) {
  Scenario s;
  std::string error;
  ASSERT_TRUE(loadScenario(test::repoFile("maps/seed002_castle.scenario.json"), s, &error))
      << error;
  Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  const auto files = documentFiles(sim);
  for (const std::string& src : s.manifest.sources)
    EXPECT_NE(std::find(files.begin(), files.end(), canonical(src)), files.end()) << src;
  EXPECT_EQ(files.back(), canonical(s.manifestPath));
}

TEST_F(GameFilesTest, BindingsAreFoundBesideTheRomSortedByName) {
  copy({"mmc1_demo.nes", "mmc1_demo.dbg", "manifest.json", "mmc1_demo.scenario.json",
        "mmc1_demo.map.json"});
  fs::copy_file(dir_->file("mmc1_demo.scenario.json"), dir_->file("a_walk.scenario.json"));
  std::ofstream(dir_->file("other.json")) << "{\"not\": \"ours\"}\n";
  const GameBindings found = findGameBindings(dir_->file("mmc1_demo.nes"));
  EXPECT_EQ(found.scenarios, (std::vector<std::string>{dir_->file("a_walk.scenario.json"),
                                                       dir_->file("mmc1_demo.scenario.json")}));
  EXPECT_EQ(found.manifests, std::vector<std::string>{dir_->file("manifest.json")});
  // Another ROM in the same folder is bound by none of them.
  fs::copy_file(dir_->file("mmc1_demo.nes"), dir_->file("other.nes"));
  EXPECT_TRUE(findGameBindings(dir_->file("other.nes")).empty());
}

TEST_F(GameFilesTest, AnUnboundRomIsDescribedWithItsSymbolFiles) {
  copy({"mmc1_demo.nes", "mmc1_demo.dbg"});
  const auto lines = describeUnboundRom(dir_->file("mmc1_demo.nes"));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].find("mapper 1 (MMC1)"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "symbols: mmc1_demo.dbg: the symbol file beside the ROM with its name");
  EXPECT_EQ(lines[2].rfind("mmc1_demo.dbg: ld65 dbg, ", 0), 0u) << lines[2];
}

// A rebuild takes the manifest from disk again and keeps the map in memory; a
// manifest whose label vanished fails with the label named, and leaves `out`.
TEST_F(GameFilesTest, RebuildFromDiskKeepsTheMapAndNamesAVanishedLabel) {
  copy({"mmc1_demo.nes", "mmc1_demo.dbg", "manifest.json", "mmc1_demo.scenario.json",
        "mmc1_demo.map.json"});
  Scenario s;
  std::string error;
  ASSERT_TRUE(loadScenario(dir_->file("mmc1_demo.scenario.json"), s, &error)) << error;
  s.map.room.cells[20] = 1;  // an unsaved edit
  std::unique_ptr<Simulation> sim;
  ASSERT_TRUE(rebuildFromDisk(s, sim, &error)) << error;
  EXPECT_EQ(sim->scenario().map.room.cells[20], 1);

  auto j = nlohmann::json::parse(std::ifstream(dir_->file("manifest.json")));
  j["entry"] = "collide_player_renamed";
  std::ofstream(dir_->file("manifest.json")) << j.dump(1);
  std::unique_ptr<Simulation> failed;
  EXPECT_FALSE(rebuildFromDisk(s, failed, &error));
  EXPECT_EQ(failed, nullptr);
  EXPECT_NE(error.find("collide_player_renamed"), std::string::npos) << error;
}

}  // namespace
}  // namespace core

namespace core {
namespace {

// Two banks with lines at $8000: the one whose ROM bytes the CPU sees there is
// the bank the Source panel shows.
TEST_F(GameFilesTest, TheBankAtPcIsTheOneWhoseBytesTheCpuSees) {
  game::RomFile rom;
  std::string error;
  ASSERT_TRUE(game::loadRom(gameFile("mmc1_demo", "mmc1_demo.nes"), rom, &error)) << error;
  ASSERT_TRUE(rom.nes);
  DebugInfo debug;
  debug.files = {"bank2.s", "bank5.s"};
  debug.lines = {{0x8000, 2, 2, 0, 10}, {0x8000, 2, 5, 1, 20}};
  debug.finalize();
  const auto& prg = rom.nes->prg;
  ASSERT_NE(prg[2 * 0x4000], prg[5 * 0x4000]) << "the test needs banks that differ at $8000";
  for (int bank : {2, 5}) {
    auto bus = [&](uint16_t a) { return prg[size_t(bank) * 0x4000 + (a - 0x8000)]; };
    EXPECT_EQ(bankAtPc(debug, rom, 0x8000, bus), bank);
    auto where = debug.lineFor(0x8000, bankAtPc(debug, rom, 0x8000, bus));
    ASSERT_TRUE(where);
    EXPECT_EQ(where->file, bank == 2 ? "bank2.s" : "bank5.s");
  }
  // Bytes neither bank holds: no bank can be told.
  EXPECT_EQ(bankAtPc(debug, rom, 0x8000, [](uint16_t) { return uint8_t(0x42); }), -1);
}

}  // namespace
}  // namespace core
