// libFuzzer target for Tiled maps: the input is read as a .tmx and as a .tmj,
// and every tile layer found is decoded (CSV, base64, zlib, gzip, zstd). Nothing
// may crash, hang or leak; a map past the room limits is refused before any
// layer is decoded. External tilesets are looked up beside "f.tmx" (absent).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/interop/tiled_model.h"

namespace {

void decodeAll(const core::interop::tiled::Map& map) {
  for (const auto& layer : map.layers) {
    std::vector<uint32_t> gids;
    std::string error;
    (void)core::interop::tiled::decodeLayer(layer, &gids, &error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  core::interop::tiled::Map xml, json;
  if (core::interop::tiled::readTmx("/nonexistent/f.tmx", text, &xml, &error)) decodeAll(xml);
  if (core::interop::tiled::readTmj("/nonexistent/f.tmj", text, &json, &error)) decodeAll(json);
  return 0;
}
