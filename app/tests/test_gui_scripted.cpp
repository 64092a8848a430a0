// Scripted GUI runs under a virtual X server: every sample scenario in maps/
// is opened, played for 120 frames, stepped into one instruction and
// screenshotted; the flags for scripted runs are checked too.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/sim/scenario.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

// Runs the GUI with a private config dir (so the shipped imgui.ini is used).
class GuiScripted : public app::test::GuiRunTest {
 protected:
  GuiScripted() : GuiRunTest("collidoscope_scripted_") {}
};

std::vector<fs::path> sampleScenarios() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(COLLIDOSCOPE_SOURCE_DIR) / "maps"))
    if (e.path().filename().string().ends_with(".scenario.json")) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Distinct colours inside a rectangle of the image, capped at `limit`.
int coloursIn(const app::RgbaImage& image, int x0, int y0, int x1, int y1, int limit) {
  std::set<uint32_t> seen;
  for (int y = y0; y < std::min(y1, image.height); ++y)
    for (int x = x0; x < std::min(x1, image.width); ++x) {
      const uint8_t* p = &image.pixels[(size_t(y) * image.width + x) * 4];
      seen.insert(uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2]);
      if (int(seen.size()) >= limit) return limit;
    }
  return int(seen.size());
}

}  // namespace

TEST_F(GuiScripted, EverySampleScenarioPlaysStepsAndScreenshots) {
  const auto scenarios = sampleScenarios();
  ASSERT_FALSE(scenarios.empty()) << "no maps/*.scenario.json";
  for (const fs::path& scenario : scenarios) {
    SCOPED_TRACE(scenario.filename().string());
    const fs::path png = dir_ / (scenario.stem().string() + ".png");
    auto r =
        gui("--open " + quote(scenario.string()) +
            " --play 120 --play-speed 4 --step-instructions 1 --screenshot " + quote(png.string()));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    // The script reports where the debugger's cursor ended up.
    EXPECT_NE(r.output.find("instruction 1 of "), std::string::npos) << r.output;
    app::RgbaImage image;
    std::string error;
    ASSERT_TRUE(app::readPng(png.string(), image, &error)) << error;
    EXPECT_EQ(image.width, 1600);
    EXPECT_EQ(image.height, 900);
    EXPECT_FALSE(image.isFlat());
    // The room (and its overlays) is drawn, not just the window chrome.
    EXPECT_GT(coloursIn(image, 260, 60, 840, 560, 16), 8);
  }
}

TEST_F(GuiScripted, PlaybackStopsAtABreakpoint) {
  const std::string castle =
      std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json";
  // NPCs call move_along_direction every frame: playback stops in frame 1.
  auto r = gui("--open " + quote(castle) +
               " --breakpoint move_along_direction --play 50 --step-instructions 1 --frames 20");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: frame 1, npc 1: Breakpoint at $"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("script: frame 1, npc 1, instruction"), std::string::npos) << r.output;
  // A condition no call meets never stops; a watchpoint stops at the first write.
  auto never =
      gui("--open " + quote(castle) +
          " --breakpoint 'move_along_direction if A == 1 && A == 2' --play 50 --frames 20");
  ASSERT_EQ(never.exitCode, 0) << never.output;
  EXPECT_EQ(never.output.find("Breakpoint at"), std::string::npos) << never.output;
  auto watch = gui("--open " + quote(castle) + " --watchpoint entity_x,w --play 50 --frames 20");
  ASSERT_EQ(watch.exitCode, 0) << watch.output;
  EXPECT_NE(watch.output.find("Watchpoint entity_x,w: writes"), std::string::npos) << watch.output;
  auto bad = gui("--open " + quote(castle) + " --breakpoint no_such_label --frames 2");
  EXPECT_EQ(bad.exitCode, 2) << bad.output;
  EXPECT_NE(bad.output.find("no_such_label"), std::string::npos) << bad.output;
}

// The one-way room: the castle audits clean under its seed's one-axis intent,
// the one-way ledges still have failing cases (snap-back moves).
TEST_F(GuiScripted, AuditCaseOpensAsAOneFrameScenario) {
  const std::string oneway =
      std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_oneway.scenario.json";
  auto r =
      gui("--open " + quote(oneway) + " --audit --audit-case 0 --step-instructions 1 --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: frame 0, player, instruction 1 of"), std::string::npos)
      << r.output;
}

