#include "emu6502/mapper.h"

#include <algorithm>

namespace emu6502 {

Mapper::Mapper(size_t prgSize, size_t chrSize, Mirroring mirroring)
    : prgSize_(prgSize),
      chrSize_(chrSize),
      mirroring_(mirroring),
      fourScreen_(mirroring == Mirroring::FourScreen) {}

void Mapper::setPrg8(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, prgSize_ / 0x2000);
  prg_[window] = static_cast<uint32_t>((bank % banks) * 0x2000);
}

void Mapper::setPrg16(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, prgSize_ / 0x4000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x4000);
  prg_[window * 2] = base;
  prg_[window * 2 + 1] = base + 0x2000;
}

void Mapper::setPrg32(unsigned bank) {
  if (prgSize_ < 0x8000) {  // 16 KiB boards mirror it at $C000
    setPrg16(0, 0);
    setPrg16(1, 0);
    return;
  }
  const size_t banks = std::max<size_t>(1, prgSize_ / 0x8000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x8000);
  for (unsigned i = 0; i < 4; ++i) prg_[i] = base + i * 0x2000;
}

void Mapper::setChr1(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, chrSize_ / 0x400);
  chr_[window] = static_cast<uint32_t>((bank % banks) * 0x400);
}

void Mapper::setChr4(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, chrSize_ / 0x1000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x1000);
  for (unsigned i = 0; i < 4; ++i) chr_[window * 4 + i] = base + i * 0x400;
}

void Mapper::setChr8(unsigned bank) {
  const size_t banks = std::max<size_t>(1, chrSize_ / 0x2000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x2000);
  for (unsigned i = 0; i < 8; ++i) chr_[i] = base + i * 0x400;
}

bool Mapper::mapPrgBank(uint16_t cpuAddr, unsigned bank) {
  if (cpuAddr < 0x8000) return false;
  const uint64_t unit = std::min<uint64_t>(prgBankSize(), prgSize_);
  if (unit == 0 || (uint64_t{bank} + 1) * unit > prgSize_) return false;
  const unsigned window = (cpuAddr - 0x8000u) >> 13;
  const uint64_t want = bank * unit + (((cpuAddr - 0x8000u) % unit) & ~uint64_t{0x1FFF});
  if (prg_[window] == want) return true;
  const std::vector<uint8_t> saved = saveRegisters();
  selectPrg(cpuAddr, bank);
  if (prg_[window] == want) return true;
  loadRegisters(saved);
  return false;
}

}  // namespace emu6502
