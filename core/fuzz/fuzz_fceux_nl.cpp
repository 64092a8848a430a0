// libFuzzer target for the FCEUX `.nl` reader (core/game/fceux_nl.h). The first
// byte picks the bank the file name would say (RAM file or a PRG bank).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game/fceux_nl.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int bank = data[0] % 33;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  core::DebugInfo info;
  std::vector<core::Diagnostic> diags;
  core::game::parseFceuxNl(text, info, diags, "fuzz.nes." + std::to_string(bank) + ".nl", bank);
  return 0;
}
