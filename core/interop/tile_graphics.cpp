#include "core/interop/tile_graphics.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <pugixml.hpp>

#include "core/map/limits.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/text.h"

namespace core::interop {

namespace {

// Raw tile data shows 16 tiles a row, as CHR viewers (and NES tools) lay it out.
constexpr int kRawColumns = 16;

// A Tiled tileset (.tsx or .tsj): its image, resolved, and its tile size.
bool readTiledTileset(const std::string& path, std::string* image, int* tilePx,
                      std::string* error) {
  auto text = readTextFile(path, error, kMaxJsonBytes);
  if (!text) return false;
  int tw = 0, th = 0, spacing = 0, margin = 0;
  std::string source;
  if (lowerExtension(path) == ".tsx") {
    pugi::xml_document doc;
    pugi::xml_parse_result r = doc.load_buffer(text->data(), text->size());
    if (!r) {
      // pugixml gives a byte offset; count lines for the message.
      size_t off = size_t(std::max<ptrdiff_t>(0, r.offset));
      int line =
          1 + int(std::count(text->begin(), text->begin() + std::min(off, text->size()), '\n'));
      size_t bol = text->rfind('\n', off == 0 ? 0 : off - 1);
      int col = int(off - (bol == std::string::npos ? 0 : bol + 1)) + 1;
      *error =
          path + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " + r.description();
      return false;
    }
    pugi::xml_node ts = doc.child("tileset");
    if (!ts) {
      *error = path + ": no <tileset> element";
      return false;
    }
    tw = ts.attribute("tilewidth").as_int();
    th = ts.attribute("tileheight").as_int();
    spacing = ts.attribute("spacing").as_int();
    margin = ts.attribute("margin").as_int();
    source = ts.child("image").attribute("source").as_string();
    if (source.empty()) {
      *error = path + ": /tileset/image: no image (a collection of images is not a tileset image)";
      return false;
    }
  } else {
    auto j = parseJson(*text, path, error);
    if (!j) return false;
    std::string err;
    JsonReader r(*j, &err);
    source = r.string(*j, "", "image", "");
    tw = int(r.integer(*j, "", "tilewidth", 1, 4096));
    th = int(r.integer(*j, "", "tileheight", 1, 4096));
    spacing = int(r.integer(*j, "", "spacing", 0, 4096, 0));
    margin = int(r.integer(*j, "", "margin", 0, 4096, 0));
    if (!err.empty()) {
      *error = path + ": " + err;
      return false;
    }
    if (source.empty()) {
      *error = path + ": image: no image (a collection of images is not a tileset image)";
      return false;
    }
  }
  if (tw != th || (tw != 8 && tw != 16)) {
    *error = path + ": tiles of " + std::to_string(tw) + "x" + std::to_string(th) +
             " px; a tileset image is cut into 8x8 or 16x16 metatiles (give a metatile table "
             "for other sizes)";
    return false;
  }
  if (spacing || margin) {
    *error = path +
             ": spacing or margin around the tiles is not supported; export the tileset "
             "image without them";
    return false;
  }
  *image = resolveRelative(path, source);
  *tilePx = tw;
  return true;
}

// "12", "$0C", "0x0c" as a tile id.
bool parseId(const std::string& word, int64_t* out) {
  auto v = parseNumberText(word);
  if (!v) {
    for (char c : word)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    if (word.empty() || word.size() > 9) return false;
    v = std::stoll(word);
  }
  *out = *v;
  return true;
}

// Metatile i's tiles when the sheet is cut into squares of `side` tiles.
std::array<uint16_t, 4> cutSquare(const TileSheet& s, int side, int i) {
  if (side == 1) return {uint16_t(i), uint16_t(i), uint16_t(i), uint16_t(i)};
  int across = s.columns / 2;
  int col = (i % across) * 2, row = (i / across) * 2;
  auto id = [&](int c, int r) { return uint16_t(r * s.columns + c); };
  return {id(col, row), id(col + 1, row), id(col, row + 1), id(col + 1, row + 1)};
}

}  // namespace

bool tileGraphicsFormatFromPath(const std::string& path, TileGraphicsFormat* out) {
  std::string ext = lowerExtension(path);
  if (ext == ".chr") {
    *out = TileGraphicsFormat::Chr;
  } else if (ext == ".2bpp") {
    *out = TileGraphicsFormat::Gb2bpp;
  } else if (ext == ".1bpp") {
    *out = TileGraphicsFormat::Gb1bpp;
  } else if (ext == ".png") {
    *out = TileGraphicsFormat::Png;
  } else if (ext == ".tsx" || ext == ".tsj") {
    *out = TileGraphicsFormat::TiledTileset;
  } else {
    return false;
  }
  return true;
}

bool decodeTileData(const std::vector<uint8_t>& data, TileGraphicsFormat format,
                    const std::string& name, TileSheet* out, std::string* error) {
  if (format == TileGraphicsFormat::Png) return decodePng(data, name, out, error);
  if (format == TileGraphicsFormat::TiledTileset) {
    *error = name + ": a Tiled tileset is read from its file (readTileSheet)";
    return false;
  }
  size_t bytesPerTile = format == TileGraphicsFormat::Gb1bpp ? 8 : 16;
  if (data.empty() || data.size() % bytesPerTile) {
    *error = name + ": " + std::to_string(data.size()) + " bytes is not a whole number of " +
             std::to_string(bytesPerTile) + "-byte tiles";
    if (data.empty()) *error = name + ": the file is empty: no tiles";
    return false;
  }
  if (int64_t(data.size() / bytesPerTile) > kMaxTiles) {
    *error = name + ": " + groupedNumber(int64_t(data.size() / bytesPerTile)) +
             " tiles; the limit is " + groupedNumber(kMaxTiles);
    return false;
  }
  TileSheet s;
  if (format == TileGraphicsFormat::Gb1bpp) {
    s.tiles.resize(data.size() / 8);
    for (size_t t = 0; t < s.tiles.size(); ++t)
      for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
          s.tiles[t].px[size_t(y * 8 + x)] = (data[t * 8 + size_t(y)] >> (7 - x)) & 1 ? 3 : 0;
  } else {
    s.tiles = decodeChr(
        data, format == TileGraphicsFormat::Chr ? ChrFormat::NesPlanar : ChrFormat::Gb2bpp);
  }
  s.columns = kRawColumns;
  s.rows = int((s.tiles.size() + kRawColumns - 1) / kRawColumns);
  *out = std::move(s);
  return true;
}

bool readTileSheet(const std::string& path, TileSheet* out, std::string* error) {
  TileGraphicsFormat f;
  if (!tileGraphicsFormatFromPath(path, &f)) {
    *error = path + ": unknown tile graphics extension \"" + lowerExtension(path) +
             "\" (expected .chr, .2bpp, .1bpp, .png, .tsx or .tsj)";
    return false;
  }
  if (f == TileGraphicsFormat::TiledTileset) {
    std::string image;
    int tilePx = 0;
    if (!readTiledTileset(path, &image, &tilePx, error)) return false;
    TileGraphicsFormat imageFormat;
    if (!tileGraphicsFormatFromPath(image, &imageFormat) ||
        imageFormat != TileGraphicsFormat::Png) {
      *error = path + ": the tileset's image " + image + " is not a .png";
      return false;
    }
    if (!readTileSheet(image, out, error)) return false;
    out->tilesetTilePx = tilePx;
    return true;
  }
  auto bytes = readBinaryFile(path, error);
  if (!bytes) return false;
  if (!decodeTileData(*bytes, f, path, out, error)) return false;
  out->file = path;
  return true;
}

bool readMetatileTable(const std::string& path, size_t tileCount,
                       std::vector<std::array<uint16_t, 4>>* out, std::string* error) {
  auto text = readTextFile(path, error, kMaxJsonBytes);
  if (!text) return false;
  std::vector<std::array<uint16_t, 4>> table;
  auto tooMany = [&]() {
    *error = path + ": more than " + std::to_string(kMaxMetatiles) + " metatiles";
    return false;
  };
  if (lowerExtension(path) == ".json") {
    auto j = parseJson(*text, path, error);
    if (!j) return false;
    std::string err;
    JsonReader r(*j, &err);
    const nlohmann::json* list = j->is_object() ? r.array(*j, "", "metatiles") : nullptr;
    if (!j->is_object()) r.fail("", "expected an object with a \"metatiles\" array");
    for (size_t i = 0; list && i < list->size() && r.ok(); ++i) {
      std::string p = JsonReader::join("metatiles", i);
      const nlohmann::json& e = (*list)[i];
      if (!e.is_array() || e.size() != 4) {
        r.fail(p, "expected 4 tile ids (top-left, top-right, bottom-left, bottom-right)");
        break;
      }
      std::array<uint16_t, 4> ids{};
      for (size_t k = 0; k < 4 && r.ok(); ++k) {
        int64_t id = r.element(e[k], JsonReader::join(p, k), 0, 0xFFFF);
        if (r.ok() && id >= int64_t(tileCount))
          r.fail(JsonReader::join(p, k), "tile " + std::to_string(id) +
                                             " out of range (the graphics have " +
                                             std::to_string(tileCount) + " tiles)");
        ids[k] = uint16_t(id);
      }
      table.push_back(ids);
      if (table.size() > size_t(kMaxMetatiles)) return tooMany();
    }
    if (!err.empty()) {
      *error = path + ": " + err;
      return false;
    }
  } else {
    size_t at = 0;
    int line = 0;
    while (at <= text->size()) {
      size_t nl = text->find('\n', at);
      std::string l = text->substr(at, nl == std::string::npos ? std::string::npos : nl - at);
      at = nl == std::string::npos ? text->size() + 1 : nl + 1;
      ++line;
      if (size_t c = l.find_first_of("#;"); c != std::string::npos) l.erase(c);
      for (char& ch : l)
        if (ch == ',' || ch == '\t' || ch == '\r') ch = ' ';
      std::vector<std::string> words;
      for (size_t p = 0; p < l.size();) {
        size_t q = l.find(' ', p);
        if (q == std::string::npos) q = l.size();
        if (q > p) words.push_back(l.substr(p, q - p));
        p = q + 1;
      }
      if (words.empty()) continue;
      std::string where = path + ":" + std::to_string(line) + ": ";
      if (words.size() != 4) {
        *error = where +
                 "expected 4 tile ids (top-left, top-right, bottom-left, bottom-right), "
                 "found " +
                 std::to_string(words.size());
        return false;
      }
      std::array<uint16_t, 4> ids{};
      for (size_t k = 0; k < 4; ++k) {
        int64_t id = 0;
        if (!parseId(words[k], &id) || id < 0 || id > 0xFFFF) {
          *error = where + "\"" + words[k] + "\" is not a tile id (0-65535, decimal or $hex)";
          return false;
        }
        if (id >= int64_t(tileCount)) {
          *error = where + "tile " + std::to_string(id) + " out of range (the graphics have " +
                   std::to_string(tileCount) + " tiles)";
          return false;
        }
        ids[k] = uint16_t(id);
      }
      table.push_back(ids);
      if (table.size() > size_t(kMaxMetatiles)) return tooMany();
    }
  }
  if (table.empty()) {
    *error = path + ": no metatiles in the table";
    return false;
  }
  *out = std::move(table);
  return true;
}

bool importTileGraphics(const std::string& path, MapDocument* map, std::string* error) {
  return importTileGraphics(path, TileGraphicsOptions{}, map, error);
}

bool importTileGraphics(const std::string& path, const TileGraphicsOptions& options,
                        MapDocument* map, std::string* error) {
  TileSheet sheet;
  if (!readTileSheet(path, &sheet, error)) return false;
  TileGraphicsFormat f;
  tileGraphicsFormatFromPath(path, &f);
  MapDocument doc = *map;
  const int side = doc.metatiles.tilesPerSide;
  std::vector<std::array<uint16_t, 4>> entries;
  std::string table = options.metatileTable;
  if (table.empty()) {
    std::filesystem::path stem = std::filesystem::path(path).replace_extension();
    for (const char* ext : {".metatiles.json", ".metatiles.txt"}) {
      std::error_code ec;
      std::string candidate = stem.string() + ext;
      if (std::filesystem::is_regular_file(candidate, ec)) {
        table = candidate;
        break;
      }
    }
  }
  if (!table.empty()) {
    if (!readMetatileTable(table, sheet.tiles.size(), &entries, error)) return false;
    if (side == 1)
      for (auto& e : entries) e = {e[0], e[0], e[0], e[0]};
  } else if (options.cut) {
    if (sheet.tilesetTilePx && sheet.tilesetTilePx != side * 8) {
      *error = path + ": the tileset's tiles are " + std::to_string(sheet.tilesetTilePx) +
               " px but the room's metatiles are " + std::to_string(side * 8) +
               " px; give a metatile table";
      return false;
    }
    // Raw data may end in a half row of metatiles (fewer than 32 tiles left).
    bool raw = f == TileGraphicsFormat::Chr || f == TileGraphicsFormat::Gb2bpp ||
               f == TileGraphicsFormat::Gb1bpp;
    int rows = raw ? (sheet.rows + 1) / 2 : sheet.rows / 2;
    int count = side == 1 ? int(sheet.tiles.size()) : (sheet.columns / 2) * rows;
    if (count == 0) {
      *error = path + ": the image is " + std::to_string(sheet.columns * 8) + "x" +
               std::to_string(sheet.rows * 8) + " px, too small for one 16x16 metatile";
      return false;
    }
    if (count > kMaxMetatiles) {
      *error = path + ": cutting gives " + std::to_string(count) + " metatiles; the limit is " +
               std::to_string(kMaxMetatiles);
      return false;
    }
    for (int i = 0; i < count; ++i) {
      std::array<uint16_t, 4> e = cutSquare(sheet, side, i);
      if (std::all_of(e.begin(), e.end(), [&](uint16_t id) { return id >= sheet.tiles.size(); }))
        break;  // past the end of raw data
      for (uint16_t& id : e)
        if (id >= sheet.tiles.size()) id = 0;
      entries.push_back(e);
    }
  }

  doc.tiles = std::move(sheet.tiles);
  doc.chrFile = sheet.file;
  if (f == TileGraphicsFormat::Chr) doc.chrFormat = ChrFormat::NesPlanar;
  if (f == TileGraphicsFormat::Gb2bpp) doc.chrFormat = ChrFormat::Gb2bpp;
  if (sheet.hasPalette) doc.palette = sheet.palette;
  auto& set = doc.metatiles.metatiles;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (i >= set.size()) set.push_back({"mt " + std::to_string(i), {}, 0});
    set[i].tiles = entries[i];
  }
  // Metatiles past the new definitions keep their ids while the graphics hold them.
  for (Metatile& m : set)
    for (uint16_t& id : m.tiles)
      if (id >= doc.tiles.size()) id = 0;
  *map = std::move(doc);
  return true;
}

}  // namespace core::interop
