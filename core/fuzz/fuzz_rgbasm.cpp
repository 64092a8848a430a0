// libFuzzer target for the built-in SM83 assembler: the input is one source file
// (plus itself as the only includable file). Assembling must never crash, hang or
// leak, whatever the bytes; errors are diagnostics.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/asm/rgbds/rgbasm.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  core::Sm83AsmOptions opts;
  opts.maxLines = 20000;  // keeps endless REPT/macro inputs fast
  opts.buildRom = true;
  opts.readFile = [&](const std::string& path) -> std::optional<std::string> {
    if (path == "fuzz.asm" || path == "inc.asm") return text;
    return std::nullopt;
  };
  core::AsmResult r = core::assembleSm83({"fuzz.asm"}, opts);
  if (r.ok) (void)core::writeSym(r.debug);
  return 0;
}
