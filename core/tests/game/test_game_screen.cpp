// The game's picture in game mode (core/game/screen.h): the test games'
// frame-mode scenarios run to a frame and that frame runs again with the
// renderer on. Checked against what the game wrote, decoded here on its own
// (not through the renderer): every 8x8 tile of the background equals the
// nametable / BG map entry's pattern in the palette the game put in palette RAM
// or BGP, cell by cell the tiles are the metatiles of the scenario's room, and
// the player's sprite is where OAM says, at the position the recording gives
// the player before that frame's call. External truth: the bytes the game
// wrote and the recording; the renderer's own palette table is used only to
// turn a palette value into RGB (tested against nesdev's in emu6502).
// The screen overlays (core/render/screen_render.h) are checked to land where
// the entity's hitbox is on the screen, and rendering to leave the simulation
// as it was (audits and simulate() do not render).
#include <gtest/gtest.h>

#include "core/game/game_machine.h"
#include "core/game/screen.h"
#include "core/render/screen_render.h"
#include "core/render/video_viewers.h"
#include "core/tests/game_test_util.h"
#include "emu6502/nes_palette.h"
#include "emusm83/gb_ppu.h"

namespace core {
namespace {

using test::loadGameScenario;

constexpr int kFrame = 150;  // the player has walked right for a while (input: 10 idle, 220 R)

uint32_t rgbaOf(emu6502::Rgb c) {
  return uint32_t(c.r) | uint32_t(c.g) << 8 | uint32_t(c.b) << 16 | 0xFF000000u;
}

struct ScreenRun {
  Scenario sc;
  Simulation sim;
  game::GameScreen screen;
};

void runTo(const std::string& game, const std::string& file, int frame, ScreenRun& run) {
  run.sc = loadGameScenario(game, file);
  run.sc.frames = frame + 1;
  std::string error;
  ASSERT_TRUE(run.sim.build(run.sc, &error)) << error;
  ASSERT_TRUE(run.sim.simulate(&error)) << error;
  ASSERT_TRUE(game::renderGameScreen(run.sim, frame, run.screen, &error)) << error;
}

// NES: the background from nametable $2000 (scroll 0, BG patterns at $0000 as the
// test games set PPUCTRL), tiles at (2c, 2r) naming the cell's metatile.
void checkNes(const std::string& game, const std::string& file, bool still) {
  REQUIRE_GAME(game);
  ScreenRun run;
  runTo(game, file, kFrame, run);
  const game::GameScreen& s = run.screen;
  ASSERT_EQ(s.width, 256);
  ASSERT_EQ(s.height, 240);
  EXPECT_EQ(s.still, still);
  EXPECT_EQ(s.scrollX, 0);
  EXPECT_EQ(s.scrollY, 0);
  game::GameMachine& m = *run.sim.gameMachine();
  const std::vector<uint8_t> vram = m.vram();  // 2 KiB CIRAM, then 32 bytes of palette
  const std::vector<uint8_t> chr = m.patterns();
  const std::vector<uint8_t> oam = m.oam();
  ASSERT_EQ(vram.size(), 0x800u + 32);
  const uint8_t* pal = vram.data() + 0x800;
  const auto& nesRgb = emu6502::nesPalette();
  auto patternPixel = [&](int base, int tile, int x, int y) {
    const uint8_t lo = chr[size_t(base + tile * 16 + y)],
                  hi = chr[size_t(base + tile * 16 + y + 8)];
    return ((lo >> (7 - x)) & 1) | ((hi >> (7 - x)) & 1) << 1;
  };
  const int spriteX = oam[3], spriteY = oam[0] + 1;
  auto inSprite = [&](int x, int y) {
    return x >= spriteX && x < spriteX + 8 && y >= spriteY && y < spriteY + 8;
  };
  int badTiles = 0, checked = 0;
  for (int row = 0; row < 30; ++row)
    for (int col = 0; col < 32; ++col) {
      const int tile = vram[size_t(row * 32 + col)];
      const int attr = vram[size_t(0x3C0 + (row / 4) * 8 + col / 4)];
      const int group = (attr >> (((row / 2) % 2) * 4 + ((col / 2) % 2) * 2)) & 3;
      int bad = 0;
      for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
          const int sx = col * 8 + x, sy = row * 8 + y;
          if (inSprite(sx, sy)) continue;
          const int p = patternPixel(0, tile, x, y);
          const uint8_t colour = pal[p ? size_t(group * 4 + p) : 0];
          bad += s.at(sx, sy) != rgbaOf(nesRgb[colour & 0x3F]);
          ++checked;
        }
      badTiles += bad != 0;
      EXPECT_EQ(bad, 0) << game << " tile (" << col << ", " << row << ") id " << tile;
    }
  EXPECT_EQ(badTiles, 0);
  EXPECT_EQ(checked, 256 * 240 - 64);
  // The room the game drew: cell (c, r) is its metatile's 2x2 tiles.
  const Room& room = run.sc.map.room;
  const auto& set = run.sc.map.metatiles.metatiles;
  int badCells = 0;
  for (int r = 0; r < room.height; ++r)
    for (int c = 0; c < room.width; ++c) {
      const Metatile& mt = set[room.at(c, r)];
      for (int q = 0; q < 4; ++q)
        badCells += vram[size_t((2 * r + q / 2) * 32 + 2 * c + q % 2)] != mt.tiles[size_t(q)];
    }
  EXPECT_EQ(badCells, 0) << "the nametable holds the scenario's room";
  if (still) return;
  // The sprite: where OAM says, in sprite palette 0, and OAM says where the player
  // stood before this frame's call (the NMI copies what the last frame placed).
  const EntityFrame& e = run.sim.recording().frames[size_t(kFrame)].entities[0];
  EXPECT_EQ(spriteX, e.before[0]);
  EXPECT_EQ(spriteY, e.before[1]);
  EXPECT_GT(spriteX, 32) << "the player walked right";
  int opaque = 0;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const int p = patternPixel(0, oam[1], x, y);
      if (!p) continue;
      ++opaque;
      EXPECT_EQ(s.at(spriteX + x, spriteY + y), rgbaOf(nesRgb[pal[size_t(0x10 + p)] & 0x3F]))
          << "sprite pixel (" << x << ", " << y << ")";
    }
  EXPECT_GT(opaque, 0);
}

