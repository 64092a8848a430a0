// Tiled (mapeditor.org) maps in and out: .tmx (XML) and .tmj (JSON), with
// tilesets embedded or external (.tsx / .tsj). Designers draw rooms in Tiled;
// this unit turns one tile layer into a room and writes a room back as a map
// Tiled opens, renders and converts (tested against Tiled 1.8's command line).
//
//   TiledImportOptions o;  o.layer = "collision";
//   MapDocument doc;  TiledImportReport report;  std::string error;
//   if (!importTiled("level1.tmx", o, &doc, &report, &error)) ...  // "level1.tmx:12:5: ..."
//   exportTiled(doc, "room.tmj", TiledFormat::Tmj, &error);
//
// Import. Layer data may be CSV, base64, or base64 compressed with zlib, gzip
// or zstd (and the old one-<tile>-per-gid XML form). The collision layer is the
// one named by `layer`, else the tile layer with the property `collision` =
// true, else the first tile layer. A cell's collision byte comes from its
// tile's properties: an int `collision` (0..255) and/or booleans `up`, `down`,
// `left`, `right` (the blocking bits of core/map/collision_bits.h) and the four
// op-code names (the tileset's string properties `opcode4`..`opcode7` name them;
// otherwise any other boolean names the next free op-code bit). Without a
// graphics layer, Tiled tile gid N becomes metatile N-1 (an empty cell becomes
// an extra "empty" metatile); with one, each distinct (graphics tile, collision
// byte) pair becomes a metatile. Flip and rotation flags are masked off and
// counted in the report. A Tiled tile of `scale` x cell size covers scale x
// scale cells. The metatiles get placeholder graphics drawn from their bits
// until tile graphics are imported (core/interop/tile_graphics.h).
//
// Export. One tile layer ("collision", property collision = true) and one
// embedded tileset whose tiles carry `name`, `collision` and the booleans; its
// image (`<stem>.tiles.png` beside the map, one tile per metatile drawn from
// the room's CHR graphics) lets Tiled and tmxrasterizer show the room. Both
// files are written atomically.
//
// Limits: the room limits of core/map/limits.h (4096 cells a side, 1,048,576
// cells, 4096 metatiles) are checked before any layer data is decoded; Tiled
// files are read up to kMaxJsonBytes. Orthogonal, finite maps with square tiles only.
#pragma once

#include <string>
#include <vector>

#include "core/map/room.h"

namespace core::interop {

struct TiledImportOptions {
  // The collision layer by name; "" = the tile layer with property collision =
  // true, else the first tile layer.
  std::string layer;
  // An optional second tile layer whose tiles give each cell's graphics.
  std::string graphicsLayer;
  // Room cells per Tiled tile side (a 32 px Tiled tile over 16 px cells is 2);
  // 0 = derive from the tile width (8 -> 1 of 8 px, 16 -> 1, 32 -> 2, 48 -> 3 ...).
  int scale = 0;
};

struct TiledImportReport {
  std::vector<std::string> notes;  // flips masked, layer chosen, scale used ...
  std::string layer;               // the collision layer read
  int scale = 1;                   // the scale used
  // The image of the tileset the graphics come from, resolved against the map
  // ("" when the tiles have no single image); tile graphics import can read it.
  std::string tilesetImage;
};

// Reads .tmx or .tmj (told apart by content), external .tsx/.tsj resolved
// against the map's folder. Errors: false and *error as "FILE:LINE:COL:
// message" (XML) or "FILE: /json/path: message" (JSON).
bool importTiled(const std::string& path, const TiledImportOptions& options, MapDocument* out,
                 TiledImportReport* report, std::string* error);

enum class TiledFormat { Tmx, Tmj };

// Writes atomically (core/util/files.h); tileset embedded with collision properties.
bool exportTiled(const MapDocument& map, const std::string& path, TiledFormat format,
                 std::string* error);

// The format a file name asks for: ".tmx" -> Tmx, ".tmj" / ".json" -> Tmj; false otherwise.
bool tiledFormatFromPath(const std::string& path, TiledFormat* out);

// The image file exportTiled writes beside `mapPath` ("room.tmx" -> "room.tiles.png").
std::string tiledTilesetImagePath(const std::string& mapPath);

}  // namespace core::interop
