#include "core/map/tiles.h"

#include <cstdio>

#include "core/util/json_reader.h"

namespace core {

std::vector<Tile> decodeChr(const std::vector<uint8_t>& data, ChrFormat format) {
  std::vector<Tile> tiles(data.size() / 16);
  for (size_t t = 0; t < tiles.size(); ++t) {
    const uint8_t* p = data.data() + t * 16;
    for (int y = 0; y < 8; ++y) {
      uint8_t lo = format == ChrFormat::NesPlanar ? p[y] : p[y * 2];
      uint8_t hi = format == ChrFormat::NesPlanar ? p[y + 8] : p[y * 2 + 1];
      for (int x = 0; x < 8; ++x) {
        int bit = 7 - x;
        tiles[t].px[y * 8 + x] = uint8_t(((lo >> bit) & 1) | (((hi >> bit) & 1) << 1));
      }
    }
  }
  return tiles;
}

std::vector<uint8_t> encodeChr(const std::vector<Tile>& tiles, ChrFormat format) {
  std::vector<uint8_t> out(tiles.size() * 16, 0);
  for (size_t t = 0; t < tiles.size(); ++t) {
    uint8_t* p = out.data() + t * 16;
    for (int y = 0; y < 8; ++y) {
      uint8_t lo = 0, hi = 0;
      for (int x = 0; x < 8; ++x) {
        uint8_t c = tiles[t].px[y * 8 + x];
        lo |= uint8_t((c & 1) << (7 - x));
        hi |= uint8_t(((c >> 1) & 1) << (7 - x));
      }
      if (format == ChrFormat::NesPlanar) {
        p[y] = lo;
        p[y + 8] = hi;
      } else {
        p[y * 2] = lo;
        p[y * 2 + 1] = hi;
      }
    }
  }
  return out;
}

bool parseTileText(const std::string& text, Tile& out) {
  int row = 0, col = 0;
  for (char c : text) {
    if (c == '/' || c == ' ') {
      if (col != 8) return false;
      ++row;
      col = 0;
      continue;
    }
    if (c < '0' || c > '3' || row >= 8 || col >= 8) return false;
    out.px[row * 8 + col++] = uint8_t(c - '0');
  }
  return row == 7 && col == 8;
}

std::string tileText(const Tile& tile) {
  std::string s;
  for (int y = 0; y < 8; ++y) {
    if (y) s += '/';
    for (int x = 0; x < 8; ++x) s += char('0' + tile.px[y * 8 + x]);
  }
  return s;
}

bool parseColour(const std::string& text, Rgba& out) {
  if (text.size() != 7 || text[0] != '#') return false;
  auto v = parseNumberText("$" + text.substr(1));
  if (!v) return false;
  out = Rgba{uint8_t(*v >> 16), uint8_t(*v >> 8), uint8_t(*v), 255};
  return true;
}

std::string colourText(const Rgba& c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

const char* chrFormatName(ChrFormat f) {
  return f == ChrFormat::NesPlanar ? "nes" : "gb";
}

bool parseChrFormat(const std::string& name, ChrFormat& out) {
  if (name == "nes")
    out = ChrFormat::NesPlanar;
  else if (name == "gb")
    out = ChrFormat::Gb2bpp;
  else
    return false;
  return true;
}

}  // namespace core
