// AxROM (7): 32 KiB switchable PRG, CHR RAM, one-screen mirroring chosen by bit 4.
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

class Axrom : public BoardMapper<Axrom> {
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

  using BoardMapper::BoardMapper;
  void init() {
    reg_ = 0;
    apply();
  }
  void write(uint16_t, uint8_t value, bool) override {
    reg_ = value;
    apply();
  }
  std::vector<uint8_t> saveRegisters() const override { return {reg_}; }
  void loadRegisters(const std::vector<uint8_t>& r) override {
    if (r.size() == 1) reg_ = r[0];
    apply();
  }

 protected:
  void selectPrg(uint16_t, unsigned bank) override {
    reg_ = static_cast<uint8_t>((reg_ & 0x10) | (bank & 0x0F));
    apply();
  }

 private:
  void apply() {
    setPrg32(reg_ & 0x0F);
    setChr8(0);
    mirroring_ = (reg_ & 0x10) ? Mirroring::SingleUpper : Mirroring::SingleLower;
  }
  uint8_t reg_ = 0;
};

}  // namespace emu6502