TEST(GameScreen, NromFrameModeShowsTheRoomTheGameDrewAndTheSpriteWhereOamSays) {
  checkNes("nrom_demo", "nrom_demo_frame.scenario.json", false);
}

TEST(GameScreen, Mmc1FrameModeShowsTheRoomTheGameDrewAndTheSpriteWhereOamSays) {
  checkNes("mmc1_demo", "mmc1_demo_frame.scenario.json", false);
}

TEST(GameScreen, CallModeDrawsAStillOfTheRoom) {
  checkNes("nrom_demo", "nrom_demo.scenario.json", true);
}

// Game Boy: BG map $9800 (LCDC bit 3 clear), tile data at $8000 (unsigned ids),
// BGP's shades; the game's BG map holds metatile ids, one tile a cell.
TEST(GameScreen, GbFrameModeShowsTheRoomTheGameDrew) {
  ScreenRun run;
  runTo("gb_mbc1_demo", "gb_mbc1_demo_frame.scenario.json", kFrame, run);
  const game::GameScreen& s = run.screen;
  ASSERT_EQ(s.width, 160);
  ASSERT_EQ(s.height, 144);
  EXPECT_FALSE(s.still);
  EXPECT_EQ(s.scrollX, 0);
  EXPECT_EQ(s.scrollY, 0);
  game::GameMachine& m = *run.sim.gameMachine();
  const std::vector<uint8_t> vram = m.vram();
  ASSERT_EQ(vram.size(), 0x2000u);
  const uint8_t lcdc = m.peek(0xFF40), bgp = m.peek(0xFF47);
  ASSERT_EQ(lcdc & 0x18, 0x10) << "the test game's BG: map $9800, tiles $8000";
  int badTiles = 0;
  for (int row = 0; row < 18; ++row)
    for (int col = 0; col < 20; ++col) {
      const int tile = vram[size_t(0x1800 + row * 32 + col)];
      int bad = 0;
      for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
          const uint8_t lo = vram[size_t(tile * 16 + y * 2)],
                        hi = vram[size_t(tile * 16 + y * 2 + 1)];
          const int c = ((lo >> (7 - x)) & 1) | ((hi >> (7 - x)) & 1) << 1;
          bad += s.at(col * 8 + x, row * 8 + y) != emusm83::kDmgShades[(bgp >> (2 * c)) & 3];
        }
      badTiles += bad != 0;
    }
  EXPECT_EQ(badTiles, 0);
  const Room& room = run.sc.map.room;
  const auto& set = run.sc.map.metatiles.metatiles;
  int badCells = 0;
  for (int r = 0; r < room.height; ++r)
    for (int c = 0; c < room.width; ++c)
      badCells += vram[size_t(0x1800 + r * 32 + c)] != set[room.at(c, r)].tiles[0];
  EXPECT_EQ(badCells, 0) << "the BG map holds the scenario's room";
  // Hover: the tile under a pixel is the BG map's.
  game::ScreenTile t;
  ASSERT_TRUE(game::screenTileAt(s, 8 * 3 + 2, 8 * 5 + 1, t));
  EXPECT_EQ(t.address, 0x9800 + 5 * 32 + 3);
  EXPECT_EQ(t.tile, vram[size_t(0x1800 + 5 * 32 + 3)]);
}

