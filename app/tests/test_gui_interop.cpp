// File > Import... and Export... in the GUI, through the scripted --import and
// --export flags: a room goes out as a Tiled map and as ca65 tables, comes back
// from the .tmx, takes tile graphics from a CHR, and bad files end the run with
// a message and exit 2, writing nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/map/tiles.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::repoFile;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

class GuiInterop : public app::test::GuiRunTest {
 protected:
  GuiInterop() : GuiRunTest("collidoscope_interop_") {}
  app::test::ProcessResult gui(const std::string& args) {
    return GuiRunTest::gui(args, "timeout 120 env");
  }
  static std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  // Distinct colours in the room view's rectangle of a screenshot.
  static size_t roomColours(const std::string& png, int x0, int y0, int x1, int y1) {
    app::RgbaImage image;
    std::string error;
    EXPECT_TRUE(app::readPng(png, image, &error)) << error;
    std::set<uint32_t> seen;
    for (int y = y0; y < std::min(y1, image.height); ++y)
      for (int x = x0; x < std::min(x1, image.width); ++x) {
        const uint8_t* p = &image.pixels[(size_t(y) * image.width + x) * 4];
        seen.insert(uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2]);
      }
    return seen.size();
  }
};

}  // namespace

TEST_F(GuiInterop, ExportsTiledAndTablesThenImportsTheRoomAndGraphics) {
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  const std::string tmx = path("castle.tmx"), inc = path("castle.s");
  auto r =
      gui(quote(castle) + " --export " + quote(tmx) + " --export " + quote(inc) + " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Exported " + inc), std::string::npos) << r.output;
  const std::string text = slurp(inc);
  EXPECT_NE(text.find("; source map: " + repoFile("maps/seed002_castle.map.json")),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("room_data_plus_1:\n        .byte "), std::string::npos) << text;
  ASSERT_TRUE(fs::exists(tmx));

  // Back from the .tmx (opened directly), with every tile painted in colour 3.
  core::Tile solid;
  solid.px.fill(3);
  std::vector<uint8_t> chr =
      core::encodeChr(std::vector<core::Tile>(32, solid), core::ChrFormat::NesPlanar);
  const std::string chrPath = path("solid.chr");
  std::ofstream(chrPath, std::ios::binary)
      .write(reinterpret_cast<const char*>(chr.data()), std::streamsize(chr.size()));
  const std::string plain = path("plain.png"), painted = path("painted.png");
  r = gui(quote(tmx) + " --screenshot " + quote(plain));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  r = gui(quote(tmx) + " --import " + quote(chrPath) + " --screenshot " + quote(painted));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Imported 32 tiles from " + chrPath), std::string::npos) << r.output;
  // Inside the room (the castle's default layout puts it at about 294,68 at zoom
  // 2): the castle's bricks and sky have many colours, solid tiles few.
  const size_t before = roomColours(plain, 330, 100, 780, 500);
  const size_t after = roomColours(painted, 330, 100, 780, 500);
  EXPECT_GT(before, after) << before << " vs " << after;
}

TEST_F(GuiInterop, BadFilesExitTwoAndWriteNothing) {
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  const std::string odd = path("odd.chr");
  std::ofstream(odd, std::ios::binary) << std::string(1000, '\0');
  auto r = gui(quote(castle) + " --import " + quote(odd) + " --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--import: " + odd +
                          ": 1000 bytes is not a whole number of 16-byte "
                          "tiles"),
            std::string::npos)
      << r.output;

  const std::string unknown = path("room.xyz");
  r = gui(quote(castle) + " --export " + quote(unknown) + " --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("cannot export \".xyz\" files"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(unknown));

  // The castle's tables hold 16x15 cells: a 20-cell-wide Tiled room does not fit.
  const std::string wide = path("wide.tmj");
  std::string data;
  for (int i = 0; i < 20 * 4; ++i) data += std::string(i ? "," : "") + "1";
  std::ofstream(wide) << R"({"type": "map", "version": "1.8", "orientation": "orthogonal",
    "width": 20, "height": 4, "tilewidth": 16, "tileheight": 16, "infinite": false,
    "layers": [{"type": "tilelayer", "name": "collision", "width": 20, "height": 4,
                "data": [)"
                      << data << R"(]}],
    "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 16, "tileheight": 16,
                  "tilecount": 1, "columns": 1}]})";
  const std::string out = path("wide.s");
  r = gui(quote(castle) + " --import " + quote(wide) + " --export " + quote(out) + " --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--import: Cannot run wide.tmj with this routine"), std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(out));
}
#endif
