// `collido render SCENARIO --screen` and `--viewer ...`: the game's own picture
// at a frame and the video viewers, headless. Checks the pictures' sizes (the
// NES screen 256x240 and its four nametables 512x480, the Game Boy's 160x144 and
// 256x256 BG map, at --scale), that the overlays change the screen picture,
// and that a scenario that runs no game, a bad viewer and a frame past the
// scenario exit 2 with their message. Skips when the test games are not built
// (build/games beside build/app/collido).
#include <gtest/gtest.h>

#include <filesystem>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace {

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

class CliRenderScreen : public app::test::TempDirTest {
 protected:
  CliRenderScreen() : TempDirTest("collido_cli_render_screen_") {}
  void SetUp() override {
    TempDirTest::SetUp();
    games_ = fs::path(COLLIDO_EXE).parent_path().parent_path() / "games";
    if (!fs::exists(games_ / "gb_mbc1_demo" / "gb_mbc1_demo.gb"))
      GTEST_SKIP() << "test games not built: " << games_;
  }
  std::string scenario(const std::string& game, const std::string& file) const {
    return quote((games_ / game / file).string());
  }
  app::test::ProcessResult render(const std::string& args) const {
    return runProcess(std::string("timeout 120 ") + quote(COLLIDO_EXE) + " render " + args);
  }
  app::RgbaImage read(const std::string& file) const {
    app::RgbaImage img;
    std::string error;
    EXPECT_TRUE(app::readPng(file, img, &error)) << error;
    return img;
  }
  bool haveNes() const { return fs::exists(games_ / "nrom_demo" / "nrom_demo.nes"); }
  fs::path games_;
};

TEST_F(CliRenderScreen, WritesTheGameBoyScreenAndItsViewers) {
  const std::string sc = scenario("gb_mbc1_demo", "gb_mbc1_demo_frame.scenario.json");
  const std::string plain = path("plain.png"), boxed = path("boxed.png");
  auto r = render(sc + " --screen --frame 60 --scale 2 --overlays none --png " + quote(plain));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  r = render(sc + " --screen --frame 60 --scale 2 --overlays hitbox,grid --png " + quote(boxed));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const app::RgbaImage a = read(plain), b = read(boxed);
  EXPECT_EQ(a.width, 320);
  EXPECT_EQ(a.height, 288);
  EXPECT_EQ(b.width, 320);
  EXPECT_NE(a.pixels, b.pixels) << "the overlays are drawn";
  const struct {
    const char* viewer;
    int w, h;
  } viewers[] = {
      {"nametables", 256, 256}, {"tiles", 128, 192}, {"oam", 160, 144}, {"palettes", 64, 48}};
  for (const auto& v : viewers) {
    const std::string out = path(std::string(v.viewer) + ".png");
    r = render(sc + " --viewer " + v.viewer + " --frame 60 --scale 1 --png " + quote(out));
    ASSERT_EQ(r.exitCode, 0) << v.viewer << ": " << r.output;
    const app::RgbaImage img = read(out);
    EXPECT_EQ(img.width, v.w) << v.viewer;
    EXPECT_EQ(img.height, v.h) << v.viewer;
  }
}

TEST_F(CliRenderScreen, WritesTheNesScreenAndItsNametables) {
  if (!haveNes()) GTEST_SKIP() << "the NES test games are not built (ca65)";
  const std::string sc = scenario("nrom_demo", "nrom_demo_frame.scenario.json");
  const std::string screen = path("screen.png"), nt = path("nt.png");
  auto r = render(sc + " --screen --frame 100 --scale 1 --png " + quote(screen));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(read(screen).width, 256);
  EXPECT_EQ(read(screen).height, 240);
  r = render(sc + " --viewer nametables --frame 100 --scale 1 --png " + quote(nt));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(read(nt).width, 512);
  EXPECT_EQ(read(nt).height, 480);
}

TEST_F(CliRenderScreen, BadRequestsExit2WithTheirMessage) {
  const std::string sc = scenario("gb_mbc1_demo", "gb_mbc1_demo_frame.scenario.json");
  auto r = render(sc + " --viewer sprites --png " + quote(path("x.png")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--viewer: \"sprites\" is not one of nametables, tiles, oam, palettes"),
            std::string::npos)
      << r.output;
  r = render(sc + " --screen --frame 100000 --png " + quote(path("x.png")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("past the scenario's last frame"), std::string::npos) << r.output;
  const std::string flat =
      quote(std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json");
  r = render(flat + " --screen --png " + quote(path("x.png")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("does not run a game"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(path("x.png")));
}

}  // namespace
