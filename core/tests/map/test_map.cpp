#include <gtest/gtest.h>

#include <filesystem>

#include "core/map/map_file.h"
#include "core/util/files.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string loadError(const std::string& text) {
  auto j = json::parse(text);
  core::MapDocument doc;
  std::string error;
  EXPECT_FALSE(core::mapFromJson(j, "test.json", doc, &error));
  return error;
}

json validMap() {
  return core::mapToJson(core::makeDefaultMap(4, 3, 16));
}

}  // namespace

TEST(Chr, NesPlanarAndGb2bppRoundTrip) {
  core::Tile t;
  ASSERT_TRUE(core::parseTileText(
      "01230123/33221100/00000000/11111111/22222222/33333333/01010101/32103210", t));
  for (auto f : {core::ChrFormat::NesPlanar, core::ChrFormat::Gb2bpp}) {
    auto bytes = core::encodeChr({t}, f);
    ASSERT_EQ(bytes.size(), 16u);
    auto back = core::decodeChr(bytes, f);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].px, t.px);
  }
  // NES planar: row 3 is all colour 1, so plane 0 row 3 is $FF and plane 1 row 3 is $00.
  auto nes = core::encodeChr({t}, core::ChrFormat::NesPlanar);
  EXPECT_EQ(nes[3], 0xFF);
  EXPECT_EQ(nes[8 + 3], 0x00);
  // GB: row 4 is all colour 2: low byte $00, high byte $FF.
  auto gb = core::encodeChr({t}, core::ChrFormat::Gb2bpp);
  EXPECT_EQ(gb[8], 0x00);
  EXPECT_EQ(gb[9], 0xFF);
}

TEST(MapFile, JsonRoundTripKeepsEverything) {
  core::MapDocument a = core::makeDefaultMap(5, 4, 8);
  a.room.at(2, 1) = 4;
  a.metatiles.metatiles[2].collision = 0x84;
  core::MapDocument b;
  std::string error;
  ASSERT_TRUE(core::mapFromJson(core::mapToJson(a), "x.json", b, &error)) << error;
  EXPECT_EQ(b.room.cells, a.room.cells);
  EXPECT_EQ(b.room.cellSize, 8);
  EXPECT_EQ(b.metatiles.tilesPerSide, 1);
  EXPECT_EQ(b.metatiles.metatiles[2].collision, 0x84);
  EXPECT_EQ(b.metatiles.opcodeNames, a.metatiles.opcodeNames);
  ASSERT_EQ(b.tiles.size(), a.tiles.size());
  EXPECT_EQ(b.tiles[3].px, a.tiles[3].px);
  EXPECT_EQ(b.palette, a.palette);
}

TEST(MapFile, CellOutOfRangeNamesTheJsonPath) {
  json j = validMap();
  j["room"]["cells"][7] = 44;
  EXPECT_EQ(loadError(j.dump()), "room.cells[7]: metatile 44 out of range (set has 5)");
}

TEST(MapFile, ErrorsNameTheirField) {
  json j = validMap();
  j.erase("room");
  EXPECT_EQ(loadError(j.dump()), "room: missing");
  j = validMap();
  j["room"]["width"] = "wide";
  EXPECT_EQ(loadError(j.dump()), "room.width: expected a number, found \"wide\"");
  j = validMap();
  j["room"]["cellSize"] = 12;
  EXPECT_EQ(loadError(j.dump()), "room.cellSize: 12 is not 8 or 16");
  j = validMap();
  j["room"]["cells"].erase(0);
  EXPECT_NE(loadError(j.dump()).find("room.cells: expected 12 cells (4x3), found 11"),
            std::string::npos);
  j = validMap();
  j["metatiles"]["set"][1]["tiles"][2] = 99;
  EXPECT_EQ(loadError(j.dump()), "metatiles.set[1].tiles[2]: tile 99 out of range (chr has 5)");
  j = validMap();
  j["format"] = "collidoscope-map/9";
  EXPECT_NE(loadError(j.dump()).find("newer than this build"), std::string::npos);
  j = validMap();
  j["chr"]["tiles"][0] = "0123";
  EXPECT_NE(loadError(j.dump()).find("chr.tiles[0]"), std::string::npos);
}

TEST(MapFile, TruncatedFileGivesLineAndColumn) {
  fs::path p = fs::temp_directory_path() / "collidoscope_truncated.json";
  std::string error;
  ASSERT_TRUE(core::writeFileAtomic(
      p.string(), "{\n  \"format\": \"collidoscope-map/1\",\n  \"room\": {", &error, false));
  core::MapDocument doc;
  EXPECT_FALSE(core::loadMap(p.string(), doc, &error));
  EXPECT_NE(error.find(p.string() + ":3:"), std::string::npos) << error;
  fs::remove(p);
}

TEST(MapFile, SaveIsAtomicAndKeepsABackup) {
  fs::path dir = fs::temp_directory_path() / ("collidoscope_save_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / "room.json";
  std::string error;
  core::MapDocument a = core::makeDefaultMap(4, 4, 16);
  ASSERT_TRUE(core::saveMap(p.string(), a, &error)) << error;
  EXPECT_FALSE(fs::exists(dir / "room.json.bak"));
  a.room.at(1, 1) = 2;
  ASSERT_TRUE(core::saveMap(p.string(), a, &error)) << error;
  ASSERT_TRUE(fs::exists(dir / "room.json.bak"));
  core::MapDocument old, now;
  ASSERT_TRUE(core::loadMap((dir / "room.json.bak").string(), old, &error)) << error;
  ASSERT_TRUE(core::loadMap(p.string(), now, &error)) << error;
  EXPECT_EQ(old.room.at(1, 1), 0);
  EXPECT_EQ(now.room.at(1, 1), 2);
  // No temporary files are left behind.
  int files = 0;
  for (auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 2);
  // A save into a missing directory fails with a message and leaves nothing.
  EXPECT_FALSE(core::saveMap((dir / "nope" / "x.json").string(), a, &error));
  EXPECT_NE(error.find("cannot create"), std::string::npos);
  fs::remove_all(dir);
}
