// Tiled map -> room: picks the layers, decodes their data, turns tile
// properties into collision bytes and tiles into metatiles.
#include "core/interop/tiled.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "core/interop/tiled_model.h"
#include "core/map/limits.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core::interop {

namespace {

using tiled::findProperty;
using tiled::Property;

const char* const kDirectionNames[4] = {"left", "right", "down", "up"};  // bits 0..3

bool propertyTrue(const Property& p, bool* value) {
  if (p.value == "true" || p.value == "1") {
    *value = true;
    return true;
  }
  if (p.value == "false" || p.value == "0") {
    *value = false;
    return true;
  }
  return false;
}

bool isReservedName(const std::string& n) {
  if (n == tiled::kPropCollision || n == tiled::kPropName || n == tiled::kPropSolid) return true;
  for (const char* d : kDirectionNames)
    if (n == d) return true;
  return n.rfind("collidoscope.", 0) == 0;
}

std::string stemOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  const size_t dot = base.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

// Looks tiles up by gid and turns their properties into collision bytes.
class TileTable {
 public:
  explicit TileTable(const tiled::Map& map) : map_(map) {
    for (size_t i = 0; i < map.tilesets.size(); ++i) order_.push_back(i);
    std::sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
      return map.tilesets[a].firstGid < map.tilesets[b].firstGid;
    });
    for (size_t i = 0; i < map.tilesets.size(); ++i)
      for (const tiled::TileInfo& t : map.tilesets[i].tiles) info_[{i, t.id}] = &t;
  }

  // The number of tiles of tileset `i` (its tilecount, or past its highest tile id).
  int count(size_t i) const {
    int n = map_.tilesets[i].tileCount;
    for (const tiled::TileInfo& t : map_.tilesets[i].tiles) n = std::max(n, t.id + 1);
    return n;
  }
  // One past the highest gid any tileset covers.
  uint32_t endGid() const {
    uint32_t end = 1;
    for (size_t i = 0; i < map_.tilesets.size(); ++i)
      end = std::max(end, uint32_t(map_.tilesets[i].firstGid) + uint32_t(count(i)));
    return end;
  }
  // The tileset and local id of a gid (flags masked); false outside every tileset.
  bool find(uint32_t gid, size_t* ts, int* local) const {
    for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
      const tiled::Tileset& s = map_.tilesets[*it];
      if (gid >= uint32_t(s.firstGid)) {
        *ts = *it;
        *local = int(gid - uint32_t(s.firstGid));
        return *local < count(*it);
      }
    }
    return false;
  }
  const tiled::TileInfo* info(size_t ts, int local) const {
    const auto it = info_.find({ts, local});
    return it == info_.end() ? nullptr : it->second;
  }

  // Op-code names: the tilesets' (or map's) `opcode4`..`opcode7`, else the
  // other booleans of the tiles in the order they first appear.
  bool opcodeNames(std::array<std::string, 4>* names, bool* fromProperties, std::string* error) {
    *names = MetatileSet{}.opcodeNames;
    *fromProperties = false;
    auto takeNamed = [&](const std::vector<Property>& props) {
      for (int b = 0; b < 4; ++b)
        if (const Property* p = findProperty(props, "opcode" + std::to_string(b + 4))) {
          (*names)[size_t(b)] = p->value;
          *fromProperties = true;
        }
    };
    takeNamed(map_.properties);
    for (const tiled::Tileset& s : map_.tilesets) takeNamed(s.properties);
    if (*fromProperties) {
      names_ = *names;
      return true;
    }
    int next = 0;
    for (const tiled::Tileset& s : map_.tilesets)
      for (const tiled::TileInfo& t : s.tiles)
        for (const Property& p : t.properties) {
          if (p.type != "bool" || isReservedName(p.name)) continue;
          if (std::find(names->begin(), names->begin() + next, p.name) != names->begin() + next)
            continue;
          if (p.name.size() == 3 && p.name[0] == 'o' && p.name[1] == 'p' && p.name[2] >= '4' &&
              p.name[2] <= '7')
            continue;
          if (next == 4) {
            *error = p.where + ": boolean \"" + p.name +
                     "\" would be a fifth op-code; the collision byte holds four (" + (*names)[0] +
                     ", " + (*names)[1] + ", " + (*names)[2] + ", " + (*names)[3] + ")";
            return false;
          }
          (*names)[size_t(next++)] = p.name;
        }
    names_ = *names;
    return true;
  }

  // The collision byte of a tile from its properties: `collision` first, then
  // each boolean sets or clears its bit.
  bool collision(size_t ts, int local, uint8_t* out, bool* hasProperties,
                 std::string* error) const {
    *out = 0;
    const tiled::TileInfo* t = info(ts, local);
    if (!t) return true;
    if (const Property* c = findProperty(t->properties, tiled::kPropCollision)) {
      const auto v = parseNumberText(c->value);
      if (!v || *v < 0 || *v > 255) {
        *error = c->where + ": tile " + std::to_string(local) + " of tileset \"" +
                 map_.tilesets[ts].name + "\": collision \"" + c->value +
                 "\" is not a byte (0..255, or $0F / %00001111)";
        return false;
      }
      *out = uint8_t(*v);
      *hasProperties = true;
    }
    for (const Property& p : t->properties) {
      uint8_t mask = 0;
      if (p.name == tiled::kPropSolid) mask = kSolid;
      for (int b = 0; b < 4; ++b)
        if (p.name == kDirectionNames[b]) mask = uint8_t(1 << b);
      for (int b = 0; b < 4; ++b)
        if (p.name == names_[size_t(b)] || p.name == "op" + std::to_string(b + 4))
          mask = uint8_t(1 << (b + 4));
      if (!mask) continue;
      bool on = false;
      if (!propertyTrue(p, &on)) {
        *error = p.where + ": tile " + std::to_string(local) + ": \"" + p.name + "\" is \"" +
                 p.value + "\", not true or false";
        return false;
      }
      *out = on ? uint8_t(*out | mask) : uint8_t(*out & ~mask);
      *hasProperties = true;
    }
    return true;
  }

  std::string tileName(size_t ts, int local) const {
    if (const tiled::TileInfo* t = info(ts, local))
      if (const Property* n = findProperty(t->properties, tiled::kPropName)) return n->value;
    const std::string& s = map_.tilesets[ts].name;
    return (s.empty() ? "tile" : s) + "#" + std::to_string(local);
  }

 private:
  const tiled::Map& map_;
  std::vector<size_t> order_;
  std::map<std::pair<size_t, int>, const tiled::TileInfo*> info_;
  std::array<std::string, 4> names_;
};

