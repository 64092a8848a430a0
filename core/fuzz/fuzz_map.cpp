// libFuzzer target for the map loader (collidoscope-map JSON, core/map/map_file.h):
// a refusal names a JSON path; a map that loads saves and loads again to the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/map/map_file.h"
#include "core/util/json_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // Beside the samples, so a relative "chr": {"file": ...} reaches theirs.
  const std::string file = std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/fuzz.map.json";
  std::string error;
  auto j = core::parseJson(text, file, &error);
  if (!j) {
    if (error.empty()) std::abort();
    return 0;
  }
  core::MapDocument doc;
  if (!core::mapFromJson(*j, file, doc, &error)) {
    if (error.empty()) std::abort();
    return 0;
  }
  core::MapDocument again;
  std::string error2;
  if (!core::mapFromJson(core::mapToJson(doc), file, again, &error2)) std::abort();
  if (core::mapToJson(again) != core::mapToJson(doc)) std::abort();
  return 0;
}
