#include "emu6502/mapper.h"

#include <algorithm>

namespace emu6502 {

Mapper::Mapper(size_t prgSize, size_t chrSize, Mirroring mirroring)
    : prgSize_(prgSize),
      chrSize_(chrSize),
      mirroring_(mirroring),
      fourScreen_(mirroring == Mirroring::FourScreen) {}

void Mapper::setPrg8(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, prgSize_ / 0x2000);
  prg_[window] = static_cast<uint32_t>((bank % banks) * 0x2000);
}

void Mapper::setPrg16(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, prgSize_ / 0x4000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x4000);
  prg_[window * 2] = base;
  prg_[window * 2 + 1] = base + 0x2000;
}

void Mapper::setPrg32(unsigned bank) {
  if (prgSize_ < 0x8000) {  // 16 KiB boards mirror it at $C000
    setPrg16(0, 0);
    setPrg16(1, 0);
    return;
  }
  const size_t banks = std::max<size_t>(1, prgSize_ / 0x8000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x8000);
  for (unsigned i = 0; i < 4; ++i) prg_[i] = base + i * 0x2000;
}

void Mapper::setChr1(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, chrSize_ / 0x400);
  chr_[window] = static_cast<uint32_t>((bank % banks) * 0x400);
}

void Mapper::setChr4(unsigned window, unsigned bank) {
  const size_t banks = std::max<size_t>(1, chrSize_ / 0x1000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x1000);
  for (unsigned i = 0; i < 4; ++i) chr_[window * 4 + i] = base + i * 0x400;
}

void Mapper::setChr8(unsigned bank) {
  const size_t banks = std::max<size_t>(1, chrSize_ / 0x2000);
  const uint32_t base = static_cast<uint32_t>((bank % banks) * 0x2000);
  for (unsigned i = 0; i < 8; ++i) chr_[i] = base + i * 0x400;
}

bool Mapper::mapPrgBank(uint16_t cpuAddr, unsigned bank) {
  if (cpuAddr < 0x8000) return false;
  const uint64_t unit = std::min<uint64_t>(prgBankSize(), prgSize_);
  if (unit == 0 || (uint64_t{bank} + 1) * unit > prgSize_) return false;
  const unsigned window = (cpuAddr - 0x8000u) >> 13;
  const uint64_t want = bank * unit + (((cpuAddr - 0x8000u) % unit) & ~uint64_t{0x1FFF});
  if (prg_[window] == want) return true;
  const std::vector<uint8_t> saved = saveRegisters();
  selectPrg(cpuAddr, bank);
  if (prg_[window] == want) return true;
  loadRegisters(saved);
  return false;
}

namespace {

// NROM (0): fixed 16 or 32 KiB PRG, 8 KiB CHR.
class Nrom : public Mapper {
 public:
  using Mapper::Mapper;
  void init() {
    setPrg32(0);
    setChr8(0);
  }
  unsigned number() const override { return 0; }
  void write(uint16_t, uint8_t, bool) override {}
  std::vector<uint8_t> saveRegisters() const override { return {}; }
  void loadRegisters(const std::vector<uint8_t>&) override {}
};

// UxROM (2): 16 KiB switchable at $8000, the last bank fixed at $C000.
class Uxrom : public Mapper {
 public:
  using Mapper::Mapper;
  void init() {
    bank_ = 0;
    apply();
  }
  unsigned number() const override { return 2; }
  uint32_t prgBankSize() const override { return 0x4000; }
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

// CNROM (3): fixed PRG, 8 KiB switchable CHR.
class Cnrom : public Mapper {
 public:
  using Mapper::Mapper;
  void init() {
    bank_ = 0;
    apply();
  }
  unsigned number() const override { return 3; }
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

// MMC1 (1): registers are loaded one bit at a time through a 5-bit shift register;
// a write with bit 7 set resets it and selects PRG mode 3. The chip ignores a write
// on the cycle right after another, so a read-modify-write only lands its first
// (dummy) write.
class Mmc1 : public Mapper {
 public:
  using Mapper::Mapper;
  void init() {
    shift_ = 0x10;
    control_ = 0x0C;
    chr0_ = chr1_ = prg_ = 0;
    apply();
  }
  unsigned number() const override { return 1; }
  uint32_t prgBankSize() const override { return 0x4000; }
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

// MMC3 (4): eight bank registers written through $8000 (select) / $8001 (data);
// PRG mode swaps $8000 and $C000, CHR A12 inversion swaps the pattern tables.
class Mmc3 : public Mapper {
 public:
  using Mapper::Mapper;
  void init() {
    regs_ = {0, 2, 4, 5, 6, 7, 0, 1};
    select_ = 0;
    mirrorReg_ = 0;
    apply();
  }
  unsigned number() const override { return 4; }
  uint32_t prgBankSize() const override { return 0x2000; }
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
        break;
    }
    apply();
  }
  std::vector<uint8_t> saveRegisters() const override {
    std::vector<uint8_t> r(regs_.begin(), regs_.end());
    r.insert(r.end(), {select_, mirrorReg_, prgRamProtect_, irqLatch_, uint8_t(irqReload_),
                       uint8_t(irqEnabled_)});
    return r;
  }
  void loadRegisters(const std::vector<uint8_t>& r) override {
    if (r.size() == 14) {
      for (int i = 0; i < 8; ++i) regs_[i] = r[i];
      select_ = r[8];
      mirrorReg_ = r[9];
      prgRamProtect_ = r[10];
      irqLatch_ = r[11];
      irqReload_ = r[12];
      irqEnabled_ = r[13];
    }
    apply();
  }

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
  uint8_t select_ = 0, mirrorReg_ = 0, prgRamProtect_ = 0, irqLatch_ = 0;
  bool irqReload_ = false, irqEnabled_ = false;
};

// AxROM (7): 32 KiB switchable PRG, CHR RAM, one-screen mirroring chosen by bit 4.
class Axrom : public Mapper {
 public:
  using Mapper::Mapper;
  void init() {
    reg_ = 0;
    apply();
  }
  unsigned number() const override { return 7; }
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

template <class M>
std::unique_ptr<Mapper> make(const Cartridge& cart) {
  const size_t chrSize = cart.chr.empty() ? cart.chrRamSize : cart.chr.size();
  auto m = std::make_unique<M>(cart.prg.size(), chrSize, cart.mirroring);
  m->init();
  return m;
}

}  // namespace

std::unique_ptr<Mapper> makeMapper(const Cartridge& cart) {
  if (cart.prg.size() < 0x2000) return nullptr;
  switch (cart.mapper) {
    case 0:
      return make<Nrom>(cart);
    case 1:
      return make<Mmc1>(cart);
    case 2:
      return make<Uxrom>(cart);
    case 3:
      return make<Cnrom>(cart);
    case 4:
      return make<Mmc3>(cart);
    case 7:
      return make<Axrom>(cart);
  }
  return nullptr;
}

}  // namespace emu6502
