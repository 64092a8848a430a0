// .tmx maps and .tsx tilesets (Tiled's XML) through pugixml. Every message
// names the file, line and column of the element at fault.
#include <pugixml.hpp>

#include <cstdlib>
#include <optional>
#include <sstream>

#include "core/interop/tiled_model.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core::interop::tiled {

namespace {

// Where the XML elements of one file sit, for messages.
struct XmlFile {
  std::string path;
  const std::string& text;
  std::string where(const pugi::xml_node& n) const {
    return xmlWhere(path, text, n.offset_debug());
  }
};

bool parseXml(const std::string& path, const std::string& text, pugi::xml_document* doc,
              std::string* error) {
  const pugi::xml_parse_result r =
      doc->load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!r) {
    *error = xmlWhere(path, text, r.offset) + ": malformed XML: " + r.description();
    return false;
  }
  return true;
}

// An integer attribute; `fallback` when absent (nullopt: required).
bool intAttr(const XmlFile& f, const pugi::xml_node& n, const char* name, int lo, int hi,
             std::optional<int> fallback, int* out, std::string* error) {
  const pugi::xml_attribute a = n.attribute(name);
  if (!a) {
    if (fallback) {
      *out = *fallback;
      return true;
    }
    *error = f.where(n) + ": <" + n.name() + "> has no " + name + " attribute";
    return false;
  }
  const std::string v = a.value();
  char* end = nullptr;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || x < lo || x > hi) {
    *error = f.where(n) + ": <" + n.name() + "> " + name + "=\"" + v +
             "\" is not a whole number in " + std::to_string(lo) + ".." + std::to_string(hi);
    return false;
  }
  *out = int(x);
  return true;
}

void readProperties(const XmlFile& f, const pugi::xml_node& owner, std::vector<Property>* out) {
  for (pugi::xml_node p : owner.child("properties").children("property")) {
    Property prop;
    prop.name = p.attribute("name").value();
    prop.type = p.attribute("type").value();
    // Multi-line strings are written as the element's text instead of value="".
    prop.value = p.attribute("value") ? p.attribute("value").value() : p.child_value();
    prop.where = f.where(p);
    out->push_back(std::move(prop));
  }
}

bool readTilesetElement(const XmlFile& f, const pugi::xml_node& n, Tileset* ts,
                        std::string* error) {
  ts->name = n.attribute("name").value();
  ts->where = f.where(n);
  if (!intAttr(f, n, "tilewidth", 1, 4096, 0, &ts->tileWidth, error) ||
      !intAttr(f, n, "tileheight", 1, 4096, 0, &ts->tileHeight, error) ||
      !intAttr(f, n, "tilecount", 0, 1 << 28, 0, &ts->tileCount, error) ||
      !intAttr(f, n, "columns", 0, 1 << 28, 0, &ts->columns, error))
    return false;
  if (pugi::xml_node img = n.child("image")) {
    ts->image = resolveRelative(f.path, img.attribute("source").value());
    if (!intAttr(f, img, "width", 0, 1 << 24, 0, &ts->imageWidth, error) ||
        !intAttr(f, img, "height", 0, 1 << 24, 0, &ts->imageHeight, error))
      return false;
  }
  readProperties(f, n, &ts->properties);
  for (pugi::xml_node t : n.children("tile")) {
    TileInfo info;
    if (!intAttr(f, t, "id", 0, 1 << 28, std::nullopt, &info.id, error)) return false;
    info.where = f.where(t);
    readProperties(f, t, &info.properties);
    ts->tiles.push_back(std::move(info));
  }
  return true;
}

