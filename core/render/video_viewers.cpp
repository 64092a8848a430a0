#include "core/render/video_viewers.h"

#include <algorithm>
#include <cstdio>

#include "core/render/font5x7.h"
#include "emu6502/nes_palette.h"
#include "emusm83/gb_ppu.h"

namespace core {

namespace {

constexpr Rgba kWindowEdge{255, 190, 60, 255};
constexpr Rgba kSpriteEdge{80, 220, 255, 255};

Rgba fromRgba32(uint32_t c) {
  return Rgba{uint8_t(c), uint8_t(c >> 8), uint8_t(c >> 16), 255};
}

Rgba nesColour(uint8_t value) {
  const emu6502::Rgb c = emu6502::nesPalette()[value & 0x3F];
  return Rgba{c.r, c.g, c.b, 255};
}

Rgba dmgShade(uint8_t palette, int colour) {
  return fromRgba32(emusm83::kDmgShades[(palette >> (2 * colour)) & 3]);
}

// The 2-bit pixel (x, y) of the 16-byte tile at `at`. NES: 8 low-plane bytes
// then 8 high; Game Boy: the two planes interleaved a row at a time.
int tilePixel(const std::vector<uint8_t>& data, size_t at, int x, int y, bool nes) {
  const size_t lo = nes ? at + size_t(y) : at + size_t(y) * 2;
  const size_t hi = nes ? lo + 8 : lo + 1;
  if (hi >= data.size()) return 0;
  return ((data[lo] >> (7 - x)) & 1) | ((data[hi] >> (7 - x)) & 1) << 1;
}

// Video pixel (x, y) painted as a scale x scale block.
void plot(Canvas& c, int scale, int x, int y, Rgba colour) {
  c.fillRect(x * scale, y * scale, scale, scale, colour);
}

// A rectangle of video pixels outlined, wrapping round a w x h plane.
void wrappedRect(Canvas& c, int scale, int x, int y, int w, int h, int planeW, int planeH,
                 Rgba colour) {
  x = ((x % planeW) + planeW) % planeW;
  y = ((y % planeH) + planeH) % planeH;
  for (int dx : {0, -planeW})
    for (int dy : {0, -planeH})
      c.strokeRect((x + dx) * scale, (y + dy) * scale, w * scale, h * scale,
                   std::max(1, scale / 2 + 1), colour);
}

void label(Canvas& c, int px, int py, const std::string& s, Rgba colour) {
  c.fillRect(px - 1, py - 1, int(s.size()) * kFontAdvance + 1, kFontHeight + 2, Rgba{0, 0, 0, 170});
  for (size_t i = 0; i < s.size(); ++i) {
    const auto& g = fontGlyph(s[i]);
    for (int row = 0; row < kFontHeight; ++row)
      for (int col = 0; col < kFontWidth; ++col)
        if (g[size_t(row)] >> (kFontWidth - 1 - col) & 1)
          c.blend(px + int(i) * kFontAdvance + col, py + row, colour);
  }
}

// Game Boy: the tile-data address of BG tile `id` under LCDC bit 4.
size_t gbTileAt(uint8_t lcdc, uint8_t id) {
  return (lcdc & 0x10) ? size_t(id) * 16 : size_t(0x1000 + int8_t(id) * 16);
}

Canvas nametables(const game::GameScreen& s, int scale) {
  if (s.nes) {
    Canvas c(512 * scale, 480 * scale, Rgba{0, 0, 0, 255});
    const size_t base = (s.control & 0x10) ? 0x1000 : 0;
    for (int n = 0; n < 4 && s.maps.size() >= 0x1000; ++n)
      for (int row = 0; row < 30; ++row)
        for (int col = 0; col < 32; ++col) {
          const size_t nt = size_t(n) * 0x400;
          const uint8_t tile = s.maps[nt + size_t(row * 32 + col)];
          const uint8_t attr = s.maps[nt + 0x3C0 + size_t((row / 4) * 8 + col / 4)];
          const int group = (attr >> (((row / 2) % 2) * 4 + ((col / 2) % 2) * 2)) & 3;
          for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x) {
              const int p = tilePixel(s.patterns, base + size_t(tile) * 16, x, y, true);
              const uint8_t v =
                  s.palette.size() >= 32 ? s.palette[p ? size_t(group * 4 + p) : 0] : 0;
              plot(c, scale, (n % 2) * 256 + col * 8 + x, (n / 2) * 240 + row * 8 + y,
                   nesColour(v));
            }
        }
    wrappedRect(c, scale, s.scrollX, s.scrollY, 256, 240, 512, 480, kWindowEdge);
    return c;
  }
  Canvas c(256 * scale, 256 * scale, Rgba{0, 0, 0, 255});
  const size_t map = (s.lcdc & 0x08) ? 0x400 : 0;
  const uint8_t bgp = s.palette.empty() ? 0xE4 : s.palette[0];
  for (int row = 0; row < 32 && s.maps.size() >= 0x800; ++row)
    for (int col = 0; col < 32; ++col) {
      const size_t at = gbTileAt(s.lcdc, s.maps[map + size_t(row * 32 + col)]);
      for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
          plot(c, scale, col * 8 + x, row * 8 + y,
               dmgShade(bgp, tilePixel(s.patterns, at, x, y, false)));
    }
  wrappedRect(c, scale, s.scrollX, s.scrollY, 160, 144, 256, 256, kWindowEdge);
  return c;
}

Canvas tiles(const game::GameScreen& s, int scale) {
  if (s.nes) {
    Canvas c(256 * scale, 128 * scale, Rgba{0, 0, 0, 255});
    for (int t = 0; t < 512; ++t)
      for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
          const int p = tilePixel(s.patterns, size_t(t) * 16, x, y, true);
          const uint8_t v = s.palette.size() >= 4 ? s.palette[size_t(p)] : uint8_t(p * 0x10);
          plot(c, scale, (t / 256) * 128 + (t % 16) * 8 + x, ((t % 256) / 16) * 8 + y,
               nesColour(v));
        }
    return c;
  }
  Canvas c(128 * scale, 192 * scale, Rgba{0, 0, 0, 255});
  const uint8_t bgp = s.palette.empty() ? 0xE4 : s.palette[0];
  for (int t = 0; t < 384; ++t)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        plot(c, scale, (t % 16) * 8 + x, (t / 16) * 8 + y,
             dmgShade(bgp, tilePixel(s.patterns, size_t(t) * 16, x, y, false)));
  return c;
}

