#include "emusm83/gb_ppu.h"

#include <algorithm>

namespace emusm83 {
namespace {

constexpr unsigned kMap0 = 0x1800, kMap1 = 0x1C00;  // $9800, $9C00 in VRAM
constexpr uint8_t kAttrPalette = 0x07, kAttrBank = 0x08, kAttrXFlip = 0x20, kAttrYFlip = 0x40,
                  kAttrPriority = 0x80;
constexpr uint8_t kObjDmgPalette = 0x10;

uint8_t reverseBits(uint8_t b) {
  b = static_cast<uint8_t>((b & 0xF0) >> 4 | (b & 0x0F) << 4);
  b = static_cast<uint8_t>((b & 0xCC) >> 2 | (b & 0x33) << 2);
  return static_cast<uint8_t>((b & 0xAA) >> 1 | (b & 0x55) << 1);
}

// One row of a tile: the two bit planes, leftmost pixel in bit 7.
struct TileRow {
  uint8_t lo = 0, hi = 0;
  uint8_t color(unsigned px) const {
    const unsigned s = 7 - px;
    return static_cast<uint8_t>((hi >> s & 1) << 1 | (lo >> s & 1));
  }
};

TileRow readRow(const uint8_t* bank, unsigned tileAddr, unsigned row, bool xFlip) {
  TileRow r{bank[tileAddr + row * 2], bank[tileAddr + row * 2 + 1]};
  if (xFlip) r = {reverseBits(r.lo), reverseBits(r.hi)};
  return r;
}

// A BG or window map entry's row `fineY`, with its CGB attribute byte.
struct MapCell {
  TileRow row;
  uint8_t attr = 0;
};

MapCell fetchCell(const GbVideo& v, uint8_t lcdc, unsigned map, unsigned tx, unsigned ty,
                  unsigned fineY) {
  const unsigned at = map + (ty & 31) * 32 + (tx & 31);
  const uint8_t tile = v.vram0[at];
  const uint8_t attr = v.cgb ? v.vram1[at] : 0;
  if (attr & kAttrYFlip) fineY = 7 - fineY;
  const unsigned addr =
      (lcdc & 0x10) ? tile * 16u : static_cast<unsigned>(0x1000 + int8_t(tile) * 16);
  const uint8_t* bank = (attr & kAttrBank) ? v.vram1 : v.vram0;
  return {readRow(bank, addr, fineY, attr & kAttrXFlip), attr};
}

}  // namespace

uint32_t cgbColor(uint16_t c) {
  const auto widen = [](unsigned x) { return static_cast<uint8_t>(x << 3 | x >> 2); };
  return rgba(widen(c & 31), widen(c >> 5 & 31), widen(c >> 10 & 31));
}

void GbPpu::blank(GbFrame& frame) {
  frame.pixels.fill(kDmgShades[0]);
}

void GbPpu::renderLine(unsigned ly, const GbVideo& v, GbFrame& frame) {
  if (ly >= unsigned(kLcdHeight)) return;
  const uint8_t* io = v.io;
  const uint8_t lcdc = io[0x40], scy = io[0x42], scx = io[0x43], wy = io[0x4A], wx = io[0x4B];
  if (ly == 0) state_ = {};
  if (ly == wy) state_.windowTriggered = true;

  // Colour index 0-3 (before the palette) and CGB attribute of each BG/window pixel.
  std::array<uint8_t, kLcdWidth> bg{}, bgAttr{};
  const bool bgOn = v.cgb || (lcdc & 0x01);
  if (bgOn) {
    const unsigned map = (lcdc & 0x08) ? kMap1 : kMap0;
    const unsigned y = (ly + scy) & 0xFF;
    MapCell cell;
    for (unsigned x = 0; x < unsigned(kLcdWidth); ++x) {
      const unsigned bx = (x + scx) & 0xFF;
      if (x == 0 || (bx & 7) == 0) cell = fetchCell(v, lcdc, map, bx >> 3, y >> 3, y & 7);
      bg[x] = cell.row.color(bx & 7);
      bgAttr[x] = cell.attr;
    }
    const int start = int(wx) - 7;
    if ((lcdc & 0x20) && state_.windowTriggered && start < kLcdWidth) {
      const unsigned wmap = (lcdc & 0x40) ? kMap1 : kMap0;
      const unsigned line = state_.windowLine;
      for (int x = std::max(start, 0); x < kLcdWidth; ++x) {
        const unsigned px = unsigned(x - start);
        if (x == std::max(start, 0) || (px & 7) == 0)
          cell = fetchCell(v, lcdc, wmap, px >> 3, line >> 3, line & 7);
        bg[size_t(x)] = cell.row.color(px & 7);
        bgAttr[size_t(x)] = cell.attr;
      }
      ++state_.windowLine;
    }
  }

  // Objects: colour 1-3 (0 = none), attributes of the one that won each pixel.
  std::array<uint8_t, kLcdWidth> obj{}, objAttr{};
  if (lcdc & 0x02) {
    const int height = (lcdc & 0x04) ? 16 : 8;
    std::array<uint8_t, 10> chosen{};
    size_t count = 0;
    for (uint8_t i = 0; i < 40 && count < chosen.size(); ++i) {
      const int top = int(v.oam[i * 4]) - 16;
      if (int(ly) >= top && int(ly) < top + height) chosen[count++] = i;
    }
    // Highest priority first. DMG: smaller X, then lower OAM index (a stable sort of
    // OAM order); CGB: OAM order alone, unless OPRI bit 0 asks for the DMG's order.
    if (!v.cgb || (io[0x6C] & 1))
      std::stable_sort(chosen.begin(), chosen.begin() + count,
                       [&](uint8_t a, uint8_t b) { return v.oam[a * 4 + 1] < v.oam[b * 4 + 1]; });
    for (size_t k = 0; k < count; ++k) {
      const uint8_t* o = v.oam + chosen[k] * 4;
      const uint8_t attr = o[3];
      unsigned row = unsigned(int(ly) - (int(o[0]) - 16));
      if (attr & kAttrYFlip) row = unsigned(height - 1) - row;
      uint8_t tile = o[2];
      if (height == 16) tile = static_cast<uint8_t>((tile & 0xFE) | (row >> 3));
      const uint8_t* bank = (v.cgb && (attr & kAttrBank)) ? v.vram1 : v.vram0;
      const TileRow r = readRow(bank, tile * 16u, row & 7, attr & kAttrXFlip);
      const int left = int(o[1]) - 8;
      for (unsigned px = 0; px < 8; ++px) {
        const int x = left + int(px);
        if (x < 0 || x >= kLcdWidth || obj[size_t(x)]) continue;
        const uint8_t c = r.color(px);
        if (!c) continue;
        obj[size_t(x)] = c;
        objAttr[size_t(x)] = attr;
      }
    }
  }

  uint32_t* out = frame.pixels.data() + ly * unsigned(kLcdWidth);
  if (!v.cgb) {
    const auto shades = [](uint8_t pal) {
      std::array<uint32_t, 4> s{};
      for (unsigned i = 0; i < 4; ++i) s[i] = kDmgShades[pal >> (2 * i) & 3];
      return s;
    };
    const std::array<uint32_t, 4> bgp = shades(io[0x47]), obp0 = shades(io[0x48]),
                                  obp1 = shades(io[0x49]);
    for (unsigned x = 0; x < unsigned(kLcdWidth); ++x) {
      const uint8_t c = obj[x];
      if (c && !((objAttr[x] & kAttrPriority) && bg[x])) {
        out[x] = (objAttr[x] & kObjDmgPalette) ? obp1[c] : obp0[c];
      } else {
        out[x] = bgOn ? bgp[bg[x]] : kDmgShades[0];
      }
    }
    return;
  }
  const auto color = [](const uint8_t* ram, unsigned palette, unsigned index) {
    const unsigned at = palette * 8 + index * 2;
    return cgbColor(static_cast<uint16_t>(ram[at] | ram[at + 1] << 8));
  };
  const bool bgPriority = lcdc & 0x01;
  for (unsigned x = 0; x < unsigned(kLcdWidth); ++x) {
    const uint8_t c = obj[x];
    const bool objWins =
        c && (!bgPriority || bg[x] == 0 || !((bgAttr[x] | objAttr[x]) & kAttrPriority));
    out[x] = objWins ? color(v.objPalettes, objAttr[x] & kAttrPalette, c)
                     : color(v.bgPalettes, bgAttr[x] & kAttrPalette, bg[x]);
  }
}

}  // namespace emusm83
