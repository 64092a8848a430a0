// libFuzzer target for external Tiled tilesets (.tsx / .tsj, core/interop/tiled.h):
// the input after byte 0 is the tileset file, which a fixed map names. Byte 0:
// bit 0 names it fuzz.tsj (else fuzz.tsx; the map reader tells XML from JSON by
// content), bit 1 the map is a .tmj (else a .tmx), bit 2 a second, embedded
// tileset follows at firstgid 9, bit 3 a graphics layer is imported too. Then
// the same file goes through the tile graphics import (`collido import
// --tileset`), which reads the image it names (a copy of docs/examples/castle.tiles.png
// lies beside it as fuzz_image.png). Files go to the private folder of fuzz_files.h.
// Refusals have a message; an import gives a room whose cells name metatiles that exist.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/fuzz/fuzz_files.h"
#include "core/interop/tile_graphics.h"
#include "core/interop/tiled.h"

namespace {

// Collision layer: tiles 1-4 of the external tileset, an empty cell, a flipped
// tile, and (with the embedded tileset) its first tile, gid 9.
std::string tmx(const std::string& tileset, bool second, bool graphics) {
  std::string s =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"4\" "
      "height=\"2\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n"
      " <tileset firstgid=\"1\" source=\"" +
      tileset + "\"/>\n";
  if (second)
    s += " <tileset firstgid=\"9\" name=\"inline\" tilewidth=\"16\" tileheight=\"16\" "
         "tilecount=\"2\" columns=\"2\"><tile id=\"0\"><properties><property name=\"solid\" "
         "type=\"bool\" value=\"true\"/></properties></tile></tileset>\n";
  s +=
      " <layer id=\"1\" name=\"collision\" width=\"4\" height=\"2\"><data encoding=\"csv\">1,2,3,4,"
      "0,2147483650," +
      std::string(second ? "9" : "1") + ",2</data></layer>\n";
  if (graphics)
    s += " <layer id=\"2\" name=\"gfx\" width=\"4\" height=\"2\"><data "
         "encoding=\"csv\">4,3,2,1,1,1,2,2</data></layer>\n";
  return s + "</map>\n";
}

std::string tmj(const std::string& tileset, bool second, bool graphics) {
  std::string s =
      "{\"type\": \"map\", \"version\": \"1.8\", \"orientation\": \"orthogonal\", \"width\": 4, "
      "\"height\": 2, \"tilewidth\": 16, \"tileheight\": 16, \"infinite\": false,\n"
      " \"tilesets\": [{\"firstgid\": 1, \"source\": \"" +
      tileset + "\"}";
  if (second)
    s += ", {\"firstgid\": 9, \"name\": \"inline\", \"tilewidth\": 16, \"tileheight\": 16, "
         "\"tilecount\": 2, \"columns\": 2, \"tiles\": [{\"id\": 0, \"properties\": [{\"name\": "
         "\"solid\", \"type\": \"bool\", \"value\": true}]}]}";
  s += "],\n \"layers\": [{\"type\": \"tilelayer\", \"name\": \"collision\", \"width\": 4, "
       "\"height\": 2, \"data\": [1, 2, 3, 4, 0, 2147483650, " +
       std::string(second ? "9" : "1") + ", 2]}";
  if (graphics)
    s += ", {\"type\": \"tilelayer\", \"name\": \"gfx\", \"width\": 4, \"height\": 2, \"data\": "
         "[4, 3, 2, 1, 1, 1, 2, 2]}";
  return s + "]}\n";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  namespace fs = std::filesystem;
  static const bool imageCopied = [] {
    std::error_code ec;
    fs::copy_file(fs::path(COLLIDOSCOPE_SOURCE_DIR) / "docs/examples/castle.tiles.png",
                  fuzz::sandbox() / "maps" / "fuzz_image.png", fs::copy_options::overwrite_existing,
                  ec);
    return !ec;
  }();
  (void)imageCopied;
  const uint8_t sel = data[0];
  const std::string tileset = sel & 1 ? "fuzz.tsj" : "fuzz.tsx";
  const bool second = (sel & 4) != 0, graphics = (sel & 8) != 0;
  const std::string tilesetPath = fuzz::writeInput(tileset, data + 1, size - 1);
  const std::string map = sel & 2 ? tmj(tileset, second, graphics) : tmx(tileset, second, graphics);
  const std::string mapPath =
      fuzz::writeInput(sel & 2 ? "fuzz_tileset.tmj" : "fuzz_tileset.tmx",
                       reinterpret_cast<const uint8_t*>(map.data()), map.size());

  core::interop::TiledImportOptions options;
  if (graphics) options.graphicsLayer = "gfx";
  core::MapDocument doc;
  core::interop::TiledImportReport report;
  std::string error;
  if (!core::interop::importTiled(mapPath, options, &doc, &report, &error)) {
    if (error.empty()) std::abort();
  } else {
    const size_t metatiles = doc.metatiles.metatiles.size();
    if (doc.room.cells.size() != size_t(doc.room.width) * size_t(doc.room.height)) std::abort();
    for (uint16_t c : doc.room.cells)
      if (c >= metatiles) std::abort();
  }
  // As `collido import --tileset fuzz.tsx`: the tileset's image as tile graphics.
  core::MapDocument gfx = doc;
  std::string error2;
  if (!core::interop::importTileGraphics(tilesetPath, &gfx, &error2) && error2.empty())
    std::abort();
  return 0;
}
