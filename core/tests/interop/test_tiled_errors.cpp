// Bad Tiled input ends in a located message and nothing else: malformed XML
// (line and column), unknown encodings and compressions (named), a missing
// layer, gids outside every tileset, a map bigger than any room (refused
// before its data is decoded), damaged compressed data; failed exports write nothing.
#include <gtest/gtest.h>

#include <chrono>

#include "core/tests/tiled_test_util.h"

namespace core {
namespace {

using test::Enc;
using test::TmxSpec;

class TiledErrors : public test::TiledTest {
 protected:
  // Imports `text` as `name` and returns the error (empty when it imported).
  std::string importError(const std::string& name, const std::string& text,
                          const interop::TiledImportOptions& o = {}) {
    MapDocument doc;
    return import(write(name, text), &doc, o) ? std::string() : error_;
  }
  static bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
  }
};

TEST_F(TiledErrors, MalformedXmlNamesLineAndColumn) {
  std::string text = test::tmxText(TmxSpec{});
  text.replace(text.find("<layer id=\"1\""), 0, "<oops attr=\"1\">\n");  // never closed
  const std::string e = importError("bad.tmx", text);
  ASSERT_FALSE(e.empty());
  EXPECT_TRUE(e.rfind(path("bad.tmx") + ":", 0) == 0) << e;
  EXPECT_TRUE(has(e, "malformed XML")) << e;
  // The unclosed element is reported where the parser gave up: a line past 1 with a column.
  EXPECT_FALSE(has(e, "bad.tmx:1:1:")) << e;
  const std::string e2 = importError("bad2.tmx", "<?xml version=\"1.0\"?>\n<map width=\"4\"\n x");
  EXPECT_TRUE(has(e2, "bad2.tmx:3:")) << e2;
}

TEST_F(TiledErrors, MalformedTsxIsLocatedInTheTilesetFile) {
  write("walls.tsx", "<tileset name=\"w\">\n <tile id=\"x\"/>\n</tileset>\n");
  TmxSpec s;
  s.external = "walls.tsx";
  const std::string e = importError("m.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e, "walls.tsx:2:3: <tile> id=\"x\" is not a whole number")) << e;
  const std::string e2 = importError("m2.tmx", [&] {
    s.external = "missing.tsx";
    return test::tmxText(s);
  }());
  EXPECT_TRUE(has(e2, "m2.tmx:3:3: tileset ")) << e2;
  EXPECT_TRUE(has(e2, "missing.tsx")) << e2;
}

TEST_F(TiledErrors, UnknownEncodingAndCompressionAreNamed) {
  std::string text = test::tmxText(TmxSpec{});
  text.replace(text.find("encoding=\"csv\""), 14, "encoding=\"base32\"");
  std::string e = importError("enc.tmx", text);
  EXPECT_TRUE(has(e, "layer \"walls\": unknown encoding \"base32\"")) << e;
  EXPECT_TRUE(has(e, "enc.tmx:")) << e;

  TmxSpec s;
  s.enc = Enc::Zlib;
  text = test::tmxText(s);
  text.replace(text.find("compression=\"zlib\""), 18, "compression=\"lzma\"");
  e = importError("comp.tmx", text);
  EXPECT_TRUE(has(e, "unknown compression \"lzma\" (Tiled writes zlib, gzip or zstd)")) << e;

  // Named before the data is decoded, whatever the text holds.
  text.replace(text.find("compression=\"lzma\">") + 19, 4, "!!!!");
  e = importError("comp2.tmx", text);
  EXPECT_TRUE(has(e, "unknown compression \"lzma\"")) << e;

  std::string j = test::tmjText(s);
  j.replace(j.find("\"compression\": \"zlib\""), 21, "\"compression\": \"brotli\"");
  e = importError("comp.tmj", j);
  EXPECT_TRUE(has(e, path("comp.tmj") + ": /layers/0/compression: layer \"walls\": unknown "
                                        "compression \"brotli\""))
      << e;
}

