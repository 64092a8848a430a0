// File > Open game... and reload on change (issue 15), through the GUI's
// scripted flags: --open-game ROM does what the menu does with the ROM picked,
// and --replace-rom FILE copies FILE over the open game's ROM, as a rebuild
// would, and goes through the same file watch and reload as polling.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace fs = std::filesystem;
using app::test::quote;

#if defined(COLLIDOSCOPE_GUI_EXE) && defined(COLLIDOSCOPE_GAMES_DIR)
namespace {

class GuiGame : public app::test::GuiRunTest {
 protected:
  GuiGame() : GuiRunTest("collidoscope_game_") {}
  void SetUp() override {
    if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake: no NES games";
    GuiRunTest::SetUp();
  }
  // Copies the built game's files (those named) into the test's folder.
  void copyGame(const std::string& game, const std::vector<std::string>& files) {
    for (const std::string& f : files)
      fs::copy_file(fs::path(COLLIDOSCOPE_GAMES_DIR) / game / f, dir_ / f,
                    fs::copy_options::overwrite_existing);
  }
  void copyMmc1() {
    copyGame("mmc1_demo", {"mmc1_demo.nes", "mmc1_demo.dbg", "manifest.json",
                           "mmc1_demo.scenario.json", "mmc1_demo.map.json"});
  }
  app::test::ProcessResult gui(const std::string& args) {
    return GuiRunTest::gui(args + " --frames 3", "timeout 120 env");
  }
  std::string rom() const { return (dir_ / "mmc1_demo.nes").string(); }
};

}  // namespace

TEST_F(GuiGame, OpenGameOpensTheScenarioThatBindsTheRom) {
  copyMmc1();
  auto r = gui("--open-game " + quote(rom()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: Opened " + (dir_ / "mmc1_demo.scenario.json").string()),
            std::string::npos)
      << r.output;
}

TEST_F(GuiGame, SeveralBindingsOpenTheFirstByNameAndSaySo) {
  copyMmc1();
  fs::copy_file(dir_ / "mmc1_demo.scenario.json", dir_ / "a_walk.scenario.json");
  auto r = gui("--open-game " + quote(rom()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Opened a_walk.scenario.json, the first of 2 scenarios that bind "
                          "mmc1_demo.nes"),
            std::string::npos)
      << r.output;
}

TEST_F(GuiGame, ARomNothingBindsShowsItsSummaryAndSymbols) {
  copyGame("mmc1_demo", {"mmc1_demo.nes", "mmc1_demo.dbg"});
  auto r = gui("--open-game " + quote(rom()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: iNES, mapper 1 (MMC1)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("script: mmc1_demo.dbg: ld65 dbg, "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("no manifest binds this ROM yet: see docs/game-mode.md"),
            std::string::npos)
      << r.output;
}

TEST_F(GuiGame, AManifestWithoutAScenarioIsNamed) {
  copyGame("mmc1_demo", {"mmc1_demo.nes", "mmc1_demo.dbg", "manifest.json"});
  auto r = gui("--open-game " + quote(rom()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("the manifest manifest.json binds this ROM, but no scenario"),
            std::string::npos)
      << r.output;
}

// The game's warnings (symbols that do not match the ROM) reach the status line.
TEST_F(GuiGame, WarningsOfTheGameAreShown) {
  copyGame("nrom_demo", {"nrom_demo.nes", "nrom_demo.labels.txt", "manifest.json",
                         "nrom_demo.scenario.json", "nrom_demo.map.json"});
  std::ofstream(dir_ / "nrom_demo.labels.txt", std::ios::app) << "al 00C400 .ghost_code\n";
  // A `jsr ghost_code` in the ROM's $FF padding (at $C500, file offset 16 + $500 of the
  // 16 KiB PRG): code is expected at the label, so its $FF bytes are worth a warning.
  {
    std::fstream rom(dir_ / "nrom_demo.nes", std::ios::in | std::ios::out | std::ios::binary);
    rom.seekp(16 + 0x500);
    rom.write("\x20\x00\xC4", 3);
  }
  auto j = nlohmann::json::parse(std::ifstream(dir_ / "manifest.json"));
  j["game"]["symbols"] = {"nrom_demo.labels.txt"};
  std::ofstream(dir_ / "manifest.json") << j.dump(1);
  auto r = gui("--open-game " + quote((dir_ / "nrom_demo.nes").string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("1 warning: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ghost_code at $C400"), std::string::npos) << r.output;
}

// The user rebuilt: the ROM changed on disk. The game is reloaded and
// re-simulated, and the frame shown stays.
TEST_F(GuiGame, ARebuiltRomIsReloadedAndTheFrameKept) {
  copyMmc1();
  const std::string rebuilt = (dir_ / "rebuilt.nes").string();
  fs::copy_file(rom(), rebuilt);
  auto r = gui("--open-game " + quote(rom()) + " --frame 100 --replace-rom " + quote(rebuilt));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("mmc1_demo.nes changed on disk: reloaded and re-simulated"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("script: 960 frames after the reload, frame 100 shown"),
            std::string::npos)
      << r.output;
}

// File > Rebuild game runs the manifest's build command, then reloads.
TEST_F(GuiGame, RebuildGameRunsTheBuildCommandAndReloads) {
  copyMmc1();
  auto j = nlohmann::json::parse(std::ifstream(dir_ / "manifest.json"));
  j["game"]["build"] = {{"command", "echo built >> build.log"}};
  std::ofstream(dir_ / "manifest.json") << j.dump(1);
  auto r = gui("--open-game " + quote(rom()) + " --frame 50 --rebuild-game");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Rebuilt with \"echo built >> build.log\": reloaded and re-simulated"),
            std::string::npos)
      << r.output;
  std::ifstream log(dir_ / "build.log");
  std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "built\nbuilt\n") << "once at open, once on Rebuild";
}

// A rebuild that does not load keeps the previous simulation and says why.
TEST_F(GuiGame, ARomThatNoLongerLoadsKeepsTheOldBuild) {
  copyMmc1();
  const std::string broken = (dir_ / "broken.nes").string();
  {
    std::ifstream in(rom(), std::ios::binary);
    std::string head(4000, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    std::ofstream(broken, std::ios::binary) << head;
  }
  auto r = gui("--open-game " + quote(rom()) + " --frame 100 --replace-rom " + quote(broken));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("reload failed, the previous build stays"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("truncated"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("script: 960 frames after the reload, frame 100 shown"),
            std::string::npos)
      << r.output;
}
#endif
