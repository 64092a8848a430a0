// NES colours to RGB: the 2C02's 512 outputs (64 colours x 8 emphasis
// combinations), generated once from the composite-signal model on the nesdev
// wiki's "NTSC video" page and decoded the way that page does.
//
//   std::vector<uint8_t> rgba = emu6502::nesToRgba(nes.ppu()->frame());
//
// The model: each colour is a square wave between two of the measured voltage
// levels (low 0.228/0.312/0.552/0.880 V, high 0.616/0.840/1.100/1.100 V by luma
// row; black 0.312, white 1.100), in one of 12 phases of the colour subcarrier;
// colour 0 stays high, $D-$F stay low ($E/$F forced to row 1, black), and each
// emphasis bit scales the phases it covers by 0.746. Twelve samples are averaged
// into Y, I and Q (hue offset 108 degrees, chroma gain 2) and turned into RGB with
// the FCC matrix, linear (no gamma curve), clamped to 0-255. This reproduces the
// "2C02" table on nesdev's "PPU palettes" page ($00 = 62 62 62, $01 = 00 1F B2,
// $06 = 73 0B 00, $10 = AB AB AB, $20 = FF FF FF) to within one unit.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace emu6502 {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

// Indexed by the 9-bit pixel NesPpu writes (bits 0-5 colour, 6-8 emphasis).
const std::array<Rgb, 512>& nesPalette();
// Four bytes a pixel, R G B A (A = 255), row by row.
std::vector<uint8_t> nesToRgba(std::span<const uint16_t> pixels);

}  // namespace emu6502
