// Tiled layer data: CSV, base64 and its compressions (zlib and gzip through
// zlib, zstd through libzstd), and the size check that runs before any of it.
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "core/interop/tiled_model.h"
#include "core/map/limits.h"

namespace core::interop::tiled {

namespace {

int base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool isSpace(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

bool inflateZlib(bool gzip, const std::vector<uint8_t>& in, size_t expected,
                 std::vector<uint8_t>* out, std::string* error) {
  z_stream z{};
  if (inflateInit2(&z, gzip ? 16 + MAX_WBITS : MAX_WBITS) != Z_OK) {
    *error = "zlib: cannot start inflating";
    return false;
  }
  // One byte more than expected, so data that expands too far is caught.
  out->assign(expected + 1, 0);
  z.next_in = const_cast<Bytef*>(in.data());
  z.avail_in = uInt(in.size());
  z.next_out = out->data();
  z.avail_out = uInt(out->size());
  const int rc = inflate(&z, Z_FINISH);
  const size_t produced = out->size() - z.avail_out;
  inflateEnd(&z);
  const char* name = gzip ? "gzip" : "zlib";
  if (rc != Z_STREAM_END) {
    if (produced > expected || (rc == Z_BUF_ERROR && z.avail_out == 0)) {
      *error = std::string(name) + " data expands past " + std::to_string(expected) +
               " bytes (the layer's width x height x 4)";
    } else {
      *error = std::string(name) + " data is damaged or cut short (" +
               (z.msg ? std::string(z.msg) : "inflate code " + std::to_string(rc)) + ")";
    }
    return false;
  }
  out->resize(produced);
  return true;
}

bool inflateZstd(const std::vector<uint8_t>& in, size_t expected, std::vector<uint8_t>* out,
                 std::string* error) {
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  if (!ctx) {
    *error = "zstd: out of memory";
    return false;
  }
  out->assign(expected + 1, 0);
  ZSTD_inBuffer ib{in.data(), in.size(), 0};
  ZSTD_outBuffer ob{out->data(), out->size(), 0};
  size_t rc = 1;
  while (ib.pos < ib.size && ob.pos < ob.size) {
    rc = ZSTD_decompressStream(ctx, &ob, &ib);
    if (ZSTD_isError(rc)) break;
    if (rc == 0) break;
  }
  ZSTD_freeDCtx(ctx);
  if (ZSTD_isError(rc)) {
    *error = std::string("zstd data is damaged (") + ZSTD_getErrorName(rc) + ")";
    return false;
  }
  if (ob.pos > expected) {
    *error = "zstd data expands past " + std::to_string(expected) +
             " bytes (the layer's width x height x 4)";
    return false;
  }
  if (rc != 0) {
    *error = "zstd data is cut short";
    return false;
  }
  out->resize(ob.pos);
  return true;
}

bool parseCsv(const std::string& text, size_t expected, std::vector<uint32_t>* gids,
              std::string* error) {
  gids->clear();
  gids->reserve(expected);
  size_t i = 0;
  const size_t n = text.size();
  while (true) {
    while (i < n && isSpace(text[i])) ++i;
    if (i == n) break;
    size_t j = i;
    uint64_t v = 0;
    while (j < n && text[j] >= '0' && text[j] <= '9' && v <= 0xFFFFFFFFu)
      v = v * 10 + (text[j++] - '0');
    if (j == i || v > 0xFFFFFFFFu) {
      size_t e = i;
      while (e < n && e < i + 12 && text[e] != ',' && !isSpace(text[e])) ++e;
      *error = "CSV value " + std::to_string(gids->size() + 1) + " (\"" + text.substr(i, e - i) +
               "\") is not a tile gid";
      return false;
    }
    if (gids->size() == expected) {
      *error = "CSV data holds more than the layer's " + std::to_string(expected) + " cells";
      return false;
    }
    gids->push_back(uint32_t(v));
    i = j;
    while (i < n && isSpace(text[i])) ++i;
    if (i < n) {
      if (text[i] != ',') {
        *error = "CSV value " + std::to_string(gids->size()) + " is followed by '" +
                 std::string(1, text[i]) + "', not a comma";
        return false;
      }
      ++i;
    }
  }
  if (gids->size() != expected) {
    *error = "CSV data holds " + std::to_string(gids->size()) + " cells; the layer has " +
             std::to_string(expected);
    return false;
  }
  return true;
}

}  // namespace

bool base64Decode(const std::string& text, std::vector<uint8_t>* out) {
  out->clear();
  out->reserve(text.size() * 3 / 4);
  uint32_t acc = 0;
  int bits = 0;
  bool padding = false;
  for (char c : text) {
    if (isSpace(c)) continue;
    if (c == '=') {
      padding = true;
      continue;
    }
    const int v = base64Value(c);
    if (v < 0 || padding) return false;
    acc = (acc << 6) | uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(uint8_t(acc >> bits));
      acc &= (1u << bits) - 1;
    }
  }
  return true;
}

std::string base64Encode(const std::vector<uint8_t>& bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string s;
  s.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const uint32_t b0 = bytes[i], b1 = i + 1 < bytes.size() ? bytes[i + 1] : 0,
                   b2 = i + 2 < bytes.size() ? bytes[i + 2] : 0;
    const uint32_t v = (b0 << 16) | (b1 << 8) | b2;
    s += kAlphabet[(v >> 18) & 63];
    s += kAlphabet[(v >> 12) & 63];
    s += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
    s += i + 2 < bytes.size() ? kAlphabet[v & 63] : '=';
  }
  return s;
}

