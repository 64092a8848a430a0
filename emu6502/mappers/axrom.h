// AxROM (7): 32 KiB switchable PRG, CHR RAM, one-screen mirroring chosen by bit 4.
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

class Axrom : public LatchBoard<Axrom> {
 public:
  static constexpr unsigned kNumber = 7;
  static constexpr const char* kName = "AxROM";
  static constexpr uint32_t kPrgBankSize = 0x8000;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    if (prg % 32768 != 0)
      return BoardSizeFault::prg("AxROM PRG ROM must be a multiple of 32 KiB, the header says " +
                                 romSizeText(prg));
    if (chr > 8192)
      return BoardSizeFault::chr("AxROM has at most 8 KiB of CHR, the header says " +
                                 romSizeText(chr));
    return {};
  }

  using LatchBoard::LatchBoard;

 protected:
  void selectPrg(uint16_t, unsigned bank) override {
    latch(static_cast<uint8_t>((latch_ & 0x10) | (bank & 0x0F)));
  }

 private:
  friend LatchBoard;
  void apply() {
    setPrg32(latch_ & 0x0F);
    setChr8(0);
    mirroring_ = (latch_ & 0x10) ? Mirroring::SingleUpper : Mirroring::SingleLower;
  }
};

}  // namespace emu6502
