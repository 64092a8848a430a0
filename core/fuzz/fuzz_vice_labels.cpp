// libFuzzer target for the VICE label reader (ld65 -Ln, core/asm/ca65/vice_labels.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/ca65/vice_labels.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  core::DebugInfo info;
  std::vector<core::Diagnostic> diags;
  core::parseViceLabels(text, info, diags, "fuzz.labels.txt");
  return 0;
}
