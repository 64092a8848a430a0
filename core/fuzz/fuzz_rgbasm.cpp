// libFuzzer target for the built-in SM83 assembler with includes and macros: the
// input is up to 8 in-memory files separated by a line ";;;file", the first
// assembled as fuzz.asm and the others includable as inc1.asm .. inc7.asm (an
// in-memory include reader, so nothing touches the disk). Assembling must never
// crash, hang or leak, whatever the bytes; errors are diagnostics with a location.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/asm/rgbds/rgbasm.h"
#include "core/fuzz/fuzz_files.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> files =
      fuzz::splitFiles(std::string(reinterpret_cast<const char*>(data), size), 8);
  core::Sm83AsmOptions opts;
  opts.maxLines = 20000;  // keeps endless REPT/macro inputs fast
  opts.buildRom = (size & 1) != 0;
  opts.readFile = [&](const std::string& path) -> std::optional<std::string> {
    const std::string name = std::filesystem::path(path).filename().string();
    if (name == "fuzz.asm") return files[0];
    if (name.size() == 8 && name.starts_with("inc") && name.ends_with(".asm")) {
      const size_t i = size_t(name[3] - '0');
      if (i >= 1 && i < files.size()) return files[i];
    }
    return std::nullopt;  // never the disk: anything else is missing
  };
  core::AsmResult r = core::assembleSm83({"fuzz.asm"}, opts);
  if (r.ok) {
    (void)core::writeSym(r.debug);
  } else if (r.diagnostics.empty()) {
    std::abort();  // a failed assembly always says why
  }
  return 0;
}
