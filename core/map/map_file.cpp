#include "core/map/map_file.h"

#include <algorithm>
#include <cstdio>

#include "core/map/limits.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/json_writer.h"

namespace core {

using nlohmann::json;

namespace {

std::string bitsText(uint8_t v) {
  std::string s = "%";
  for (int b = 7; b >= 0; --b) s += char('0' + ((v >> b) & 1));
  return s;
}

void readChr(JsonReader& r, const json& j, const std::string& file, MapDocument& out) {
  const json* chr = r.object(j, "", "chr");
  if (!chr) return;
  out.chrExtra = unknownKeys(*chr, {"format", "file", "tiles"});
  std::string fmt = r.string(*chr, "chr", "format", "nes");
  if (!parseChrFormat(fmt, out.chrFormat)) r.fail("chr.format", "\"" + fmt + "\" is not nes or gb");
  if (r.field(*chr, "chr", "file", false)) {
    std::string rel = r.string(*chr, "chr", "file");
    std::string err;
    auto bytes = readBinaryFile(resolveRelative(file, rel), &err);
    if (!bytes) return r.fail("chr.file", err);
    if (bytes->size() % 16) return r.fail("chr.file", rel + ": size is not a multiple of 16 bytes");
    if (int64_t(bytes->size() / 16) > kMaxTiles)
      return r.fail("chr.file", rel + ": " + groupedNumber(int64_t(bytes->size() / 16)) +
                                    " tiles; the limit is " + groupedNumber(kMaxTiles));
    out.tiles = decodeChr(*bytes, out.chrFormat);
    out.chrFile = resolveRelative(file, rel);
    return;
  }
  const json* tiles = r.array(*chr, "chr", "tiles");
  if (!tiles) return;
  if (int64_t(tiles->size()) > kMaxTiles)
    return r.fail("chr.tiles", groupedNumber(int64_t(tiles->size())) + " tiles; the limit is " +
                                   groupedNumber(kMaxTiles));
  out.tiles.clear();
  for (size_t i = 0; i < tiles->size() && r.ok(); ++i) {
    std::string p = JsonReader::join("chr.tiles", i);
    Tile t;
    if (!(*tiles)[i].is_string() || !parseTileText((*tiles)[i].get<std::string>(), t))
      return r.fail(p, "expected 8 rows of 8 digits 0-3 separated by '/'");
    out.tiles.push_back(t);
  }
}

}  // namespace

bool mapFromJson(const json& j, const std::string& file, MapDocument& out, std::string* error) {
  error->clear();
  JsonReader r(j, error);
  if (!r.format(j, "collidoscope-map", kMapFormatVersion)) return false;
  MapDocument doc;
  doc.name = r.string(j, "", "name", "untitled");
  doc.extra = unknownKeys(j, {"format", "name", "chr", "palette", "metatiles", "room"});
  readChr(r, j, file, doc);

  if (const json* pal = r.array(j, "", "palette", false)) {
    if (pal->size() != 4)
      r.fail("palette", "expected 4 colours, found " + std::to_string(pal->size()));
    for (size_t i = 0; i < pal->size() && r.ok(); ++i) {
      const json& c = (*pal)[i];
      if (!c.is_string() || !parseColour(c.get<std::string>(), doc.palette[i]))
        r.fail(JsonReader::join("palette", i), "expected a colour like \"#1c1c28\"");
    }
  }

  if (const json* mts = r.object(j, "", "metatiles")) {
    doc.metatilesExtra = unknownKeys(*mts, {"tilesPerSide", "opcodeNames", "set"});
    doc.metatiles.tilesPerSide = int(r.integer(*mts, "metatiles", "tilesPerSide", 1, 2, 2));
    if (const json* names = r.array(*mts, "metatiles", "opcodeNames", false)) {
      // One name per op-code bit (4..7): a fifth would be dropped on save.
      if (names->size() > doc.metatiles.opcodeNames.size())
        r.fail("metatiles.opcodeNames",
               std::to_string(names->size()) + " names; the collision byte has " +
                   std::to_string(doc.metatiles.opcodeNames.size()) + " op-code bits (4..7)");
      for (size_t i = 0; i < names->size() && i < 4 && r.ok(); ++i) {
        if (!(*names)[i].is_string())
          r.fail(JsonReader::join("metatiles.opcodeNames", i), "expected a string");
        else
          doc.metatiles.opcodeNames[i] = (*names)[i].get<std::string>();
      }
    }
    if (const json* set = r.array(*mts, "metatiles", "set")) {
      int want = doc.metatiles.tilesPerSide == 2 ? 4 : 1;
      if (set->size() > size_t(kMaxMetatiles))
        r.fail("metatiles.set", groupedNumber(int64_t(set->size())) + " metatiles; the limit is " +
                                    groupedNumber(kMaxMetatiles));
      for (size_t i = 0; i < set->size() && r.ok(); ++i) {
        std::string p = JsonReader::join("metatiles.set", i);
        const json& e = (*set)[i];
        Metatile m;
        m.name = r.string(e, p, "name", "");
        m.extra = unknownKeys(e, {"name", "tiles", "collision"});
        m.collision = uint8_t(r.integer(e, p, "collision", 0, 255));
        if (const json* t = r.array(e, p, "tiles")) {
          if (int(t->size()) != want)
            r.fail(JsonReader::join(p, "tiles"), "expected " + std::to_string(want) +
                                                     " tile ids, found " +
                                                     std::to_string(t->size()));
          for (size_t k = 0; k < t->size() && k < 4 && r.ok(); ++k) {
            std::string tp = JsonReader::join(JsonReader::join(p, "tiles"), k);
            int64_t id = r.element((*t)[k], tp, 0, 0xFFFF);
            if (r.ok() && id >= int64_t(doc.tiles.size()))
              r.fail(tp, "tile " + std::to_string(id) + " out of range (chr has " +
                             std::to_string(doc.tiles.size()) + ")");
            m.tiles[k] = uint16_t(id);
          }
          if (want == 1) m.tiles = {m.tiles[0], m.tiles[0], m.tiles[0], m.tiles[0]};
        }
        doc.metatiles.metatiles.push_back(m);
      }
      if (r.ok() && doc.metatiles.metatiles.empty()) r.fail("metatiles.set", "is empty");
    }
  }

  if (const json* room = r.object(j, "", "room")) {
    doc.roomExtra = unknownKeys(*room, {"width", "height", "cellSize", "cells"});
    doc.room.width = int(r.integer(*room, "room", "width", 1, kMaxRoomSide));
    doc.room.height = int(r.integer(*room, "room", "height", 1, kMaxRoomSide));
    const int64_t total = int64_t(doc.room.width) * doc.room.height;
    if (r.ok() && total > kMaxRoomCells)
      r.fail("room", std::to_string(doc.room.width) + " x " + std::to_string(doc.room.height) +
                         " = " + groupedNumber(total) + " cells; the limit is " +
                         groupedNumber(kMaxRoomCells) + " cells (and " +
                         std::to_string(kMaxRoomSide) + " a side)");
    doc.room.cellSize = int(r.integer(*room, "room", "cellSize", 8, 16));
    if (r.ok() && doc.room.cellSize != 8 && doc.room.cellSize != 16)
      r.fail("room.cellSize", std::to_string(doc.room.cellSize) + " is not 8 or 16");
    if (const json* cells = r.array(*room, "room", "cells")) {
      size_t want = size_t(doc.room.width) * doc.room.height;
      if (r.ok() && cells->size() != want)
        r.fail("room.cells", "expected " + std::to_string(want) + " cells (" +
                                 std::to_string(doc.room.width) + "x" +
                                 std::to_string(doc.room.height) + "), found " +
                                 std::to_string(cells->size()));
      size_t n = doc.metatiles.metatiles.size();
      if (r.ok()) doc.room.cells.reserve(want);
      for (size_t i = 0; i < cells->size() && r.ok(); ++i) {
        std::string p = JsonReader::join("room.cells", i);
        int64_t m = r.element((*cells)[i], p, 0, 0xFFFF);
        if (r.ok() && size_t(m) >= n)
          r.fail(p, "metatile " + std::to_string(m) + " out of range (set has " +
                        std::to_string(n) + ")");
        doc.room.cells.push_back(uint16_t(m));
      }
    }
  }
  if (!r.ok()) return false;
  out = std::move(doc);
  return true;
}

namespace {

// The file's key order (docs/map.md): format and name first, then the
// graphics, the metatile set, and the room with its cells last.
nlohmann::ordered_json mapToOrderedJson(const MapDocument& doc) {
  using oj = nlohmann::ordered_json;
  oj j;
  j["format"] = "collidoscope-map/" + std::to_string(kMapFormatVersion);
  j["name"] = doc.name;
  oj tiles = oj::array();
  for (const Tile& t : doc.tiles) tiles.push_back(tileText(t));
  oj chr;
  chr["format"] = chrFormatName(doc.chrFormat);
  chr["tiles"] = std::move(tiles);
  appendExtraKeys(chr, doc.chrExtra);
  j["chr"] = std::move(chr);
  oj pal = oj::array();
  for (const Rgba& c : doc.palette) pal.push_back(colourText(c));
  j["palette"] = std::move(pal);
  oj set = oj::array();
  for (const Metatile& m : doc.metatiles.metatiles) {
    oj e;
    e["name"] = m.name;
    e["tiles"] = doc.metatiles.tilesPerSide == 2
                     ? oj{m.tiles[0], m.tiles[1], m.tiles[2], m.tiles[3]}
                     : oj{m.tiles[0]};
    e["collision"] = bitsText(m.collision);
    appendExtraKeys(e, m.extra);
    set.push_back(std::move(e));
  }
  oj mts;
  mts["tilesPerSide"] = doc.metatiles.tilesPerSide;
  mts["opcodeNames"] = doc.metatiles.opcodeNames;
  mts["set"] = std::move(set);
  appendExtraKeys(mts, doc.metatilesExtra);
  j["metatiles"] = std::move(mts);
  oj room;
  room["width"] = doc.room.width;
  room["height"] = doc.room.height;
  room["cellSize"] = doc.room.cellSize;
  room["cells"] = doc.room.cells;
  appendExtraKeys(room, doc.roomExtra);
  j["room"] = std::move(room);
  appendExtraKeys(j, doc.extra);
  return j;
}

}  // namespace

json mapToJson(const MapDocument& doc) {
  return json(mapToOrderedJson(doc));
}

std::string mapFileText(const MapDocument& doc) {
  // One space a level, as the sample maps have always had; a metatile's tiles
  // on one line, the cells one room row a line.
  const int width = std::max(doc.room.width, 1);
  const JsonLayout layout{1, [width](const std::string& path) {
                            if (path == "room.cells") return width;
                            return path == "metatiles.set[].tiles" ? kJsonOneLine : kJsonExpanded;
                          }};
  return writeJson(mapToOrderedJson(doc), layout) + "\n";
}

bool loadMap(const std::string& path, MapDocument& out, std::string* error) {
  if (!checkJsonFileSize(path, error)) return false;
  auto j = readJsonFile(path, error);
  if (!j) return false;
  if (!mapFromJson(*j, path, out, error)) {
    *error = path + ": " + *error;
    return false;
  }
  return true;
}

bool saveMap(const std::string& path, const MapDocument& doc, std::string* error) {
  return writeFileAtomic(path, mapFileText(doc), error);
}

}  // namespace core