Canvas oam(const game::GameScreen& s, int scale) {
  Canvas c(s.width * scale, s.height * scale, Rgba{0, 0, 0, 255});
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x) {
      Rgba p = fromRgba32(s.at(x, y));
      // Dimmed, so the boxes stand out.
      p = Rgba{uint8_t(p.r / 2), uint8_t(p.g / 2), uint8_t(p.b / 2), 255};
      plot(c, scale, x, y, p);
    }
  const bool tall = s.nes ? (s.control & 0x20) != 0 : (s.control & 0x04) != 0;
  const int h = tall ? 16 : 8;
  const int count = s.nes ? 64 : 40;
  for (int i = 0; i < count && size_t(i * 4 + 3) < s.oam.size(); ++i) {
    const uint8_t* e = s.oam.data() + i * 4;
    int x = 0, y = 0;
    if (s.nes) {
      if (e[0] >= 0xEF) continue;
      x = e[3];
      y = e[0] + 1;
    } else {
      if (e[0] == 0 || e[0] >= 160 || e[1] == 0 || e[1] >= 168) continue;
      x = e[1] - 8;
      y = e[0] - 16;
    }
    c.strokeRect(x * scale, y * scale, 8 * scale, h * scale, std::max(1, scale / 2), kSpriteEdge);
    label(c, x * scale, std::max(0, y * scale - kFontHeight - 2), std::to_string(i), kSpriteEdge);
  }
  return c;
}

Canvas palettes(const game::GameScreen& s, int scale) {
  const int sw = 16;  // a swatch's side in video pixels
  if (s.nes) {
    Canvas c(16 * sw * scale, 2 * sw * scale, Rgba{0, 0, 0, 255});
    for (int i = 0; i < 32 && size_t(i) < s.palette.size(); ++i)
      c.fillRect((i % 16) * sw * scale, (i / 16) * sw * scale, sw * scale, sw * scale,
                 nesColour(s.palette[size_t(i)]));
    return c;
  }
  const bool cgb = s.palette.size() >= 3 + 128;
  const int rows = cgb ? 3 + 16 : 3;
  Canvas c(4 * sw * scale, rows * sw * scale, Rgba{0, 0, 0, 255});
  for (int r = 0; r < 3 && size_t(r) < s.palette.size(); ++r)
    for (int k = 0; k < 4; ++k)
      c.fillRect(k * sw * scale, r * sw * scale, sw * scale, sw * scale,
                 dmgShade(s.palette[size_t(r)], k));
  if (cgb)
    for (int r = 0; r < 16; ++r)
      for (int k = 0; k < 4; ++k) {
        const size_t at = 3 + size_t(r) * 8 + size_t(k) * 2;
        const uint16_t rgb555 = uint16_t(s.palette[at] | s.palette[at + 1] << 8);
        c.fillRect(k * sw * scale, (3 + r) * sw * scale, sw * scale, sw * scale,
                   fromRgba32(emusm83::cgbColor(rgb555)));
      }
  return c;
}

std::string hex(unsigned v, int digits) {
  char b[16];
  std::snprintf(b, sizeof b, "$%0*X", digits, v);
  return b;
}

}  // namespace

std::optional<Viewer> parseViewer(const std::string& name) {
  if (name == "nametables" || name == "bgmap") return Viewer::Nametables;
  if (name == "tiles") return Viewer::Tiles;
  if (name == "oam") return Viewer::Oam;
  if (name == "palettes") return Viewer::Palettes;
  return std::nullopt;
}

