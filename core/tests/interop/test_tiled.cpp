// Tiled import (core/interop/tiled.h): hand-written .tmx and .tmj files in each
// layer encoding, embedded and external tilesets, several layers, flags, scale.
#include <gtest/gtest.h>

#include <chrono>

#include "core/tests/tiled_test_util.h"

namespace core {
namespace {

using test::Enc;
using test::TmxSpec;

class TiledImport : public test::TiledTest {
 protected:
  // The sample room: cells are gid - 1, metatiles carry the sample bits.
  void expectSample(const MapDocument& doc, int scale = 1) {
    ASSERT_EQ(doc.room.width, 4 * scale);
    ASSERT_EQ(doc.room.height, 3 * scale);
    ASSERT_EQ(doc.metatiles.metatiles.size(), 4u);
    for (int r = 0; r < doc.room.height; ++r)
      for (int c = 0; c < doc.room.width; ++c)
        EXPECT_EQ(doc.room.at(c, r), test::kSampleGids[size_t(r / scale) * 4 + c / scale] - 1)
            << c << "," << r;
    for (size_t m = 0; m < 4; ++m)
      EXPECT_EQ(doc.metatiles.metatiles[m].collision, test::kSampleBits[m]) << m;
    EXPECT_EQ(doc.metatiles.metatiles[1].name, "brick");
    EXPECT_EQ(doc.metatiles.metatiles[0].name, "walls#0");
    EXPECT_EQ(doc.metatiles.opcodeNames[0], "water");
    EXPECT_FALSE(doc.tiles.empty()) << "placeholder graphics";
  }
};

class TiledEncodings : public TiledImport, public ::testing::WithParamInterface<Enc> {};

TEST_P(TiledEncodings, TmxInEveryEncodingGivesTheSameRoom) {
  TmxSpec s;
  s.enc = GetParam();
  MapDocument doc;
  ASSERT_TRUE(import(write("room.tmx", test::tmxText(s)), &doc)) << error_;
  expectSample(doc);
  EXPECT_EQ(doc.room.cellSize, 16);
  EXPECT_EQ(doc.metatiles.tilesPerSide, 2);
  EXPECT_EQ(doc.name, "room");
}

TEST_P(TiledEncodings, TmjInEveryEncodingGivesTheSameRoom) {
  TmxSpec s;
  s.enc = GetParam();
  MapDocument doc;
  ASSERT_TRUE(import(write("room.tmj", test::tmjText(s)), &doc)) << error_;
  expectSample(doc);
}

INSTANTIATE_TEST_SUITE_P(All, TiledEncodings,
                         ::testing::Values(Enc::Csv, Enc::Base64, Enc::Zlib, Enc::Gzip, Enc::Zstd,
                                           Enc::XmlTiles));

TEST_F(TiledImport, ExternalTilesetsTsxAndTsj) {
  write("walls.tsx", test::tsxText(16));
  write("walls.tsj", test::tsjText(16));
  for (const char* ts : {"walls.tsx", "walls.tsj"}) {
    TmxSpec s;
    s.external = ts;
    MapDocument a, b;
    ASSERT_TRUE(import(write("a.tmx", test::tmxText(s)), &a)) << ts << ": " << error_;
    expectSample(a);
    s.enc = Enc::Zlib;
    ASSERT_TRUE(import(write("b.tmj", test::tmjText(s)), &b)) << ts << ": " << error_;
    expectSample(b);
  }
}

TEST_F(TiledImport, ExternalTilesetInASubfolderResolvesAgainstTheMap) {
  std::filesystem::create_directories(dir_ / "maps" / "ts");
  write("maps/ts/walls.tsx", test::tsxText(16));
  TmxSpec s;
  s.external = "ts/walls.tsx";
  MapDocument doc;
  ASSERT_TRUE(import(write("maps/level.tmx", test::tmxText(s)), &doc)) << error_;
  expectSample(doc);
}

TEST_F(TiledImport, FlipAndRotationFlagsAreMaskedAndReported) {
  TmxSpec s;
  s.enc = Enc::Base64;
  s.layers[0].second[1] |= 0x80000000u;  // horizontal flip
  s.layers[0].second[5] |= 0x60000000u;  // vertical + diagonal (a rotation)
  MapDocument doc;
  interop::TiledImportReport report;
  ASSERT_TRUE(import(write("room.tmx", test::tmxText(s)), &doc, {}, &report)) << error_;
  expectSample(doc);
  bool noted = false;
  for (const auto& n : report.notes) noted |= n.find("2 tiles carried flip or rotation") == 0;
  EXPECT_TRUE(noted);
}

TEST_F(TiledImport, LayerByNameByPropertyOrFirst) {
  const std::vector<uint32_t> sky(12, 1), walls = test::kSampleGids;
  TmxSpec s;
  s.layers = {{"background", sky}, {"walls", walls}};
  MapDocument doc;
  interop::TiledImportReport report;
  // No name, no property: the first tile layer, and a note naming the others.
  ASSERT_TRUE(import(write("a.tmx", test::tmxText(s)), &doc, {}, &report)) << error_;
  EXPECT_EQ(report.layer, "background");
  EXPECT_EQ(doc.room.at(1, 0), 0);
  ASSERT_FALSE(report.notes.empty());
  EXPECT_NE(report.notes[0].find("\"walls\""), std::string::npos);
  // By name.
  interop::TiledImportOptions o;
  o.layer = "walls";
  ASSERT_TRUE(import(path("a.tmx"), &doc, o, &report)) << error_;
  expectSample(doc);
  // By the property collision = true (on the second layer here).
  s.layers = {{"walls", walls}, {"background", sky}};
  std::string text = test::tmxText(s);
  const std::string marker = "name=\"background\" width=\"4\" height=\"3\">\n";
  text.replace(text.find(marker), marker.size(),
               marker +
                   "  <properties><property name=\"collision\" type=\"bool\" "
                   "value=\"true\"/></properties>\n");
  ASSERT_TRUE(import(write("b.tmx", text), &doc, {}, &report)) << error_;
  EXPECT_EQ(report.layer, "background");
}

TEST_F(TiledImport, LayersInsideGroupsAreFound) {
  std::string text = test::tmxText(TmxSpec{});
  text.replace(text.find(" <layer"), 0, " <group name=\"g\">\n");
  text.replace(text.find("</map>"), 0, " </group>\n");
  MapDocument doc;
  interop::TiledImportOptions o;
  o.layer = "walls";
  ASSERT_TRUE(import(write("g.tmx", text), &doc, o)) << error_;
  expectSample(doc);
}

TEST_F(TiledImport, GraphicsLayerMakesOneMetatilePerGraphicsAndCollisionPair) {
  // Graphics: two looks (gid 1 and gid 4) over the sample collision layer.
  std::vector<uint32_t> gfx(12, 1);
  gfx[1] = gfx[2] = 4;
  TmxSpec s;
  s.layers = {{"walls", test::kSampleGids}, {"art", gfx}};
  interop::TiledImportOptions o;
  o.layer = "walls";
  o.graphicsLayer = "art";
  MapDocument doc;
  ASSERT_TRUE(import(write("room.tmx", test::tmxText(s)), &doc, o)) << error_;
  // Pairs in order of appearance: (1,0) (4,F) (1,4) (1,10) (1,F).
  ASSERT_EQ(doc.metatiles.metatiles.size(), 5u);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) {
      const Metatile& m = doc.metatiles.metatiles[doc.room.at(c, r)];
      EXPECT_EQ(m.collision, test::kSampleBits[test::kSampleGids[size_t(r * 4 + c)] - 1]);
      EXPECT_EQ(m.name, gfx[size_t(r * 4 + c)] == 4 ? "walls#3" : "walls#0");
    }
}

TEST_F(TiledImport, TilesetWithoutPropertiesIsTileIdToMetatile) {
  std::string text = test::tmxText(TmxSpec{});
  const size_t a = text.find("  <properties>"), b = text.find(" </tileset>");
  text.erase(a, b - a);
  // Two empty cells.
  text.replace(text.find("\n1,2,2,1"), 8, "\n0,2,2,0");
  MapDocument doc;
  interop::TiledImportReport report;
  ASSERT_TRUE(import(write("plain.tmx", text), &doc, {}, &report)) << error_;
  ASSERT_EQ(doc.metatiles.metatiles.size(), 5u) << "4 tiles and the empty cell";
  for (const Metatile& m : doc.metatiles.metatiles) EXPECT_EQ(m.collision, 0);
  EXPECT_EQ(doc.metatiles.metatiles[4].name, "empty");
  EXPECT_EQ(doc.room.at(0, 0), 4);
  EXPECT_EQ(doc.room.at(1, 0), 1);
  EXPECT_EQ(doc.room.at(2, 1), 3);
  bool noted = false;
  for (const auto& n : report.notes)
    noted |= n.find("no collision properties") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST_F(TiledImport, BooleansWithoutNamedOpcodesTakeTheFreeBits) {
  std::string text = test::tmxText(TmxSpec{});
  text.erase(text.find("  <properties>\n   <property name=\"opcode4\""),
             std::string("  <properties>\n   <property name=\"opcode4\" value=\"water\"/>\n  "
                         "</properties>\n")
                 .size());
  text.replace(text.find("<property name=\"down\""), 0,
               "<property name=\"ladder\" type=\"bool\" value=\"true\"/><property name=\"up\" "
               "type=\"bool\" value=\"true\"/>");
  MapDocument doc;
  ASSERT_TRUE(import(write("ops.tmx", text), &doc)) << error_;
  EXPECT_EQ(doc.metatiles.opcodeNames[0], "ladder");
  EXPECT_EQ(doc.metatiles.opcodeNames[1], "water");
  EXPECT_EQ(doc.metatiles.metatiles[2].collision, kBlockDown | kBlockUp | 0x10);
  EXPECT_EQ(doc.metatiles.metatiles[3].collision, 0x20);
}

TEST_F(TiledImport, BigTilesCoverScaleByScaleCells) {
  TmxSpec s;
  s.tile = 32;
  MapDocument doc;
  interop::TiledImportReport report;
  ASSERT_TRUE(import(write("big.tmx", test::tmxText(s)), &doc, {}, &report)) << error_;
  EXPECT_EQ(report.scale, 2);
  EXPECT_EQ(doc.room.cellSize, 16);
  expectSample(doc, 2);
  // A declared scale: 32 px tiles over 8 px cells.
  interop::TiledImportOptions o;
  o.scale = 4;
  ASSERT_TRUE(import(path("big.tmx"), &doc, o, &report)) << error_;
  EXPECT_EQ(doc.room.cellSize, 8);
  EXPECT_EQ(doc.metatiles.tilesPerSide, 1);
  expectSample(doc, 4);
  // 8 px Tiled tiles are 8 px cells.
  s.tile = 8;
  ASSERT_TRUE(import(write("small.tmx", test::tmxText(s)), &doc)) << error_;
  EXPECT_EQ(doc.room.cellSize, 8);
  expectSample(doc);
}

TEST_F(TiledImport, ScaleThatMakesNoCellSizeIsRefused) {
  TmxSpec s;
  s.tile = 24;
  MapDocument doc;
  EXPECT_FALSE(import(write("odd.tmx", test::tmxText(s)), &doc));
  EXPECT_NE(error_.find("odd.tmx:2:2: tiles are 24 px; give a scale"), std::string::npos) << error_;
  interop::TiledImportOptions o;
  o.scale = 3;
  EXPECT_TRUE(import(path("odd.tmx"), &doc, o)) << error_;  // 24 / 3 = 8 px cells
  o.scale = 5;
  EXPECT_FALSE(import(path("odd.tmx"), &doc, o));
  EXPECT_NE(error_.find("scale 5 makes 24 px tiles into fractional cells"), std::string::npos)
      << error_;
}

TEST_F(TiledImport, TheLargestRoomImportsInEveryEncoding) {
  // 1024 x 1024 tiles: the 1,048,576-cell limit, one cell more is refused.
  TmxSpec s;
  s.width = s.height = 1024;
  s.layers[0].second.resize(size_t(1024) * 1024);
  for (size_t i = 0; i < s.layers[0].second.size(); ++i)
    s.layers[0].second[i] = uint32_t(1 + (i * 7 + i / 1024) % 4);
  for (Enc e : {Enc::Csv, Enc::Zstd}) {
    s.enc = e;
    MapDocument doc;
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_TRUE(import(write("big.tmx", test::tmxText(s)), &doc)) << error_;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
    ASSERT_EQ(doc.room.cells.size(), size_t(1024) * 1024);
    EXPECT_EQ(doc.room.at(1023, 1023), s.layers[0].second.back() - 1);
  }
  s.width = 1025;
  s.layers[0].second.resize(size_t(1025) * 1024);
  MapDocument doc;
  EXPECT_FALSE(import(write("over.tmx", test::tmxText(s)), &doc));
  EXPECT_NE(error_.find("1,049,600 cells"), std::string::npos) << error_;
}

}  // namespace
}  // namespace core