bool readLayer(const XmlFile& f, const Map& map, const pugi::xml_node& n, Map* out,
               std::string* error) {
  Layer layer;
  layer.name = n.attribute("name").value();
  layer.where = f.where(n);
  if (!intAttr(f, n, "width", 0, 1 << 30, map.width, &layer.width, error) ||
      !intAttr(f, n, "height", 0, 1 << 30, map.height, &layer.height, error))
    return false;
  if (layer.width != map.width || layer.height != map.height) {
    *error = layer.where + ": layer \"" + layer.name + "\" is " + std::to_string(layer.width) +
             " x " + std::to_string(layer.height) + "; the map is " + std::to_string(map.width) +
             " x " + std::to_string(map.height);
    return false;
  }
  readProperties(f, n, &layer.properties);
  const pugi::xml_node data = n.child("data");
  if (!data) {
    *error = layer.where + ": layer \"" + layer.name + "\" has no <data>";
    return false;
  }
  layer.data.where = f.where(data);
  layer.data.encoding = data.attribute("encoding").value();
  layer.data.compression = data.attribute("compression").value();
  if (data.child("chunk")) {
    *error = layer.data.where + ": layer \"" + layer.name +
             "\" is stored in chunks (an infinite map); turn off Map > Map Properties > Infinite";
    return false;
  }
  if (layer.data.encoding.empty()) {
    const size_t cap = size_t(layer.width) * size_t(layer.height);
    for (pugi::xml_node t : data.children("tile")) {
      if (layer.data.gids.size() > cap) break;  // the count is reported when decoded
      const std::string v = t.attribute("gid").value();
      char* end = nullptr;
      const unsigned long long g = std::strtoull(v.c_str(), &end, 10);
      if (!v.empty() && (*end != '\0' || g > 0xFFFFFFFFull)) {
        *error = f.where(t) + ": <tile> gid=\"" + v + "\" is not a tile gid";
        return false;
      }
      layer.data.gids.push_back(uint32_t(g));
    }
  } else {
    layer.data.text = data.child_value();
  }
  out->layers.push_back(std::move(layer));
  return true;
}

bool readChildren(const XmlFile& f, const pugi::xml_node& parent, Map* out, std::string* error,
                  int depth = 0) {
  if (depth > kMaxGroupDepth) {
    *error =
        f.where(parent) + ": groups nest deeper than " + std::to_string(kMaxGroupDepth) + " levels";
    return false;
  }
  for (pugi::xml_node n : parent.children()) {
    const std::string tag = n.name();
    if (tag == "tileset") {
      Tileset ts;
      if (!intAttr(f, n, "firstgid", 1, 0x0FFFFFFF, std::nullopt, &ts.firstGid, error))
        return false;
      ts.ref = f.where(n);
      if (pugi::xml_attribute src = n.attribute("source")) {
        if (!readTilesetFile(resolveRelative(f.path, src.value()), ts.firstGid, f.where(n), &ts,
                             error))
          return false;
      } else if (!readTilesetElement(f, n, &ts, error)) {
        return false;
      }
      out->tilesets.push_back(std::move(ts));
    } else if (tag == "layer") {
      if (!readLayer(f, *out, n, out, error)) return false;
    } else if (tag == "group") {
      if (!readChildren(f, n, out, error, depth + 1)) return false;
    }
  }
  return true;
}

void writeProperties(pugi::xml_node owner, const std::vector<Property>& props) {
  if (props.empty()) return;
  pugi::xml_node ps = owner.append_child("properties");
  for (const Property& p : props) {
    pugi::xml_node x = ps.append_child("property");
    x.append_attribute("name") = p.name.c_str();
    if (!p.type.empty() && p.type != "string") x.append_attribute("type") = p.type.c_str();
    x.append_attribute("value") = p.value.c_str();
  }
}

}  // namespace

bool readTmx(const std::string& path, const std::string& text, Map* out, std::string* error) {
  pugi::xml_document doc;
  if (!parseXml(path, text, &doc, error)) return false;
  const XmlFile f{path, text};
  const pugi::xml_node root = doc.document_element();
  if (std::string(root.name()) != "map") {
    *error = f.where(root) + ": the root element is <" + root.name() + ">, not a Tiled <map>";
    return false;
  }
  out->file = path;
  out->where = f.where(root);
  const std::string orientation = root.attribute("orientation").value();
  if (!orientation.empty() && orientation != "orthogonal") {
    *error = out->where + ": the map is " + orientation + "; only orthogonal maps make rooms";
    return false;
  }
  if (std::string(root.attribute("infinite").value()) == "1") {
    *error =
        out->where + ": the map is infinite; turn off Map > Map Properties > Infinite in Tiled";
    return false;
  }
  if (!intAttr(f, root, "width", 0, 1 << 30, std::nullopt, &out->width, error) ||
      !intAttr(f, root, "height", 0, 1 << 30, std::nullopt, &out->height, error) ||
      !intAttr(f, root, "tilewidth", 1, 4096, std::nullopt, &out->tileWidth, error) ||
      !intAttr(f, root, "tileheight", 1, 4096, std::nullopt, &out->tileHeight, error))
    return false;
  if (!checkMapSize(*out, error)) return false;
  readProperties(f, root, &out->properties);
  return readChildren(f, root, out, error) && checkTilesetRanges(*out, error);
}

