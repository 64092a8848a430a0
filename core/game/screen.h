// The game's picture at a recording frame: what a player sees on the screen
// (NES 256x240 from emu6502's NesPpu, Game Boy 160x144 from emusm83's GbPpu),
// for `collido render --screen`, the GUI's Game panel and the tests that check
// the picture against what the game wrote.
//
//   GameScreen s;
//   if (!renderGameScreen(sim, 100, s, &error)) ...;   // sim: a game scenario, simulated
//   s.rgba  // s.width * s.height * 4 bytes, R G B A, top row first
//
// Frame mode: the renderer is switched on at the start of the frame, the frame
// runs again from its keyframe exactly as recorded (the game's own main loop,
// its input on the joypad), and the picture is the one drawn during it, line
// by line, so a mid-frame scroll or palette write shows where it happens.
// Call mode never runs the game's main loop, so there is no frame the game
// drew: the picture is drawn from the machine at the end of the frame (the
// registers, nametables or BG map, OAM and palettes as they are, no CPU), a
// still. Either way the renderer is off again afterwards and the machine is
// left at the end of the frame (seek before using it for anything else):
// audits and simulate() never render.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace core {
class Simulation;
}

namespace core::game {

class GameMachine;

struct GameScreen {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4
  // The background's scroll when the frame ended (NES: loopy t and fine X,
  // nametable bits included, so 0..511 x 0..479; Game Boy: SCX, SCY): the room
  // pixel the game draws at the screen's top-left corner, when the room is
  // drawn from nametable or BG map (0, 0).
  int scrollX = 0, scrollY = 0;
  bool still = false;  // drawn from the state, no CPU (call mode)
  // The background maps as the frame ended, for hover and viewers. NES: the
  // 4 KiB the PPU sees at $2000-$2FFF (mirroring applied); Game Boy: the two
  // BG maps $9800-$9FFF, and LCDC (bit 3 picks the BG's map).
  bool nes = false;
  std::vector<uint8_t> maps;
  uint8_t lcdc = 0;
  // The rest of the video state as the frame ended, for the viewers
  // (core/render/video_viewers.h). NES: `control` PPUCTRL, `patterns` the 8 KiB
  // at PPU $0000 (CHR banking applied), `oam` 256 bytes, `palette` the 32 bytes
  // at $3F00. Game Boy: `control` LCDC, `patterns` the 6 KiB of tile data at
  // $8000-$97FF, `oam` 160 bytes, `palette` BGP, OBP0, OBP1, then on a CGB the
  // 64 bytes of BG and the 64 of OBJ palette RAM.
  uint8_t control = 0;
  std::vector<uint8_t> patterns, oam, palette;
  bool empty() const { return width == 0; }
  uint32_t at(int x, int y) const;  // R | G << 8 | B << 16 | A << 24
};

// The background tile under screen pixel (x, y): its map address (NES $2000-
// $2FFF, Game Boy $9800-$9FFF) and tile id, through the scroll. False off the
// screen or without maps.
struct ScreenTile {
  uint16_t address = 0;
  uint8_t tile = 0;
  int column = 0, row = 0;  // in the map, tiles (NES: 0-63 x 0-59 over the four nametables)
};
bool screenTileAt(const GameScreen& s, int x, int y, ScreenTile& out);

// The picture of recording frame `frame` (see above). False with a message when
// the simulation runs no game or the frame is not recorded.
bool renderGameScreen(Simulation& sim, int frame, GameScreen& out, std::string* error);

}  // namespace core::game
