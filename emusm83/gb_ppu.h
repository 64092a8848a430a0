// The Game Boy picture: GbPpu draws one scanline of the 160x144 LCD from video
// memory and the LCD registers as they are at that moment. GbBus calls it at the
// start of mode 3 of each visible line while a GbFrame is attached
// (GbBus::setFrame), so a register a raster effect writes before line N's mode 3
// shows from line N on; with no frame attached nothing is drawn and nothing is
// spent.
//
//   emusm83::GbFrame frame;
//   bus.setFrame(&frame);            // from now on every visible line is drawn
//   cpu.runUntil(...);               // frame.pixels fills in, line by line
//   if (bus.framesRendered() > n) ...// counts the frames whose line 143 was drawn
//
// What it draws:
// - BG (SCX/SCY wrap at 256) and the window (from WX-7, WY; the window has its own
//   line counter, which only advances on lines where the window was drawn, and
//   starts on the first line where LY == WY was seen this frame);
// - objects: 8x8 or 8x16 (LCDC bit 2, tile index bit 0 ignored), X/Y flip, the
//   first 10 in OAM order whose rows cover the line (off-screen X counts too), the
//   OBJ-to-BG priority bit (behind BG colours 1-3); between objects on DMG the
//   smaller X wins, then the lower OAM index, on CGB the lower OAM index (OPRI
//   $FF6C bit 0 set: as on DMG); a
//   transparent pixel of the winner lets the next one show;
// - DMG: LCDC bit 0 clear blanks BG and window to colour 0; BGP, OBP0, OBP1 pick
//   one of four shades, written as RGBA 0xFFFFFF, 0xAAAAAA, 0x555555, 0x000000
//   (kDmgShades: white to black, the greys dmg-acid2's reference image uses);
// - CGB (GbVideo::cgb): 8 BG and 8 OBJ palettes of four RGB555 colours from
//   palette RAM, each channel widened to 8 bits as (c << 3) | (c >> 2); the BG map
//   attribute byte in VRAM bank 1 (bits 0-2 palette, 3 tile bank, 5 X flip, 6 Y
//   flip, 7 BG over objects); object attribute bits 0-2 palette, 3 tile bank;
//   LCDC bit 0 clear takes priority away from BG and window (objects on top).
// Not modelled: the pixel FIFO's mid-line timing (a register written during mode 3
// takes effect on the next line), the WX=0/166 quirks, DMG-compatibility palettes
// of a CGB running a DMG game (DMG games are drawn as on a DMG).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace emusm83 {

inline constexpr int kLcdWidth = 160;
inline constexpr int kLcdHeight = 144;

// RGBA as bytes R, G, B, A in memory (on little-endian: 0xAABBGGRR), ready for
// GL_RGBA/GL_UNSIGNED_BYTE and PNG writers.
inline constexpr uint32_t rgba(uint8_t r, uint8_t g, uint8_t b) {
  return uint32_t{r} | uint32_t{g} << 8 | uint32_t{b} << 16 | 0xFF000000u;
}
inline constexpr std::array<uint32_t, 4> kDmgShades = {
    rgba(0xFF, 0xFF, 0xFF), rgba(0xAA, 0xAA, 0xAA), rgba(0x55, 0x55, 0x55), rgba(0, 0, 0)};
// An RGB555 colour (CGB palette RAM, little-endian word) as RGBA.
uint32_t cgbColor(uint16_t rgb555);

struct GbFrame {
  std::array<uint32_t, kLcdWidth * kLcdHeight> pixels{};  // row-major, see rgba()
  uint32_t at(int x, int y) const { return pixels[std::size_t(y * kLcdWidth + x)]; }
};

// What the renderer reads, all owned by the bus. vram1 and the palettes are only
// read when cgb is set.
struct GbVideo {
  const uint8_t* vram0 = nullptr;        // $8000-$9FFF, bank 0
  const uint8_t* vram1 = nullptr;        // bank 1 (CGB)
  const uint8_t* oam = nullptr;          // $FE00-$FE9F
  const uint8_t* io = nullptr;           // stored registers $FF00-$FF7F
  const uint8_t* bgPalettes = nullptr;   // 64 bytes of CGB BG palette RAM
  const uint8_t* objPalettes = nullptr;  // 64 bytes of CGB OBJ palette RAM
  bool cgb = false;
};

// The renderer's own state across lines, part of GbBusState.
struct GbPpuState {
  uint8_t windowLine = 0;        // the window's line counter
  bool windowTriggered = false;  // LY == WY was seen this frame
  bool operator==(const GbPpuState&) const = default;
};

class GbPpu {
 public:
  // Draws line `ly` (0-143) into `frame`. Line 0 starts a new frame (the window's
  // counter and trigger reset).
  void renderLine(unsigned ly, const GbVideo& video, GbFrame& frame);
  // The LCD switched off: the screen shows blank (colour 0 white on DMG, white on CGB).
  static void blank(GbFrame& frame);

  const GbPpuState& state() const { return state_; }
  void setState(const GbPpuState& s) { state_ = s; }

 private:
  GbPpuState state_;
};

}  // namespace emusm83
