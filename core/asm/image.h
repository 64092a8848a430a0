// The output of either toolchain: bytes placed at CPU addresses, plus debug info
// and diagnostics. A Machine loads the chunks into its bus.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/asm/diagnostic.h"

namespace core {

struct ImageChunk {
  std::string name;  // segment / section name
  uint32_t address = 0;
  int bank = 0;
  bool ram = false;  // true for RAM sections (ZEROPAGE/BSS/WRAM/HRAM): no bytes to load
  std::vector<uint8_t> bytes;
  uint32_t size = 0;  // == bytes.size() for ROM chunks; reserved size for RAM chunks
};

struct AsmResult {
  bool ok = false;
  std::vector<Diagnostic> diagnostics;
  std::vector<ImageChunk> chunks;
  DebugInfo debug;
  std::vector<uint8_t> rom;  // a whole ROM file when one was asked for (.nes / .gb), else empty
  std::string printed;       // what the sources printed (rgbasm PRINT/PRINTLN), in order

  // Every diagnostic as text, one per line.
  std::string diagnosticsText() const;
};

}  // namespace core
