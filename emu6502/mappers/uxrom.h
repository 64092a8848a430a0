// UxROM (2): 16 KiB switchable at $8000, the last bank fixed at $C000, CHR RAM.
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

class Uxrom : public LatchBoard<Uxrom> {
 public:
  static constexpr unsigned kNumber = 2;
  static constexpr const char* kName = "UxROM";
  static constexpr uint32_t kPrgBankSize = 0x4000;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    if (prg % 16384 != 0)
      return BoardSizeFault::prg("UxROM PRG ROM must be a multiple of 16 KiB, the header says " +
                                 romSizeText(prg));
    if (chr > 8192)
      return BoardSizeFault::chr("UxROM has at most 8 KiB of CHR, the header says " +
                                 romSizeText(chr));
    return {};
  }

  using LatchBoard::LatchBoard;

 protected:
  void selectPrg(uint16_t, unsigned bank) override { latch(static_cast<uint8_t>(bank)); }

 private:
  friend LatchBoard;
  void apply() {
    setPrg16(0, latch_);
    setPrg16(1, static_cast<unsigned>(prgSize_ / 0x4000 - 1));
    setChr8(0);
  }
};

}  // namespace emu6502
