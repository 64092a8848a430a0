// The Binding panel (issue 17 item 3) through the GUI's scripted flags: a ROM
// nothing binds opens the panel; --write-binding runs its "Write manifest and
// scenario..." with the suggested picks, and the files it wrote load (the GUI
// opens the scenario and records its frames; core loads them back here too).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/sim/scenario.h"

namespace fs = std::filesystem;
using app::test::quote;

#if defined(COLLIDOSCOPE_GUI_EXE) && defined(COLLIDOSCOPE_GAMES_DIR)
namespace {

class GuiBinding : public app::test::GuiRunTest {
 protected:
  GuiBinding() : GuiRunTest("collidoscope_binding_") {}
  // The Game Boy game is built by collido itself: it is there without ca65.
  void SetUp() override {
    GuiRunTest::SetUp();
    for (const char* f : {"gb_mbc1_demo.gb", "gb_mbc1_demo.sym"})
      fs::copy_file(fs::path(COLLIDOSCOPE_GAMES_DIR) / "gb_mbc1_demo" / f, dir_ / f,
                    fs::copy_options::overwrite_existing);
  }
  app::test::ProcessResult gui(const std::string& args) {
    return GuiRunTest::gui(args + " --frames 3", "timeout 120 env");
  }
  std::string rom() const { return (dir_ / "gb_mbc1_demo.gb").string(); }
};

}  // namespace

TEST_F(GuiBinding, AnUnboundRomOpensTheBindingPanel) {
  auto r = gui("--open-game " + quote(rom()) + " --binding-search player");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: binding: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" suggestions"), std::string::npos) << r.output;
}

TEST_F(GuiBinding, WriteBindingWritesFilesThatLoadAndRun) {
  const std::string scenario = (dir_ / "mine.scenario.json").string();
  auto r = gui("--open-game " + quote(rom()) + " --write-binding " + quote(scenario));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: binding: Wrote "), std::string::npos) << r.output;
  ASSERT_TRUE(fs::exists(dir_ / "mine.manifest.json"));
  ASSERT_TRUE(fs::exists(dir_ / "mine.map.json"));
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(scenario, s, &error)) << error;
  EXPECT_EQ(s.manifest.entry, "CollidePlayer");
  ASSERT_TRUE(s.manifest.game.has_value());
  EXPECT_EQ(s.manifest.fields.at("x").ref.label, "wPlayerX");
  EXPECT_EQ(s.entities.at(0).x, 16);  // where the booted game holds the player
  // The GUI opened it: the next run opens the ROM's new scenario by itself.
  auto again = gui("--open-game " + quote(rom()));
  EXPECT_EQ(again.exitCode, 0) << again.output;
  EXPECT_NE(again.output.find("script: Opened " + scenario), std::string::npos) << again.output;
}

TEST_F(GuiBinding, PicksThatDoNotLoadSayWhy) {
  // Without its symbols nothing can be suggested: the writer asks for the picks.
  fs::remove(dir_ / "gb_mbc1_demo.sym");
  auto r = gui("--open-game " + quote(rom()) + " --write-binding " +
               quote((dir_ / "x.scenario.json").string()));
  EXPECT_NE(r.output.find("script: binding: Not written: pick the routine, x, y first"),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(dir_ / "x.scenario.json"));
}
#endif