const tiled::Layer* findLayer(const tiled::Map& map, const std::string& name) {
  for (const tiled::Layer& l : map.layers)
    if (l.name == name) return &l;
  return nullptr;
}

std::string layerNames(const tiled::Map& map) {
  std::string s;
  for (const tiled::Layer& l : map.layers) s += (s.empty() ? "\"" : ", \"") + l.name + "\"";
  return s;
}

bool pickLayers(const tiled::Map& map, const TiledImportOptions& o, const tiled::Layer** collision,
                const tiled::Layer** graphics, TiledImportReport* report, std::string* error) {
  if (map.layers.empty()) {
    *error = map.where + ": the map has no tile layer";
    return false;
  }
  *collision = nullptr;
  if (!o.layer.empty()) {
    *collision = findLayer(map, o.layer);
    if (!*collision) {
      *error = map.where + ": no tile layer is named \"" + o.layer + "\" (the map has " +
               layerNames(map) + ")";
      return false;
    }
  } else {
    for (const tiled::Layer& l : map.layers) {
      const Property* p = findProperty(l.properties, tiled::kPropCollision);
      bool on = false;
      if (p && propertyTrue(*p, &on) && on) {
        *collision = &l;
        break;
      }
    }
    if (!*collision) *collision = &map.layers.front();
    if (map.layers.size() > 1)
      report->notes.push_back("collision layer \"" + (*collision)->name + "\" of " +
                              std::to_string(map.layers.size()) + " tile layers (" +
                              layerNames(map) + "); pick another with --layer");
  }
  *graphics = nullptr;
  if (!o.graphicsLayer.empty()) {
    *graphics = findLayer(map, o.graphicsLayer);
    if (!*graphics) {
      *error = map.where + ": no tile layer is named \"" + o.graphicsLayer +
               "\" for the graphics (the map has " + layerNames(map) + ")";
      return false;
    }
  }
  report->layer = (*collision)->name;
  return true;
}