// Scripted runs use the layout but leave the user's files alone: no imgui.ini
// copied or saved, no recent-files list.
TEST_F(GuiScripted, ScriptedRunsWriteNoUserFiles) {
  const std::string castle =
      std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json";
  auto r = gui("--open " + quote(castle) + " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const fs::path config = dir_ / "config" / "collidoscope";
  EXPECT_FALSE(fs::exists(config / "recent.json"));
  EXPECT_FALSE(fs::exists(config / "imgui.ini"));
}

TEST_F(GuiScripted, UnknownOverlayIsBadInput) {
  auto r = gui("--overlay grid,sparkles --frames 1");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("sparkles"), std::string::npos) << r.output;
}

// Redrawing only the tiles that changed gives the same pixels as redrawing
// everything, after playback, stepping and every overlay. In the back buffer
// (what Xvfb's llvmpipe allows) the pixels are identical. Offscreen (what GPU
// drivers get) llvmpipe rounds a few blended edge pixels of a framebuffer
// object one level differently from the window's buffer, so there a channel
// may differ by 1; a tile left stale by mistake differs by far more. Cells are
// coloured by collision: llvmpipe also samples a nearest-filtered texture
// (the CHR atlas at fractional zoom) one texel differently in a framebuffer
// object where a texel edge falls exactly on a pixel centre.
TEST_F(GuiScripted, ChangedTileRedrawMatchesAFullRedraw) {
  const std::string castle =
      std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json";
  const std::string script =
      " --overlay all,collision --play 90 --play-speed 3 --step-instructions 5";
  auto shoot = [&](const std::string& renderer, const std::string& expect) {
    const fs::path png = dir_ / (renderer + ".png");
    auto r = gui("--open " + quote(castle) + script + " --renderer " + renderer + " --screenshot " +
                 quote(png.string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("renderer: " + expect), std::string::npos) << r.output;
    app::RgbaImage image;
    std::string error;
    EXPECT_TRUE(app::readPng(png.string(), image, &error)) << error;
    return image;
  };
  const app::RgbaImage full = shoot("full", "full redraw");
  ASSERT_FALSE(full.isFlat());
  for (auto [renderer, tolerance] : {std::pair{"auto", 0}, std::pair{"offscreen", 1}}) {
    SCOPED_TRACE(renderer);
    const app::RgbaImage tiles = shoot(renderer, "changed tiles");
    ASSERT_EQ(tiles.width, full.width);
    ASSERT_EQ(tiles.height, full.height);
    size_t differing = 0;
    for (size_t i = 0; i < tiles.pixels.size(); i += 4)
      for (size_t c = i; c < i + 3; ++c)
        if (std::abs(int(tiles.pixels[c]) - int(full.pixels[c])) > tolerance) {
          ++differing;
          break;
        }
    EXPECT_EQ(differing, 0u);
  }
}

// A routine that never returns, with a budget of 10^8 cycles a call (about 1.7 s
// of emulation each): the simulation runs on a worker, the scripted run waits
// for it (so the screenshot shows the recording) and exits cleanly in bounded time.
TEST_F(GuiScripted, ARunawayRoutineRunsOffTheUiThreadAndExits) {
  const fs::path src = fs::path(COLLIDOSCOPE_SOURCE_DIR);
  const fs::path routine = dir_ / "runaway";
  fs::copy(src / "assets/routines/seed004_swept", routine, fs::copy_options::recursive);
  {
    std::ifstream in(routine / "frame.asm");
    std::stringstream text;
    text << in.rdbuf();
    std::string asmText = text.str();
    const size_t entry = asmText.find("frame::\n");
    ASSERT_NE(entry, std::string::npos);
    asmText.insert(entry + 8, ".spin:\n    jr .spin\n");
    std::ofstream(routine / "frame.asm") << asmText;
  }
  {
    std::ifstream in(routine / "manifest.json");
    nlohmann::json m = nlohmann::json::parse(in);
    m["cycleBudget"] = 100000000;
    std::ofstream(routine / "manifest.json") << m.dump(2);
  }
  std::ifstream in(src / "maps/seed004_garden.scenario.json");
  nlohmann::json sc = nlohmann::json::parse(in);
  sc["map"] = (src / "maps/seed004_garden.map.json").string();
  sc["routine"] = (routine / "manifest.json").string();
  sc["frames"] = 2;
  const fs::path scenario = dir_ / "runaway.scenario.json";
  std::ofstream(scenario) << sc.dump(2);

  const fs::path png = dir_ / "runaway.png";
  const auto start = std::chrono::steady_clock::now();
  auto r = gui("--open " + quote(scenario.string()) +
               " --play 2 --step-instructions 1 --frames 4 --screenshot " + quote(png.string()));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("screenshot: "), std::string::npos) << r.output;
  // The script stepped into a recorded call: the recording was there.
  EXPECT_NE(r.output.find("script: frame 1, anise, instruction 1 of"), std::string::npos)
      << r.output;
  EXPECT_LT(seconds, 120.0) << r.output;
}