bool readTilesetFile(const std::string& path, int firstGid, const std::string& where, Tileset* out,
                     std::string* error) {
  std::string why;
  const auto text = readTextFile(path, &why, kMaxJsonBytes);
  if (!text) {
    *error = where + ": tileset " + why;
    return false;
  }
  const size_t first = text->find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  out->firstGid = firstGid;
  if (first != std::string::npos && (*text)[first] == '<') {
    pugi::xml_document doc;
    if (!parseXml(path, *text, &doc, error)) return false;
    const XmlFile f{path, *text};
    const pugi::xml_node root = doc.document_element();
    if (std::string(root.name()) != "tileset") {
      *error = f.where(root) + ": the root element is <" + root.name() + ">, not a Tiled <tileset>";
      return false;
    }
    return readTilesetElement(f, root, out, error);
  }
  const auto j = parseJson(*text, path, error);
  if (!j) return false;
  return readTsjObject(path, *j, "", out, error);
}

std::string writeTmx(const Map& map) {
  pugi::xml_document doc;
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  pugi::xml_node m = doc.append_child("map");
  m.append_attribute("version") = "1.8";
  m.append_attribute("tiledversion") = "1.8.2";
  m.append_attribute("orientation") = "orthogonal";
  m.append_attribute("renderorder") = "right-down";
  m.append_attribute("width") = map.width;
  m.append_attribute("height") = map.height;
  m.append_attribute("tilewidth") = map.tileWidth;
  m.append_attribute("tileheight") = map.tileHeight;
  m.append_attribute("infinite") = 0;
  m.append_attribute("nextlayerid") = int(map.layers.size()) + 1;
  m.append_attribute("nextobjectid") = 1;
  writeProperties(m, map.properties);
  for (const Tileset& ts : map.tilesets) {
    pugi::xml_node t = m.append_child("tileset");
    t.append_attribute("firstgid") = ts.firstGid;
    t.append_attribute("name") = ts.name.c_str();
    t.append_attribute("tilewidth") = ts.tileWidth;
    t.append_attribute("tileheight") = ts.tileHeight;
    t.append_attribute("tilecount") = ts.tileCount;
    t.append_attribute("columns") = ts.columns;
    writeProperties(t, ts.properties);
    if (!ts.image.empty()) {
      pugi::xml_node img = t.append_child("image");
      img.append_attribute("source") = ts.image.c_str();
      img.append_attribute("width") = ts.imageWidth;
      img.append_attribute("height") = ts.imageHeight;
    }
    for (const TileInfo& info : ts.tiles) {
      pugi::xml_node x = t.append_child("tile");
      x.append_attribute("id") = info.id;
      writeProperties(x, info.properties);
    }
  }
  int id = 1;
  for (const Layer& layer : map.layers) {
    pugi::xml_node l = m.append_child("layer");
    l.append_attribute("id") = id++;
    l.append_attribute("name") = layer.name.c_str();
    l.append_attribute("width") = layer.width;
    l.append_attribute("height") = layer.height;
    writeProperties(l, layer.properties);
    pugi::xml_node d = l.append_child("data");
    d.append_attribute("encoding") = "csv";
    std::string csv = "\n";
    for (size_t i = 0; i < layer.data.gids.size(); ++i) {
      csv += std::to_string(layer.data.gids[i]);
      if (i + 1 < layer.data.gids.size()) csv += ',';
      if ((i + 1) % size_t(layer.width) == 0) csv += '\n';
    }
    d.append_child(pugi::node_pcdata).set_value(csv.c_str());
  }
  std::ostringstream os;
  doc.save(os, " ", pugi::format_default, pugi::encoding_utf8);
  return os.str();
}

}  // namespace core::interop::tiled
