// UxROM (2): 16 KiB switchable at $8000, the last bank fixed at $C000, CHR RAM.
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

class Uxrom : public BoardMapper<Uxrom> {
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

  using BoardMapper::BoardMapper;
  void init() {
    bank_ = 0;
    apply();
  }
  void write(uint16_t, uint8_t value, bool) override {
    bank_ = value;
    apply();
  }
  std::vector<uint8_t> saveRegisters() const override { return {bank_}; }
  void loadRegisters(const std::vector<uint8_t>& r) override {
    if (r.size() == 1) bank_ = r[0];
    apply();
  }

 protected:
  void selectPrg(uint16_t, unsigned bank) override {
    bank_ = static_cast<uint8_t>(bank);
    apply();
  }

 private:
  void apply() {
    setPrg16(0, bank_);
    setPrg16(1, static_cast<unsigned>(prgSize_ / 0x4000 - 1));
    setChr8(0);
  }
  uint8_t bank_ = 0;
};

}  // namespace emu6502