TEST_F(TiledErrors, DamagedOrShortDataIsReported) {
  for (Enc enc : {Enc::Zlib, Enc::Gzip, Enc::Zstd}) {
    TmxSpec s;
    s.enc = enc;
    std::string text = test::tmxText(s);
    // Cut the base64 text short: the stream ends early.
    const size_t at = text.find("\">", text.find("<data")) + 2;
    text.erase(at + 8, text.find("</data>") - at - 8);
    const std::string e = importError("short.tmx", text);
    EXPECT_TRUE(has(e, "layer \"walls\"")) << e;
    EXPECT_FALSE(e.empty());
  }
  // Too many cells for the layer.
  TmxSpec s;
  s.layers[0].second.push_back(1);
  s.enc = Enc::Zstd;
  std::string e = importError("long.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e, "expands past 48 bytes")) << e;
  s.enc = Enc::Csv;
  e = importError("long.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e, "more than the layer's 12 cells")) << e;
  s.layers[0].second.resize(11);
  e = importError("shortcsv.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e, "CSV data holds 11 cells; the layer has 12")) << e;
}

TEST_F(TiledErrors, MissingLayerListsTheLayers) {
  TmxSpec s;
  s.layers = {{"bg", std::vector<uint32_t>(12, 1)}, {"walls", test::kSampleGids}};
  interop::TiledImportOptions o;
  o.layer = "collision";
  std::string e = importError("m.tmx", test::tmxText(s), o);
  EXPECT_TRUE(has(e,
                  "m.tmx:2:2: no tile layer is named \"collision\" (the map has \"bg\", "
                  "\"walls\")"))
      << e;
  o.layer = "walls";
  o.graphicsLayer = "art";
  e = importError("m.tmj", test::tmjText(s), o);
  EXPECT_TRUE(has(e, "m.tmj: /: no tile layer is named \"art\" for the graphics")) << e;
  s.layers.clear();
  e = importError("none.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e, "the map has no tile layer")) << e;
}

TEST_F(TiledErrors, GidOutsideEveryTilesetIsLocated) {
  TmxSpec s;
  s.layers[0].second[6] = 9;  // the tileset covers gids 1..4
  std::string e = importError("gid.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e,
                  "layer \"walls\": gid 9 at tile (2, 1) is outside every tileset (they cover "
                  "gids up to 4)"))
      << e;
  EXPECT_TRUE(has(e, "gid.tmx:")) << e;
  e = importError("gid.tmj", test::tmjText(s));
  EXPECT_TRUE(has(e, "gid.tmj: /layers/0/data: layer \"walls\": gid 9")) << e;
}

// Issue 33: a second tileset whose firstgid falls inside the first one's range was
// accepted silently (a gid of both is two tiles). Refused, naming both tilesets and
// where the map names each; a firstgid past the first range imports.
TEST_F(TiledErrors, OverlappingTilesetGidRangesAreRefused) {
  write("more.tsx",
        "<tileset name=\"more\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"2\" "
        "columns=\"2\"/>\n");
  auto tmx = [&](int firstGid) {
    std::string text = test::tmxText(TmxSpec{});
    text.replace(text.find(" <layer"), 0,
                 " <tileset firstgid=\"" + std::to_string(firstGid) + "\" source=\"more.tsx\"/>\n");
    return text;
  };
  std::string e = importError("ov.tmx", tmx(3));
  EXPECT_TRUE(
      has(e, "tileset \"more\" (firstgid 3) overlaps tileset \"walls\" (gids 1..4, at " +
                 path("ov.tmx") +
                 ":3:3): gids 3..4 would be tiles of both; its firstgid must be 5 or above"))
      << e;
  EXPECT_EQ(e.rfind(path("ov.tmx") + ":", 0), 0u) << e;
  EXPECT_EQ(importError("ok.tmx", tmx(5)), "");

  std::string tmj = test::tmjText(TmxSpec{});
  tmj.replace(tmj.find("],\n \"layers\""), 0, ", {\"firstgid\": 2, \"source\": \"more.tsx\"}");
  e = importError("ov.tmj", tmj);
  EXPECT_TRUE(has(e, path("ov.tmj") +
                         ": /tilesets/1: tileset \"more\" (firstgid 2) overlaps tileset \"walls\" "
                         "(gids 1..4, at " +
                         path("ov.tmj") + ": /tilesets/0): gids 2..3 would be tiles of both"))
      << e;
}

TEST_F(TiledErrors, HugeMapIsRefusedBeforeItsDataIsRead) {
  TmxSpec s;
  s.width = s.height = 100000;
  s.layers[0].second = {1};  // never decoded: the size is checked first
  const auto t0 = std::chrono::steady_clock::now();
  std::string e = importError("huge.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e,
                  "huge.tmx:2:2: the map is 100,000 x 100,000 tiles (10,000,000,000 cells); a "
                  "room holds at most 4096 cells a side and 1,048,576 cells"))
      << e;
  e = importError("huge.tmj", test::tmjText(s));
  EXPECT_TRUE(has(e, "huge.tmj: /: the map is 100,000 x 100,000 tiles")) << e;
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  // Within the tile limits but too big once scaled.
  s.width = s.height = 1024;
  s.tile = 64;  // scale 4: 4096 x 4096 cells
  e = importError("scaled.tmx", test::tmxText(s));
  EXPECT_TRUE(has(e, "at scale 4 the room is 4,096 x 4,096 cells")) << e;
}

TEST_F(TiledErrors, BadPropertiesAndShapesAreLocated) {
  std::string text = test::tmxText(TmxSpec{});
  text.replace(text.find("value=\"15\""), 10, "value=\"300\"");
  std::string e = importError("p.tmx", text);
  EXPECT_TRUE(has(e, "collision \"300\" is not a byte")) << e;
  EXPECT_TRUE(has(e, "p.tmx:7:")) << e;

  text = test::tmxText(TmxSpec{});
  text.replace(text.find("orientation=\"orthogonal\""), 24, "orientation=\"isometric\"");
  e = importError("iso.tmx", text);
  EXPECT_TRUE(has(e, "iso.tmx:2:2: the map is isometric")) << e;

  text = test::tmxText(TmxSpec{});
  text.replace(text.find("infinite=\"0\""), 12, "infinite=\"1\"");
  e = importError("inf.tmx", text);
  EXPECT_TRUE(has(e, "the map is infinite")) << e;

  e = importError("ts.tmx", test::tsxText(16));
  EXPECT_TRUE(has(e, "ts.tmx:2:2: the root element is <tileset>, not a Tiled <map>")) << e;
  e = importError("notjson.tmj", "{\"width\": 4,\n \"height\": }");
  EXPECT_TRUE(has(e, "notjson.tmj:2:")) << e;
  e = importError("missing.tmx", "");
  EXPECT_FALSE(e.empty());
  MapDocument doc;
  EXPECT_FALSE(import(path("nowhere.tmx"), &doc));
  EXPECT_TRUE(has(error_, "nowhere.tmx")) << error_;
}

TEST_F(TiledErrors, OddJsonValuesAndDeepGroupsAreRefusedNotThrown) {
  std::string j = test::tmjText(TmxSpec{});
  j.replace(j.find("\"infinite\": false"), 17, "\"infinite\": \"yes\"");
  std::string e = importError("inf.tmj", j);
  EXPECT_TRUE(has(e, "inf.tmj: /infinite: the map is infinite")) << e;
  j = test::tmjText(TmxSpec{});
  j.replace(j.find("\"infinite\": false"), 17, "\"infinite\": 0");
  EXPECT_EQ(importError("zero.tmj", j), "");

  // 100,000 nested groups: refused at the 65th, no stack overflow.
  std::string x = test::tmxText(TmxSpec{});
  std::string open, close;
  for (int i = 0; i < 100000; ++i) open += "<group>", close += "</group>";
  x.replace(x.find(" <layer"), 0, open + close);
  e = importError("deep.tmx", x);
  EXPECT_TRUE(has(e, "groups nest deeper than 64 levels")) << e;
  const std::string d = "{\"type\": \"group\", \"layers\": [";
  const std::string map =
      "{\"type\": \"map\", \"width\": 4, \"height\": 3, \"tilewidth\": 16, "
      "\"tileheight\": 16, \"layers\": [";
  std::string deep = map;
  // 100 groups are 202 levels of JSON, within the parser's limit (kMaxJsonDepth);
  // 200 are refused by the parser.
  for (int i = 0; i < 100; ++i) deep += d;
  for (int i = 0; i < 100; ++i) deep += "]}";
  e = importError("deep.tmj", deep + "]}");
  EXPECT_TRUE(has(e, "groups nest deeper than 64 levels")) << e;
  deep = map;
  for (int i = 0; i < 200; ++i) deep += d;
  for (int i = 0; i < 200; ++i) deep += "]}";
  e = importError("deep.tmj", deep + "]}");
  EXPECT_TRUE(has(e, "arrays and objects nested 257 deep; the limit is 256")) << e;
}

TEST_F(TiledErrors, FailedExportWritesNothing) {
  MapDocument doc = makeDefaultMap(6, 5, 16);
  std::string error;
  EXPECT_FALSE(
      interop::exportTiled(doc, path("no/such/dir/room.tmx"), interop::TiledFormat::Tmx, &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(std::filesystem::exists(dir_ / "no"));
  doc.room.cells[7] = 99;  // a metatile the set lacks
  error.clear();
  EXPECT_FALSE(interop::exportTiled(doc, path("room.tmx"), interop::TiledFormat::Tmx, &error));
  EXPECT_TRUE(has(error, "cell (1, 1) holds metatile 99; the set has 5")) << error;
  EXPECT_TRUE(std::filesystem::is_empty(dir_));
}

}  // namespace
}  // namespace core
