// Entity names in the room scene never cover each other: a duplicate one cell
// to the right of its original gets its name a line higher.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/scene/room_scene.h"
#include "core/sim/scenario.h"
#include "core/tests/sample_test_util.h"

namespace core {
namespace {

struct Texts final : SceneDraw {
  struct Text {
    float x, y;
    std::string s;
  };
  std::vector<Text> texts;
  float scale() const override { return 2; }
  void cellGraphics(int, int, const Metatile&) override {}
  void fill(float, float, float, float, Rgba) override {}
  void outline(float, float, float, float, Rgba, float, bool) override {}
  void line(float, float, float, float, Rgba, float, bool) override {}
  void circle(float, float, float, Rgba, Rgba, float) override {}
  void text(float x, float y, const std::string& s, Rgba, Rgba, bool) override {
    texts.push_back({x, y, s});
  }
  float textHeight() const override { return 14; }
  void heatmap(const std::vector<int>&, int, int, int, int, const std::vector<uint8_t>*) override {}
};

TEST(SceneLabels, NamesOfNeighbouringEntitiesDoNotOverlap) {
  Scenario sc;
  std::string error;
  ASSERT_TRUE(loadScenario(test::repoFile("maps/seed002_castle.scenario.json"), sc, &error))
      << error;
  ASSERT_GE(sc.entities.size(), 2u);
  sc.entities.resize(3);
  sc.entities[0].name = "entity 2";
  sc.entities[0].x = 100;
  sc.entities[0].y = 60;
  sc.entities[1] = sc.entities[0];
  sc.entities[1].name = "entity 3";
  sc.entities[1].x = 116;  // one cell to the right: the names would share a line
  sc.entities[2] = sc.entities[0];
  sc.entities[2].name = "far";
  sc.entities[2].x = 200;
  Texts draw;
  SceneInput in;
  in.scenario = &sc;
  in.overlays = kOverlayLabels;
  drawRoomScene(in, draw);
  std::vector<Texts::Text> names;
  for (const auto& t : draw.texts)
    if (t.s == "entity 2" || t.s == "entity 3" || t.s == "far") names.push_back(t);
  ASSERT_EQ(names.size(), 3u);
  const float th = draw.textHeight() / draw.scale();
  EXPECT_EQ(names[0].x, names[1].x - 16);
  EXPECT_LE(names[1].y + th, names[0].y) << "the second name moves above the first";
  EXPECT_EQ(names[2].y, names[0].y) << "a name with room beside it stays on its entity";
}

}  // namespace
}  // namespace core
