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

namespace {

std::vector<std::string> splitFiles(const std::string& text) {
  static const std::string kSep = "\n;;;file\n";
  std::vector<std::string> files;
  size_t at = 0;
  while (files.size() < 7) {
    const size_t next = text.find(kSep, at);
    if (next == std::string::npos) break;
    files.push_back(text.substr(at, next - at));
    at = next + kSep.size();
  }
  files.push_back(text.substr(at));
  return files;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> files =
      splitFiles(std::string(reinterpret_cast<const char*>(data), size));
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
