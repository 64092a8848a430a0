// The designer's desk (issue 21 items 1, 6, 7), in scripted runs under a
// virtual X server: the panels fit the window at 1280x720, 1600x900,
// 1920x1080 and 3840x2160 at content scale 2 (--print-layout gives every
// panel's rectangle), the welcome panel shows when nothing is open, the
// keyboard-shortcuts window and the detached routine editor fit, and the
// routine editor's diagnostics go when their file is reverted or the
// document replaced. Skipped without xvfb-run.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "app/common/png.h"
#include "app/tests/temp_dir_test.h"
#include "core/tests/audit_ci_test_util.h"
#include "core/workspace/recovery.h"

namespace {

using app::test::quote;
using app::test::runProcess;

#ifdef COLLIDOSCOPE_GUI_EXE

struct Rect {
  std::string name;
  int x, y, w, h;
  bool floating;
};

// The "layout: panel NAME X,Y WxH [floating]" lines of --print-layout.
std::vector<Rect> panels(const std::string& output) {
  std::vector<Rect> out;
  static const std::regex line(R"(layout: panel (.+) (-?\d+),(-?\d+) (\d+)x(\d+)( floating)?)");
  std::istringstream in(output);
  std::string text;
  std::smatch m;
  while (std::getline(in, text))
    if (std::regex_match(text, m, line))
      out.push_back(
          {m[1], std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4]), std::stoi(m[5]), m[6].matched});
  return out;
}

const Rect* find(const std::vector<Rect>& rects, const std::string& name) {
  for (const Rect& r : rects)
    if (r.name == name) return &r;
  return nullptr;
}

class GuiDesk : public app::test::GuiRunTest {
 protected:
  GuiDesk() : GuiRunTest("collidoscope_desk_") {}
  // On a virtual screen as large as the window (the fixture's is 1600x900).
  app::test::ProcessResult guiOn(int w, int h, const std::string& args) {
    return runProcess(app::test::guiCommand(
        COLLIDOSCOPE_GUI_EXE, path("config"),
        "--width " + std::to_string(w) + " --height " + std::to_string(h) + " " + args,
        std::to_string(std::max(w, 1600)) + "x" + std::to_string(std::max(h, 900)) + "x24"));
  }
  static void expectInside(const Rect& r, int w, int h) {
    EXPECT_GE(r.x, 0) << r.name;
    EXPECT_GE(r.y, 0) << r.name;
    EXPECT_GT(r.w, 0) << r.name;
    EXPECT_GT(r.h, 0) << r.name;
    EXPECT_LE(r.x + r.w, w) << r.name;
    EXPECT_LE(r.y + r.h, h) << r.name;
  }
  const std::string castle_ = app::test::repoFile("maps/seed002_castle.scenario.json");
};

TEST_F(GuiDesk, PanelsFitTheWindowAtEverySizeAndScale) {
  struct Case {
    int w, h;
    float scale;
    int font;
  };
  for (const Case c : {Case{1280, 720, 1, 13}, Case{1600, 900, 1, 13}, Case{1920, 1080, 1, 13},
                       Case{3840, 2160, 2, 26}}) {
    SCOPED_TRACE(std::to_string(c.w) + "x" + std::to_string(c.h));
    const std::string png = path("shot.png");
    auto r = guiOn(c.w, c.h,
                   quote(castle_) + " --content-scale " + std::to_string(c.scale) +
                       " --frames 3 --print-layout --screenshot " + quote(png));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("font " + std::to_string(c.font) + " px"), std::string::npos)
        << r.output;
    app::RgbaImage image;
    std::string error;
    ASSERT_TRUE(app::readPng(png, image, &error)) << error;
    EXPECT_EQ(image.width, c.w);
    EXPECT_EQ(image.height, c.h);
    const std::vector<Rect> rects = panels(r.output);
    int tiled = 0;
    for (size_t i = 0; i < rects.size(); ++i) {
      expectInside(rects[i], c.w, c.h);
      if (rects[i].floating) continue;
      ++tiled;
      for (size_t j = i + 1; j < rects.size(); ++j) {
        const Rect &a = rects[i], &b = rects[j];
        if (b.floating) continue;
        const bool overlap =
            a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        EXPECT_FALSE(overlap) << a.name << " and " << b.name;
      }
    }
    EXPECT_EQ(tiled, 8) << r.output;
    // Below the menu bar, which grows with the scale.
    ASSERT_NE(find(rects, "Room"), nullptr);
    EXPECT_EQ(find(rects, "Room")->y, int(19 * c.scale)) << r.output;
  }
}

