// PNG tilesets through stb_image (Debian libstb). stb expands an indexed PNG
// to RGBA, so the palette is read from the PLTE chunk here to map colours back
// to the indices the artist chose.
#include <algorithm>
#include <array>
#include <cstring>

#include "core/interop/tile_graphics.h"
#include "core/map/limits.h"

#ifdef COLLIDOSCOPE_HAVE_STB
#include <stb_image.h>
#endif

namespace core::interop {

namespace {

uint32_t be32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

// The PLTE (and tRNS) entries of an indexed PNG; empty for any other PNG or a
// malformed chunk list (stb reports those).
std::vector<Rgba> pngPalette(const std::vector<uint8_t>& d) {
  static const uint8_t kSig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<Rgba> pal;
  if (d.size() < 33 || std::memcmp(d.data(), kSig, 8) != 0) return pal;
  if (d[8 + 8 + 9] != 3) return pal;  // IHDR colour type: 3 = indexed
  size_t at = 8;
  while (at + 12 <= d.size()) {
    uint32_t len = be32(&d[at]);
    if (len > d.size() - at - 12) break;
    const uint8_t* type = &d[at + 4];
    const uint8_t* body = &d[at + 8];
    if (std::memcmp(type, "PLTE", 4) == 0) {
      for (uint32_t i = 0; i + 3 <= len; i += 3) pal.push_back({body[i], body[i + 1], body[i + 2]});
    } else if (std::memcmp(type, "tRNS", 4) == 0) {
      for (uint32_t i = 0; i < len && i < pal.size(); ++i) pal[i].a = body[i];
    } else if (std::memcmp(type, "IDAT", 4) == 0) {
      break;  // PLTE and tRNS come before the image data
    }
    at += 12 + size_t(len);
  }
  return pal;
}

// Fully transparent pixels are one colour whatever their RGB.
Rgba normalise(Rgba c) {
  return c.a == 0 ? Rgba{0, 0, 0, 0} : c;
}

int brightness(const Rgba& c) {
  return c.a == 0 ? -1 : int(c.r) * 299 + int(c.g) * 587 + int(c.b) * 114;
}

}  // namespace

bool decodePng(const std::vector<uint8_t>& data, const std::string& name, TileSheet* out,
               std::string* error) {
#ifndef COLLIDOSCOPE_HAVE_STB
  (void)data;
  (void)out;
  *error = name + ": PNG import needs stb_image (Debian libstb-dev), absent from this build";
  return false;
#else
  int w = 0, h = 0, comp = 0;
  if (data.size() > size_t(INT32_MAX) ||
      !stbi_info_from_memory(data.data(), int(data.size()), &w, &h, &comp)) {
    *error = name + ": not a PNG stb_image can read (" +
             std::string(stbi_failure_reason() ? stbi_failure_reason() : "unknown") + ")";
    return false;
  }
  if (w <= 0 || h <= 0 || w % 8 || h % 8) {
    *error = name + ": the image is " + std::to_string(w) + "x" + std::to_string(h) +
             " pixels; a tileset's sides must be whole multiples of 8";
    return false;
  }
  int64_t tiles = int64_t(w / 8) * (h / 8);
  if (tiles > kMaxTiles) {
    *error = name + ": " + groupedNumber(tiles) + " tiles of 8x8; the limit is " +
             groupedNumber(kMaxTiles);
    return false;
  }
  int n = 0;
  stbi_uc* px = stbi_load_from_memory(data.data(), int(data.size()), &w, &h, &n, 4);
  if (!px) {
    *error = name + ": cannot decode the PNG (" + std::string(stbi_failure_reason()) + ")";
    return false;
  }
  auto at = [&](int x, int y) {
    const stbi_uc* p = px + (size_t(y) * w + x) * 4;
    return normalise(Rgba{p[0], p[1], p[2], p[3]});
  };
  TileSheet sheet;
  sheet.columns = w / 8;
  sheet.rows = h / 8;
  sheet.tiles.resize(size_t(tiles));

  // An indexed PNG whose pixels all use entries 0-3 keeps the artist's indices.
  std::vector<Rgba> pal = pngPalette(data);
  for (Rgba& c : pal) c = normalise(c);
  bool indexed = !pal.empty();
  for (int y = 0; y < h && indexed; ++y)
    for (int x = 0; x < w && indexed; ++x) {
      Rgba c = at(x, y);
      auto it = std::find(pal.begin(), pal.end(), c);
      indexed = it != pal.end() && it - pal.begin() < 4;
    }
  if (indexed) {
    for (int t = 0; t < int(tiles); ++t)
      for (int k = 0; k < 64; ++k) {
        Rgba c = at((t % sheet.columns) * 8 + k % 8, (t / sheet.columns) * 8 + k / 8);
        sheet.tiles[size_t(t)].px[size_t(k)] =
            uint8_t(std::find(pal.begin(), pal.end(), c) - pal.begin());
      }
    sheet.hasPalette = true;
    for (size_t i = 0; i < 4; ++i) {
      Rgba c = i < pal.size() ? pal[i] : Rgba{};
      c.a = 255;
      sheet.palette[i] = c;
    }
    stbi_image_free(px);
    *out = std::move(sheet);
    return true;
  }

  // Colours per tile, at most 4; the whole image's colours when it has at most 4.
  std::vector<Rgba> all;
  for (int t = 0; t < int(tiles); ++t) {
    std::vector<Rgba> mine;
    for (int k = 0; k < 64; ++k) {
      Rgba c = at((t % sheet.columns) * 8 + k % 8, (t / sheet.columns) * 8 + k / 8);
      if (std::find(mine.begin(), mine.end(), c) == mine.end()) mine.push_back(c);
    }
    if (mine.size() > 4) {
      *error = name + ": tile " + std::to_string(t) + " (column " +
               std::to_string(t % sheet.columns) + ", row " + std::to_string(t / sheet.columns) +
               ", pixels " + std::to_string((t % sheet.columns) * 8) + "," +
               std::to_string((t / sheet.columns) * 8) + ") has " + std::to_string(mine.size()) +
               " colours; at most 4 fit a 2-bit tile";
      stbi_image_free(px);
      return false;
    }
    for (const Rgba& c : mine)
      if (all.size() <= 4 && std::find(all.begin(), all.end(), c) == all.end()) all.push_back(c);
  }
  auto byBrightness = [](const Rgba& a, const Rgba& b) { return brightness(a) < brightness(b); };
  bool global = all.size() <= 4;
  std::stable_sort(all.begin(), all.end(), byBrightness);
  for (int t = 0; t < int(tiles); ++t) {
    std::vector<Rgba> order = all;
    if (!global) {
      // Per tile: its colours by brightness, spread over 0-3 the way a 4-colour
      // image would use them (2 colours -> 0 and 3, 3 -> 0, 1 and 3).
      order.clear();
      for (int k = 0; k < 64; ++k) {
        Rgba c = at((t % sheet.columns) * 8 + k % 8, (t / sheet.columns) * 8 + k / 8);
        if (std::find(order.begin(), order.end(), c) == order.end()) order.push_back(c);
      }
      std::stable_sort(order.begin(), order.end(), byBrightness);
    }
    static const uint8_t kSpread[5][4] = {{0}, {0}, {0, 3}, {0, 1, 3}, {0, 1, 2, 3}};
    for (int k = 0; k < 64; ++k) {
      Rgba c = at((t % sheet.columns) * 8 + k % 8, (t / sheet.columns) * 8 + k / 8);
      size_t i = size_t(std::find(order.begin(), order.end(), c) - order.begin());
      sheet.tiles[size_t(t)].px[size_t(k)] = global ? uint8_t(i) : kSpread[order.size()][i];
    }
  }
  if (global) {
    sheet.hasPalette = true;
    for (size_t i = 0; i < 4; ++i) {
      Rgba c = i < all.size() ? all[i] : Rgba{};
      c.a = 255;
      sheet.palette[i] = c;
    }
  }
  stbi_image_free(px);
  *out = std::move(sheet);
  return true;
#endif
}

}  // namespace core::interop
