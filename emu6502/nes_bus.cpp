#include "emu6502/nes_bus.h"

#include <algorithm>

namespace emu6502 {
namespace {

// Repeats `data` until its size is a non-zero multiple of `unit`, the way a
// smaller ROM appears mirrored in a larger address window.
void padToMultiple(std::vector<uint8_t>& data, size_t unit) {
  if (data.empty()) data.assign(unit, 0);
  const size_t original = data.size();
  while (data.size() % unit != 0) data.push_back(data[data.size() % original]);
}

}  // namespace

NesBus::NesBus() : prgRam_(0x2000, 0), chr_(0x2000, 0) {
  for (unsigned page = 0; page < 0x20; ++page) {
    pages_.read[page] = pages_.write[page] = ram_.data() + (page & 7) * 0x100;
  }
  for (unsigned page = 0x60; page < 0x80; ++page) {
    pages_.read[page] = pages_.write[page] = prgRam_.data() + (page - 0x60) * 0x100;
  }
}

NesBus::NesBus(Cartridge cart) : NesBus() {
  cart_ = std::move(cart);
  if (cart_.prg.empty()) return;
  padToMultiple(cart_.prg, 0x4000);
  if (cart_.chr.empty()) {
    chr_.assign(std::max<size_t>(cart_.chrRamSize, 0x2000), 0);
    padToMultiple(chr_, 0x2000);
    cart_.chrRamSize = chr_.size();
  } else {
    padToMultiple(cart_.chr, 0x2000);
    chr_ = cart_.chr;
  }
  if (cart_.trainer.size() == 512)
    std::copy(cart_.trainer.begin(), cart_.trainer.end(), prgRam_.begin() + 0x1000);
  mapper_ = makeMapper(cart_);
  mapPrg();
}

void NesBus::mapPrg() {
  for (unsigned page = 0x80; page < 0x100; ++page) {
    if (!mapper_) {
      pages_.read[page] = nullptr;
      continue;
    }
    const uint32_t base = mapper_->prgWindows()[(page - 0x80) >> 5];
    pages_.read[page] = cart_.prg.data() + base + ((page & 0x1F) << 8);
  }
}

Mirroring NesBus::mirroring() const {
  return mapper_ ? mapper_->mirroring() : cart_.mirroring;
}

void NesBus::logIo(uint16_t addr, uint8_t v) {
  if (ioLog_.size() < kIoLogLimit)
    ioLog_.push_back({addr, v});
  else
    ++ioDropped_;
}

void NesBus::clearIoWrites() {
  ioLog_.clear();
  ioDropped_ = 0;
}

// Only reached for pages without a direct pointer: registers, expansion space and
// $8000+ without a cartridge. None of them drives the data bus, so the CPU sees the
// value the bus last carried.
uint8_t NesBus::read(uint16_t addr) {
  afterDummyWrite_ = false;
  if (const uint8_t* p = pages_.read[addr >> 8]) return pages_.openBus = p[addr & 0xFF];
  return pages_.openBus;
}

void NesBus::cartWrite(uint16_t addr, uint8_t v, bool consecutive) {
  logIo(addr, v);
  if (!mapper_) return;
  mapper_->write(addr, v, consecutive);
  mapPrg();
}

void NesBus::write(uint16_t addr, uint8_t v) {
  const bool consecutive = afterDummyWrite_;
  afterDummyWrite_ = false;
  pages_.openBus = v;
  if (uint8_t* p = pages_.write[addr >> 8]) {
    p[addr & 0xFF] = v;
    return;
  }
  if (addr >= 0x8000)
    cartWrite(addr, v, consecutive);
  else
    logIo(addr, v);
}

// The dummy write of a read-modify-write is always followed by the real write on
// the next cycle; remember that for MMC1.
void NesBus::dummyWrite(uint16_t addr, uint8_t v) {
  write(addr, v);
  afterDummyWrite_ = true;
}

uint8_t NesBus::peek(uint16_t addr) const {
  if (const uint8_t* p = pages_.read[addr >> 8]) return p[addr & 0xFF];
  return pages_.openBus;
}

void NesBus::poke(uint16_t addr, uint8_t v) {
  if (uint8_t* p = pages_.write[addr >> 8]) {
    p[addr & 0xFF] = v;
  } else if (addr >= 0x8000 && mapper_) {
    const uint32_t base = mapper_->prgWindows()[(addr - 0x8000) >> 13];
    cart_.prg[base + (addr & 0x1FFF)] = v;
  }
}

uint8_t NesBus::chrRead(uint16_t ppuAddr) const {
  ppuAddr &= 0x1FFF;
  if (!mapper_) return chr_[ppuAddr];
  return chr_[(mapper_->chrWindows()[ppuAddr >> 10] + (ppuAddr & 0x3FF)) % chr_.size()];
}

void NesBus::chrWrite(uint16_t ppuAddr, uint8_t v) {
  if (!chrIsRam()) return;
  ppuAddr &= 0x1FFF;
  if (!mapper_) {
    chr_[ppuAddr] = v;
    return;
  }
  chr_[(mapper_->chrWindows()[ppuAddr >> 10] + (ppuAddr & 0x3FF)) % chr_.size()] = v;
}

NesBusState NesBus::saveState() const {
  NesBusState s;
  s.ram = ram_;
  s.prgRam = prgRam_;
  if (chrIsRam()) s.chrRam = chr_;
  if (mapper_) s.mapperRegs = mapper_->saveRegisters();
  s.openBus = pages_.openBus;
  return s;
}

void NesBus::loadState(const NesBusState& s) {
  ram_ = s.ram;
  if (s.prgRam.size() == prgRam_.size())
    std::copy(s.prgRam.begin(), s.prgRam.end(), prgRam_.begin());
  if (chrIsRam() && s.chrRam.size() == chr_.size()) chr_ = s.chrRam;
  if (mapper_) {
    mapper_->loadRegisters(s.mapperRegs);
    mapPrg();
  }
  pages_.openBus = s.openBus;
  afterDummyWrite_ = false;
}

}  // namespace emu6502

namespace emu6502 {

uint8_t NesBus::fetch(uint16_t addr) {
  return read(addr);
}

void NesBus::setDataHook(DataHook* hook, const std::array<bool, 256>& pages) {
  hook_ = hook;
  hooked_ = pages;
}

uint8_t NesBus::ppuPeek(uint16_t) const {
  return 0;
}

void NesBus::setButtons(int port, uint8_t mask) {
  buttons_[port & 1] = mask;
}

bool NesBus::startVblank() {
  ppu_.status |= 0x80;
  return ppu_.ctrl & 0x80;
}

void NesBus::startPreRender() {
  ppu_.status &= 0x1F;
}

void NesBus::spriteZeroHit() {
  if (renderingOn()) ppu_.status |= 0x40;
}

bool NesBus::takeNmiEdge() {
  const bool e = nmiEdge_;
  nmiEdge_ = false;
  return e;
}

uint32_t NesBus::takeDmaStall() {
  const uint32_t c = dmaPending_;
  dmaPending_ = 0;
  return c;
}

}  // namespace emu6502
