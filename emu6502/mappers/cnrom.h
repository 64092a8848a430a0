// CNROM (3): fixed 16 or 32 KiB PRG, 8 KiB switchable CHR.
#pragma once

#include "emu6502/mappers/nrom.h"

namespace emu6502 {

class Cnrom : public BoardMapper<Cnrom> {
 public:
  static constexpr unsigned kNumber = 3;
  static constexpr const char* kName = "CNROM";
  static constexpr uint32_t kPrgBankSize = 0;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    return fixedPrgSizes(kName, prg, chr);
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

 private:
  void apply() {
    setPrg32(0);
    setChr8(bank_);
  }
  uint8_t bank_ = 0;
};

}  // namespace emu6502
