// Export for the game (core/interop/game_export.h): the table layout the
// manifest describes, the text of each format, and the errors a user can cause.
// test_game_export_e2e.cpp assembles the exports of the sample rooms.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/interop/game_export.h"
#include "core/sim/simulation.h"

namespace core {
namespace {

using interop::GameTables;
using interop::TableFormat;

// A 3x2 room over a 4x3 table with a row stride of 5, and 3 metatiles in a
// table of 4 entries of 3 bytes (collision at offset 2).
struct Fixture {
  MapDocument map;
  RoutineManifest m;
  Fixture() {
    map.name = "tiny";
    map.room.width = 3;
    map.room.height = 2;
    map.room.cells = {0, 1, 2, 2, 1, 0};
    map.metatiles.metatiles = {{"sky", {}, 0}, {"wall", {}, kSolid}, {"ledge", {}, kBlockDown}};
    m.path = "tiny/manifest.json";
    m.name = "tiny routine";
    CellLayout c;
    c.ref = {"cells", 0};
    c.stride = 5;
    c.maxWidth = 4;
    c.maxHeight = 3;
    m.cells = c;
    AttributeLayout a;
    a.ref = {"attrs", 0};
    a.stride = 3;
    a.offset = 2;
    a.count = 4;
    a.format = AttributeFormat::Mrn;
    m.attributes = a;
  }
};

TEST(GameExport, LaysTheCellsOutByStrideAndMaxSize) {
  Fixture f;
  GameTables t;
  std::string error;
  ASSERT_TRUE(interop::encodeTables(f.map, f.m, &t, &error)) << error;
  // 5 bytes a row, 3 rows; past the room and the table's width: 0.
  EXPECT_EQ(t.cells, (std::vector<uint8_t>{0, 1, 2, 0, 0,  //
                                           2, 1, 0, 0, 0,  //
                                           0, 0, 0, 0, 0}));
  EXPECT_EQ(t.attributes, (std::vector<uint8_t>{0, 0, 0,       //
                                                0, 0, kSolid,  //
                                                0, 0, kBlockDown, 0, 0, 0}));
}

TEST(GameExport, AttributeBytesFollowTheFormatAndTileIds) {
  Fixture f;
  f.m.attributes->format = AttributeFormat::Walkable;
  f.m.attributes->stride = 5;
  f.m.attributes->offset = 4;
  f.m.attributes->tileOffset = 0;
  f.map.metatiles.metatiles[1].tiles = {7, 8, 9, 10};
  GameTables t;
  std::string error;
  ASSERT_TRUE(interop::encodeTables(f.map, f.m, &t, &error)) << error;
  ASSERT_EQ(t.attributes.size(), 20u);
  EXPECT_EQ(t.attributes[4], 1);  // sky: walkable
  EXPECT_EQ(std::vector<uint8_t>(t.attributes.begin() + 5, t.attributes.begin() + 10),
            (std::vector<uint8_t>{7, 8, 9, 10, 0}));  // wall: tiles, not walkable
  EXPECT_EQ(t.attributes[14], 1);                     // a one-way ledge is not solid
  for (uint8_t c : {uint8_t(kBlockDown), uint8_t(kSolid), uint8_t(0x30)})
    EXPECT_EQ(encodeAttribute(AttributeFormat::SolidBit, c), (c & kSolid) == kSolid ? 1 : 0);
}

TEST(GameExport, Ca65TextHasAHeaderAndOneRowALine) {
  Fixture f;
  std::string text, error;
  ASSERT_TRUE(
      interop::exportTables(f.map, f.m, TableFormat::Ca65, "maps/tiny.map.json", &text, &error))
      << error;
  EXPECT_NE(text.find("; source map: maps/tiny.map.json\n"), std::string::npos) << text;
  EXPECT_NE(text.find("row stride 5 bytes"), std::string::npos) << text;
  EXPECT_NE(text.find("collision byte at offset 2 as mrn"), std::string::npos) << text;
  EXPECT_NE(text.find("cells:\n        .byte $00,$01,$02,$00,$00  ; row 0\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("attrs:\n        .byte $00,$00,$00  ; metatile 0 sky\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("$00,$00,$00  ; metatile 3 (unused)\n"), std::string::npos) << text;
}

TEST(GameExport, RgbdsAndCText) {
  Fixture f;
  f.m.cells->ref = {"room_data", 1};
  std::string text, error;
  ASSERT_TRUE(interop::exportTables(f.map, f.m, TableFormat::Rgbds, "tiny", &text, &error));
  EXPECT_NE(text.find("room_data_plus_1::\n    db $00,$01,$02,$00,$00  ; row 0\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("; cells: room_data+1 (symbol room_data_plus_1)"), std::string::npos);
  ASSERT_TRUE(interop::exportTables(f.map, f.m, TableFormat::C, "tiny", &text, &error));
  EXPECT_NE(text.find("// source map: tiny\n"), std::string::npos) << text;
  EXPECT_NE(text.find("const unsigned char room_data_plus_1[15] = {\n"
                      "    0x00, 0x01, 0x02, 0x00, 0x00,  // row 0\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("const unsigned char attrs[12] = {\n"), std::string::npos) << text;
  EXPECT_NE(text.find("};\n"), std::string::npos);
}

TEST(GameExport, BinIsTheCellsThenTheAttributes) {
  Fixture f;
  GameTables t;
  std::string bin, error;
  ASSERT_TRUE(interop::encodeTables(f.map, f.m, &t, &error));
  ASSERT_TRUE(interop::exportTables(f.map, f.m, TableFormat::Bin, "tiny", &bin, &error));
  std::vector<uint8_t> want = t.cells;
  want.insert(want.end(), t.attributes.begin(), t.attributes.end());
  EXPECT_EQ(std::vector<uint8_t>(bin.begin(), bin.end()), want);
}

TEST(GameExport, ANameCannotBreakOutOfItsComment) {
  Fixture f;
  f.map.metatiles.metatiles[0].name = "sky\n.byte $FF";
  std::string text, error;
  ASSERT_TRUE(interop::exportTables(f.map, f.m, TableFormat::Ca65, "a\nb", &text, &error));
  EXPECT_EQ(text.find("\n.byte $FF"), std::string::npos) << text;
  EXPECT_EQ(text.find("\nb"), std::string::npos) << text;
}

TEST(GameExport, ErrorsNameTheManifestAndTheTable) {
  std::string text, error;
  {
    Fixture f;
    f.map.room.width = 5;
    f.map.room.cells.assign(10, 0);
    EXPECT_FALSE(interop::exportTables(f.map, f.m, TableFormat::Ca65, "", &text, &error));
    EXPECT_EQ(error,
              "tiny/manifest.json: map.cells: the room is 5x2 cells but the routine's table "
              "holds 4x3");
  }
  {
    Fixture f;
    f.map.metatiles.metatiles.resize(5);
    EXPECT_FALSE(interop::exportTables(f.map, f.m, TableFormat::C, "", &text, &error));
    EXPECT_EQ(error,
              "tiny/manifest.json: map.attributes: the map has 5 metatiles but the routine's "
              "table holds 4");
  }
  {
    Fixture f;
    f.m.attributes.reset();
    f.map.room.cells[4] = 300;
    EXPECT_FALSE(interop::exportTables(f.map, f.m, TableFormat::Bin, "", &text, &error));
    EXPECT_NE(error.find("cell 1,1 holds metatile 300; a table entry is one byte"),
              std::string::npos)
        << error;
  }
  {
    Fixture f;
    f.m.cells.reset();
    f.m.attributes.reset();
    EXPECT_FALSE(interop::exportTables(f.map, f.m, TableFormat::Ca65, "", &text, &error));
    EXPECT_NE(error.find("lays out no room table"), std::string::npos) << error;
  }
  {
    Fixture f;
    f.m.attributes->offset = 3;
    EXPECT_FALSE(interop::exportTables(f.map, f.m, TableFormat::Ca65, "", &text, &error));
    EXPECT_NE(error.find("map.attributes: 4 entries of 3 bytes cannot hold"), std::string::npos)
        << error;
  }
}

TEST(GameExport, ColumnMajorTwoByteScreensAndPointerMapsThroughTheCodec) {
  Fixture f;
  f.m.attributes.reset();
  f.map.room.width = 2;
  f.map.room.height = 2;
  f.map.room.cells = {1, 2, 3, 0x104};
  CellLayout c;
  c.screens = {{"left", 0}, {"right", 0}};
  c.columnMajor = true;
  c.bytes = 2;
  c.bigEndian = true;
  c.stride = 4;  // a column: 2 entries of 2 bytes
  c.maxWidth = 1;
  c.maxHeight = 2;
  f.m.cells = c;
  interop::GameTables t;
  std::string text, error;
  ASSERT_TRUE(interop::encodeTables(f.map, f.m, &t, &error)) << error;
  EXPECT_EQ(t.cellTables, 2);
  EXPECT_EQ(t.cellTableBytes, 4u);
  // Screen 0 holds column 0 (cells 1 and 3), screen 1 column 1 (2 and $104), big-endian.
  EXPECT_EQ(t.cells, (std::vector<uint8_t>{0, 1, 0, 3, 0, 2, 1, 4}));
  ASSERT_TRUE(interop::exportTables(f.map, f.m, TableFormat::Ca65, "tiny", &text, &error));
  EXPECT_NE(text.find("left:\n        .byte $00,$01,$00,$03  ; column 0\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("right:\n        .byte $00,$02,$01,$04  ; column 0\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("column-major, column stride 4 bytes"), std::string::npos) << text;

  f.m.cells->screens.clear();
  f.m.cells->pointer = {"map_ptr", 0};
  f.m.cells->maxWidth = 2;
  f.m.cells->stride = 4;
  f.m.cells->columnMajor = false;
  f.m.cells->bytes = 1;
  EXPECT_FALSE(interop::exportTables(f.map, f.m, TableFormat::C, "tiny", &text, &error));
  EXPECT_NE(error.find("map.cells: cell 1,1 holds metatile 260"), std::string::npos) << error;
  f.map.room.cells[3] = 4;
  ASSERT_TRUE(interop::exportTables(f.map, f.m, TableFormat::C, "tiny", &text, &error)) << error;
  EXPECT_NE(text.find("const unsigned char map_ptr_table[8] = {\n"
                      "    0x01, 0x02, 0x00, 0x00,  // row 0\n"),
            std::string::npos)
      << text;
}

TEST(GameExport, FormatNames) {
  TableFormat f;
  for (auto [name, want] :
       std::vector<std::pair<std::string, TableFormat>>{{"ca65", TableFormat::Ca65},
                                                        {".s", TableFormat::Ca65},
                                                        {"RGBDS", TableFormat::Rgbds},
                                                        {"asm", TableFormat::Rgbds},
                                                        {"c", TableFormat::C},
                                                        {".h", TableFormat::C},
                                                        {"bin", TableFormat::Bin}}) {
    ASSERT_TRUE(interop::parseTableFormat(name, &f)) << name;
    EXPECT_EQ(f, want) << name;
  }
  EXPECT_FALSE(interop::parseTableFormat("tmx", &f));
  EXPECT_STREQ(interop::tableFormatName(TableFormat::Rgbds), "rgbds");
}

}  // namespace
}  // namespace core
