// Cartridge mappers: NROM (0), MMC1 (1), UxROM (2), CNROM (3), MMC3 (4), AxROM (7).
//
// A mapper only decides which part of PRG ROM each 8 KiB CPU window at
// $8000/$A000/$C000/$E000 shows, which part of CHR each 1 KiB PPU window shows, and
// the nametable mirroring. NesBus owns the data and asks the mapper after every
// register write. Scanline IRQs (MMC3) are not modelled: their registers are
// stored and otherwise ignored.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "emu6502/ines.h"

namespace emu6502 {

class Mapper {
 public:
  Mapper(size_t prgSize, size_t chrSize, Mirroring mirroring);
  virtual ~Mapper() = default;

  virtual unsigned number() const = 0;
  // A CPU write to $8000-$FFFF. `consecutive`: this write follows another write on
  // the very previous cycle (the second write of a read-modify-write).
  virtual void write(uint16_t addr, uint8_t value, bool consecutive) = 0;
  // Register state as bytes, for snapshots (see NesBus::saveState).
  virtual std::vector<uint8_t> saveRegisters() const = 0;
  virtual void loadRegisters(const std::vector<uint8_t>& regs) = 0;

  // Byte offsets into PRG ROM of the four 8 KiB CPU windows $8000..$FFFF.
  const std::array<uint32_t, 4>& prgWindows() const { return prg_; }
  // Byte offsets into CHR ROM/RAM of the eight 1 KiB PPU windows $0000..$1FFF.
  const std::array<uint32_t, 8>& chrWindows() const { return chr_; }
  Mirroring mirroring() const { return mirroring_; }

  // The switchable PRG window, the unit ld65's bank numbers count in (32 KiB for
  // boards with no switchable window, or the whole ROM when it is smaller).
  virtual uint32_t prgBankSize() const { return 0x8000; }
  // Sets the registers so PRG bank `bank` (in prgBankSize() units) shows at
  // `cpuAddr`; true when it does afterwards. False leaves the registers as they were.
  bool mapPrgBank(uint16_t cpuAddr, unsigned bank);

 protected:
  // Writes the bank register that serves `cpuAddr`'s window (no check).
  virtual void selectPrg(uint16_t /*cpuAddr*/, unsigned /*bank*/) {}

  // Bank numbers wrap around the data size, as the unconnected high address
  // lines do on a real board.
  void setPrg8(unsigned window, unsigned bank);
  void setPrg16(unsigned window, unsigned bank);  // window 0 = $8000, 1 = $C000
  void setPrg32(unsigned bank);
  void setChr1(unsigned window, unsigned bank);
  void setChr4(unsigned window, unsigned bank);  // window 0 = $0000, 1 = $1000
  void setChr8(unsigned bank);
  unsigned prgBanks8() const { return static_cast<unsigned>(prgSize_ / 0x2000); }

  size_t prgSize_, chrSize_;
  Mirroring mirroring_;
  const bool fourScreen_;

 private:
  std::array<uint32_t, 4> prg_{};
  std::array<uint32_t, 8> chr_{};
};

// The mapper for a validated cartridge (see parseInes); null for an unsupported one.
std::unique_ptr<Mapper> makeMapper(const Cartridge& cart);

}  // namespace emu6502