bool decompress(const std::string& method, const std::vector<uint8_t>& in, size_t expected,
                std::vector<uint8_t>* out, std::string* error) {
  bool ok = false;
  if (method == "zlib" || method == "gzip")
    ok = inflateZlib(method == "gzip", in, expected, out, error);
  else if (method == "zstd")
    ok = inflateZstd(in, expected, out, error);
  else {
    *error = "unknown compression \"" + method + "\" (Tiled writes zlib, gzip or zstd)";
    return false;
  }
  if (ok && out->size() != expected) {
    *error = method + " data expands to " + std::to_string(out->size()) +
             " bytes; the layer needs " + std::to_string(expected) + " (width x height x 4)";
    return false;
  }
  return ok;
}

bool decodeLayer(const Layer& layer, std::vector<uint32_t>* gids, std::string* error) {
  const size_t expected = size_t(layer.width) * size_t(layer.height);
  const LayerData& d = layer.data;
  std::string message;
  auto fail = [&](const std::string& m) {
    *error = d.where + ": layer \"" + layer.name + "\": " + m;
    return false;
  };
  if (d.encoding == "csv") {
    if (!d.compression.empty())
      return fail("CSV data cannot be compressed (compression \"" + d.compression + "\")");
    if (!parseCsv(d.text, expected, gids, &message)) return fail(message);
    return true;
  }
  if (d.encoding == "base64") {
    if (!d.compression.empty() && d.compression != "zlib" && d.compression != "gzip" &&
        d.compression != "zstd")
      return fail("unknown compression \"" + d.compression +
                  "\" (Tiled writes zlib, gzip or zstd)");
    std::vector<uint8_t> bytes, raw;
    if (!base64Decode(d.text, &bytes))
      return fail("the base64 data holds a character outside base64");
    if (d.compression.empty()) {
      raw = std::move(bytes);
      if (raw.size() != expected * 4)
        return fail("base64 data holds " + std::to_string(raw.size()) + " bytes; the layer needs " +
                    std::to_string(expected * 4) + " (width x height x 4)");
    } else if (!decompress(d.compression, bytes, expected * 4, &raw, &message)) {
      return fail(message);
    }
    gids->resize(expected);
    for (size_t i = 0; i < expected; ++i)
      (*gids)[i] = uint32_t(raw[4 * i]) | uint32_t(raw[4 * i + 1]) << 8 |
                   uint32_t(raw[4 * i + 2]) << 16 | uint32_t(raw[4 * i + 3]) << 24;
    return true;
  }
  if (!d.encoding.empty())
    return fail("unknown encoding \"" + d.encoding + "\" (Tiled writes csv or base64)");
  if (d.gids.size() != expected)
    return fail("the data holds " + std::to_string(d.gids.size()) + " cells; the layer has " +
                std::to_string(expected));
  *gids = d.gids;
  return true;
}

bool checkMapSize(const Map& map, std::string* error) {
  const int64_t w = map.width, h = map.height;
  if (w < 1 || h < 1) {
    *error = map.where + ": the map is " + std::to_string(w) + " x " + std::to_string(h) +
             " tiles; it needs at least one";
    return false;
  }
  if (w > kMaxRoomSide || h > kMaxRoomSide || w * h > kMaxRoomCells) {
    *error = map.where + ": the map is " + groupedNumber(w) + " x " + groupedNumber(h) +
             " tiles (" + groupedNumber(w * h) + " cells); a room holds at most " +
             std::to_string(kMaxRoomSide) + " cells a side and " + groupedNumber(kMaxRoomCells) +
             " cells (docs/limits.md)";
    return false;
  }
  return true;
}

bool checkTilesetRanges(const Map& map, std::string* error) {
  struct Range {
    const Tileset* ts;
    int64_t first, end;  // [first, end)
  };
  std::vector<Range> ranges;
  for (const Tileset& ts : map.tilesets) {
    int64_t n = ts.tileCount;
    for (const TileInfo& t : ts.tiles) n = std::max<int64_t>(n, int64_t(t.id) + 1);
    if (n > 0) ranges.push_back({&ts, ts.firstGid, int64_t(ts.firstGid) + n});
  }
  std::stable_sort(ranges.begin(), ranges.end(),
                   [](const Range& a, const Range& b) { return a.first < b.first; });
  const Range* widest = nullptr;  // of the tilesets so far, the one reaching furthest
  for (const Range& r : ranges) {
    if (widest && r.first < widest->end) {
      const std::string at = r.ts->ref.empty() ? r.ts->where : r.ts->ref;
      const std::string other = widest->ts->ref.empty() ? widest->ts->where : widest->ts->ref;
      *error = at + ": tileset \"" + r.ts->name + "\" (firstgid " + std::to_string(r.first) +
               ") overlaps tileset \"" + widest->ts->name + "\" (gids " +
               std::to_string(widest->first) + ".." + std::to_string(widest->end - 1) + ", at " +
               other + "): gids " + std::to_string(r.first) + ".." +
               std::to_string(std::min(r.end, widest->end) - 1) +
               " would be tiles of both; its firstgid must be " + std::to_string(widest->end) +
               " or above";
      return false;
    }
    if (!widest || r.end > widest->end) widest = &r;
  }
  return true;
}

std::string xmlWhere(const std::string& file, const std::string& text, ptrdiff_t offset) {
  if (offset < 0) return file;
  const size_t end = std::min(size_t(offset), text.size());
  size_t line = 1, col = 1;
  for (size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

const Property* findProperty(const std::vector<Property>& props, const std::string& name) {
  for (const Property& p : props)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace core::interop::tiled