bool pickScale(const tiled::Map& map, int requested, int* scale, int* cellSize,
               std::string* error) {
  const int tw = map.tileWidth;
  if (map.tileHeight != tw) {
    *error = map.where + ": tiles are " + std::to_string(tw) + " x " +
             std::to_string(map.tileHeight) + " px; rooms need square tiles";
    return false;
  }
  if (requested < 0 || requested > 64) {
    *error = "scale " + std::to_string(requested) + " is not in 1..64";
    return false;
  }
  int s = requested;
  if (s == 0) {
    if (tw == 8 || tw == 16)
      s = 1;
    else if (tw % 16 == 0)
      s = tw / 16;
    else {
      *error = map.where + ": tiles are " + std::to_string(tw) +
               " px; give a scale so that the tile width / scale is 8 or 16 px cells";
      return false;
    }
  }
  if (tw % s != 0 || (tw / s != 8 && tw / s != 16)) {
    *error = map.where + ": scale " + std::to_string(s) + " makes " + std::to_string(tw) +
             " px tiles into " + (tw % s ? "fractional" : std::to_string(tw / s) + " px") +
             " cells; cells are 8 or 16 px";
    return false;
  }
  *scale = s;
  *cellSize = tw / s;
  const int64_t w = int64_t(map.width) * s, h = int64_t(map.height) * s;
  if (w > kMaxRoomSide || h > kMaxRoomSide || w * h > kMaxRoomCells) {
    *error = map.where + ": at scale " + std::to_string(s) + " the room is " + groupedNumber(w) +
             " x " + groupedNumber(h) + " cells; a room holds at most " +
             std::to_string(kMaxRoomSide) + " a side and " + groupedNumber(kMaxRoomCells) +
             " cells (docs/limits.md)";
    return false;
  }
  return true;
}

// Placeholder graphics from the collision bits, until tile graphics come in.
void placeholderGraphics(MapDocument* doc) {
  doc->tiles = makeDefaultMap(1, 1, 16).tiles;  // sky, block, brick, ground, water
  for (Metatile& m : doc->metatiles.metatiles) {
    uint16_t t = 0;
    if ((m.collision & kSolid) == kSolid)
      t = 1;
    else if (m.collision & kSolid)
      t = 3;
    else if (m.collision & kOpcodeMask)
      t = 4;
    m.tiles = {t, t, t, t};
  }
}

// The graphics our own export stored in the map's properties: 1 restored, 0
// absent, -1 malformed (with a message).
int restoreGraphics(const tiled::Map& map, const TileTable& table,
                    const std::vector<std::pair<size_t, int>>& sources, MapDocument* doc,
                    std::string* error) {
  const Property* chr = findProperty(map.properties, tiled::kPropChr);
  if (!chr) return 0;
  std::vector<Tile> tiles;
  std::stringstream ss(chr->value);
  std::string item;
  while (std::getline(ss, item, ';')) {
    Tile t;
    if (!parseTileText(item, t)) {
      *error = chr->where + ": tile " + std::to_string(tiles.size()) + " is not 8 rows of 0..3";
      return -1;
    }
    tiles.push_back(t);
    if (int64_t(tiles.size()) > kMaxTiles) {
      *error = chr->where + ": more than " + groupedNumber(kMaxTiles) + " tiles";
      return -1;
    }
  }
  if (const Property* f = findProperty(map.properties, tiled::kPropChrFormat))
    parseChrFormat(f->value, doc->chrFormat);
  if (const Property* p = findProperty(map.properties, tiled::kPropPalette)) {
    std::stringstream ps(p->value);
    for (Rgba& c : doc->palette) {
      if (!std::getline(ps, item, ',') || !parseColour(item, c)) {
        *error = p->where + ": \"" + p->value + "\" is not four #rrggbb colours";
        return -1;
      }
    }
  }
  if (const Property* t = findProperty(map.properties, tiled::kPropTilesPerSide))
    doc->metatiles.tilesPerSide = t->value == "1" ? 1 : 2;
  for (size_t m = 0; m < sources.size(); ++m) {
    Metatile& mt = doc->metatiles.metatiles[m];
    const tiled::TileInfo* info =
        sources[m].second >= 0 ? table.info(sources[m].first, sources[m].second) : nullptr;
    const Property* p = info ? findProperty(info->properties, tiled::kPropTiles) : nullptr;
    if (!p) continue;
    int v[4] = {0, 0, 0, 0};
    char tail = 0;
    const int n = std::sscanf(p->value.c_str(), "%d,%d,%d,%d%c", &v[0], &v[1], &v[2], &v[3], &tail);
    if (n != 4 || *std::min_element(v, v + 4) < 0 ||
        *std::max_element(v, v + 4) >= int(tiles.size())) {
      *error = p->where + ": \"" + p->value + "\" is not four tile ids below " +
               std::to_string(tiles.size());
      return -1;
    }
    for (int i = 0; i < 4; ++i) mt.tiles[size_t(i)] = uint16_t(v[i]);
  }
  doc->tiles = std::move(tiles);
  return 1;
}

}  // namespace

