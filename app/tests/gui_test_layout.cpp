// The panels' default layout (app/gui/layout.h) at every window size and UI
// scale the GUI may meet: the tiled panels stay inside the work area, never
// overlap and leave no hole, and at 1600x900 they are where the shipped
// imgui.ini put them.
#include <gtest/gtest.h>

#include <string>

#include "app/gui/layout.h"

namespace {

bool overlap(const app::PanelRect& a, const app::PanelRect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

TEST(Layout, TiledPanelsFillTheWorkAreaWithoutOverlapAtEverySize) {
  const int sizes[][2] = {{320, 240},  {800, 450},   {1024, 768},  {1280, 720},  {1366, 768},
                          {1600, 900}, {1920, 1080}, {2560, 1440}, {3840, 2160}, {8192, 2160}};
  for (const auto& size : sizes)
    for (float scale : {1.0f, 1.25f, 1.5f, 2.0f, 3.0f})
      for (bool game : {false, true}) {
      SCOPED_TRACE(std::to_string(size[0]) + "x" + std::to_string(size[1]) + " at " +
                   std::to_string(scale) + (game ? " with a game" : ""));
      const float menu = 19 * scale, status = 24 * scale;
      const app::WorkArea area{0, menu, float(size[0]), float(size[1]) - status, scale};
      const auto rects = app::defaultLayout(area, true, game);
      float covered = 0;
      for (size_t i = 0; i < rects.size(); ++i) {
        const app::PanelRect& r = rects[i];
        SCOPED_TRACE(r.name);
        EXPECT_GT(r.w, 0);
        EXPECT_GT(r.h, 0);
        EXPECT_GE(r.x, area.x0);
        EXPECT_GE(r.y, area.y0);
        EXPECT_LE(r.x + r.w, area.x1);
        EXPECT_LE(r.y + r.h, area.y1);
        if (!r.tiled) continue;
        covered += r.w * r.h;
        for (size_t j = i + 1; j < rects.size(); ++j) {
          if (rects[j].tiled) {
            EXPECT_FALSE(overlap(r, rects[j])) << rects[j].name;
          }
        }
      }
      EXPECT_FLOAT_EQ(covered, (area.x1 - area.x0) * (area.y1 - area.y0));
    }
}

TEST(Layout, AGameSharesTheRoomsPlaceWithTheGamePanel) {
  const auto rects = app::defaultLayout({0, 19, 1600, 876, 1}, false, true);
  auto find = [&](const std::string& name) {
    for (const app::PanelRect& r : rects)
      if (name == r.name) return r;
    ADD_FAILURE() << name;
    return app::PanelRect{};
  };
  const app::PanelRect room = find("Room"), game = find("Game");
  EXPECT_EQ(room.x, 250);
  EXPECT_EQ(room.w, 300);
  EXPECT_EQ(game.x, 550);
  EXPECT_EQ(game.w, 300);
  EXPECT_EQ(game.h, room.h);
}

TEST(Layout, At1600x900ThePanelsAreWhereTheShippedIniHasThem) {
  const auto rects = app::defaultLayout({0, 19, 1600, 876, 1}, false);
  auto find = [&](const std::string& name) {
    for (const app::PanelRect& r : rects)
      if (name == r.name) return r;
    ADD_FAILURE() << name;
    return app::PanelRect{};
  };
  const app::PanelRect room = find("Room"), memory = find("Memory"), audit = find("Audit");
  EXPECT_EQ(room.x, 250);
  EXPECT_EQ(room.w, 600);
  EXPECT_EQ(room.h, 560);
  EXPECT_EQ(memory.x, 1050);
  EXPECT_EQ(memory.y, 579);
  EXPECT_EQ(audit.x, 1310);
  EXPECT_EQ(audit.y, 229);
}

}  // namespace
