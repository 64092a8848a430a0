// libFuzzer target for the Tiled import (core/interop/tiled.h): the input is read
// as a .tmx or .tmj map (told apart by content), its layer data CSV, base64 or
// compressed. A refusal is a message naming the file; a map that imports is a room.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/fuzz/fuzz_files.h"
#include "core/interop/tiled.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeInput("fuzz.tmx", data, size);
  core::interop::TiledImportOptions options;
  core::MapDocument doc;
  core::interop::TiledImportReport report;
  std::string error;
  if (!core::interop::importTiled(path, options, &doc, &report, &error) && error.empty())
    std::abort();
  return 0;
}
