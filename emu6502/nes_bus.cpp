#include "emu6502/nes_bus.h"

#include <algorithm>
#include <utility>

namespace emu6502 {
namespace {

// Repeats `data` until its size is a non-zero multiple of `unit`, the way a
// smaller ROM appears mirrored in a larger address window.
void padToMultiple(std::vector<uint8_t>& data, size_t unit) {
  if (data.empty()) data.assign(unit, 0);
  const size_t original = data.size();
  while (data.size() % unit != 0) data.push_back(data[data.size() % original]);
}

// Palette entries $3F10/$3F14/$3F18/$3F1C are the same bytes as $3F00/$3F04/...
unsigned paletteIndex(uint16_t ppuAddr) {
  unsigned i = ppuAddr & 0x1F;
  if ((i & 0x13) == 0x10) i &= 0x0F;
  return i;
}

}  // namespace

NesBus::NesBus() : prgRam_(0x2000, 0), chr_(0x2000, 0) {
  for (unsigned page = 0; page < 0x20; ++page) {
    direct_.read[page] = direct_.write[page] = ram_.data() + (page & 7) * 0x100;
  }
  for (unsigned page = 0x60; page < 0x80; ++page) {
    direct_.read[page] = direct_.write[page] = prgRam_.data() + (page - 0x60) * 0x100;
  }
  exposePages();
}

NesBus::NesBus(Cartridge cart) : NesBus() {
  cart_ = std::move(cart);
  if (cart_.mirroring == Mirroring::FourScreen) extraNametables_.assign(2048, 0);
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
      direct_.read[page] = nullptr;
      continue;
    }
    const uint32_t base = mapper_->prgWindows()[(page - 0x80) >> 5];
    direct_.read[page] = cart_.prg.data() + base + ((page & 0x1F) << 8);
  }
  exposePages(0x80, 0x100);
}

// The CPU's map is the real one minus the hooked pages, which must reach read()
// and write() so the hook sees them.
void NesBus::exposePages(unsigned first, unsigned end) {
  for (unsigned page = first; page < end; ++page) {
    const bool hooked = hook_ && hooked_[page];
    pages_.read[page] = hooked ? nullptr : direct_.read[page];
    pages_.write[page] = hooked ? nullptr : direct_.write[page];
  }
}

void NesBus::setDataHook(DataHook* hook, const std::array<bool, 256>& pages) {
  hook_ = hook;
  hooked_ = pages;
  exposePages();
}

Mirroring NesBus::mirroring() const {
  return mapper_ ? mapper_->mirroring() : cart_.mirroring;
}

