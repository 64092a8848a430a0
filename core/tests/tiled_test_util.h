// Small Tiled maps written by hand for the Tiled import tests: a 4 x 3 layer
// over a 4-tile tileset (sky, solid brick, one-way floor, water), in any of
// Tiled's layer encodings, as .tmx or .tmj.
#pragma once

#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <string>
#include <vector>

#include "core/interop/tiled.h"
#include "core/interop/tiled_model.h"
#include "core/tests/temp_dir_test.h"

namespace core::test {

// Row-major gids of the sample layer; metatile = gid - 1.
inline const std::vector<uint32_t> kSampleGids = {1, 2, 2, 1, 1, 3, 4, 1, 2, 2, 2, 2};
// Collision bytes of the sample tiles 0..3.
inline const std::vector<uint8_t> kSampleBits = {0x00, 0x0F, 0x04, 0x10};

enum class Enc { Csv, Base64, Zlib, Gzip, Zstd, XmlTiles };

inline std::vector<uint8_t> gidBytes(const std::vector<uint32_t>& gids) {
  std::vector<uint8_t> b;
  for (uint32_t g : gids)
    for (int i = 0; i < 4; ++i) b.push_back(uint8_t(g >> (8 * i)));
  return b;
}

inline std::vector<uint8_t> zlibBytes(const std::vector<uint8_t>& in, bool gzip) {
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, gzip ? 16 + MAX_WBITS : MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::vector<uint8_t> out(deflateBound(&z, uLong(in.size())) + 32);
  z.next_in = const_cast<Bytef*>(in.data());
  z.avail_in = uInt(in.size());
  z.next_out = out.data();
  z.avail_out = uInt(out.size());
  deflate(&z, Z_FINISH);
  out.resize(out.size() - z.avail_out);
  deflateEnd(&z);
  return out;
}

inline std::vector<uint8_t> zstdBytes(const std::vector<uint8_t>& in) {
  std::vector<uint8_t> out(ZSTD_compressBound(in.size()));
  out.resize(ZSTD_compress(out.data(), out.size(), in.data(), in.size(), 3));
  return out;
}

// The encoding and compression attribute values and the data text.
struct EncodedData {
  std::string encoding, compression, text;
};

inline EncodedData encodeGids(const std::vector<uint32_t>& gids, Enc e, int width) {
  using interop::tiled::base64Encode;
  switch (e) {
    case Enc::Csv: {
      std::string s = "\n";
      for (size_t i = 0; i < gids.size(); ++i)
        s += std::to_string(gids[i]) + (i + 1 < gids.size() ? "," : "") +
             ((i + 1) % size_t(width) == 0 ? "\n" : "");
      return {"csv", "", s};
    }
    case Enc::Base64:
      return {"base64", "", base64Encode(gidBytes(gids))};
    case Enc::Zlib:
      return {"base64", "zlib", base64Encode(zlibBytes(gidBytes(gids), false))};
    case Enc::Gzip:
      return {"base64", "gzip", base64Encode(zlibBytes(gidBytes(gids), true))};
    case Enc::Zstd:
      return {"base64", "zstd", base64Encode(zstdBytes(gidBytes(gids)))};
    case Enc::XmlTiles:
      break;
  }
  return {"", "", ""};
}

inline const char* kSampleTsxBody = R"(  <properties>
   <property name="opcode4" value="water"/>
  </properties>
  <tile id="1"><properties><property name="collision" type="int" value="15"/><property name="name" value="brick"/></properties></tile>
  <tile id="2"><properties><property name="down" type="bool" value="true"/></properties></tile>
  <tile id="3"><properties><property name="water" type="bool" value="true"/></properties></tile>
)";

// A .tmx with the sample tileset embedded (or as `external` .tsx) and one layer per entry of
// `layers` (name, gids); the map is 4 x 3 tiles of `tile` px unless given.
struct TmxSpec {
  Enc enc = Enc::Csv;
  std::string external;  // file name of an external .tsx ("" = embedded)
  int tile = 16;
  int width = 4, height = 3;
  std::vector<std::pair<std::string, std::vector<uint32_t>>> layers = {{"walls", kSampleGids}};
  std::string layerExtra;  // inserted into the first layer (properties)
};

inline std::string tsxText(int tile) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.8\" name=\"walls\" "
         "tilewidth=\"" +
         std::to_string(tile) + "\" tileheight=\"" + std::to_string(tile) +
         "\" tilecount=\"4\" columns=\"4\">\n" + kSampleTsxBody + "</tileset>\n";
}

