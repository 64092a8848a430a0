// libFuzzer target for the rgblink `.map` reader (core/asm/rgbds/map_reader.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/rgbds/map_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  core::DebugInfo info;
  std::vector<core::Diagnostic> diags;
  core::parseRgblinkMap(text, info, diags, "fuzz.map");
  return 0;
}