bool NesBus::mapPrgBank(uint16_t cpuAddr, unsigned bank) {
  if (!mapper_ || !mapper_->mapPrgBank(cpuAddr, bank)) return false;
  mapPrg();
  return true;
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

uint8_t NesBus::fetch(uint16_t addr) {
  afterDummyWrite_ = false;
  if (const uint8_t* p = direct_.read[addr >> 8]) return p[addr & 0xFF];
  return ioRead(addr);
}

uint8_t NesBus::read(uint16_t addr) {
  afterDummyWrite_ = false;
  const uint8_t* p = direct_.read[addr >> 8];
  const uint8_t v = p ? p[addr & 0xFF] : ioRead(addr);
  if (hook_ && hooked_[addr >> 8]) hook_->onData(addr, v, false);
  return v;
}

uint8_t NesBus::dummyRead(uint16_t addr) {
  afterDummyWrite_ = false;
  if (const uint8_t* p = direct_.read[addr >> 8]) return p[addr & 0xFF];
  return ioRead(addr);
}

void NesBus::cartWrite(uint16_t addr, uint8_t v, bool consecutive) {
  logIo(addr, v);
  if (!mapper_) return;
  if (clock_) clock_->catchUp();  // CHR banks and mirroring may change
  // Most mapper writes change no window (MMC1's first four shift-register writes,
  // IRQ and mirroring registers): remap only when one moved.
  const std::array<uint32_t, 4> before = mapper_->prgWindows();
  mapper_->write(addr, v, consecutive);
  if (mapper_->prgWindows() != before) mapPrg();
}

void NesBus::write(uint16_t addr, uint8_t v) {
  const bool consecutive = afterDummyWrite_;
  afterDummyWrite_ = false;
  pages_.openBus = v;
  if (uint8_t* p = direct_.write[addr >> 8]) {
    p[addr & 0xFF] = v;
  } else if (addr >= 0x8000) {
    cartWrite(addr, v, consecutive);
  } else {
    logIo(addr, v);
    ioWrite(addr, v);
  }
  if (hook_ && hooked_[addr >> 8]) hook_->onData(addr, v, true);
}

// The dummy write of a read-modify-write is always followed by the real write on
// the next cycle; remember that for MMC1. It is not reported to the data hook.
void NesBus::dummyWrite(uint16_t addr, uint8_t v) {
  DataHook* hook = hook_;
  hook_ = nullptr;
  write(addr, v);
  hook_ = hook;
  afterDummyWrite_ = true;
}

uint8_t NesBus::peek(uint16_t addr) const {
  if (const uint8_t* p = direct_.read[addr >> 8]) return p[addr & 0xFF];
  return ioPeek(addr);
}

void NesBus::poke(uint16_t addr, uint8_t v) {
  if (uint8_t* p = direct_.write[addr >> 8]) {
    p[addr & 0xFF] = v;
  } else if (addr >= 0x8000 && mapper_) {
    const uint32_t base = mapper_->prgWindows()[(addr - 0x8000) >> 13];
    cart_.prg[base + (addr & 0x1FFF)] = v;
  }
}

// ---- registers ----

// Registers, expansion space and $8000+ without a cartridge. What drives nothing
// leaves the value the bus last carried (open bus).
uint8_t NesBus::ioRead(uint16_t addr) {
  if (addr >= 0x2000 && addr < 0x4000) {
    if (clock_) clock_->catchUp();
    return ppuRegRead(addr & 7);
  }
  if (addr == 0x4016 || addr == 0x4017) {
    const unsigned port = addr & 1;
    uint8_t bit;
    if (strobe_) {
      bit = buttons_[port] >> 7;
    } else {
      bit = shift_[port] >> 7;
      shift_[port] = static_cast<uint8_t>((shift_[port] << 1) | 1);  // 1s after 8 reads
    }
    return static_cast<uint8_t>((pages_.openBus & 0xE0) | bit);
  }
  return pages_.openBus;
}

uint8_t NesBus::ioPeek(uint16_t addr) const {
  if (addr >= 0x2000 && addr < 0x4000) {
    switch (addr & 7) {
      case 2:
        return static_cast<uint8_t>((ppu_.status & 0xE0) | (ppu_.latch & 0x1F));
      case 4:
        return oam_[ppu_.oamAddr];
      case 7: {
        const uint16_t a = ppu_.v & 0x3FFF;
        if (a >= 0x3F00)
          return static_cast<uint8_t>((palette_[paletteIndex(a)] & 0x3F) | (ppu_.latch & 0xC0));
        return ppu_.readBuffer;
      }
      default:
        return ppu_.latch;
    }
  }
  if (addr == 0x4016 || addr == 0x4017) {
    const unsigned port = addr & 1;
    const uint8_t bits = strobe_ ? buttons_[port] : shift_[port];
    return static_cast<uint8_t>((pages_.openBus & 0xE0) | (bits >> 7));
  }
  return pages_.openBus;
}

void NesBus::ioWrite(uint16_t addr, uint8_t v) {
  if (addr >= 0x2000 && addr < 0x4000) {
    if (clock_) clock_->catchUp();
    ppuRegWrite(addr & 7, v);
  } else if (addr == 0x4014) {
    if (clock_) clock_->catchUp();
    oamDma(v);
  } else if (addr == 0x4016) {
    strobe_ = v & 1;
    if (strobe_) shift_ = buttons_;
  }
}

uint8_t NesBus::ppuRegRead(unsigned reg) {
  switch (reg) {
    case 2: {
      const uint8_t v = static_cast<uint8_t>((ppu_.status & 0xE0) | (ppu_.latch & 0x1F));
      ppu_.status &= 0x7F;
      ppu_.w = false;
      return ppu_.latch = v;
    }
    case 4:
      return ppu_.latch = oam_[ppu_.oamAddr];
    case 7: {
      const uint16_t a = ppu_.v & 0x3FFF;
      uint8_t v;
      if (a >= 0x3F00) {
        // Palette reads are immediate; the buffer gets the nametable byte underneath.
        v = static_cast<uint8_t>((palette_[paletteIndex(a)] & 0x3F) | (ppu_.latch & 0xC0));
        ppu_.readBuffer = ppuPeek(a & 0x2FFF);
      } else {
        v = ppu_.readBuffer;
        ppu_.readBuffer = ppuPeek(a);
      }
      ppu_.v = (ppu_.v + ((ppu_.ctrl & 0x04) ? 32 : 1)) & 0x7FFF;
      if (clock_) clock_->addressBus(ppu_.v);
      return ppu_.latch = v;
    }
    default:
      return ppu_.latch;  // write-only registers read back the PPU's data latch
  }
}

void NesBus::ppuRegWrite(unsigned reg, uint8_t v) {
  ppu_.latch = v;
  switch (reg) {
    case 0:
      if (!(ppu_.ctrl & 0x80) && (v & 0x80) && (ppu_.status & 0x80)) nmiEdge_ = true;
      ppu_.ctrl = v;
      ppu_.t = static_cast<uint16_t>((ppu_.t & 0xF3FF) | ((v & 3) << 10));
      break;
    case 1:
      ppu_.mask = v;
      break;
    case 3:
      ppu_.oamAddr = v;
      break;
    case 4:
      oam_[ppu_.oamAddr++] = v;
      break;
    case 5:
      if (!ppu_.w) {
        ppu_.t = static_cast<uint16_t>((ppu_.t & 0xFFE0) | (v >> 3));
        ppu_.fineX = v & 7;
      } else {
        ppu_.t = static_cast<uint16_t>((ppu_.t & 0x8C1F) | ((v & 7) << 12) | ((v >> 3) << 5));
      }
      ppu_.w = !ppu_.w;
      break;
    case 6:
      if (!ppu_.w) {
        ppu_.t = static_cast<uint16_t>((ppu_.t & 0x00FF) | ((v & 0x3F) << 8));
      } else {
        ppu_.t = static_cast<uint16_t>((ppu_.t & 0xFF00) | v);
        ppu_.v = ppu_.t;
        if (clock_) clock_->addressBus(ppu_.v);
      }
      ppu_.w = !ppu_.w;
      break;
    case 7:
      ppuWrite(ppu_.v & 0x3FFF, v);
      ppu_.v = (ppu_.v + ((ppu_.ctrl & 0x04) ? 32 : 1)) & 0x7FFF;
      if (clock_) clock_->addressBus(ppu_.v);
      break;
    default:
      break;
  }
}

// $4014: 256 reads from page `page` into OAM starting at OAMADDR. The CPU is
// halted meanwhile; NesSystem charges the cycles (takeDmaStall).
void NesBus::oamDma(uint8_t page) {
  for (unsigned i = 0; i < 256; ++i) {
    const uint16_t src = static_cast<uint16_t>((page << 8) | i);
    const uint8_t* p = direct_.read[page];
    oam_[(ppu_.oamAddr + i) & 0xFF] = p ? p[i] : ioPeek(src);
  }
  dmaPending_ += 513;
  ++dmaCount_;
}

void NesBus::setButtons(int port, uint8_t mask) {
  buttons_[port & 1] = mask;
  if (strobe_) shift_[port & 1] = mask;
}

// ---- PPU address space ----

uint8_t* NesBus::nametableByte(uint16_t ppuAddr) {
  return const_cast<uint8_t*>(std::as_const(*this).nametableByte(ppuAddr));
}

// Four 1 KiB nametables at $2000-$2FFF ($3000-$3EFF mirrors them) on 2 KiB of
// CIRAM: the board's mirroring decides which page each one uses.
const uint8_t* NesBus::nametableByte(uint16_t ppuAddr) const {
  const unsigned index = (ppuAddr - 0x2000u) & 0x0FFF;
  const unsigned table = index >> 10;
  unsigned page = 0;
  switch (mirroring()) {
    case Mirroring::Horizontal:
      page = table >> 1;
      break;
    case Mirroring::Vertical:
      page = table & 1;
      break;
    case Mirroring::SingleLower:
      page = 0;
      break;
    case Mirroring::SingleUpper:
      page = 1;
      break;
    case Mirroring::FourScreen:
      if (table >= 2 && extraNametables_.size() == 2048)
        return &extraNametables_[((table - 2) << 10) | (index & 0x3FF)];
      page = table & 1;
      break;
  }
  return &nametables_[(page << 10) | (index & 0x3FF)];
}

uint8_t NesBus::ppuPeek(uint16_t ppuAddr) const {
  ppuAddr &= 0x3FFF;
  if (ppuAddr < 0x2000) return chrRead(ppuAddr);
  if (ppuAddr < 0x3F00) return *nametableByte(ppuAddr);
  return palette_[paletteIndex(ppuAddr)];
}

void NesBus::ppuWrite(uint16_t ppuAddr, uint8_t v) {
  if (ppuAddr < 0x2000)
    chrWrite(ppuAddr, v);
  else if (ppuAddr < 0x3F00)
    *nametableByte(ppuAddr) = v;
  else
    palette_[paletteIndex(ppuAddr)] = v & 0x3F;  // six bits are stored
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

// ---- timing inputs (NesSystem) ----

void NesBus::resetPpu() {
  ppu_.ctrl = ppu_.mask = 0;
  ppu_.w = false;
  ppu_.readBuffer = 0;
  nmiEdge_ = false;
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

// ---- snapshots ----

NesBusState NesBus::saveState() const {
  NesBusState s;
  s.ram = ram_;
  s.prgRam = prgRam_;
  if (chrIsRam()) s.chrRam = chr_;
  if (mapper_) s.mapperRegs = mapper_->saveRegisters();
  s.openBus = pages_.openBus;
  s.nametables = nametables_;
  s.extraNametables = extraNametables_;
  s.palette = palette_;
  s.oam = oam_;
  s.ppu = ppu_;
  s.buttons = buttons_;
  s.shift = shift_;
  s.strobe = strobe_;
  s.nmiEdge = nmiEdge_;
  s.dmaPending = dmaPending_;
  s.afterDummyWrite = afterDummyWrite_;
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
  nametables_ = s.nametables;
  if (s.extraNametables.size() == extraNametables_.size()) extraNametables_ = s.extraNametables;
  palette_ = s.palette;
  oam_ = s.oam;
  ppu_ = s.ppu;
  buttons_ = s.buttons;
  shift_ = s.shift;
  strobe_ = s.strobe;
  nmiEdge_ = s.nmiEdge;
  dmaPending_ = s.dmaPending;
  afterDummyWrite_ = s.afterDummyWrite;
}

}  // namespace emu6502
