// Test helper: builds Game Boy ROM images in memory with a valid header, so the
// tests need no external files.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "emusm83/cartridge.h"

namespace emusm83::test {

struct RomSpec {
  uint8_t type = 0x00;
  uint8_t romSizeCode = 0x00;  // 32 KiB << code
  uint8_t ramSizeCode = 0x00;
  std::string title = "COLLIDO TEST";
};

inline std::vector<uint8_t> makeRom(const RomSpec& spec = {}) {
  std::vector<uint8_t> rom(size_t{0x8000} << spec.romSizeCode, 0x00);
  rom[0x100] = 0x00;  // nop
  rom[0x101] = 0xC3;  // jp $0150
  rom[0x102] = 0x50;
  rom[0x103] = 0x01;
  for (size_t i = 0; i < spec.title.size() && i < 15; ++i)
    rom[0x134 + i] = static_cast<uint8_t>(spec.title[i]);
  rom[0x147] = spec.type;
  rom[0x148] = spec.romSizeCode;
  rom[0x149] = spec.ramSizeCode;
  rom[0x14D] = headerChecksum(rom);
  return rom;
}

inline void place(std::vector<uint8_t>& rom, size_t addr, std::initializer_list<uint8_t> bytes) {
  for (uint8_t b : bytes) rom[addr++] = b;
}

// Re-computes the header checksum after the caller edited the header.
inline void fixChecksum(std::vector<uint8_t>& rom) {
  rom[0x14D] = headerChecksum(rom);
}

}  // namespace emusm83::test
