// Scripted room edits in the GUI (--resize-room, --rect, --fill, --set-view): what File >
// Save as writes equals the same core edits applied to the scenario, and a
// room larger than the view gets a minimap.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/edit/edit.h"
#include "core/sim/scenario.h"

using app::test::quote;
using app::test::repoFile;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

class GuiRoomEdit : public app::test::GuiRunTest {
 protected:
  GuiRoomEdit() : GuiRunTest("collidoscope_room_edit_") {}
};

core::Scenario loaded(const std::string& path) {
  core::Scenario s;
  std::string error;
  EXPECT_TRUE(core::loadScenario(path, s, &error)) << error;
  return s;
}

}  // namespace

TEST_F(GuiRoomEdit, ResizeRectAndFillAreSavedAsCoreMakesThem) {
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  const std::string saved = path("edited.scenario.json");
  // One column added on the left, two removed on the right, one row removed at
  // the bottom: 15 x 14 still fits the routine's 16 x 15 table, so it simulates.
  auto r = gui(quote(castle) + " --resize-room 1,0,-2,-1 --rect 2,2,4,3,3 --fill 6,6,4 --save-as " +
               quote(saved) + " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: room resized to 15x14"), std::string::npos) << r.output;

  core::Scenario want = loaded(castle);
  const core::Scenario original = want;
  core::applyEdit(want, *core::makeResizeRoom(want, 1, 0, -2, -1));
  core::applyEdit(want, *core::makeFillRect(want, 2, 2, 4, 3, 3));
  core::applyEdit(want, *core::makeFloodFill(want, 6, 6, 4));

  const core::Scenario back = loaded(saved);
  EXPECT_EQ(back.map.room.width, 15);
  EXPECT_EQ(back.map.room.height, 14);
  EXPECT_EQ(back.map.room.cells, want.map.room.cells);
  EXPECT_EQ(back.map.room.at(3, 2), 3);  // the rectangle
  EXPECT_EQ(back.map.room.at(6, 6), 4);  // the fill's seed cell
  EXPECT_EQ(back.map.room.at(1, 1), 1);  // the old border, one column to the right
  ASSERT_EQ(back.entities.size(), original.entities.size());
  for (size_t i = 0; i < back.entities.size(); ++i) {
    EXPECT_EQ(back.entities[i].x, original.entities[i].x + 16) << i;  // moved with the left edge
    EXPECT_EQ(back.entities[i].y, original.entities[i].y) << i;
  }
}

TEST_F(GuiRoomEdit, BadOrEmptyRoomEditsAreRefused) {
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  auto r = gui(quote(castle) + " --resize-room 1,2 --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("LEFT,TOP,RIGHT,BOTTOM"), std::string::npos) << r.output;
  r = gui(quote(castle) + " --resize-room -8,0,-8,0 --frames 2");  // no column left
  EXPECT_EQ(r.exitCode, 2) << r.output;
  r = gui(quote(castle) + " --fill 0,0,1 --frames 2");  // the border is block already
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("changes nothing"), std::string::npos) << r.output;
}

TEST_F(GuiRoomEdit, AResizedRoomLargerThanTheViewShowsTheMinimap) {
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  const std::string shot = path("resized.png");
  // Four NES screens: 64 x 30 cells, more than the routine's table holds (the
  // room is kept, and the status line says why it does not simulate).
  auto r =
      gui(quote(castle) + " --resize-room 0,0,48,15 --rect 0,29,63,29,3 --rect 20,20,40,21,2 " +
          "--screenshot " + quote(shot));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: room resized to 64x30"), std::string::npos) << r.output;
  const size_t at = r.output.find("minimap: ");
  ASSERT_NE(at, std::string::npos) << "no minimap drawn:\n" << r.output;
  float x = 0, y = 0, w = 0, h = 0;
  ASSERT_EQ(std::sscanf(r.output.c_str() + at, "minimap: %f,%f %fx%f", &x, &y, &w, &h), 4);
  EXPECT_NEAR(w / h, 64.0f / 30.0f, 0.1f);  // the room's shape
  app::RgbaImage image;
  std::string error;
  ASSERT_TRUE(app::readPng(shot, image, &error)) << error;
  // The minimap shows the room's metatiles: sky, block, brick, ground at least.
  std::set<uint32_t> colours;
  for (int py = int(y); py < int(y + h) && py < image.height; ++py)
    for (int px = int(x); px < int(x + w) && px < image.width; ++px) {
      const uint8_t* p = &image.pixels[(size_t(py) * image.width + px) * 4];
      colours.insert(uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2]);
    }
  EXPECT_GE(colours.size(), 4u);
}
// Issue 21's stale-verdict bug: a resize re-simulates, and a room the routine's
// table cannot hold leaves no recording (the panels say why) instead of the old
// one judged against the new room; with a view the new room is simulated.
TEST_F(GuiRoomEdit, AResizeReSimulatesOrDropsTheStaleRecording) {
  auto r = gui(quote(repoFile("maps/seed002_castle.scenario.json")) +
               " --resize-room 0,0,16,0 --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: no recording: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("map.cells: the room is 32x15 cells"), std::string::npos) << r.output;
  r = gui(quote(repoFile("maps/scroll_castle.scenario.json")) +
          " --resize-room -3,0,-8,0 --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: room resized to 37x15; player was outside the new room"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("script: recording of 320 frames, 320 calls judged"), std::string::npos)
      << r.output;
}

// Room > Routine view... (--set-view): a room made larger than the routine's table
// simulates again once the view says which window the routine sees; the view is
// saved in the scenario; a view naming no entity is refused with the field.
TEST_F(GuiRoomEdit, SettingTheViewLetsALargerRoomSimulateAndIsSaved) {
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  const std::string saved = path("viewed.scenario.json");
  const std::string shot = path("view-dialog.png");
  auto r =
      gui(quote(castle) + " --resize-room 0,0,16,0 --set-view follow=player --show view-dialog" +
          " --save-as " + quote(saved) + " --frames 3 --screenshot " + quote(shot));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("script: routine view follow=player"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("script: recording of 400 frames"), std::string::npos) << r.output;
  const core::Scenario back = loaded(saved);
  EXPECT_EQ(back.map.room.width, 32);
  EXPECT_EQ(back.view.mode, core::ViewSpec::Mode::Follow);
  EXPECT_EQ(back.view.follow, "player");
  app::RgbaImage image;
  std::string error;
  EXPECT_TRUE(app::readPng(shot, image, &error)) << error;

  r = gui(quote(castle) +
          " --resize-room 0,0,16,0 --set-view screen=1,coordinates=room --save-as " + quote(saved) +
          " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(loaded(saved).view,
            *core::parseViewText("screen=1,coordinates=room", back.entities, &error));

  r = gui(quote(castle) + " --set-view follow=ghost --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--set-view: view.follow: \"ghost\" is not an entity"), std::string::npos)
      << r.output;
  r = gui(quote(castle) + " --set-view none --frames 2");  // the castle has no view already
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("already has that view"), std::string::npos) << r.output;
}

#endif
