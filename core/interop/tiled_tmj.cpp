// .tmj maps and .tsj tilesets (Tiled's JSON). Messages name the file and the
// JSON pointer of the fault: "room.tmj: /layers/1/compression: ...".
#include <nlohmann/json.hpp>

#include "core/interop/tiled_model.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core::interop::tiled {

namespace {

using nlohmann::json;

struct JsonFile {
  std::string path;
  std::string* error;
  std::string where(const std::string& pointer) const {
    return path + ": " + (pointer.empty() ? "/" : pointer);
  }
  bool fail(const std::string& pointer, const std::string& message) const {
    *error = where(pointer) + ": " + message;
    return false;
  }
};

std::string child(const std::string& pointer, const std::string& key) {
  return pointer + "/" + key;
}
std::string child(const std::string& pointer, size_t i) {
  return pointer + "/" + std::to_string(i);
}

bool getInt(const JsonFile& f, const json& obj, const std::string& ptr, const char* key, int64_t lo,
            int64_t hi, std::optional<int64_t> fallback, int* out) {
  const auto it = obj.find(key);
  if (it == obj.end()) {
    if (!fallback) return f.fail(ptr, std::string("has no \"") + key + "\"");
    *out = int(*fallback);
    return true;
  }
  if (!it->is_number_integer() || it->get<int64_t>() < lo || it->get<int64_t>() > hi)
    return f.fail(child(ptr, key), "is " + it->dump().substr(0, 40) + ", not a whole number in " +
                                       std::to_string(lo) + ".." + std::to_string(hi));
  *out = int(it->get<int64_t>());
  return true;
}

std::string getString(const json& obj, const char* key) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool readProperties(const JsonFile& f, const json& owner, const std::string& ptr,
                    std::vector<Property>* out) {
  const auto it = owner.find("properties");
  if (it == owner.end()) return true;
  const std::string p = child(ptr, "properties");
  if (!it->is_array()) return f.fail(p, "is not an array of properties");
  for (size_t i = 0; i < it->size(); ++i) {
    const json& x = (*it)[i];
    if (!x.is_object()) return f.fail(child(p, i), "is not a property object");
    Property prop;
    prop.name = getString(x, "name");
    prop.type = getString(x, "type");
    prop.where = f.where(child(p, i));
    const auto v = x.find("value");
    if (v != x.end()) prop.value = v->is_string() ? v->get<std::string>() : v->dump();
    out->push_back(std::move(prop));
  }
  return true;
}

bool readLayers(const JsonFile& f, const json& parent, const std::string& ptr, Map* out,
                int depth = 0) {
  if (depth > kMaxGroupDepth)
    return f.fail(ptr, "groups nest deeper than " + std::to_string(kMaxGroupDepth) + " levels");
  const auto it = parent.find("layers");
  if (it == parent.end()) return true;
  const std::string lp = child(ptr, "layers");
  if (!it->is_array()) return f.fail(lp, "is not an array of layers");
  for (size_t i = 0; i < it->size(); ++i) {
    const json& l = (*it)[i];
    const std::string p = child(lp, i);
    if (!l.is_object()) return f.fail(p, "is not a layer object");
    const std::string type = getString(l, "type");
    if (type == "group") {
      if (!readLayers(f, l, p, out, depth + 1)) return false;
      continue;
    }
    if (type != "tilelayer") continue;
    Layer layer;
    layer.name = getString(l, "name");
    layer.where = f.where(p);
    if (l.contains("chunks"))
      return f.fail(p, "layer \"" + layer.name +
                           "\" is stored in chunks (an infinite map); turn off Map > Map "
                           "Properties > Infinite");
    if (!getInt(f, l, p, "width", 0, 1 << 30, out->width, &layer.width) ||
        !getInt(f, l, p, "height", 0, 1 << 30, out->height, &layer.height))
      return false;
    if (layer.width != out->width || layer.height != out->height)
      return f.fail(p, "layer \"" + layer.name + "\" is " + std::to_string(layer.width) + " x " +
                           std::to_string(layer.height) + "; the map is " +
                           std::to_string(out->width) + " x " + std::to_string(out->height));
    if (!readProperties(f, l, p, &layer.properties)) return false;
    layer.data.encoding = getString(l, "encoding");
    layer.data.compression = getString(l, "compression");
    const auto d = l.find("data");
    const std::string dp = child(p, "data");
    if (d == l.end()) return f.fail(p, "layer \"" + layer.name + "\" has no \"data\"");
    if (d->is_string()) {
      layer.data.text = d->get<std::string>();
      layer.data.where = f.where(layer.data.encoding.empty() ? dp : child(p, "encoding"));
      if (layer.data.encoding.empty())
        return f.fail(p, "layer \"" + layer.name + "\" has string data but no \"encoding\"");
      if (!layer.data.compression.empty()) layer.data.where = f.where(child(p, "compression"));
    } else if (d->is_array()) {
      if (layer.data.encoding == "csv") layer.data.encoding.clear();
      layer.data.where = f.where(dp);
      layer.data.gids.reserve(d->size());
      for (size_t k = 0; k < d->size(); ++k) {
        const json& g = (*d)[k];
        if (!g.is_number_unsigned() || g.get<uint64_t>() > 0xFFFFFFFFull)
          return f.fail(child(dp, k), "is " + g.dump().substr(0, 40) + ", not a tile gid");
        layer.data.gids.push_back(uint32_t(g.get<uint64_t>()));
      }
    } else {
      return f.fail(dp, "is neither an array of gids nor encoded text");
    }
    out->layers.push_back(std::move(layer));
  }
  return true;
}

json propertiesJson(const std::vector<Property>& props) {
  json a = json::array();
  for (const Property& p : props) {
    json x{{"name", p.name}, {"type", p.type.empty() ? "string" : p.type}};
    if (p.type == "bool")
      x["value"] = p.value == "true";
    else if (p.type == "int")
      x["value"] = std::stoll(p.value);
    else
      x["value"] = p.value;
    a.push_back(std::move(x));
  }
  return a;
}

}  // namespace