// The hitbox overlay is drawn around the entity's position on the screen, the
// picture elsewhere untouched; hover names the cell and the entity.
TEST(GameScreen, OverlaysLandInScreenCoordinates) {
  REQUIRE_GAME("nrom_demo");
  ScreenRun run;
  runTo("nrom_demo", "nrom_demo_frame.scenario.json", kFrame, run);
  ScreenRenderOptions o;
  o.scale = 2;
  o.frame = kFrame;
  o.recording = &run.sim.recording();
  o.overlays = 0;
  const Canvas plain = renderScreen(run.screen, run.sc, o);
  ASSERT_EQ(plain.width(), 512);
  ASSERT_EQ(plain.height(), 480);
  // At scale 2 the plain picture is the screen, each pixel doubled.
  EXPECT_EQ(plain.at(plain.originX() + 2 * 100 + 1, plain.originY() + 2 * 50 + 1).r,
            uint8_t(run.screen.at(100, 50)));
  o.overlays = kOverlayHitbox;
  const Canvas boxed = renderScreen(run.screen, run.sc, o);
  const EntityFrame& e = run.sim.recording().frames[size_t(kFrame)].entities[0];
  const Hitbox hb = run.sc.hitboxOf(0);
  const int hx = 2 * (e.x() + hb.x), hy = 2 * (e.y() + hb.y);
  const int ox = boxed.originX(), oy = boxed.originY();
  auto differs = [&](int x, int y) {
    const Rgba a = boxed.at(ox + x, oy + y), b = plain.at(ox + x, oy + y);
    return a.r != b.r || a.g != b.g || a.b != b.b;
  };
  EXPECT_TRUE(differs(hx, hy + 2 * hb.h / 2)) << "the hitbox's left edge";
  EXPECT_FALSE(differs(hx + 2 * hb.w + 40, hy + 2 * hb.h + 40)) << "away from the entity";
  const ScreenHover h = screenHover(run.screen, run.sc, o.recording, kFrame, e.x() + 3, e.y() + 3);
  EXPECT_EQ(h.entity, 0);
  EXPECT_EQ(h.col, (e.x() + 3) / 16);
  EXPECT_EQ(h.row, (e.y() + 3) / 16);
  EXPECT_EQ(h.metatile, run.sc.map.room.at(h.col, h.row));
  EXPECT_TRUE(h.tileKnown);
  EXPECT_EQ(h.tile.address, 0x2000 + ((e.y() + 3) / 8) * 32 + (e.x() + 3) / 8);
}

