// The NES test games (assets/games, built by CMake with ca65/ld65) played with
// emu6502's renderer on: the picture shows, cell by cell, the room of the game's
// map file (metatile -> 2x2 tiles -> the map file's own pixel rows, in the colours
// the game put in palette RAM), and the player's sprite where OAM says. The map
// file is an independent statement of what the game draws: it is what the room
// data was written from, not what the renderer read.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/tests/sample_test_util.h"
#include "emu6502/ines.h"
#include "emu6502/nes_ppu.h"
#include "emu6502/nes_system.h"

namespace core {
namespace {

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

// "al 00C053 .main_loop" lines of ld65's -Ln file.
uint16_t viceLabel(const std::string& game, const std::string& name) {
  std::ifstream in(gameFile(game, game + ".labels.txt"));
  std::string line;
  while (std::getline(in, line)) {
    unsigned address = 0;
    char label[128] = {};
    if (std::sscanf(line.c_str(), "al %x .%127s", &address, label) == 2 && name == label)
      return static_cast<uint16_t>(address);
  }
  ADD_FAILURE() << name << " is not in " << game << ".labels.txt";
  return 0;
}

struct MapFile {
  std::vector<std::string> tiles;  // "pppppppp/..." rows, one digit a pixel
  std::vector<std::vector<int>> metatiles;
  std::vector<int> cells;
  int width = 0, height = 0, cellSize = 0;
  int pixel(int tile, int x, int y) const { return tiles[size_t(tile)][size_t(y * 9 + x)] - '0'; }
};

MapFile readMap(const std::string& game) {
  std::ifstream in(test::repoFile("assets/games/" + game + "/" + game + ".map.json"));
  const nlohmann::json j = nlohmann::json::parse(in);
  MapFile m;
  m.tiles = j["chr"]["tiles"].get<std::vector<std::string>>();
  for (const auto& t : j["metatiles"]["set"])
    m.metatiles.push_back(t["tiles"].get<std::vector<int>>());
  m.cells = j["room"]["cells"].get<std::vector<int>>();
  m.width = j["room"]["width"];
  m.height = j["room"]["height"];
  m.cellSize = j["room"]["cellSize"];
  return m;
}

void checkScreen(const std::string& game) {
  if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake";
  emu6502::InesResult r = emu6502::loadInesFile(gameFile(game, game + ".nes"));
  ASSERT_TRUE(r.ok()) << r.error.text();
  emu6502::NesSystem nes(std::move(*r.cart));
  nes.setRendering(true);
  nes.reset();
  std::vector<bool> stops(0x10000);
  stops[viceLabel(game, "main_loop")] = true;
  emu6502::RunLimits limits;
  limits.breakpoints = &stops;
  limits.maxCycles = 120ull * emu6502::NesSystem::kFrameCycles;
  ASSERT_EQ(nes.run(limits).reason, emu6502::HaltReason::Breakpoint);
  // Walk right for 20 frames and stand for a few: the sprite has moved and OAM
  // holds still for the frames checked.
  limits.maxCycles = 2ull * emu6502::NesSystem::kFrameCycles;
  for (int f = 0; f < 24; ++f) {
    nes.setButtons(0, f < 20 ? 0x01 : 0x00);
    ASSERT_EQ(nes.run(limits).reason, emu6502::HaltReason::Breakpoint) << "frame " << f;
  }
  const uint64_t done = nes.ppu()->framesDone();
  while (nes.ppu()->framesDone() < done + 2)
    ASSERT_EQ(nes.run(limits).reason, emu6502::HaltReason::Breakpoint);

  const MapFile map = readMap(game);
  ASSERT_EQ(map.cells.size(), size_t(map.width * map.height));
  const auto& frame = nes.ppu()->frame();
  const auto& palette = nes.bus().paletteRam();
  const auto& oam = nes.bus().oam();
  const int spriteX = oam[3], spriteY = oam[0] + 1;
  EXPECT_GT(spriteX, 32) << "the player walked right";
  auto inSprite = [&](int x, int y) {
    return x >= spriteX && x < spriteX + 8 && y >= spriteY && y < spriteY + 8;
  };
  const int tileSize = map.cellSize / 2;
  int checked = 0;
  for (int cell = 0; cell < map.width * map.height; ++cell) {
    const int cx = cell % map.width, cy = cell / map.width;
    const std::vector<int>& quads = map.metatiles[size_t(map.cells[size_t(cell)])];
    int bad = 0;
    for (int y = 0; y < map.cellSize; ++y) {
      for (int x = 0; x < map.cellSize; ++x) {
        const int sx = cx * map.cellSize + x, sy = cy * map.cellSize + y;
        if (inSprite(sx, sy)) continue;
        const int tile = quads[size_t((y / tileSize) * 2 + x / tileSize)];
        const int p = map.pixel(tile, x % tileSize, y % tileSize);
        bad += frame[size_t(sy * 256 + sx)] != palette[size_t(p)];
        ++checked;
      }
    }
    EXPECT_EQ(bad, 0) << game << " cell (" << cx << ", " << cy << ")";
  }
  EXPECT_EQ(checked, 256 * 240 - 64);
  // The sprite: OAM[0] (tile, palette 0), opaque pixels in sprite palette 0,
  // the room behind the transparent ones.
  const int tile = oam[1];
  ASSERT_LT(size_t(tile), map.tiles.size());
  int opaque = 0;
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      const int p = map.pixel(tile, x, y);
      if (!p) continue;
      ++opaque;
      EXPECT_EQ(frame[size_t((spriteY + y) * 256 + spriteX + x)], palette[size_t(0x10 + p)])
          << "sprite pixel (" << x << ", " << y << ")";
    }
  }
  EXPECT_GT(opaque, 0);
}

TEST(NesScreen, NromDemoShowsItsRoomAndThePlayerSprite) {
  checkScreen("nrom_demo");
}

TEST(NesScreen, Mmc1DemoShowsItsRoomAndThePlayerSprite) {
  checkScreen("mmc1_demo");
}

}  // namespace
}  // namespace core
