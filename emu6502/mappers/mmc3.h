// MMC3 (4): eight bank registers written through $8000 (select) / $8001 (data);
// PRG mode swaps $8000 and $C000, CHR A12 inversion swaps the pattern tables.
// 8 KiB PRG banks, 1 KiB CHR banks. The scanline counter counts the A12 rises the
// PPU renderer reports (clockScanline): at 0 or after a $C001 write it reloads from
// the $C000 latch, else it counts down, and reaching 0 with IRQs on ($E001)
// asserts the IRQ line until $E000 (the "new"/Sharp MMC3 behaviour).
#pragma once

#include "emu6502/mapper.h"

namespace emu6502 {

class Mmc3 : public BoardMapper<Mmc3> {
 public:
  static constexpr unsigned kNumber = 4;
  static constexpr const char* kName = "MMC3";
  static constexpr uint32_t kPrgBankSize = 0x2000;
  static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr) {
    if (prg % 8192 != 0 || prg < 16384)
      return BoardSizeFault::prg(
          "MMC3 PRG ROM must be a multiple of 8 KiB and at least 16 KiB, the header says " +
          romSizeText(prg));
    if (chr % 1024 != 0)
      return BoardSizeFault::chr("MMC3 CHR ROM must be a multiple of 1 KiB, the header says " +
                                 romSizeText(chr));
    return {};
  }

  using BoardMapper::BoardMapper;
  void init() {
    regs_ = {0, 2, 4, 5, 6, 7, 0, 1};
    select_ = 0;
    mirrorReg_ = 0;
    apply();
  }
  void write(uint16_t addr, uint8_t value, bool) override {
    const bool odd = addr & 1;
    switch (addr & 0xE000) {
      case 0x8000:
        if (odd)
          regs_[select_ & 7] = value;
        else
          select_ = value;
        break;
      case 0xA000:
        if (odd)
          prgRamProtect_ = value;
        else
          mirrorReg_ = value;
        break;
      case 0xC000:
        if (odd)
          irqReload_ = true;
        else
          irqLatch_ = value;
        break;
      case 0xE000:
        irqEnabled_ = odd;
        if (!odd) irqLine_ = false;  // $E000 also acknowledges
        break;
    }
    apply();
  }
  std::vector<uint8_t> saveRegisters() const override {
    std::vector<uint8_t> r(regs_.begin(), regs_.end());
    r.insert(r.end(), {select_, mirrorReg_, prgRamProtect_, irqLatch_, uint8_t(irqReload_),
                       uint8_t(irqEnabled_), irqCounter_, uint8_t(irqLine_)});
    return r;
  }
  // 14 bytes (before the counter was modelled) or 16.
  void loadRegisters(const std::vector<uint8_t>& r) override {
    if (r.size() == 14 || r.size() == 16) {
      for (int i = 0; i < 8; ++i) regs_[i] = r[i];
      select_ = r[8];
      mirrorReg_ = r[9];
      prgRamProtect_ = r[10];
      irqLatch_ = r[11];
      irqReload_ = r[12];
      irqEnabled_ = r[13];
      irqCounter_ = r.size() == 16 ? r[14] : 0;
      irqLine_ = r.size() == 16 && r[15];
    }
    apply();
  }
  bool countsScanlines() const override { return true; }
  void clockScanline() override {
    if (irqCounter_ == 0 || irqReload_) {
      irqCounter_ = irqLatch_;
      irqReload_ = false;
    } else {
      --irqCounter_;
    }
    if (irqCounter_ == 0 && irqEnabled_) irqLine_ = true;
  }
  bool irqLine() const override { return irqLine_; }

 protected:
  void selectPrg(uint16_t cpuAddr, unsigned bank) override {
    const unsigned window = (cpuAddr >> 13) & 3;
    const unsigned r6Window = (select_ & 0x40) ? 2 : 0;
    if (window == 1)
      regs_[7] = static_cast<uint8_t>(bank);
    else if (window == r6Window)
      regs_[6] = static_cast<uint8_t>(bank);
    apply();
  }

 private:
  void apply() {
    if (!fourScreen_) mirroring_ = (mirrorReg_ & 1) ? Mirroring::Horizontal : Mirroring::Vertical;
    const unsigned last = prgBanks8() - 1;
    const bool prgSwap = select_ & 0x40;
    setPrg8(prgSwap ? 2 : 0, regs_[6]);
    setPrg8(1, regs_[7]);
    setPrg8(prgSwap ? 0 : 2, last - 1);
    setPrg8(3, last);
    const unsigned inv = (select_ & 0x80) ? 4 : 0;  // swaps the 2 KiB and 1 KiB halves
    setChr1(inv + 0, regs_[0] & 0xFE);
    setChr1(inv + 1, regs_[0] | 1);
    setChr1(inv + 2, regs_[1] & 0xFE);
    setChr1(inv + 3, regs_[1] | 1);
    for (unsigned i = 0; i < 4; ++i) setChr1((inv ^ 4) + i, regs_[2 + i]);
  }
  std::array<uint8_t, 8> regs_{};
  uint8_t select_ = 0, mirrorReg_ = 0, prgRamProtect_ = 0, irqLatch_ = 0, irqCounter_ = 0;
  bool irqReload_ = false, irqEnabled_ = false, irqLine_ = false;
};

}  // namespace emu6502
