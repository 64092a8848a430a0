// `collido import` and `collido export`: a hand-written Tiled map in, a room
// out and back; tables for the game with a manifest; tile graphics with
// --tileset; bad input exits 2 with a located message and writes nothing. With
// the real Tiled installed, tmxrasterizer's picture of our export matches our
// own render cell by cell (skipped without it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/subprocess.h"
#include "core/interop/tiled.h"
#include "core/map/map_file.h"
#include "core/render/room_render.h"
#include "core/tests/tiled_test_util.h"

namespace {

using app::test::quote;
using app::test::repoFile;
namespace fs = std::filesystem;

class CliTiled : public app::test::TempDirTest {
 protected:
  CliTiled() : TempDirTest("collido_cli_tiled_") {}
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }
  app::test::ProcessResult collido(const std::string& args) const {
    return app::test::runProcess("timeout 60 " + std::string(COLLIDO_EXE) + " " + args);
  }
  void expectRefused(const std::string& args, const std::vector<std::string>& needles) const {
    const auto r = collido(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    for (const std::string& n : needles)
      EXPECT_NE(r.output.find(n), std::string::npos) << args << "\nexpected: " << n << "\n"
                                                     << r.output;
  }
};

TEST_F(CliTiled, ImportThenExportAndBack) {
  core::test::TmxSpec s;
  s.enc = core::test::Enc::Zstd;
  s.layers.push_back({"decor", std::vector<uint32_t>(12, 1)});
  write("level.tmx", core::test::tmxText(s));
  auto r = collido(quote(path("level.tmx")) + " -o " + quote(path("room.map.json")));
  EXPECT_EQ(r.exitCode, 2) << "the command name is missing: usage error\n" << r.output;
  r = collido("import " + quote(path("level.tmx")) + " --layer walls -o " +
              quote(path("room.map.json")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("4 x 3 cells of 16 px, 4 metatiles, from layer \"walls\""),
            std::string::npos)
      << r.output;
  core::MapDocument doc;
  std::string error;
  ASSERT_TRUE(core::loadMap(path("room.map.json"), doc, &error)) << error;
  for (size_t i = 0; i < 12; ++i) EXPECT_EQ(doc.room.cells[i], core::test::kSampleGids[i] - 1);
  EXPECT_EQ(doc.metatiles.metatiles[1].collision, 0x0F);

  for (const char* ext : {".tmx", ".tmj"}) {
    r = collido("export " + quote(path("room.map.json")) + " -o " +
                quote(path(std::string("out") + ext)));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(fs::exists(path("out.tiles.png")));
    r = collido("import " + quote(path(std::string("out") + ext)) + " -o " +
                quote(path("again.map.json")));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    core::MapDocument again;
    ASSERT_TRUE(core::loadMap(path("again.map.json"), again, &error)) << error;
    EXPECT_EQ(again.room.cells, doc.room.cells) << ext;
    EXPECT_EQ(again.metatiles.metatiles[3].collision, 0x10) << ext;
    EXPECT_EQ(again.metatiles.opcodeNames[0], "water") << ext;
  }
  // --format names it whatever the extension.
  r = collido("export " + quote(path("room.map.json")) + " --format tmj -o " +
              quote(path("x.txt")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(std::ifstream(path("x.txt")).peek(), '{');
}

TEST_F(CliTiled, ImportNotesAndScale) {
  core::test::TmxSpec s;
  s.tile = 32;
  s.layers[0].second[0] |= 0x80000000u;
  write("big.tmx", core::test::tmxText(s));
  const auto r = collido("import " + quote(path("big.tmx")) + " -o " + quote(path("big.map.json")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("8 x 6 cells of 16 px"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("note: scale 2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("note: 1 tiles carried flip or rotation flags"), std::string::npos)
      << r.output;
  const auto r8 =
      collido("import " + quote(path("big.tmx")) + " --scale 4 -o " + quote(path("big8.map.json")));
  ASSERT_EQ(r8.exitCode, 0) << r8.output;
  EXPECT_NE(r8.output.find("16 x 12 cells of 8 px"), std::string::npos) << r8.output;
}

TEST_F(CliTiled, TilesetGraphicsComeInWithTheRoom) {
  core::Tile t;
  for (int i = 0; i < 64; ++i) t.px[size_t(i)] = uint8_t((i / 8 + i) % 4);
  const std::vector<core::Tile> tiles(16, t);
  const auto bytes = core::encodeChr(tiles, core::ChrFormat::NesPlanar);
  write("tiles.chr", std::string(bytes.begin(), bytes.end()));
  write("level.tmx", core::test::tmxText(core::test::TmxSpec{}));
  const auto r = collido("import " + quote(path("level.tmx")) + " --tileset " +
                         quote(path("tiles.chr")) + " -o " + quote(path("room.map.json")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.find("placeholder"), std::string::npos) << r.output;
  core::MapDocument doc;
  std::string error;
  ASSERT_TRUE(core::loadMap(path("room.map.json"), doc, &error)) << error;
  ASSERT_EQ(doc.tiles.size(), 16u);
  EXPECT_EQ(doc.tiles[3].px, t.px);
  EXPECT_EQ(doc.metatiles.metatiles[1].collision, 0x0F) << "collision bits are kept";
  expectRefused("import " + quote(path("level.tmx")) + " --tileset " + quote(path("x.gif")) +
                    " -o " + quote(path("no.map.json")),
                {"--tileset", "not a graphics file"});
  EXPECT_FALSE(fs::exists(path("no.map.json")));
}

TEST_F(CliTiled, ExportTablesForTheGame) {
  const std::string scenario = repoFile("maps/seed002_castle.scenario.json");
  auto r = collido("export " + quote(scenario) + " --format ca65 -o " + quote(path("castle.s")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::ifstream in(path("castle.s"));
  std::string first;
  std::getline(in, first);
  EXPECT_NE(first.find("ca65"), std::string::npos) << first;
  // A bare map needs the manifest.
  const std::string map = repoFile("maps/seed002_castle.map.json");
  expectRefused("export " + quote(map) + " --format rgbds -o " + quote(path("t.asm")),
                {"--format rgbds needs --manifest"});
  r = collido("export " + quote(map) + " --manifest " +
              quote(repoFile("assets/routines/seed002_mrn/manifest.json")) + " -o " +
              quote(path("castle.bin")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(fs::file_size(path("castle.bin")), 240u);
  EXPECT_FALSE(fs::exists(path("t.asm")));
}

TEST_F(CliTiled, BadInputExitsTwoWithALocatedMessage) {
  std::string text = core::test::tmxText(core::test::TmxSpec{});
  write("broken.tmx", text.substr(0, text.find("</layer>")));
  expectRefused("import " + quote(path("broken.tmx")) + " -o " + quote(path("o.map.json")),
                {"broken.tmx:", "malformed XML"});
  std::string comp = core::test::tmxText([] {
    core::test::TmxSpec s;
    s.enc = core::test::Enc::Gzip;
    return s;
  }());
  comp.replace(comp.find("gzip"), 4, "lz4");
  write("lz4.tmx", comp);
  expectRefused("import " + quote(path("lz4.tmx")) + " -o " + quote(path("o.map.json")),
                {"lz4.tmx:", "unknown compression \"lz4\""});
  write("level.tmx", text);
  expectRefused(
      "import " + quote(path("level.tmx")) + " --layer nope -o " + quote(path("o.map.json")),
      {"no tile layer is named \"nope\" (the map has \"walls\")"});
  core::test::TmxSpec huge;
  huge.width = huge.height = 100000;
  write("huge.tmj", core::test::tmjText(huge));
  expectRefused("import " + quote(path("huge.tmj")) + " -o " + quote(path("o.map.json")),
                {"huge.tmj: /: the map is 100,000 x 100,000 tiles"});
  core::test::TmxSpec gid;
  gid.layers[0].second[11] = 77;
  write("gid.tmx", core::test::tmxText(gid));
  expectRefused("import " + quote(path("gid.tmx")) + " -o " + quote(path("o.map.json")),
                {"gid 77 at tile (3, 2) is outside every tileset"});
  expectRefused(
      "import " + quote(path("level.tmx")) + " --scale 99 -o " + quote(path("o.map.json")),
      {"--scale"});
  EXPECT_FALSE(fs::exists(path("o.map.json")));

  const std::string map = repoFile("maps/seed002_castle.map.json");
  expectRefused("export " + quote(map) + " --format png -o " + quote(path("x.png")),
                {"\"png\" is not tmx, tmj, ca65, rgbds, c or bin"});
  expectRefused("export " + quote(map) + " -o " + quote(path("room.xyz")), {"--format"});
  expectRefused("export " + quote(path("missing.map.json")) + " -o " + quote(path("m.tmx")),
                {"missing.map.json"});
  expectRefused("export " + quote(map) + " -o " + quote(path("nodir/m.tmx")),
                {"m.tmx: cannot write: the folder", "does not exist"});
  EXPECT_FALSE(fs::exists(path("m.tmx")));
  EXPECT_FALSE(fs::exists(path("nodir")));
}

// tmxrasterizer draws our export with its tileset image; each cell must show
// exactly what our own render (core/render, CHR colours, no overlays) draws.
TEST_F(CliTiled, TmxrasterizerMatchesOurRenderCellByCell) {
  if (core::findExecutable("tmxrasterizer").empty())
    GTEST_SKIP() << "tmxrasterizer is not installed (apt install tiled)";
  for (const char* mapName : {"maps/seed002_castle.map.json", "maps/seed003_dungeon.map.json"}) {
    core::Scenario sc;
    std::string error;
    ASSERT_TRUE(core::loadMap(repoFile(mapName), sc.map, &error)) << error;
    ASSERT_TRUE(core::interop::exportTiled(sc.map, path("room.tmx"),
                                           core::interop::TiledFormat::Tmx, &error))
        << error;
    const auto r = app::test::runProcess("QT_QPA_PLATFORM=offscreen timeout 60 tmxrasterizer " +
                                         quote(path("room.tmx")) + " " + quote(path("tiled.png")));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    app::RgbaImage tiled;
    ASSERT_TRUE(app::readPng(path("tiled.png"), tiled, &error)) << error;
    core::RoomRenderOptions ro;
    ro.scale = 1;
    ro.overlays = 0;
    const core::Canvas ours = core::renderRoom(sc, ro);
    ASSERT_EQ(tiled.width, ours.width());
    ASSERT_EQ(tiled.height, ours.height());
    const int cs = sc.map.room.cellSize;
    int badCells = 0;
    for (int row = 0; row < sc.map.room.height; ++row)
      for (int col = 0; col < sc.map.room.width; ++col) {
        bool same = true;
        for (int v = 0; v < cs && same; ++v)
          for (int u = 0; u < cs && same; ++u) {
            const int x = col * cs + u, y = row * cs + v;
            const uint8_t* p = &tiled.pixels[(size_t(y) * tiled.width + x) * 4];
            const core::Rgba o = ours.at(x, y);
            same = p[0] == o.r && p[1] == o.g && p[2] == o.b;
          }
        if (!same && ++badCells <= 5)
          ADD_FAILURE() << mapName << ": cell " << col << "," << row << " differs";
      }
    EXPECT_EQ(badCells, 0) << mapName;
  }
}

}  // namespace
