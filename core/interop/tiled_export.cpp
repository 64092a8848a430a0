// Room -> Tiled map: one tile layer and one embedded tileset whose tiles carry
// the collision bits as properties, plus the tileset image (a small PNG
// written here over zlib, since core links no picture library).
#include <zlib.h>

#include <algorithm>

#include "core/interop/tiled.h"
#include "core/interop/tiled_model.h"
#include "core/scene/room_scene.h"
#include "core/util/files.h"

namespace core::interop {

namespace {

using tiled::Property;

void appendChunk(std::string* png, const char* type, const std::string& data) {
  const uint32_t n = uint32_t(data.size());
  const char len[4] = {char(n >> 24), char(n >> 16), char(n >> 8), char(n)};
  png->append(len, 4);
  std::string body = std::string(type, 4) + data;
  png->append(body);
  const uint32_t crc =
      uint32_t(crc32(0, reinterpret_cast<const Bytef*>(body.data()), uInt(body.size())));
  const char c[4] = {char(crc >> 24), char(crc >> 16), char(crc >> 8), char(crc)};
  png->append(c, 4);
}

// An 8-bit RGBA PNG of `rgba` (width * height * 4 bytes).
bool encodePng(int width, int height, const std::vector<uint8_t>& rgba, std::string* out) {
  std::string raw;
  raw.reserve(size_t(height) * (size_t(width) * 4 + 1));
  for (int y = 0; y < height; ++y) {
    raw += '\0';  // filter: none
    raw.append(reinterpret_cast<const char*>(rgba.data()) + size_t(y) * width * 4,
               size_t(width) * 4);
  }
  uLongf size = compressBound(uLong(raw.size()));
  std::string z(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(z.data()), &size,
                reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()), 9) != Z_OK)
    return false;
  z.resize(size);
  *out = "\x89PNG\r\n\x1a\n";
  std::string ihdr(13, '\0');
  for (int i = 0; i < 4; ++i) {
    ihdr[size_t(i)] = char(uint32_t(width) >> (24 - 8 * i));
    ihdr[size_t(4 + i)] = char(uint32_t(height) >> (24 - 8 * i));
  }
  ihdr[8] = 8;  // bit depth
  ihdr[9] = 6;  // RGBA
  appendChunk(out, "IHDR", ihdr);
  appendChunk(out, "IDAT", z);
  appendChunk(out, "IEND", "");
  return true;
}

// A metatile's pixel the way the room render draws it (core/render/scene_canvas.cpp):
// CHR colours, or the collision colour when the map has no tiles.
Rgba metatilePixel(const MapDocument& map, const Metatile& mt, int u, int v) {
  if (map.tiles.empty()) return collisionColour(mt.collision);
  const int cs = map.room.cellSize, tps = std::max(1, map.metatiles.tilesPerSide);
  const int q = (v * tps / cs) * tps + u * tps / cs;
  const uint16_t tid = mt.tiles[size_t(std::min(q, 3))];
  if (tid >= map.tiles.size()) return palette::kEmpty;
  const int tx = (u * tps * 8 / cs) % 8, ty = (v * tps * 8 / cs) % 8;
  return map.palette[map.tiles[tid].px[size_t(ty * 8 + tx)] & 3];
}

Property prop(const std::string& name, const std::string& type, const std::string& value) {
  return Property{name, type, value, ""};
}

std::string baseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The property names of the op-code bits: the user's names where Tiled can
// hold them unambiguously, else op4..op7.
std::array<std::string, 4> opcodePropertyNames(const MetatileSet& set) {
  std::array<std::string, 4> out;
  for (int b = 0; b < 4; ++b) {
    const std::string& n = set.opcodeNames[size_t(b)];
    bool ok = !n.empty() && n != tiled::kPropCollision && n != tiled::kPropName &&
              n != tiled::kPropSolid && n != "left" && n != "right" && n != "up" && n != "down" &&
              n.rfind("collidoscope.", 0) != 0 && !(n.size() == 3 && n.rfind("op", 0) == 0);
    for (int o = 0; o < 4; ++o)
      if (o != b && set.opcodeNames[size_t(o)] == n) ok = false;
    out[size_t(b)] = ok ? n : "op" + std::to_string(b + 4);
  }
  return out;
}

}  // namespace