bool readTsjObject(const std::string& path, const json& j, const std::string& ptr, Tileset* ts,
                   std::string* error) {
  const JsonFile f{path, error};
  if (!j.is_object()) return f.fail(ptr, "is not a tileset object");
  ts->name = getString(j, "name");
  ts->where = f.where(ptr);
  if (!getInt(f, j, ptr, "tilewidth", 1, 4096, 0, &ts->tileWidth) ||
      !getInt(f, j, ptr, "tileheight", 1, 4096, 0, &ts->tileHeight) ||
      !getInt(f, j, ptr, "tilecount", 0, 1 << 28, 0, &ts->tileCount) ||
      !getInt(f, j, ptr, "columns", 0, 1 << 28, 0, &ts->columns) ||
      !getInt(f, j, ptr, "imagewidth", 0, 1 << 24, 0, &ts->imageWidth) ||
      !getInt(f, j, ptr, "imageheight", 0, 1 << 24, 0, &ts->imageHeight))
    return false;
  const std::string image = getString(j, "image");
  if (!image.empty()) ts->image = resolveRelative(path, image);
  if (!readProperties(f, j, ptr, &ts->properties)) return false;
  const auto tiles = j.find("tiles");
  if (tiles != j.end()) {
    const std::string tp = child(ptr, "tiles");
    if (!tiles->is_array()) return f.fail(tp, "is not an array of tiles");
    for (size_t i = 0; i < tiles->size(); ++i) {
      const json& t = (*tiles)[i];
      const std::string p = child(tp, i);
      if (!t.is_object()) return f.fail(p, "is not a tile object");
      TileInfo info;
      info.where = f.where(p);
      if (!getInt(f, t, p, "id", 0, 1 << 28, std::nullopt, &info.id) ||
          !readProperties(f, t, p, &info.properties))
        return false;
      ts->tiles.push_back(std::move(info));
    }
  }
  return true;
}