TEST_F(GuiScripted, BenchFramesPrintsMeanAndP95) {
  auto r = gui("--overlay all --bench-frames 10 --width 800 --height 450");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("bench-frames: 10 frames at 800x450"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("p95"), std::string::npos) << r.output;
}

// One room scene, two front ends: the GUI's room view (ImGui) and `collido
// render` (the PNG canvas) draw core/scene through their own callbacks. At the
// centre of every cell the GUI shows, both must give the same colour, in CHR
// graphics and in collision colours.
TEST_F(GuiScripted, RoomViewAndCollidoRenderAgreeOnEveryCell) {
  const std::string castle =
      std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json";
  for (const std::string colouring : {"", "collision"}) {
    SCOPED_TRACE(colouring.empty() ? "chr" : colouring);
    const std::string overlays = colouring.empty() ? "none" : "none," + colouring;
    const fs::path shot = dir_ / "gui.png", picture = dir_ / "render.png";
    auto g = gui("--open " + quote(castle) + " --frame 40 --overlay " + overlays +
                 " --screenshot " + quote(shot.string()));
    ASSERT_EQ(g.exitCode, 0) << g.output;
    float ox = 0, oy = 0, zoom = 0, cx0 = 0, cy0 = 0, cx1 = 0, cy1 = 0;
    const auto at = g.output.find("room view: ");
    ASSERT_NE(at, std::string::npos) << g.output;
    ASSERT_EQ(std::sscanf(g.output.c_str() + at, "room view: origin %f,%f zoom %f clip %f,%f,%f,%f",
                          &ox, &oy, &zoom, &cx0, &cy0, &cx1, &cy1),
              7)
        << g.output;
    const int scale = 2;
    auto r = app::test::runProcess(std::string(COLLIDO_EXE) + " render " + quote(castle) +
                                   " --frame 40 --overlays " + overlays + " --scale " +
                                   std::to_string(scale) + " --png " + quote(picture.string()) +
                                   (colouring.empty() ? "" : " --collision") + " 2>&1");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    app::RgbaImage a, b;
    std::string error;
    ASSERT_TRUE(app::readPng(shot.string(), a, &error)) << error;
    ASSERT_TRUE(app::readPng(picture.string(), b, &error)) << error;
    core::Scenario sc;
    ASSERT_TRUE(core::loadScenario(castle, sc, &error)) << error;
    const int cs = sc.map.room.cellSize;
    int compared = 0, differing = 0;
    std::string first;
    for (int row = 0; row < sc.map.room.height; ++row)
      for (int col = 0; col < sc.map.room.width; ++col) {
        // The centre pixel of the cell, sampled inside that room pixel in both pictures.
        const float px = float(col * cs + cs / 2) + 0.5f, py = float(row * cs + cs / 2) + 0.5f;
        const int gx = int(ox + px * zoom), gy = int(oy + py * zoom);
        if (gx < cx0 || gy < cy0 || gx >= cx1 || gy >= cy1) continue;  // outside the view
        const int rx = int(px * scale), ry = int(py * scale);
        ASSERT_LT(rx, b.width);
        ASSERT_LT(ry, b.height);
        const uint8_t* pa = &a.pixels[(size_t(gy) * a.width + gx) * 4];
        const uint8_t* pb = &b.pixels[(size_t(ry) * b.width + rx) * 4];
        ++compared;
        if (pa[0] != pb[0] || pa[1] != pb[1] || pa[2] != pb[2]) {
          if (first.empty())
            first = "cell " + std::to_string(col) + "," + std::to_string(row) + ": gui " +
                    std::to_string(pa[0]) + "," + std::to_string(pa[1]) + "," +
                    std::to_string(pa[2]) + " render " + std::to_string(pb[0]) + "," +
                    std::to_string(pb[1]) + "," + std::to_string(pb[2]);
          ++differing;
        }
      }
    EXPECT_GT(compared, 100);
    EXPECT_EQ(differing, 0) << first;
  }
}

#else
TEST(GuiScripted, NeedsTheGui) {
  GTEST_SKIP() << "built without the GUI (COLLIDOSCOPE_GUI=OFF)";
}
#endif
