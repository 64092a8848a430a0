// NROM (0): fixed 16 or 32 KiB PRG (16 KiB mirrored at $C000), at most 8 KiB CHR.
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

// The sizes of a board without PRG banking (NROM, CNROM): 16 or 32 KiB of PRG and
// whole 8 KiB CHR banks.
inline BoardSizeFault fixedPrgSizes(const char* name, uint64_t prg, uint64_t chr) {
  if (prg != 16384 && prg != 32768)
    return BoardSizeFault::prg(
        std::string(name) + " needs 16 or 32 KiB of PRG ROM, the header says " + romSizeText(prg));
  if (chr % 8192 != 0)
    return BoardSizeFault::chr(std::string(name) +
                               " CHR ROM must be a multiple of 8 KiB, the header says " +
                               romSizeText(chr));
  return {};
}

class Nrom : public BoardMapper<Nrom> {
 public:
  static constexpr unsigned kNumber = 0;
  static constexpr const char* kName = "NROM";
  static constexpr uint32_t kPrgBankSize = 0;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    if (BoardSizeFault f = fixedPrgSizes(kName, prg, chr); !f.message.empty()) return f;
    if (chr > 8192)
      return BoardSizeFault::chr("NROM has at most 8 KiB of CHR ROM, the header says " +
                                 romSizeText(chr));
    return {};
  }

  using BoardMapper::BoardMapper;
  void init() {
    setPrg32(0);
    setChr8(0);
  }
  void write(uint16_t, uint8_t, bool) override {}
  std::vector<uint8_t> saveRegisters() const override { return {}; }
  void loadRegisters(const std::vector<uint8_t>&) override {}
};

}  // namespace emu6502
