// Helpers shared by the rgbasm tests: assemble in-memory files, read bytes back.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/asm/rgbds/rgbasm.h"

namespace rgbasm_test {

inline core::AsmResult assemble(const std::map<std::string, std::string>& files,
                                std::vector<std::string> sources = {"main.asm"},
                                core::Sm83AsmOptions opts = {}) {
  opts.readFile = [files](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
  return core::assembleSm83(sources, opts);
}

inline core::AsmResult assemble(const std::string& text) {
  return assemble(std::map<std::string, std::string>{{"main.asm", text}});
}

// Bytes of the ROM chunk that contains `address` (bank-agnostic), `n` bytes from there.
inline std::vector<uint8_t> bytesAt(const core::AsmResult& r, uint32_t address, size_t n,
                                    int bank = -1) {
  for (const auto& c : r.chunks) {
    if (c.ram || (bank >= 0 && c.bank != bank)) continue;
    if (address >= c.address && address + n <= c.address + c.bytes.size())
      return std::vector<uint8_t>(c.bytes.begin() + (address - c.address),
                                  c.bytes.begin() + (address - c.address + n));
  }
  return {};
}

// All ROM bytes of the first chunk.
inline std::vector<uint8_t> firstChunk(const core::AsmResult& r) {
  for (const auto& c : r.chunks)
    if (!c.ram) return c.bytes;
  return {};
}

}  // namespace rgbasm_test