bool readTmj(const std::string& path, const std::string& text, Map* out, std::string* error) {
  const auto parsed = parseJson(text, path, error);
  if (!parsed) return false;
  const json& j = *parsed;
  const JsonFile f{path, error};
  if (!j.is_object()) return f.fail("", "is not a Tiled map object");
  const std::string type = getString(j, "type");
  if (type == "tileset") return f.fail("/type", "the file is a Tiled tileset, not a map");
  if (!type.empty() && type != "map") return f.fail("/type", "is \"" + type + "\", not \"map\"");
  out->file = path;
  out->where = f.where("");
  const std::string orientation = getString(j, "orientation");
  if (!orientation.empty() && orientation != "orthogonal")
    return f.fail("/orientation",
                  "the map is " + orientation + "; only orthogonal maps make rooms");
  const auto inf = j.find("infinite");
  if (inf != j.end() && !(inf->is_boolean() && !inf->get<bool>()) &&
      !(inf->is_number_integer() && inf->get<int64_t>() == 0))
    return f.fail("/infinite", "the map is infinite; turn off Map > Map Properties > Infinite");
  if (!getInt(f, j, "", "width", 0, 1 << 30, std::nullopt, &out->width) ||
      !getInt(f, j, "", "height", 0, 1 << 30, std::nullopt, &out->height) ||
      !getInt(f, j, "", "tilewidth", 1, 4096, std::nullopt, &out->tileWidth) ||
      !getInt(f, j, "", "tileheight", 1, 4096, std::nullopt, &out->tileHeight))
    return false;
  if (!checkMapSize(*out, error)) return false;
  if (!readProperties(f, j, "", &out->properties)) return false;
  const auto tilesets = j.find("tilesets");
  if (tilesets != j.end()) {
    if (!tilesets->is_array()) return f.fail("/tilesets", "is not an array of tilesets");
    for (size_t i = 0; i < tilesets->size(); ++i) {
      const json& t = (*tilesets)[i];
      const std::string p = child("/tilesets", i);
      if (!t.is_object()) return f.fail(p, "is not a tileset object");
      Tileset ts;
      if (!getInt(f, t, p, "firstgid", 1, 0x0FFFFFFF, std::nullopt, &ts.firstGid)) return false;
      ts.ref = f.where(p);
      const std::string source = getString(t, "source");
      if (!source.empty()) {
        if (!readTilesetFile(resolveRelative(path, source), ts.firstGid, f.where(p), &ts, error))
          return false;
      } else if (!readTsjObject(path, t, p, &ts, error)) {
        return false;
      }
      out->tilesets.push_back(std::move(ts));
    }
  }
  return readLayers(f, j, "", out) && checkTilesetRanges(*out, error);
}

std::string writeTmj(const Map& map) {
  json j;
  j["type"] = "map";
  j["version"] = "1.8";
  j["tiledversion"] = "1.8.2";
  j["orientation"] = "orthogonal";
  j["renderorder"] = "right-down";
  j["width"] = map.width;
  j["height"] = map.height;
  j["tilewidth"] = map.tileWidth;
  j["tileheight"] = map.tileHeight;
  j["infinite"] = false;
  j["compressionlevel"] = -1;
  j["nextlayerid"] = int(map.layers.size()) + 1;
  j["nextobjectid"] = 1;
  if (!map.properties.empty()) j["properties"] = propertiesJson(map.properties);
  j["tilesets"] = json::array();
  for (const Tileset& ts : map.tilesets) {
    json t{{"firstgid", ts.firstGid},
           {"name", ts.name},
           {"tilewidth", ts.tileWidth},
           {"tileheight", ts.tileHeight},
           {"tilecount", ts.tileCount},
           {"columns", ts.columns},
           {"margin", 0},
           {"spacing", 0}};
    if (!ts.image.empty()) {
      t["image"] = ts.image;
      t["imagewidth"] = ts.imageWidth;
      t["imageheight"] = ts.imageHeight;
    }
    if (!ts.properties.empty()) t["properties"] = propertiesJson(ts.properties);
    if (!ts.tiles.empty()) {
      json tiles = json::array();
      for (const TileInfo& info : ts.tiles)
        tiles.push_back(json{{"id", info.id}, {"properties", propertiesJson(info.properties)}});
      t["tiles"] = std::move(tiles);
    }
    j["tilesets"].push_back(std::move(t));
  }
  j["layers"] = json::array();
  int id = 1;
  for (const Layer& layer : map.layers) {
    json l{{"type", "tilelayer"},
           {"id", id++},
           {"name", layer.name},
           {"width", layer.width},
           {"height", layer.height},
           {"x", 0},
           {"y", 0},
           {"opacity", 1},
           {"visible", true},
           {"data", layer.data.gids}};
    if (!layer.properties.empty()) l["properties"] = propertiesJson(layer.properties);
    j["layers"].push_back(std::move(l));
  }
  return j.dump(1) + "\n";
}

}  // namespace core::interop::tiled
