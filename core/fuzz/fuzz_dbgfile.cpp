// libFuzzer target for the ld65 `.dbg` reader (core/asm/ca65/dbgfile.h): any text
// gives DebugInfo or located diagnostics, never a crash, hang or leak.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/ca65/dbgfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  core::DebugInfo info;
  std::vector<core::Diagnostic> diags;
  std::vector<core::DbgSegmentInfo> segments;
  core::parseDbgFile(text, info, diags, {}, &segments);
  return 0;
}
