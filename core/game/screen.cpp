#include "core/game/screen.h"

#include "core/game/game_machine.h"
#include "core/sim/simulation.h"

namespace core::game {

uint32_t GameScreen::at(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) return 0;
  const size_t i = (size_t(y) * size_t(width) + size_t(x)) * 4;
  return uint32_t(rgba[i]) | uint32_t(rgba[i + 1]) << 8 | uint32_t(rgba[i + 2]) << 16 |
         uint32_t(rgba[i + 3]) << 24;
}

bool screenTileAt(const GameScreen& s, int x, int y, ScreenTile& out) {
  if (x < 0 || y < 0 || x >= s.width || y >= s.height) return false;
  if (s.nes) {
    if (s.maps.size() < 0x1000) return false;
    const int px = (x + s.scrollX) % 512, py = (y + s.scrollY) % 480;
    const int table = (px >= 256 ? 1 : 0) + (py >= 240 ? 2 : 0);
    const int col = (px % 256) / 8, row = (py % 240) / 8;
    out.address = uint16_t(0x2000 + table * 0x400 + row * 32 + col);
    out.tile = s.maps[out.address - 0x2000u];
    out.column = px / 8;
    out.row = py / 8;
    return true;
  }
  if (s.maps.size() < 0x800) return false;
  const int col = ((x + s.scrollX) & 255) / 8, row = ((y + s.scrollY) & 255) / 8;
  out.address = uint16_t(((s.lcdc & 0x08) ? 0x9C00 : 0x9800) + row * 32 + col);
  out.tile = s.maps[out.address - 0x9800u];
  out.column = col;
  out.row = row;
  return true;
}

bool renderGameScreen(Simulation& sim, int frame, GameScreen& out, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  GameMachine* game = sim.gameMachine();
  if (!game) return fail("the scenario's routine is not a game (no game block in its manifest)");
  const int frames = int(sim.recording().frames.size());
  if (frame < 0 || frame >= frames)
    return fail("frame " + std::to_string(frame) + " is not recorded (frames 0-" +
                std::to_string(frames - 1) + ")");
  game->setRendering(false);
  if (!sim.frameRunner()) {
    if (!sim.replayThrough(frame))
      return fail("frame " + std::to_string(frame) + " did not replay");
    out = game->stillScreen();
    return true;
  }
  const bool ok = sim.replayThrough(frame, [game] { game->setRendering(true); });
  const bool drawn = ok && game->renderedScreen(out);
  game->setRendering(false);
  if (!ok) return fail("frame " + std::to_string(frame) + " did not replay");
  if (!drawn) return fail("frame " + std::to_string(frame) + ": the renderer finished no frame");
  return true;
}

}  // namespace core::game