inline std::string tmxText(const TmxSpec& s) {
  const std::string t = std::to_string(s.tile);
  std::string x =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" "
      "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"" +
      std::to_string(s.width) + "\" height=\"" + std::to_string(s.height) + "\" tilewidth=\"" + t +
      "\" tileheight=\"" + t + "\" infinite=\"0\">\n";
  if (!s.external.empty())
    x += " <tileset firstgid=\"1\" source=\"" + s.external + "\"/>\n";
  else
    x += " <tileset firstgid=\"1\" name=\"walls\" tilewidth=\"" + t + "\" tileheight=\"" + t +
         "\" tilecount=\"4\" columns=\"4\">\n" + kSampleTsxBody + " </tileset>\n";
  for (size_t i = 0; i < s.layers.size(); ++i) {
    x += " <layer id=\"" + std::to_string(i + 1) + "\" name=\"" + s.layers[i].first +
         "\" width=\"" + std::to_string(s.width) + "\" height=\"" + std::to_string(s.height) +
         "\">\n";
    if (i == 0) x += s.layerExtra;
    if (s.enc == Enc::XmlTiles) {
      x += "  <data>\n";
      for (uint32_t g : s.layers[i].second) x += "   <tile gid=\"" + std::to_string(g) + "\"/>\n";
      x += "  </data>\n";
    } else {
      const EncodedData d = encodeGids(s.layers[i].second, s.enc, s.width);
      x += "  <data encoding=\"" + d.encoding + "\"" +
           (d.compression.empty() ? "" : " compression=\"" + d.compression + "\"") + ">" + d.text +
           "</data>\n";
    }
    x += " </layer>\n";
  }
  return x + "</map>\n";
}

inline const char* kSampleTsjTiles =
    R"("properties": [{"name": "opcode4", "type": "string", "value": "water"}],
   "tiles": [
    {"id": 1, "properties": [{"name": "collision", "type": "int", "value": 15},
                             {"name": "name", "type": "string", "value": "brick"}]},
    {"id": 2, "properties": [{"name": "down", "type": "bool", "value": true}]},
    {"id": 3, "properties": [{"name": "water", "type": "bool", "value": true}]}])";

inline std::string tsjText(int tile) {
  const std::string t = std::to_string(tile);
  return "{\"type\": \"tileset\", \"name\": \"walls\", \"tilewidth\": " + t +
         ", \"tileheight\": " + t + ", \"tilecount\": 4, \"columns\": 4,\n " + kSampleTsjTiles +
         "}\n";
}

inline std::string tmjText(const TmxSpec& s) {
  const std::string t = std::to_string(s.tile);
  std::string j =
      "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"infinite\": false, "
      "\"width\": " +
      std::to_string(s.width) + ", \"height\": " + std::to_string(s.height) +
      ", \"tilewidth\": " + t + ", \"tileheight\": " + t + ",\n \"tilesets\": [";
  if (!s.external.empty())
    j += "{\"firstgid\": 1, \"source\": \"" + s.external + "\"}";
  else
    j += "{\"firstgid\": 1, \"name\": \"walls\", \"tilewidth\": " + t + ", \"tileheight\": " + t +
         ", \"tilecount\": 4, \"columns\": 4,\n  " + kSampleTsjTiles + "}";
  j += "],\n \"layers\": [";
  for (size_t i = 0; i < s.layers.size(); ++i) {
    j += std::string(i ? ",\n  " : "\n  ") +
         "{\"type\": \"tilelayer\", \"id\": " + std::to_string(i + 1) + ", \"name\": \"" +
         s.layers[i].first + "\", \"width\": " + std::to_string(s.width) +
         ", \"height\": " + std::to_string(s.height);
    if (i == 0) j += s.layerExtra;
    if (s.enc == Enc::Csv || s.enc == Enc::XmlTiles) {
      j += ", \"data\": [";
      for (size_t k = 0; k < s.layers[i].second.size(); ++k)
        j += (k ? "," : "") + std::to_string(s.layers[i].second[k]);
      j += "]}";
    } else {
      const EncodedData d = encodeGids(s.layers[i].second, s.enc, s.width);
      j += ", \"encoding\": \"" + d.encoding + "\", \"compression\": \"" + d.compression +
           "\", \"data\": \"" + d.text + "\"}";
    }
  }
  return j + "]}\n";
}

class TiledTest : public TempDirTest {
 protected:
  TiledTest() : TempDirTest("collido_tiled_") {}
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }
  // Imports and expects success; the error otherwise.
  bool import(const std::string& file, MapDocument* doc, const interop::TiledImportOptions& o = {},
              interop::TiledImportReport* report = nullptr) {
    error_.clear();
    return interop::importTiled(file, o, doc, report, &error_);
  }
  std::string error_;
};

}  // namespace core::test