bool importTiled(const std::string& path, const TiledImportOptions& options, MapDocument* out,
                 TiledImportReport* report, std::string* error) {
  TiledImportReport localReport;
  if (!report) report = &localReport;
  *report = TiledImportReport{};
  std::string why;
  const auto text = readTextFile(path, &why, kMaxJsonBytes);
  if (!text) {
    *error = why;
    return false;
  }
  tiled::Map map;
  const size_t first = text->find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  const bool xml = first != std::string::npos && (*text)[first] == '<';
  if (!(xml ? tiled::readTmx(path, *text, &map, error) : tiled::readTmj(path, *text, &map, error)))
    return false;

  int scale = 1, cellSize = 16;
  if (!pickScale(map, options.scale, &scale, &cellSize, error)) return false;
  report->scale = scale;
  if (scale != 1)
    report->notes.push_back("scale " + std::to_string(scale) + ": each " +
                            std::to_string(map.tileWidth) + " px Tiled tile covers " +
                            std::to_string(scale) + " x " + std::to_string(scale) + " cells of " +
                            std::to_string(cellSize) + " px");
  const tiled::Layer *colLayer = nullptr, *gfxLayer = nullptr;
  if (!pickLayers(map, options, &colLayer, &gfxLayer, report, error)) return false;
  std::vector<uint32_t> colGids, gfxGids;
  if (!tiled::decodeLayer(*colLayer, &colGids, error)) return false;
  if (gfxLayer && !tiled::decodeLayer(*gfxLayer, &gfxGids, error)) return false;

  TileTable table(map);
  MapDocument doc;
  bool namedOpcodes = false;
  if (!table.opcodeNames(&doc.metatiles.opcodeNames, &namedOpcodes, error)) return false;

  // Masks the flags, checks every gid against the tilesets.
  size_t flagged = 0;
  auto clean = [&](std::vector<uint32_t>& gids, const tiled::Layer& layer) {
    for (size_t i = 0; i < gids.size(); ++i) {
      if (gids[i] & tiled::kGidFlagMask) ++flagged;
      gids[i] &= ~tiled::kGidFlagMask;
      size_t ts = 0;
      int local = 0;
      if (gids[i] != 0 && !table.find(gids[i], &ts, &local)) {
        *error = layer.data.where + ": layer \"" + layer.name + "\": gid " +
                 std::to_string(gids[i]) + " at tile (" + std::to_string(i % size_t(map.width)) +
                 ", " + std::to_string(i / size_t(map.width)) + ") is outside every tileset" +
                 (map.tilesets.empty()
                      ? " (the map has none)"
                      : " (they cover gids up to " + std::to_string(table.endGid() - 1) + ")");
        return false;
      }
    }
    return true;
  };
  if (!clean(colGids, *colLayer) || (gfxLayer && !clean(gfxGids, *gfxLayer))) return false;
  if (flagged)
    report->notes.push_back(std::to_string(flagged) +
                            " tiles carried flip or rotation flags: masked off (a cell's "
                            "collision bits are its tile's, not mirrored)");

  // Collision bytes of the tiles the map uses, computed once per gid.
  std::map<uint32_t, uint8_t> bytes;
  bool anyProperties = false;
  auto byteOf = [&](uint32_t gid, uint8_t* b) {
    if (gid == 0) {
      *b = 0;
      return true;
    }
    const auto it = bytes.find(gid);
    if (it != bytes.end()) {
      *b = it->second;
      return true;
    }
    size_t ts = 0;
    int local = 0;
    table.find(gid, &ts, &local);
    if (!table.collision(ts, local, b, &anyProperties, error)) return false;
    bytes[gid] = *b;
    return true;
  };

  // Metatiles: gid N -> metatile N-1 when the tilesets fit the set and there
  // is no graphics layer; otherwise one per distinct (graphics, collision) pair.
  std::vector<std::pair<size_t, int>> sources;  // tileset and local id of each metatile
  std::vector<uint16_t> cellMt(colGids.size());
  const uint32_t endGid = table.endGid();
  const bool empties = std::count(colGids.begin(), colGids.end(), 0u) > 0;
  const bool byGid = !gfxLayer && int64_t(endGid - 1) + (empties ? 1 : 0) <= kMaxMetatiles;
  auto& set = doc.metatiles.metatiles;
  auto addMetatile = [&](uint32_t gid, uint8_t b) {
    size_t ts = 0;
    int local = -1;
    Metatile m;
    if (gid != 0 && table.find(gid, &ts, &local))
      m.name = table.tileName(ts, local);
    else
      m.name = "empty";
    m.collision = b;
    set.push_back(m);
    sources.push_back({ts, gid != 0 ? local : -1});
  };
  if (byGid) {
    for (uint32_t g = 1; g < endGid; ++g) {
      uint8_t b = 0;
      size_t ts = 0;
      int local = 0;
      if (table.find(g, &ts, &local) && !byteOf(g, &b)) return false;
      addMetatile(table.find(g, &ts, &local) ? g : 0, b);
    }
    if (empties) {
      addMetatile(0, 0);
      report->notes.push_back("empty cells became metatile " + std::to_string(set.size() - 1) +
                              " (\"empty\", no collision bits)");
    }
    for (size_t i = 0; i < colGids.size(); ++i)
      cellMt[i] = uint16_t(colGids[i] == 0 ? set.size() - 1 : colGids[i] - 1);
  } else {
    std::map<std::pair<uint32_t, uint8_t>, uint16_t> index;
    for (size_t i = 0; i < colGids.size(); ++i) {
      uint8_t b = 0;
      if (!byteOf(colGids[i], &b)) return false;
      const uint32_t key = gfxLayer ? gfxGids[i] : colGids[i];
      auto [it, added] = index.try_emplace({key, b}, uint16_t(set.size()));
      if (added) {
        if (int64_t(set.size()) >= kMaxMetatiles) {
          *error = colLayer->where + ": the layers need more than " +
                   std::to_string(kMaxMetatiles) + " metatiles (distinct tile and collision pairs)";
          return false;
        }
        addMetatile(key, b);
      }
      cellMt[i] = it->second;
    }
    report->notes.push_back(
        std::to_string(set.size()) + " metatiles, one per distinct " +
        (gfxLayer ? "(graphics tile, collision byte) pair" : "tile the layer uses") +
        (gfxLayer ? "" : " (the tilesets hold more than " + std::to_string(kMaxMetatiles) + ")"));
  }
  if (set.empty()) addMetatile(0, 0);
  if (!anyProperties)
    report->notes.push_back(
        "the tiles carry no collision properties: every metatile starts with no bits; set them "
        "in the Tiles panel");
  else if (!namedOpcodes)
    report->notes.push_back("op-code names: " + doc.metatiles.opcodeNames[0] + ", " +
                            doc.metatiles.opcodeNames[1] + ", " + doc.metatiles.opcodeNames[2] +
                            ", " + doc.metatiles.opcodeNames[3]);

  doc.name = stemOf(path);
  doc.room.width = map.width * scale;
  doc.room.height = map.height * scale;
  doc.room.cellSize = cellSize;
  doc.metatiles.tilesPerSide = cellSize == 16 ? 2 : 1;
  doc.room.cells.assign(size_t(doc.room.width) * size_t(doc.room.height), 0);
  for (int r = 0; r < map.height; ++r)
    for (int c = 0; c < map.width; ++c)
      for (int v = 0; v < scale; ++v)
        for (int u = 0; u < scale; ++u)
          doc.room.at(c * scale + u, r * scale + v) = cellMt[size_t(r) * map.width + c];

  const int restored = restoreGraphics(map, table, sources, &doc, error);
  if (restored < 0) return false;
  if (restored == 0) {
    placeholderGraphics(&doc);
    report->notes.push_back(
        "placeholder graphics drawn from the collision bits; import tile graphics for the real "
        "ones");
  }
  // The tileset image the graphics come from (the graphics layer's, else the collision layer's).
  const std::vector<uint32_t>& g = gfxLayer ? gfxGids : colGids;
  for (uint32_t gid : g) {
    size_t ts = 0;
    int local = 0;
    if (gid != 0 && table.find(gid, &ts, &local)) {
      report->tilesetImage = map.tilesets[ts].image;
      break;
    }
  }
  *out = std::move(doc);
  return true;
}

bool tiledFormatFromPath(const std::string& path, TiledFormat* out) {
  auto ends = [&](const char* ext) {
    const std::string e(ext);
    return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
  };
  if (ends(".tmx"))
    *out = TiledFormat::Tmx;
  else if (ends(".tmj") || ends(".json"))
    *out = TiledFormat::Tmj;
  else
    return false;
  return true;
}

std::string tiledTilesetImagePath(const std::string& mapPath) {
  const size_t slash = mapPath.find_last_of('/');
  const size_t dot = mapPath.find_last_of('.');
  const std::string stem = dot != std::string::npos && (slash == std::string::npos || dot > slash)
                               ? mapPath.substr(0, dot)
                               : mapPath;
  return stem + ".tiles.png";
}

}  // namespace core::interop
