// Tile graphics import (core/interop/tile_graphics.h): CHR, GB 2bpp/1bpp, PNG
// (indexed and RGB), Tiled tilesets, metatile tables and cutting, and the
// errors a user can cause.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/interop/tile_graphics.h"
#include "core/map/map_file.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"

#ifdef COLLIDOSCOPE_HAVE_STB
#include <stb_image_write.h>
#endif

namespace core {
namespace {

using interop::importTileGraphics;

class TileGraphics : public test::TempDirTest {
 protected:
  TileGraphics() : TempDirTest("collido_tile_graphics_") {}

  std::string write(const std::string& name, const std::string& text) {
    std::string p = path(name), error;
    EXPECT_TRUE(writeFileAtomic(p, text, &error, false)) << error;
    return p;
  }
  std::string write(const std::string& name, const std::vector<uint8_t>& bytes) {
    return write(name, std::string(bytes.begin(), bytes.end()));
  }

  // Tile t: pixel (x, y) = (x + y + t) % 4, so every tile differs.
  static std::vector<Tile> pattern(int n) {
    std::vector<Tile> tiles{size_t(n)};
    for (int t = 0; t < n; ++t)
      for (int k = 0; k < 64; ++k)
        tiles[size_t(t)].px[size_t(k)] = uint8_t((k % 8 + k / 8 + t) % 4);
    return tiles;
  }
};

TEST_F(TileGraphics, ChrTilesAndMetatilesCutFromSixteenTileRows) {
  std::vector<Tile> tiles = pattern(40);
  std::string chr = write("sheet.chr", encodeChr(tiles, ChrFormat::NesPlanar));
  MapDocument map = makeDefaultMap(8, 8, 16);
  map.chrFormat = ChrFormat::Gb2bpp;
  uint8_t wall = map.metatiles.metatiles[1].collision;
  std::string name = map.metatiles.metatiles[1].name;
  std::string error;
  ASSERT_TRUE(importTileGraphics(chr, &map, &error)) << error;
  ASSERT_EQ(map.tiles.size(), 40u);
  for (size_t i = 0; i < tiles.size(); ++i) EXPECT_EQ(map.tiles[i].px, tiles[i].px) << i;
  EXPECT_EQ(map.chrFormat, ChrFormat::NesPlanar);
  // Rows of 16 tiles: metatile 0 = 0 1 / 16 17, metatile 1 = 2 3 / 18 19; the
  // third row of tiles (32-39) is half a row of metatiles: its bottom is tile 0.
  using Ids = std::array<uint16_t, 4>;
  ASSERT_EQ(map.metatiles.metatiles.size(), 12u);  // 8 + 4: past tile 39 nothing is cut
  EXPECT_EQ(map.metatiles.metatiles[0].tiles, (Ids{0, 1, 16, 17}));
  EXPECT_EQ(map.metatiles.metatiles[1].tiles, (Ids{2, 3, 18, 19}));
  EXPECT_EQ(map.metatiles.metatiles[8].tiles, (Ids{32, 33, 0, 0}));
  EXPECT_EQ(map.metatiles.metatiles[11].tiles, (Ids{38, 39, 0, 0}));
  // An existing metatile keeps its name and collision.
  EXPECT_EQ(map.metatiles.metatiles[1].collision, wall);
  EXPECT_EQ(map.metatiles.metatiles[1].name, name);
  // The document stays loadable: every tile id is in range.
  std::string saved = path("out.map.json");
  ASSERT_TRUE(saveMap(saved, map, &error)) << error;
  MapDocument back;
  EXPECT_TRUE(loadMap(saved, back, &error)) << error;
}

TEST_F(TileGraphics, Gb2bppAnd1bpp) {
  std::vector<Tile> tiles = pattern(3);
  std::string gb = write("sheet.2bpp", encodeChr(tiles, ChrFormat::Gb2bpp));
  MapDocument map = makeDefaultMap(4, 4, 8);
  std::string error;
  ASSERT_TRUE(importTileGraphics(gb, &map, &error)) << error;
  EXPECT_EQ(map.chrFormat, ChrFormat::Gb2bpp);
  ASSERT_EQ(map.tiles.size(), 3u);
  EXPECT_EQ(map.tiles[2].px, tiles[2].px);
  // 8 px cells: one metatile per tile.
  EXPECT_EQ(map.metatiles.metatiles[2].tiles, (std::array<uint16_t, 4>{2, 2, 2, 2}));

  std::string one = write("font.1bpp", std::vector<uint8_t>{0x80, 0, 0, 0, 0, 0, 0, 0x01});
  ASSERT_TRUE(importTileGraphics(one, &map, &error)) << error;
  ASSERT_EQ(map.tiles.size(), 1u);
  EXPECT_EQ(map.tiles[0].px[0], 3);
  EXPECT_EQ(map.tiles[0].px[1], 0);
  EXPECT_EQ(map.tiles[0].px[63], 3);
}

TEST_F(TileGraphics, OddSizesAndUnknownExtensionsAreRefusedAndTheMapKept) {
  MapDocument map = makeDefaultMap(4, 4, 16);
  MapDocument before = map;
  std::string error;
  std::string odd = write("odd.chr", std::vector<uint8_t>(1000, 0));
  EXPECT_FALSE(importTileGraphics(odd, &map, &error));
  EXPECT_EQ(error, odd + ": 1000 bytes is not a whole number of 16-byte tiles");
  std::string odd1 = write("odd.1bpp", std::vector<uint8_t>(9, 0));
  EXPECT_FALSE(importTileGraphics(odd1, &map, &error));
  EXPECT_EQ(error, odd1 + ": 9 bytes is not a whole number of 8-byte tiles");
  std::string empty = write("empty.2bpp", std::vector<uint8_t>{});
  EXPECT_FALSE(importTileGraphics(empty, &map, &error));
  EXPECT_EQ(error, empty + ": the file is empty: no tiles");
  std::string gif = write("sheet.gif", std::vector<uint8_t>(16, 0));
  EXPECT_FALSE(importTileGraphics(gif, &map, &error));
  EXPECT_NE(error.find("unknown tile graphics extension \".gif\""), std::string::npos) << error;
  EXPECT_FALSE(importTileGraphics(path("missing.chr"), &map, &error));
  EXPECT_NE(error.find("missing.chr"), std::string::npos) << error;
  EXPECT_EQ(mapToJson(map), mapToJson(before));
}

TEST_F(TileGraphics, MetatileTablesTextAndJson) {
  std::string chr = write("sheet.chr", encodeChr(pattern(8), ChrFormat::NesPlanar));
  write("sheet.metatiles.txt", "# tl tr bl br\n0 1 2 3\n$4, $5, 6, 7 ; door\n\n7 7 7 7\n");
  MapDocument map = makeDefaultMap(4, 4, 16);
  std::string error;
  ASSERT_TRUE(importTileGraphics(chr, &map, &error)) << error;  // found beside the CHR
  using Ids = std::array<uint16_t, 4>;
  EXPECT_EQ(map.metatiles.metatiles[0].tiles, (Ids{0, 1, 2, 3}));
  EXPECT_EQ(map.metatiles.metatiles[1].tiles, (Ids{4, 5, 6, 7}));
  EXPECT_EQ(map.metatiles.metatiles[2].tiles, (Ids{7, 7, 7, 7}));

  interop::TileGraphicsOptions opts;
  opts.metatileTable = write("t.json", R"({"metatiles": [[1, 1, 1, 1], [2, 3, 4, 5]]})");
  ASSERT_TRUE(importTileGraphics(chr, opts, &map, &error)) << error;
  EXPECT_EQ(map.metatiles.metatiles[1].tiles, (Ids{2, 3, 4, 5}));

  MapDocument before = map;
  opts.metatileTable = write("bad.txt", "0 1 2 3\n0 1 2 8\n");
  EXPECT_FALSE(importTileGraphics(chr, opts, &map, &error));
  EXPECT_EQ(error, opts.metatileTable + ":2: tile 8 out of range (the graphics have 8 tiles)");
  opts.metatileTable = write("short.txt", "0 1 2\n");
  EXPECT_FALSE(importTileGraphics(chr, opts, &map, &error));
  EXPECT_NE(error.find("short.txt:1: expected 4 tile ids"), std::string::npos) << error;
  opts.metatileTable = write("bad.json", R"({"metatiles": [[0, 1, 2, 3], [0, 1, 2, 99]]})");
  EXPECT_FALSE(importTileGraphics(chr, opts, &map, &error));
  EXPECT_EQ(error, opts.metatileTable +
                       ": metatiles[1][3]: tile 99 out of range (the graphics have 8 tiles)");
  EXPECT_EQ(mapToJson(map), mapToJson(before));
}

#ifdef COLLIDOSCOPE_HAVE_STB

// A minimal indexed PNG (colour type 3, 8 bits an index, stored deflate blocks).
std::vector<uint8_t> indexedPng(int w, int h, const std::vector<Rgba>& palette,
                                const std::vector<uint8_t>& idx) {
  auto crc = [](const uint8_t* p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; ++i) {
      c ^= p[i];
      for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return c ^ 0xFFFFFFFFu;
  };
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  auto be = [](std::vector<uint8_t>& v, uint32_t x) {
    for (int s = 24; s >= 0; s -= 8) v.push_back(uint8_t(x >> s));
  };
  auto chunk = [&](const char* type, const std::vector<uint8_t>& body) {
    be(out, uint32_t(body.size()));
    std::vector<uint8_t> tb(type, type + 4);
    tb.insert(tb.end(), body.begin(), body.end());
    out.insert(out.end(), tb.begin(), tb.end());
    be(out, crc(tb.data(), tb.size()));
  };
  std::vector<uint8_t> ihdr;
  be(ihdr, uint32_t(w));
  be(ihdr, uint32_t(h));
  for (uint8_t v : {8, 3, 0, 0, 0}) ihdr.push_back(v);  // 8-bit indices, no interlace
  chunk("IHDR", ihdr);
  std::vector<uint8_t> plte;
  for (const Rgba& c : palette) {
    plte.push_back(c.r);
    plte.push_back(c.g);
    plte.push_back(c.b);
  }
  chunk("PLTE", plte);
  std::vector<uint8_t> raw;
  for (int y = 0; y < h; ++y) {
    raw.push_back(0);  // filter: none
    raw.insert(raw.end(), idx.begin() + y * w, idx.begin() + (y + 1) * w);
  }
  std::vector<uint8_t> z = {0x78,
                            0x01,
                            1,
                            uint8_t(raw.size()),
                            uint8_t(raw.size() >> 8),
                            uint8_t(~raw.size()),
                            uint8_t(~raw.size() >> 8)};
  z.insert(z.end(), raw.begin(), raw.end());
  uint32_t a = 1, b = 0;
  for (uint8_t v : raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  be(z, b << 16 | a);
  chunk("IDAT", z);
  chunk("IEND", {});
  return out;
}

TEST_F(TileGraphics, IndexedPngKeepsTheArtistsIndicesAndPalette) {
  // Entries deliberately not in brightness order.
  std::vector<Rgba> pal = {{255, 255, 255}, {0, 0, 0}, {200, 0, 0}, {0, 0, 200}};
  std::vector<uint8_t> idx(16 * 16);
  for (int i = 0; i < 256; ++i) idx[size_t(i)] = uint8_t((i % 16 / 4 + i / 64) % 4);
  std::string png = write("sheet.png", indexedPng(16, 16, pal, idx));
  MapDocument map = makeDefaultMap(4, 4, 16);
  std::string error;
  ASSERT_TRUE(importTileGraphics(png, &map, &error)) << error;
  ASSERT_EQ(map.tiles.size(), 4u);
  for (int t = 0; t < 4; ++t)
    for (int k = 0; k < 64; ++k) {
      int x = (t % 2) * 8 + k % 8, y = (t / 2) * 8 + k / 8;
      ASSERT_EQ(map.tiles[size_t(t)].px[size_t(k)], idx[size_t(y * 16 + x)]) << t << " " << k;
    }
  EXPECT_EQ(map.palette[0], pal[0]);
  EXPECT_EQ(map.palette[3], pal[3]);
  EXPECT_EQ(map.metatiles.metatiles[0].tiles, (std::array<uint16_t, 4>{0, 1, 2, 3}));
}

TEST_F(TileGraphics, RgbPngByBrightnessAndTooManyColoursNamesTheTile) {
  // 32x8: two tiles. Four greys in the first, darkest first after import.
  std::vector<uint8_t> rgb(32 * 8 * 3);
  auto set = [&](int x, int y, uint8_t r, uint8_t g, uint8_t b) {
    size_t i = size_t(y * 32 + x) * 3;
    rgb[i] = r, rgb[i + 1] = g, rgb[i + 2] = b;
  };
  const uint8_t greys[4] = {250, 10, 90, 170};
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 32; ++x) {
      uint8_t v = greys[x % 4];
      set(x, y, v, v, v);
    }
  std::string png = path("rgb.png");
  ASSERT_TRUE(stbi_write_png(png.c_str(), 32, 8, 3, rgb.data(), 32 * 3));
  MapDocument map = makeDefaultMap(4, 4, 8);
  std::string error;
  ASSERT_TRUE(importTileGraphics(png, &map, &error)) << error;
  ASSERT_EQ(map.tiles.size(), 4u);
  EXPECT_EQ(map.tiles[0].px[0], 3);  // 250: the lightest
  EXPECT_EQ(map.tiles[0].px[1], 0);  // 10: the darkest
  EXPECT_EQ(map.tiles[0].px[2], 1);
  EXPECT_EQ(map.tiles[0].px[3], 2);
  EXPECT_EQ(map.palette[0], (Rgba{10, 10, 10}));

  MapDocument before = map;
  set(17, 3, 255, 0, 0);  // a fifth colour in tile 2 (column 2, row 0)
  ASSERT_TRUE(stbi_write_png(png.c_str(), 32, 8, 3, rgb.data(), 32 * 3));
  EXPECT_FALSE(importTileGraphics(png, &map, &error));
  EXPECT_EQ(error, png +
                       ": tile 2 (column 2, row 0, pixels 16,0) has 5 colours; at most 4 fit a "
                       "2-bit tile");
  EXPECT_EQ(mapToJson(map), mapToJson(before));

  std::string odd = path("odd.png");
  ASSERT_TRUE(stbi_write_png(odd.c_str(), 12, 8, 3, rgb.data(), 32 * 3));
  EXPECT_FALSE(importTileGraphics(odd, &map, &error));
  EXPECT_NE(error.find("12x8 pixels; a tileset's sides must be whole multiples of 8"),
            std::string::npos)
      << error;
  std::string junk = write("junk.png", std::string("not a png"));
  EXPECT_FALSE(importTileGraphics(junk, &map, &error));
  EXPECT_NE(error.find("junk.png: not a PNG"), std::string::npos) << error;
}

TEST_F(TileGraphics, TiledTilesetImageCutInItsTileSize) {
  std::vector<Rgba> pal = {{0, 0, 0}, {80, 80, 80}, {160, 160, 160}, {240, 240, 240}};
  std::vector<uint8_t> idx(32 * 16);
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = uint8_t(i / 8 % 4);
  write("tiles.png", indexedPng(32, 16, pal, idx));
  std::string tsx =
      write("tiles.tsx",
            "<?xml version=\"1.0\"?>\n<tileset name=\"t\" tilewidth=\"16\" "
            "tileheight=\"16\" tilecount=\"2\" columns=\"2\">\n"
            " <image source=\"tiles.png\" width=\"32\" height=\"16\"/>\n</tileset>\n");
  MapDocument map = makeDefaultMap(4, 4, 16);
  std::string error;
  ASSERT_TRUE(importTileGraphics(tsx, &map, &error)) << error;
  ASSERT_EQ(map.tiles.size(), 8u);
  // Tiled tile 1 is the image's second 16x16 square: tiles 2 3 / 6 7.
  EXPECT_EQ(map.metatiles.metatiles[1].tiles, (std::array<uint16_t, 4>{2, 3, 6, 7}));

  std::string tsj = write("tiles.tsj", R"({"image": "tiles.png", "tilewidth": 32,
                                           "tileheight": 32})");
  EXPECT_FALSE(importTileGraphics(tsj, &map, &error));
  EXPECT_NE(error.find("tiles.tsj: tiles of 32x32 px"), std::string::npos) << error;
  std::string bad = write("bad.tsx", "<tileset tilewidth=\"16\">\n<image source=\"x.png\"\n");
  EXPECT_FALSE(importTileGraphics(bad, &map, &error));
  EXPECT_NE(error.find("bad.tsx:"), std::string::npos) << error;
}

#else

TEST_F(TileGraphics, PngTilesets) {
  GTEST_SKIP() << "stb_image absent (Debian libstb-dev)";
}

#endif  // COLLIDOSCOPE_HAVE_STB

}  // namespace
}  // namespace core