// Rendering a frame leaves nothing behind: simulating again gives the same
// recording, and the renderer is off (renderedScreen finds no frame).
TEST(GameScreen, RenderingLeavesTheSimulationAsItWas) {
  REQUIRE_GAME("nrom_demo");
  ScreenRun run;
  runTo("nrom_demo", "nrom_demo_frame.scenario.json", 40, run);
  const Recording before = run.sim.recording();
  std::string error;
  ASSERT_TRUE(run.sim.simulate(&error)) << error;
  EXPECT_TRUE(run.sim.recording() == before);
  game::GameScreen again;
  EXPECT_FALSE(run.sim.gameMachine()->renderedScreen(again));
  ASSERT_TRUE(game::renderGameScreen(run.sim, 40, again, &error)) << error;
  EXPECT_EQ(again.rgba, run.screen.rgba) << "the same frame twice";
  EXPECT_FALSE(game::renderGameScreen(run.sim, 41, again, &error));
  EXPECT_NE(error.find("frame 41 is not recorded"), std::string::npos) << error;
}

// The viewers decode the video state on their own (core/render/video_viewers.cpp):
// the nametable / BG map viewer's screen window equals the renderer's picture
// outside the sprites (scroll 0), the OAM viewer boxes the player's sprite,
// hover names the map address.
void checkViewers(const std::string& game, const std::string& file) {
  ScreenRun run;
  runTo(game, file, kFrame, run);
  const game::GameScreen& s = run.screen;
  const Canvas nt = renderViewer(s, Viewer::Nametables, 1);
  EXPECT_EQ(nt.width(), s.nes ? 512 : 256);
  EXPECT_EQ(nt.height(), s.nes ? 480 : 256);
  const int sx = s.nes ? s.oam[3] : -100, sy = s.nes ? s.oam[0] + 1 : -100;
  int bad = 0;
  // Inside the window's outline (drawn over the edge pixels).
  for (int y = 2; y < s.height - 2; ++y)
    for (int x = 2; x < s.width - 2; ++x) {
      if (x >= sx && x < sx + 8 && y >= sy && y < sy + 8) continue;
      const Rgba v = nt.at(x, y);
      bad += (uint32_t(v.r) | uint32_t(v.g) << 8 | uint32_t(v.b) << 16 | 0xFF000000u) != s.at(x, y);
    }
  EXPECT_EQ(bad, 0) << game;
  const std::string hover = viewerHover(s, Viewer::Nametables, 8 * 3, 8 * 2);
  EXPECT_NE(hover.find(s.nes ? "at $2043" : "at $9843"), std::string::npos) << hover;
  EXPECT_EQ(renderViewer(s, Viewer::Tiles, 2).width(), s.nes ? 512 : 256);
  EXPECT_EQ(renderViewer(s, Viewer::Palettes, 1).width(), s.nes ? 256 : 64);
  if (!s.nes) return;
  const Canvas oam = renderViewer(s, Viewer::Oam, 1);
  const Rgba edge = oam.at(sx, sy + 4);
  EXPECT_TRUE(edge.r == 80 && edge.g == 220 && edge.b == 255) << "sprite 0's box";
  EXPECT_NE(viewerHover(s, Viewer::Oam, sx + 2, sy + 2).find("sprite 0 at OAM $0000"),
            std::string::npos);
}

TEST(GameScreen, NesViewersAgreeWithThePicture) {
  REQUIRE_GAME("nrom_demo");
  checkViewers("nrom_demo", "nrom_demo_frame.scenario.json");
}

TEST(GameScreen, GbViewersAgreeWithThePicture) {
  checkViewers("gb_mbc1_demo", "gb_mbc1_demo_frame.scenario.json");
}

}  // namespace
}  // namespace core
