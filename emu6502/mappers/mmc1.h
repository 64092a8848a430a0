// MMC1 (1): registers are loaded one bit at a time through a 5-bit shift register;
// a write with bit 7 set resets it and selects PRG mode 3. The chip ignores a write
// on the cycle right after another, so a read-modify-write only lands its first
// (dummy) write. 16 KiB PRG banks (up to 256 KiB), 4 or 8 KiB CHR banks.
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

class Mmc1 : public BoardMapper<Mmc1> {
 public:
  static constexpr unsigned kNumber = 1;
  static constexpr const char* kName = "MMC1";
  static constexpr uint32_t kPrgBankSize = 0x4000;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    if (prg % 16384 != 0 || prg > 262144)
      return BoardSizeFault::prg(
          "MMC1 PRG ROM must be a multiple of 16 KiB up to 256 KiB (512 KiB SUROM is not "
          "supported), the header says " +
          romSizeText(prg));
    if (chr % 4096 != 0 || chr > 131072)
      return BoardSizeFault::chr(
          "MMC1 CHR ROM must be a multiple of 4 KiB up to 128 KiB, the header says " +
          romSizeText(chr));
    return {};
  }

  using BoardMapper::BoardMapper;
  void init() {
    shift_ = 0x10;
    control_ = 0x0C;
    chr0_ = chr1_ = prg_ = 0;
    apply();
  }
  void write(uint16_t addr, uint8_t value, bool consecutive) override {
    if (consecutive) return;
    if (value & 0x80) {
      shift_ = 0x10;
      control_ |= 0x0C;
      apply();
      return;
    }
    const bool full = shift_ & 1;
    shift_ = static_cast<uint8_t>((shift_ >> 1) | ((value & 1) << 4));
    if (!full) return;
    switch ((addr >> 13) & 3) {
      case 0:
        control_ = shift_;
        break;
      case 1:
        chr0_ = shift_;
        break;
      case 2:
        chr1_ = shift_;
        break;
      case 3:
        prg_ = shift_;
        break;
    }
    shift_ = 0x10;
    apply();
  }
  std::vector<uint8_t> saveRegisters() const override {
    return {shift_, control_, chr0_, chr1_, prg_};
  }
  void loadRegisters(const std::vector<uint8_t>& r) override {
    if (r.size() == 5) {
      shift_ = r[0];
      control_ = r[1];
      chr0_ = r[2];
      chr1_ = r[3];
      prg_ = r[4];
    }
    apply();
  }

 protected:
  // Only the bank register: the PRG mode (which window is fixed) stays the game's.
  void selectPrg(uint16_t, unsigned bank) override {
    const unsigned mode = (control_ >> 2) & 3;
    const unsigned low = mode < 2 ? (bank & 0x0E) : (bank & 0x0F);
    prg_ = static_cast<uint8_t>((prg_ & 0x10) | low);
    apply();
  }

 private:
  void apply() {
    if (!fourScreen_) {
      static constexpr Mirroring kModes[4] = {Mirroring::SingleLower, Mirroring::SingleUpper,
                                              Mirroring::Vertical, Mirroring::Horizontal};
      mirroring_ = kModes[control_ & 3];
    }
    const unsigned bank = prg_ & 0x0F;
    switch ((control_ >> 2) & 3) {
      case 0:
      case 1:
        setPrg32(bank >> 1);
        break;
      case 2:  // first bank fixed at $8000
        setPrg16(0, 0);
        setPrg16(1, bank);
        break;
      case 3:  // last bank fixed at $C000
        setPrg16(0, bank);
        setPrg16(1, static_cast<unsigned>(prgSize_ / 0x4000 - 1));
        break;
    }
    if (control_ & 0x10) {
      setChr4(0, chr0_);
      setChr4(1, chr1_);
    } else {
      setChr8(chr0_ >> 1);
    }
  }
  uint8_t shift_ = 0x10, control_ = 0x0C, chr0_ = 0, chr1_ = 0, prg_ = 0;
};

}  // namespace emu6502
