// Tiled round trips: our export read back by our import keeps the room, the
// metatiles and their bits, the op-code names and the graphics; and with the
// real Tiled (Debian's tiled 1.8, `tiled --export-map`), our .tmx converted to
// .tmj and back, and hand-written maps in every encoding converted by Tiled,
// import to the same rooms. Without `tiled` those tests report themselves skipped.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/asm/subprocess.h"
#include "core/tests/tiled_test_util.h"

namespace core {
namespace {

using interop::TiledFormat;

// A room with every kind of collision byte: solid, one-way, op-codes, mixed.
MapDocument sampleRoom(int cellSize) {
  MapDocument doc = makeDefaultMap(12, 9, cellSize);
  doc.name = "sample";
  doc.metatiles.metatiles.push_back(Metatile{"ledge", {3, 3, 0, 0}, kBlockDown});
  doc.metatiles.metatiles.push_back(Metatile{"spikes", {2, 1, 2, 1}, uint8_t(kSolid | 0x80)});
  doc.metatiles.metatiles.push_back(Metatile{"ladder", {0, 4, 0, 4}, 0x20});
  doc.metatiles.opcodeNames = {"water", "ladder", "door", "hurt"};
  for (int c = 2; c < 6; ++c) doc.room.at(c, 5) = 5;
  doc.room.at(7, 7) = 6;
  doc.room.at(8, 3) = doc.room.at(8, 4) = 7;
  doc.room.at(3, 7) = 4;
  doc.palette[2] = Rgba{0x12, 0x34, 0x56, 255};
  return doc;
}

void expectSameRoom(const MapDocument& a, const MapDocument& b, bool graphics = true) {
  ASSERT_EQ(a.room.width, b.room.width);
  ASSERT_EQ(a.room.height, b.room.height);
  EXPECT_EQ(a.room.cellSize, b.room.cellSize);
  ASSERT_EQ(a.room.cells, b.room.cells);
  ASSERT_EQ(a.metatiles.metatiles.size(), b.metatiles.metatiles.size());
  for (size_t i = 0; i < a.metatiles.metatiles.size(); ++i) {
    const Metatile &x = a.metatiles.metatiles[i], &y = b.metatiles.metatiles[i];
    EXPECT_EQ(x.name, y.name) << i;
    EXPECT_EQ(x.collision, y.collision) << i;
    if (graphics) {
      EXPECT_EQ(x.tiles, y.tiles) << i;
    }
  }
  EXPECT_EQ(a.metatiles.opcodeNames, b.metatiles.opcodeNames);
  EXPECT_EQ(a.metatiles.tilesPerSide, b.metatiles.tilesPerSide);
  if (!graphics) return;
  EXPECT_EQ(a.palette, b.palette);
  EXPECT_EQ(a.chrFormat, b.chrFormat);
  ASSERT_EQ(a.tiles.size(), b.tiles.size());
  for (size_t i = 0; i < a.tiles.size(); ++i) EXPECT_EQ(a.tiles[i].px, b.tiles[i].px) << i;
}

class TiledRoundTrip : public test::TiledTest {};

TEST_F(TiledRoundTrip, OursToOursKeepsEverything) {
  for (int cs : {16, 8})
    for (TiledFormat f : {TiledFormat::Tmx, TiledFormat::Tmj}) {
      const MapDocument doc = sampleRoom(cs);
      const std::string file = path(std::string("room") + std::to_string(cs) +
                                    (f == TiledFormat::Tmx ? ".tmx" : ".tmj"));
      std::string error;
      ASSERT_TRUE(interop::exportTiled(doc, file, f, &error)) << error;
      EXPECT_TRUE(std::filesystem::exists(interop::tiledTilesetImagePath(file)));
      MapDocument back;
      interop::TiledImportReport report;
      ASSERT_TRUE(import(file, &back, {}, &report)) << error_;
      EXPECT_EQ(report.layer, "collision");
      EXPECT_EQ(report.tilesetImage, interop::tiledTilesetImagePath(file));
      SCOPED_TRACE(file);
      expectSameRoom(doc, back);
    }
}

TEST_F(TiledRoundTrip, OpcodeNamesTiledCannotHoldBecomeOpN) {
  MapDocument doc = sampleRoom(16);
  doc.metatiles.opcodeNames = {"up", "same", "same", ""};  // reserved, twice, empty
  std::string error;
  ASSERT_TRUE(interop::exportTiled(doc, path("r.tmx"), TiledFormat::Tmx, &error)) << error;
  MapDocument back;
  ASSERT_TRUE(import(path("r.tmx"), &back)) << error_;
  EXPECT_EQ(back.metatiles.opcodeNames, (std::array<std::string, 4>{"op4", "op5", "op6", "op7"}));
  for (size_t i = 0; i < doc.metatiles.metatiles.size(); ++i)
    EXPECT_EQ(back.metatiles.metatiles[i].collision, doc.metatiles.metatiles[i].collision) << i;
}

// The real Tiled, run headless.
class WithTiled : public test::TiledTest {
 protected:
  void SetUp() override {
    TiledTest::SetUp();
    if (findExecutable("tiled").empty())
      GTEST_SKIP() << "tiled is not installed (apt install tiled)";
    ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
  }
  // `tiled --export-map in out`; the format comes from out's extension.
  void convert(const std::string& in, const std::string& out) {
    const ProcessResult r = runProcess({"tiled", "--export-map", in, out});
    ASSERT_TRUE(r.started) << r.error;
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_TRUE(std::filesystem::exists(out)) << r.err;
  }
};

TEST_F(WithTiled, OurTmxThroughTiledToTmjAndBack) {
  const MapDocument doc = sampleRoom(16);
  std::string error;
  ASSERT_TRUE(interop::exportTiled(doc, path("ours.tmx"), TiledFormat::Tmx, &error)) << error;
  convert(path("ours.tmx"), path("tiled.tmj"));
  MapDocument a;
  ASSERT_TRUE(import(path("tiled.tmj"), &a)) << error_;
  expectSameRoom(doc, a);
  convert(path("tiled.tmj"), path("tiled.tmx"));
  MapDocument b;
  ASSERT_TRUE(import(path("tiled.tmx"), &b)) << error_;
  expectSameRoom(doc, b);
}

TEST_F(WithTiled, OurTmjThroughTiledToTmx) {
  const MapDocument doc = sampleRoom(8);
  std::string error;
  ASSERT_TRUE(interop::exportTiled(doc, path("ours.tmj"), TiledFormat::Tmj, &error)) << error;
  convert(path("ours.tmj"), path("tiled.tmx"));
  MapDocument back;
  ASSERT_TRUE(import(path("tiled.tmx"), &back)) << error_;
  expectSameRoom(doc, back);
}

// Tiled keeps a map's layer format when it converts it, so a hand-written map in
// each encoding comes back from Tiled as .tmj (and .tmx) in that encoding.
TEST_F(WithTiled, HandWrittenMapsInEveryEncodingThroughTiled) {
  write("walls.tsx", test::tsxText(16));
  for (test::Enc e :
       {test::Enc::Csv, test::Enc::Base64, test::Enc::Zlib, test::Enc::Gzip, test::Enc::Zstd}) {
    test::TmxSpec s;
    s.enc = e;
    s.external = "walls.tsx";
    const std::string n = std::to_string(int(e));
    write("in" + n + ".tmx", test::tmxText(s));
    convert(path("in" + n + ".tmx"), path("out" + n + ".tmj"));
    convert(path("in" + n + ".tmx"), path("out" + n + ".tmx"));
    for (const char* ext : {".tmj", ".tmx"}) {
      MapDocument doc;
      ASSERT_TRUE(import(path("out" + n + ext), &doc)) << n << ext << ": " << error_;
      ASSERT_EQ(doc.room.width, 4);
      for (int i = 0; i < 12; ++i)
        EXPECT_EQ(doc.room.cells[size_t(i)], test::kSampleGids[size_t(i)] - 1) << n << ext;
      for (size_t m = 0; m < 4; ++m)
        EXPECT_EQ(doc.metatiles.metatiles[m].collision, test::kSampleBits[m]) << n << ext;
      EXPECT_EQ(doc.metatiles.opcodeNames[0], "water");
    }
  }
}

}  // namespace
}  // namespace core
