// libFuzzer target for the tile graphics import (core/interop/tile_graphics.h):
// CHR, Game Boy 2bpp and 1bpp, PNG, and a Tiled tileset (.tsx / .tsj) with the
// image it names. Byte 0 picks the format (bits 0-2: .chr .2bpp .1bpp .png .tsx
// .tsj), the room (bit 3: 8 px cells, else 16 px) and the metatile table (bits
// 4-5: none, NAME.metatiles.json, NAME.metatiles.txt, none and no cutting); the
// rest is up to 3 parts separated by a line ";;;file": the graphics file
// (fuzz.EXT), the image a tileset may name (fuzz_image.png) and the table. All
// are written to the private folder of fuzz_files.h. A refusal has a message
// naming a file; an import leaves every metatile on a tile that exists, within
// the limits, and a map that saves and loads again to the same JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/fuzz/fuzz_files.h"
#include "core/interop/tile_graphics.h"
#include "core/map/limits.h"
#include "core/map/map_file.h"

namespace {

std::vector<std::string> splitParts(const std::string& text) {
  static const std::string kSep = "\n;;;file\n";
  std::vector<std::string> parts;
  size_t at = 0;
  while (parts.size() < 2) {
    const size_t next = text.find(kSep, at);
    if (next == std::string::npos) break;
    parts.push_back(text.substr(at, next - at));
    at = next + kSep.size();
  }
  parts.push_back(text.substr(at));
  parts.resize(3);
  return parts;
}

void write(const std::string& name, const std::string& bytes) {
  fuzz::writeInput(name, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// The sample rooms the graphics go into: 16 px cells (2x2 tiles a metatile) and 8 px.
const core::MapDocument& baseMap(bool smallCells) {
  static const auto load = [](const char* name) {
    core::MapDocument doc;
    std::string error;
    if (!core::loadMap(std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/" + name, doc, &error))
      std::abort();
    return doc;
  };
  static const core::MapDocument big = load("seed002_castle.map.json");
  static const core::MapDocument small = load("seed004_garden.map.json");
  return smallCells ? small : big;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const char* const kExtensions[] = {".chr", ".2bpp", ".1bpp", ".png", ".tsx", ".tsj"};
  const uint8_t sel = data[0];
  const std::string ext = kExtensions[(sel & 7) % 6];
  const int table = (sel >> 4) & 3;
  const std::vector<std::string> parts =
      splitParts(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));

  const std::filesystem::path dir = fuzz::sandbox() / "maps";
  std::error_code ec;
  for (const char* stale : {"fuzz.metatiles.json", "fuzz.metatiles.txt"})
    std::filesystem::remove(dir / stale, ec);
  write("fuzz" + ext, parts[0]);
  write("fuzz_image.png", parts[1]);
  if (table == 1) write("fuzz.metatiles.json", parts[2]);
  if (table == 2) write("fuzz.metatiles.txt", parts[2]);

  core::interop::TileGraphicsOptions options;
  options.cut = table != 3;
  core::MapDocument doc = baseMap((sel & 8) != 0);
  std::string error;
  if (!core::interop::importTileGraphics((dir / ("fuzz" + ext)).string(), options, &doc, &error)) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (doc.tiles.empty() || int64_t(doc.tiles.size()) > core::kMaxTiles) std::abort();
  if (int64_t(doc.metatiles.metatiles.size()) > core::kMaxMetatiles) std::abort();
  for (const core::Metatile& m : doc.metatiles.metatiles)
    for (uint16_t id : m.tiles)
      if (id >= doc.tiles.size()) std::abort();
  const std::string file = (dir / "fuzz.map.json").string();
  core::MapDocument again;
  std::string error2;
  if (!core::mapFromJson(core::mapToJson(doc), file, again, &error2)) std::abort();
  if (core::mapToJson(again) != core::mapToJson(doc)) std::abort();
  return 0;
}