const char* viewerName(Viewer v) {
  switch (v) {
    case Viewer::Nametables:
      return "nametables";
    case Viewer::Tiles:
      return "tiles";
    case Viewer::Oam:
      return "oam";
    case Viewer::Palettes:
      return "palettes";
  }
  return "";
}

Canvas renderViewer(const game::GameScreen& s, Viewer v, int scale) {
  if (s.empty()) return Canvas();
  scale = std::clamp(scale, 1, 16);
  switch (v) {
    case Viewer::Nametables:
      return nametables(s, scale);
    case Viewer::Tiles:
      return tiles(s, scale);
    case Viewer::Oam:
      return oam(s, scale);
    case Viewer::Palettes:
      return palettes(s, scale);
  }
  return Canvas();
}

std::string viewerHover(const game::GameScreen& s, Viewer v, int x, int y) {
  if (s.empty() || x < 0 || y < 0) return {};
  switch (v) {
    case Viewer::Nametables: {
      if (s.nes) {
        if (x >= 512 || y >= 480 || s.maps.size() < 0x1000) return {};
        const int n = (x / 256) + 2 * (y / 240), col = (x % 256) / 8, row = (y % 240) / 8;
        const unsigned a = 0x2000 + unsigned(n) * 0x400 + unsigned(row * 32 + col);
        const unsigned attr =
            0x2000 + unsigned(n) * 0x400 + 0x3C0 + unsigned((row / 4) * 8 + col / 4);
        const int group =
            (s.maps[attr - 0x2000] >> (((row / 2) % 2) * 4 + ((col / 2) % 2) * 2)) & 3;
        return "tile " + hex(s.maps[a - 0x2000], 2) + " at " + hex(a, 4) + ", attribute at " +
               hex(attr, 4) + ", palette " + std::to_string(group);
      }
      if (x >= 256 || y >= 256 || s.maps.size() < 0x800) return {};
      const unsigned a = ((s.lcdc & 0x08) ? 0x9C00 : 0x9800) + unsigned((y / 8) * 32 + x / 8);
      const uint8_t id = s.maps[a - 0x9800];
      return "tile " + hex(id, 2) + " at " + hex(a, 4) + ", data at " +
             hex(unsigned(0x8000 + gbTileAt(s.lcdc, id)), 4);
    }
    case Viewer::Tiles: {
      if (s.nes) {
        if (x >= 256 || y >= 128) return {};
        const unsigned t = unsigned((x / 128) * 256 + (y / 8) * 16 + (x % 128) / 8);
        return "tile " + hex(t & 0xFF, 2) + " of table " + std::to_string(t / 256) + " at PPU " +
               hex(t * 16, 4);
      }
      if (x >= 128 || y >= 192) return {};
      const unsigned t = unsigned((y / 8) * 16 + x / 8);
      return "tile " + std::to_string(t) + " at " + hex(0x8000 + t * 16, 4);
    }
    case Viewer::Oam: {
      const bool tall = s.nes ? (s.control & 0x20) != 0 : (s.control & 0x04) != 0;
      std::string out;
      for (int i = 0; i < (s.nes ? 64 : 40) && size_t(i * 4 + 3) < s.oam.size(); ++i) {
        const uint8_t* e = s.oam.data() + i * 4;
        const int sx = s.nes ? e[3] : e[1] - 8, sy = s.nes ? e[0] + 1 : e[0] - 16;
        if (x < sx || y < sy || x >= sx + 8 || y >= sy + (tall ? 16 : 8)) continue;
        if (!out.empty()) out += "\n";
        out += "sprite " + std::to_string(i) + " at OAM " +
               hex(unsigned(s.nes ? i * 4 : 0xFE00 + i * 4), 4) + ": tile " +
               hex(s.nes ? e[1] : e[2], 2) + ", attributes " + hex(e[s.nes ? 2 : 3], 2);
      }
      return out;
    }
    case Viewer::Palettes: {
      const int i = (y / 16) * (s.nes ? 16 : 4) + x / 16;
      if (s.nes)
        return x < 256 && y < 32 && size_t(i) < s.palette.size()
                   ? "palette " + hex(unsigned(0x3F00 + i), 4) + " = " +
                         hex(s.palette[size_t(i)], 2)
                   : std::string();
      if (x >= 64) return {};
      const int r = y / 16;
      if (r < 3 && size_t(r) < s.palette.size())
        return std::string(r == 0   ? "BGP $FF47"
                           : r == 1 ? "OBP0 $FF48"
                                    : "OBP1 $FF49") +
               " = " + hex(s.palette[size_t(r)], 2) + ", colour " + std::to_string(x / 16);
      if (r < 19 && s.palette.size() >= 131)
        return std::string(r < 11 ? "CGB BG palette " : "CGB OBJ palette ") +
               std::to_string((r - 3) % 8) + ", colour " + std::to_string(x / 16);
      return {};
    }
  }
  return {};
}

}  // namespace core