// Resized from 1920x1080 to 1280x720 the panels are laid out again for the new
// size; once the user has moved one (a drag at frame 3), the arrangement is
// theirs and a resize leaves it alone.
TEST_F(GuiDesk, PanelsFollowAResizeUntilTheUserMovesOne) {
  auto follow = guiOn(1920, 1080, quote(castle_) + " --resize 1280,720 --frames 12 --print-layout");
  ASSERT_EQ(follow.exitCode, 0) << follow.output;
  EXPECT_NE(follow.output.find("layout: window 1280x720"), std::string::npos) << follow.output;
  EXPECT_NE(follow.output.find(", automatic"), std::string::npos) << follow.output;
  for (const Rect& r : panels(follow.output)) expectInside(r, 1280, 720);
  const Rect* memory = find(panels(follow.output), "Memory");
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(memory->x + memory->w, 1280);

  auto moved = guiOn(
      1920, 1080,
      quote(castle_) + " --move-panel Memory,700,500 --resize 1280,720 --frames 12 --print-layout");
  ASSERT_EQ(moved.exitCode, 0) << moved.output;
  EXPECT_NE(moved.output.find(", arranged by the user"), std::string::npos) << moved.output;
  const std::vector<Rect> rects = panels(moved.output);
  ASSERT_NE(find(rects, "Memory"), nullptr);
  EXPECT_EQ(find(rects, "Memory")->x, 700);
  EXPECT_EQ(find(rects, "Memory")->y, 500);
  // The others stay where the 1920x1080 layout put them.
  ASSERT_NE(find(rects, "Room"), nullptr);
  EXPECT_EQ(find(rects, "Room")->w, 720) << moved.output;
}

TEST_F(GuiDesk, WelcomePanelShowsWhenNothingIsOpen) {
  auto r = guiOn(1280, 720, "--welcome --frames 3 --print-layout");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::vector<Rect> rects = panels(r.output);
  const Rect* welcome = find(rects, "Welcome to Collidoscope");
  ASSERT_NE(welcome, nullptr) << r.output;
  expectInside(*welcome, 1280, 720);
  auto open = guiOn(1280, 720, quote(castle_) + " --frames 3 --print-layout");
  ASSERT_EQ(open.exitCode, 0) << open.output;
  EXPECT_EQ(find(panels(open.output), "Welcome to Collidoscope"), nullptr) << open.output;
}

TEST_F(GuiDesk, ShortcutsWindowAndDetachedRoutineEditorFit) {
  auto keys = guiOn(1280, 720, quote(castle_) + " --show shortcuts --frames 3 --print-layout");
  ASSERT_EQ(keys.exitCode, 0) << keys.output;
  const Rect* help = find(panels(keys.output), "Keyboard shortcuts");
  ASSERT_NE(help, nullptr) << keys.output;
  expectInside(*help, 1280, 720);

  auto editor =
      guiOn(1600, 900, quote(castle_) + " --show routine-window --frames 3 --print-layout");
  ASSERT_EQ(editor.exitCode, 0) << editor.output;
  const std::vector<Rect> rects = panels(editor.output);
  const Rect* window = find(rects, "Routine editor");
  ASSERT_NE(window, nullptr) << editor.output;
  expectInside(*window, 1600, 900);
  // Taller and wider than the Source panel whose tab it was.
  ASSERT_NE(find(rects, "Source"), nullptr);
  EXPECT_GT(window->h, 2 * find(rects, "Source")->h);
  EXPECT_GT(window->w, find(rects, "Source")->w);
}

// A recovered buffer of seed 004's routine with a bad instruction assembles
// with errors; Revert of that file, or New room, clears them (and their red
// gutter marks): before issue 21 they stayed.
TEST_F(GuiDesk, DiagnosticsClearWhenTheirFileIsRevertedOrReplaced) {
  const std::string scenario = core::test::writeGardenCopy(dir_, "garden", false);
  const std::string source = (dir_ / "garden_routine" / "collision.asm").string();
  std::ifstream in(source);
  std::stringstream text;
  text << in.rdbuf();
  const std::string broken = "    bogus_op a, 3\n" + text.str();
  auto recovered = [&](const std::string& state, const std::string& steps) {
    core::RecoveryDocument doc;
    std::string error;
    EXPECT_TRUE(core::loadScenario(scenario, doc.scenario, &error)) << error;
    doc.buffers.push_back({source, broken});
    const std::string file = core::recoveryFileFor(path(state) + "/collidoscope/recovery", 999999);
    EXPECT_TRUE(core::writeRecovery(file, core::recoveryText(doc, 999999, 1), &error)) << error;
    return gui("--recover newest --assemble " + steps + " --frames 3",
               "env XDG_STATE_HOME=" + quote(path(state)));
  };
  const std::regex assembled(R"(assemble: routine editor: ([1-9]\d*) diagnostics)");

  auto revert = recovered("state1", "--revert-routine");
  ASSERT_EQ(revert.exitCode, 0) << revert.output;
  EXPECT_TRUE(std::regex_search(revert.output, assembled)) << revert.output;
  EXPECT_NE(revert.output.find("Reverted collision.asm to the file on disk (its "),
            std::string::npos)
      << revert.output;
  EXPECT_NE(revert.output.find("revert-routine: routine editor: 0 diagnostics"), std::string::npos)
      << revert.output;

  auto fresh = recovered("state2", "--new-room");
  ASSERT_EQ(fresh.exitCode, 0) << fresh.output;
  EXPECT_TRUE(std::regex_search(fresh.output, assembled)) << fresh.output;
  EXPECT_NE(fresh.output.find("new-room: routine editor: 0 diagnostics"), std::string::npos)
      << fresh.output;
}

#endif

}  // namespace
