// ROM images built as bytes for the game tests (core and app): iNES / NES 2.0
// files and Game Boy ROMs with valid header and global checksums.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace core::test {

struct InesSpec {
  unsigned mapper = 0;
  unsigned prg16k = 2;  // 16 KiB PRG units
  unsigned chr8k = 1;   // 8 KiB CHR units (0: CHR RAM)
  bool nes20 = false;
  bool vertical = false;
  bool battery = false;
  uint8_t fill = 0xEA;  // PRG bytes (NOP), so no label lands on $FF padding
};

inline std::vector<uint8_t> makeInes(const InesSpec& s) {
  // Sized up front: GCC 12 warns (array-bounds) on growing a vector built from a list.
  const size_t total = 16 + size_t(s.prg16k) * 0x4000 + size_t(s.chr8k) * 0x2000;
  std::vector<uint8_t> b(total, 0x00);
  std::fill(b.begin() + 16, b.begin() + 16 + std::ptrdiff_t(s.prg16k) * 0x4000, s.fill);
  b[0] = 'N';
  b[1] = 'E';
  b[2] = 'S';
  b[3] = 0x1A;
  b[4] = uint8_t(s.prg16k);
  b[5] = uint8_t(s.chr8k);
  b[6] = uint8_t((s.mapper & 0x0F) << 4 | (s.vertical ? 1 : 0) | (s.battery ? 2 : 0));
  b[7] = uint8_t(s.mapper & 0xF0);
  if (s.nes20) {
    b[7] |= 0x08;
    b[8] = uint8_t((s.mapper >> 8) & 0x0F);
    b[10] = 0x07;  // 64 << 7 = 8 KiB PRG-RAM
  }
  return b;
}

inline const uint8_t kGbLogo[48] = {
    0xCE, 0xED, 0x66, 0x66, 0xCC, 0x0D, 0x00, 0x0B, 0x03, 0x73, 0x00, 0x83, 0x00, 0x0C, 0x00, 0x0D,
    0x00, 0x08, 0x11, 0x1F, 0x88, 0x89, 0x00, 0x0E, 0xDC, 0xCC, 0x6E, 0xE6, 0xDD, 0xDD, 0xD9, 0x99,
    0xBB, 0xBB, 0x67, 0x63, 0x6E, 0x0E, 0xEC, 0xCC, 0xDD, 0xDC, 0x99, 0x9F, 0xBB, 0xB9, 0x33, 0x3E};

// Recomputes the header checksum ($014D) and the global checksum ($014E-$014F).
inline void fixGbChecksums(std::vector<uint8_t>& rom) {
  uint8_t h = 0;
  for (size_t i = 0x134; i <= 0x14C; ++i) h = uint8_t(h - rom[i] - 1);
  rom[0x14D] = h;
  uint16_t sum = 0;
  for (size_t i = 0; i < rom.size(); ++i)
    if (i != 0x14E && i != 0x14F) sum = uint16_t(sum + rom[i]);
  rom[0x14E] = uint8_t(sum >> 8);
  rom[0x14F] = uint8_t(sum);
}

inline std::vector<uint8_t> makeGb(uint8_t type = 0x03, uint8_t romCode = 1, uint8_t ramCode = 2,
                                   const std::string& title = "COLLIDE", uint8_t fill = 0x00) {
  std::vector<uint8_t> rom(size_t{0x8000} << romCode, fill);
  for (size_t i = 0; i < 48; ++i) rom[0x104 + i] = kGbLogo[i];
  for (size_t i = 0; i < 16; ++i) rom[0x134 + i] = i < title.size() ? uint8_t(title[i]) : 0;
  rom[0x147] = type;
  rom[0x148] = romCode;
  rom[0x149] = ramCode;
  fixGbChecksums(rom);
  return rom;
}

inline void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

}  // namespace core::test
