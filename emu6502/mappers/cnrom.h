// CNROM (3): fixed 16 or 32 KiB PRG, 8 KiB switchable CHR.
#pragma once

#include "emu6502/mappers/nrom.h"

namespace emu6502 {

class Cnrom : public LatchBoard<Cnrom> {
 public:
  static constexpr unsigned kNumber = 3;
  static constexpr const char* kName = "CNROM";
  static constexpr uint32_t kPrgBankSize = 0;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    return fixedPrgSizes(kName, prg, chr);
  }

  using LatchBoard::LatchBoard;

 private:
  friend LatchBoard;
  void apply() {
    setPrg32(0);
    setChr8(latch_);
  }
};

}  // namespace emu6502
