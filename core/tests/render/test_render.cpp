// The software rasteriser and the room renderer: pixels of a known room at known
// places (cells in collision and CHR colours, direction-bit edges, the grid,
// hitboxes, paths, probed cells, heat), blending and clipping, overlay names.
#include <gtest/gtest.h>

#include "core/render/room_render.h"

namespace core {
namespace {

TEST(Canvas, FillsBlendsAndClips) {
  Canvas c(8, 4, Rgba{0, 0, 0, 255});
  c.fillRect(-2, -2, 4, 4, Rgba{255, 0, 0, 255});  // clipped to 2 x 2
  EXPECT_EQ(c.at(1, 1), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(c.at(2, 1), (Rgba{0, 0, 0, 255}));
  c.blend(5, 2, Rgba{255, 255, 255, 128});
  EXPECT_EQ(c.at(5, 2), (Rgba{128, 128, 128, 255}));
  c.blend(100, 100, Rgba{255, 255, 255, 255});  // outside: ignored
  EXPECT_EQ(c.at(100, 100), (Rgba{0, 0, 0, 0}));
}

TEST(Canvas, StrokeAndLine) {
  Canvas c(10, 10, Rgba{0, 0, 0, 255});
  const Rgba w{255, 255, 255, 255};
  c.strokeRect(1, 1, 8, 8, 2, w);
  EXPECT_EQ(c.at(1, 1), w);
  EXPECT_EQ(c.at(2, 5), w);  // inside the 2-pixel left edge
  EXPECT_EQ(c.at(8, 8), w);
  EXPECT_EQ(c.at(4, 4), (Rgba{0, 0, 0, 255}));  // hollow
  Canvas l(10, 10, Rgba{0, 0, 0, 255});
  l.line(0, 0, 9, 9, 1, w);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(l.at(i, i), w) << i;
  EXPECT_EQ(l.at(9, 0), (Rgba{0, 0, 0, 255}));
}

TEST(Overlays, ParseNamesAndRejectUnknownOnes) {
  uint32_t m = 0;
  std::string error;
  ASSERT_TRUE(parseOverlays("grid,bits,hitbox,path,probes,heat", m, &error));
  EXPECT_EQ(m, kOverlayGrid | kOverlayBits | kOverlayHitbox | kOverlayPath | kOverlayProbes |
                   kOverlayHeat);
  ASSERT_TRUE(parseOverlays("none", m, &error));
  EXPECT_EQ(m, 0u);
  EXPECT_FALSE(parseOverlays("grid,sparkles", m, &error));
  EXPECT_NE(error.find("\"sparkles\""), std::string::npos) << error;
}

// A 6 x 5 room of 16-px cells: solid border, a one-way floor (blocks downward
// motion) at (2, 3), and one entity with a 10 x 12 hitbox at routine (40, 20).
class RoomRender : public ::testing::Test {
 protected:
  void SetUp() override {
    sc_.map = makeDefaultMap(6, 5, 16);
    sc_.map.metatiles.metatiles.push_back(Metatile{"ledge", {3, 3, 3, 3}, kBlockDown});
    sc_.map.room.at(2, 3) = uint16_t(sc_.map.metatiles.metatiles.size() - 1);
    sc_.manifest.hitbox = Hitbox{2, 4, 10, 12};
    EntitySpec e;
    e.name = "hero";
    e.x = 40;
    e.y = 20;
    e.colour = kHero;
    sc_.entities = {e};
  }
  Canvas render(uint32_t overlays, bool chr = false, int scale = 2) {
    RoomRenderOptions o;
    o.overlays = overlays;
    o.chr = chr;
    o.scale = scale;
    o.recording = rec_.frames.empty() ? nullptr : &rec_;
    o.frame = rec_.frames.empty() ? -1 : int(rec_.frames.size()) - 1;
    o.heat = heat_.empty() ? nullptr : &heat_;
    return renderRoom(sc_, o);
  }
  static constexpr Rgba kHero{250, 200, 40, 255};
  Scenario sc_;
  Recording rec_;
  std::vector<int> heat_;
};

TEST_F(RoomRender, CellsInCollisionColours) {
  Canvas c = render(0);
  ASSERT_EQ(c.width(), 6 * 16 * 2);
  ASSERT_EQ(c.height(), 5 * 16 * 2);
  EXPECT_EQ(c.at(8, 8), collisionColour(kSolid));                 // border block
  EXPECT_EQ(c.at(3 * 32 + 16, 2 * 32 + 16), collisionColour(0));  // sky
  EXPECT_EQ(c.at(2 * 32 + 16, 3 * 32 + 16), collisionColour(kBlockDown));
}

TEST_F(RoomRender, ChrGraphicsUseThePalette) {
  Canvas c = render(0, true, 1);
  // Sky tile: colour 0 everywhere. Block tile (border), row 1 "23333332": x 1 is colour 3.
  EXPECT_EQ(c.at(20, 20), sc_.map.palette[0]);
  EXPECT_EQ(c.at(0, 0), sc_.map.palette[2]);
  EXPECT_EQ(c.at(1, 1), sc_.map.palette[3]);
  EXPECT_EQ(c.at(9, 1), sc_.map.palette[3]);  // the right-hand tile of the 2 x 2 metatile
}

TEST_F(RoomRender, DirectionBitsAreThickEdgesOnTheEntrySide) {
  Canvas c = render(kOverlayBits);
  const int x0 = 2 * 32, y0 = 3 * 32;  // the ledge
  const Rgba plain = collisionColour(kBlockDown);
  EXPECT_NE(c.at(x0 + 16, y0), plain);      // top edge: downward motion enters here
  EXPECT_NE(c.at(x0 + 16, y0 + 1), plain);  // 2 px thick at scale 2
  EXPECT_EQ(c.at(x0 + 16, y0 + 2), plain);
  EXPECT_EQ(c.at(x0 + 16, y0 + 31), plain);  // no bottom edge
  EXPECT_EQ(c.at(x0, y0 + 16), plain);       // no side edges
  EXPECT_EQ(c.at(x0 + 31, y0 + 16), plain);
  EXPECT_GT(c.at(x0 + 16, y0).r, 240);
}

TEST_F(RoomRender, GridLinesAtCellBoundaries) {
  Canvas c = render(kOverlayGrid);
  const Rgba sky = collisionColour(0);
  EXPECT_NE(c.at(3 * 32, 2 * 32 + 5), sky);
  EXPECT_EQ(c.at(3 * 32 + 1, 2 * 32 + 5), sky);
}

TEST_F(RoomRender, HitboxAtTheEntityPosition) {
  Canvas c = render(kOverlayHitbox);
  // Room pixel (42, 24) .. (51, 35), canvas x2.
  EXPECT_EQ(c.at(84, 48), kHero);            // top-left corner of the outline
  EXPECT_EQ(c.at(84 + 19, 48 + 23), kHero);  // bottom-right corner
  EXPECT_NE(c.at(84 + 10, 48 + 12), kHero);  // translucent inside
  EXPECT_NE(c.at(84 + 10, 48 + 12), collisionColour(0));
  EXPECT_EQ(c.at(82, 46), collisionColour(0));  // outside
}

TEST_F(RoomRender, OriginShiftsEntitiesIntoTheRoom) {
  sc_.manifest.originY = 16;  // a status bar: routine y 20 is room y 4
  Canvas c = render(kOverlayHitbox);
  EXPECT_EQ(c.at(84, (20 - 16 + 4) * 2), kHero);
}

TEST_F(RoomRender, ProbesPathAndHeatFromTheRecording) {
  // Two frames: the hero moves right 4 px, then down 4 px; frame 1 read cell (3, 2).
  const std::vector<std::pair<int, int>> pos{{36, 20}, {40, 20}, {40, 24}};
  for (int f = 0; f < 2; ++f) {
    EntityFrame e;
    e.before = {pos[size_t(f)].first, pos[size_t(f)].second};
    e.after = {pos[size_t(f) + 1].first, pos[size_t(f) + 1].second};
    if (f == 1) e.cellsRead = {uint16_t(2 * 6 + 3)};
    rec_.frames.push_back(FrameRecord{{e}});
  }
  heat_.assign(size_t(96) * 80, 0);
  heat_[size_t(50) * 96 + 20] = 3;
  Canvas c = render(kOverlayProbes | kOverlayPath | kOverlayHeat);
  const Rgba sky = collisionColour(0);
  // Probe outline around cell (3, 2); its inside is tinted, not outlined.
  const Rgba edge = c.at(3 * 32, 2 * 32 + 10);
  EXPECT_GT(edge.b, 200);
  EXPECT_LT(edge.r, 120);
  EXPECT_NE(c.at(3 * 32 + 10, 2 * 32 + 10), sky);
  EXPECT_EQ(c.at(1 * 32 + 10, 2 * 32 + 10), sky);
  // This frame's move in white: hitbox centre from room (47, 30) to (47, 34).
  EXPECT_EQ(c.at(47 * 2, 32 * 2), (Rgba{255, 255, 255, 255}));
  // The earlier move, in the entity's colour: (43, 30) to (47, 30).
  const Rgba trail = c.at(44 * 2, 30 * 2);
  EXPECT_GT(trail.r, 200);
  EXPECT_LT(trail.b, 120);
  // Heat at room pixel (20, 50).
  EXPECT_NE(c.at(40, 100), sky);
  EXPECT_GT(c.at(40, 100).r, 140);
  EXPECT_EQ(c.at(44, 100), sky);
  // Without --frame nothing of the recording is drawn.
  rec_.frames.clear();
  heat_.clear();
  Canvas plain = render(kOverlayProbes | kOverlayPath | kOverlayHeat);
  EXPECT_EQ(plain.at(47 * 2, 32 * 2), sky);
}

// Drawn in bands (how collido streams a big picture) or as a region, the pixels
// are those of the whole picture.
TEST_F(RoomRender, BandsAndRegionsMatchTheWholePicture) {
  rec_.frames.resize(2);
  for (auto& f : rec_.frames) {
    EntityFrame e;
    e.before = {30, 20};
    e.after = {40, 20};
    e.cellsRead = {8, 9};
    f.entities = {e};
  }
  heat_.assign(size_t(sc_.map.room.pixelWidth()) * sc_.map.room.pixelHeight(), 0);
  heat_[size_t(40) * sc_.map.room.pixelWidth() + 50] = 3;
  RoomRenderOptions o;
  o.overlays =
      kOverlayGrid | kOverlayBits | kOverlayHitbox | kOverlayPath | kOverlayProbes | kOverlayHeat;
  o.heat = &heat_;
  o.heatStride = 4;
  o.recording = &rec_;
  o.frame = 1;
  const Canvas whole = renderRoom(sc_, o);
  for (int band : {1, 7, 64}) {
    for (int y = 0; y < whole.height(); y += band) {
      const int rows = std::min(band, whole.height() - y);
      const Canvas c = renderRoomBand(sc_, o, y, rows);
      ASSERT_EQ(c.width(), whole.width());
      ASSERT_EQ(c.originY(), y);
      for (int yy = y; yy < y + rows; ++yy)
        for (int x = 0; x < whole.width(); ++x)
          ASSERT_EQ(c.at(x, yy), whole.at(x, yy)) << "band " << band << " at " << x << "," << yy;
    }
  }
  o.region = CellRect{1, 2, 3, 2};
  const Canvas part = renderRoom(sc_, o);
  EXPECT_EQ(part.width(), 3 * 32);
  EXPECT_EQ(part.height(), 2 * 32);
  EXPECT_EQ(part.originX(), 32);
  EXPECT_EQ(part.originY(), 64);
  // The region's pixels are the whole picture's (canvas coordinates are the room's).
  for (int y = part.originY(); y < part.originY() + part.height(); ++y)
    for (int x = part.originX(); x < part.originX() + part.width(); ++x)
      ASSERT_EQ(part.at(x, y), whole.at(x, y)) << x << "," << y;
}

}  // namespace
}  // namespace core