bool exportTiled(const MapDocument& map, const std::string& path, TiledFormat format,
                 std::string* error) {
  const Room& room = map.room;
  const auto& set = map.metatiles.metatiles;
  if (room.cells.size() != size_t(room.width) * size_t(room.height) || room.width < 1 ||
      room.height < 1) {
    *error = path + ": the room's cells do not fill its " + std::to_string(room.width) + " x " +
             std::to_string(room.height) + " cells";
    return false;
  }
  for (size_t i = 0; i < room.cells.size(); ++i)
    if (room.cells[i] >= set.size()) {
      *error = path + ": cell (" + std::to_string(i % size_t(room.width)) + ", " +
               std::to_string(i / size_t(room.width)) + ") holds metatile " +
               std::to_string(room.cells[i]) + "; the set has " + std::to_string(set.size());
      return false;
    }

  const int cs = room.cellSize;
  const int n = int(set.size());
  const int columns = std::max(1, std::min(n, 16));
  const int rows = (n + columns - 1) / columns;
  std::vector<uint8_t> rgba(size_t(columns) * cs * size_t(rows) * cs * 4, 0);
  for (int m = 0; m < n; ++m)
    for (int v = 0; v < cs; ++v)
      for (int u = 0; u < cs; ++u) {
        const Rgba c = metatilePixel(map, set[size_t(m)], u, v);
        const size_t x = size_t(m % columns) * cs + u, y = size_t(m / columns) * cs + v;
        uint8_t* p = &rgba[(y * size_t(columns) * cs + x) * 4];
        p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
      }
  std::string png;
  if (!encodePng(columns * cs, rows * cs, rgba, &png)) {
    *error = path + ": cannot compress the tileset image";
    return false;
  }

  tiled::Map out;
  out.width = room.width;
  out.height = room.height;
  out.tileWidth = out.tileHeight = cs;
  std::string chr, paletteText;
  for (size_t i = 0; i < map.tiles.size(); ++i) chr += (i ? ";" : "") + tileText(map.tiles[i]);
  for (size_t i = 0; i < map.palette.size(); ++i)
    paletteText += (i ? "," : "") + colourText(map.palette[i]);
  out.properties = {
      prop(tiled::kPropChrFormat, "string", chrFormatName(map.chrFormat)),
      prop(tiled::kPropPalette, "string", paletteText),
      prop(tiled::kPropTilesPerSide, "int", std::to_string(map.metatiles.tilesPerSide)),
      prop(tiled::kPropChr, "string", chr)};

  tiled::Tileset ts;
  ts.firstGid = 1;
  ts.name = map.name.empty() ? "metatiles" : map.name;
  ts.tileWidth = ts.tileHeight = cs;
  ts.tileCount = n;
  ts.columns = columns;
  ts.image = baseName(tiledTilesetImagePath(path));
  ts.imageWidth = columns * cs;
  ts.imageHeight = rows * cs;
  const auto opNames = opcodePropertyNames(map.metatiles);
  for (int b = 0; b < 4; ++b)
    ts.properties.push_back(prop("opcode" + std::to_string(b + 4), "string", opNames[size_t(b)]));
  const char* const dirs[4] = {"left", "right", "down", "up"};
  for (int m = 0; m < n; ++m) {
    const Metatile& mt = set[size_t(m)];
    tiled::TileInfo info;
    info.id = m;
    // Tiled lists properties by name; the order here is only for people reading the file.
    info.properties.push_back(prop(tiled::kPropName, "string", mt.name));
    for (int b = 0; b < 4; ++b)
      info.properties.push_back(prop(dirs[b], "bool", (mt.collision >> b) & 1 ? "true" : "false"));
    for (int b = 0; b < 4; ++b)
      info.properties.push_back(
          prop(opNames[size_t(b)], "bool", (mt.collision >> (b + 4)) & 1 ? "true" : "false"));
    info.properties.push_back(prop(tiled::kPropTiles, "string",
                                   std::to_string(mt.tiles[0]) + "," + std::to_string(mt.tiles[1]) +
                                       "," + std::to_string(mt.tiles[2]) + "," +
                                       std::to_string(mt.tiles[3])));
    ts.tiles.push_back(std::move(info));
  }
  out.tilesets.push_back(std::move(ts));

  tiled::Layer layer;
  layer.name = "collision";
  layer.width = room.width;
  layer.height = room.height;
  layer.properties.push_back(prop(tiled::kPropCollision, "bool", "true"));
  layer.data.gids.reserve(room.cells.size());
  for (uint16_t c : room.cells) layer.data.gids.push_back(uint32_t(c) + 1);
  out.layers.push_back(std::move(layer));

  const std::string text = format == TiledFormat::Tmx ? tiled::writeTmx(out) : tiled::writeTmj(out);
  // The image first: a map never names an image that is not there.
  return writeFileAtomic(tiledTilesetImagePath(path), png, error) &&
         writeFileAtomic(path, text, error);
}

}  // namespace core::interop
