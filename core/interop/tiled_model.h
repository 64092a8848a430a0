// What the .tmx and .tmj readers produce and the writers consume: a Tiled map
// reduced to what a room needs, with each element's location ("file:line:col"
// or "file: /json/path") kept for messages. Internal to core/interop.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace core::interop::tiled {

struct Property {
  std::string name;
  std::string type;   // "string", "int", "bool", "float", "color", "file", "object" ("" = string)
  std::string value;  // as text: "true"/"false" for bools
  std::string where;
};

struct TileInfo {
  int id = 0;  // local id in its tileset
  std::vector<Property> properties;
  std::string where;
};

struct Tileset {
  int firstGid = 1;
  std::string name;
  int tileCount = 0;
  int columns = 0;
  int tileWidth = 0, tileHeight = 0;
  std::string image;  // resolved against the file that names it; "" = none
  int imageWidth = 0, imageHeight = 0;
  std::vector<TileInfo> tiles;
  std::vector<Property> properties;
  std::string where;  // of the tileset element (the external file's root for .tsx/.tsj)
  std::string ref;    // where the map names it: its <tileset> element or /tilesets/N
};

// A tile layer's data as found, decoded only for the layers a room uses (so a
// file of many big layers never expands all of them).
struct LayerData {
  std::string encoding;     // "csv", "base64", "" (a plain list: `gids` holds it)
  std::string compression;  // "", "zlib", "gzip", "zstd" (anything else is reported)
  std::string text;
  std::vector<uint32_t> gids;  // for the plain forms (XML <tile> elements, JSON arrays)
  std::string where;
};

struct Layer {
  std::string name;
  int width = 0, height = 0;
  std::vector<Property> properties;
  LayerData data;
  std::string where;
};

struct Map {
  std::string file;
  int width = 0, height = 0;
  int tileWidth = 0, tileHeight = 0;
  std::vector<Property> properties;
  std::vector<Tileset> tilesets;
  std::vector<Layer> layers;  // tile layers only, groups flattened in file order
  std::string where;
};

// Property names. Tiles: the collision byte as an int, or as booleans (one
// per blocking direction, `solid` for all four, and one per op-code: the name
// the tileset's `opcode4`..`opcode7` give it, or `op4`..`op7`). Our own export
// adds what a round trip needs to keep the graphics (`collidoscope.*`).
inline constexpr const char* kPropCollision = "collision";
inline constexpr const char* kPropName = "name";
inline constexpr const char* kPropSolid = "solid";
inline constexpr const char* kPropTiles = "collidoscope.tiles";  // tile: "0,0,1,1"
inline constexpr const char* kPropChr = "collidoscope.chr";      // map: tile texts joined by ';'
inline constexpr const char* kPropChrFormat = "collidoscope.chrFormat";  // map: "nes" / "gb"
inline constexpr const char* kPropPalette = "collidoscope.palette";      // map: "#rrggbb,..." x 4
inline constexpr const char* kPropTilesPerSide = "collidoscope.tilesPerSide";  // map: 1 or 2

// Group layers nest at most this deep (the readers recurse into them).
inline constexpr int kMaxGroupDepth = 64;

// The flip and rotation flags in a gid's top bits (Tiled: horizontal,
// vertical, diagonal, and the hexagonal 120-degree rotation).
inline constexpr uint32_t kGidFlagMask = 0xF0000000u;

// Reads a .tmx / .tsx (XML) or .tmj / .tsj (JSON) map, resolving external tilesets.
bool readTmx(const std::string& path, const std::string& text, Map* out, std::string* error);
bool readTmj(const std::string& path, const std::string& text, Map* out, std::string* error);
// An external tileset file (XML or JSON by content), `firstGid` from the map.
bool readTilesetFile(const std::string& path, int firstGid, const std::string& where, Tileset* out,
                     std::string* error);

// A .tsj tileset object (also an embedded tileset of a .tmj).
bool readTsjObject(const std::string& path, const nlohmann::json& j, const std::string& jsonPath,
                   Tileset* out, std::string* error);

// The layer's gids (flags kept), exactly width x height of them.
bool decodeLayer(const Layer& layer, std::vector<uint32_t>* gids, std::string* error);

// Refuses a map bigger than any room before its layer data is decoded.
bool checkMapSize(const Map& map, std::string* error);

// Refuses tilesets whose gid ranges overlap (a firstgid below the end of an earlier
// tileset's range, e.g. a tileset that grew after the map was saved): a gid of both
// would mean two tiles. A tileset's range is its tilecount, or past its highest tile id.
bool checkTilesetRanges(const Map& map, std::string* error);

std::string writeTmx(const Map& map);
std::string writeTmj(const Map& map);

// Helpers shared by the readers.
bool base64Decode(const std::string& text, std::vector<uint8_t>* out);
std::string base64Encode(const std::vector<uint8_t>& bytes);
// Inflates zlib / gzip / zstd data to exactly `expected` bytes; false with a
// message otherwise.
bool decompress(const std::string& method, const std::vector<uint8_t>& in, size_t expected,
                std::vector<uint8_t>* out, std::string* error);
// "file:line:col" for a byte offset into `text`.
std::string xmlWhere(const std::string& file, const std::string& text, ptrdiff_t offset);
const Property* findProperty(const std::vector<Property>& props, const std::string& name);

}  // namespace core::interop::tiled
