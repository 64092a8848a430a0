#include "emusm83/gb_bus.h"

#include <algorithm>

namespace emusm83 {
namespace {

constexpr uint32_t kLineCycles = 114;
constexpr uint32_t kFrameCycles = kLineCycles * 154;
constexpr uint32_t kVBlankStart = kLineCycles * 144;
// A runaway program cannot fill memory through the serial port.
constexpr size_t kMaxSerialBytes = size_t{4} << 20;

}  // namespace

GbBus::GbBus() {
  remap();
}

GbBus::GbBus(Cartridge cart) : cart_(std::move(cart)) {
  remap();
}

void GbBus::remap() {
  for (unsigned page = 0; page < 0x80; ++page) {
    pages_.write[page] = nullptr;
    if (!cart_) {
      pages_.read[page] = nullptr;
      continue;
    }
    const size_t base = page < 0x40 ? cart_->romOffset0() : cart_->romOffset1();
    pages_.read[page] = cart_->rom().data() + base + (page & 0x3F) * 0x100;
  }
  for (unsigned page = 0x80; page < 0xA0; ++page)
    pages_.read[page] = pages_.write[page] = vram_.data() + (page - 0x80) * 0x100;
  for (unsigned page = 0xA0; page < 0xC0; ++page) {
    uint8_t* p = nullptr;
    if (cart_ && cart_->ramOffset() >= 0)
      p = cart_->ram().data() + cart_->ramOffset() + (page - 0xA0) * 0x100;
    pages_.read[page] = pages_.write[page] = p;
  }
  for (unsigned page = 0xC0; page < 0xFE; ++page)
    pages_.read[page] = pages_.write[page] = wram_.data() + ((page - 0xC0) & 0x1F) * 0x100;
  pages_.read[0xFE] = pages_.write[0xFE] = nullptr;
  pages_.read[0xFF] = pages_.write[0xFF] = nullptr;
  pages_.highRam = hram_.data();
}

void GbBus::setPostBootState() {
  io_.fill(0xFF);
  static constexpr std::pair<uint8_t, uint8_t> kRegs[] = {
      {0x00, 0xCF}, {0x01, 0x00}, {0x02, 0x7E}, {0x10, 0x80}, {0x11, 0xBF}, {0x12, 0xF3},
      {0x13, 0xFF}, {0x14, 0xBF}, {0x16, 0x3F}, {0x17, 0x00}, {0x18, 0xFF}, {0x19, 0xBF},
      {0x1A, 0x7F}, {0x1B, 0xFF}, {0x1C, 0x9F}, {0x1D, 0xFF}, {0x1E, 0xBF}, {0x20, 0xFF},
      {0x21, 0x00}, {0x22, 0x00}, {0x23, 0xBF}, {0x24, 0x77}, {0x25, 0xF3}, {0x26, 0xF1},
      {0x40, 0x91}, {0x41, 0x85}, {0x42, 0x00}, {0x43, 0x00}, {0x45, 0x00}, {0x46, 0xFF},
      {0x47, 0xFC}, {0x4A, 0x00}, {0x4B, 0x00},
  };
  for (const auto& [reg, v] : kRegs) io_[reg] = v;
  timer_ = GbTimer{};
  timer_.setCounter(0xABCC);
  timer_.writeTac(0xF8);
  if_ = 0x01;
  ie_ = 0x00;
  lcdClock_ = 0;
}

uint8_t GbBus::ly() const {
  return lcdOn() ? static_cast<uint8_t>(lcdClock_ / kLineCycles) : 0;
}

void GbBus::tick(unsigned mcycles) {
  clock_ += mcycles;
  if (timer_.tick(mcycles)) if_ |= kIntTimer;
  if (lcdOn()) {
    const uint64_t before = lcdClock_, after = before + mcycles;
    const uint64_t shift = kFrameCycles - kVBlankStart;
    if ((after + shift) / kFrameCycles != (before + shift) / kFrameCycles) if_ |= kIntVBlank;
    lcdClock_ = static_cast<uint32_t>(after % kFrameCycles);
  }
}

uint64_t GbBus::cyclesUntilEvent() const {
  uint64_t next = timer_.cyclesUntilOverflow();
  if (lcdOn()) {
    const uint32_t toVBlank = lcdClock_ < kVBlankStart ? kVBlankStart - lcdClock_
                                                       : kFrameCycles - lcdClock_ + kVBlankStart;
    next = std::min<uint64_t>(next, toVBlank);
  }
  return next;
}

uint8_t GbBus::readIo(uint16_t addr) const {
  const uint8_t reg = addr & 0x7F;
  switch (reg) {
    case 0x00:
      return static_cast<uint8_t>(0xC0 | (io_[0x00] & 0x30) | 0x0F);  // no buttons
    case 0x02:
      return static_cast<uint8_t>(io_[0x02] | 0x7E);
    case 0x04:
      return timer_.div();
    case 0x05:
      return timer_.tima();
    case 0x06:
      return timer_.tma();
    case 0x07:
      return timer_.tac();
    case 0x0F:
      return static_cast<uint8_t>(if_ | 0xE0);
    case 0x41: {
      if (!lcdOn()) return static_cast<uint8_t>(0x80 | (io_[0x41] & 0x78));
      const uint8_t line = ly();
      const uint32_t dot = lcdClock_ % kLineCycles;
      const uint8_t mode = line >= 144 ? 1 : dot < 20 ? 2 : dot < 63 ? 3 : 0;
      return static_cast<uint8_t>(0x80 | (io_[0x41] & 0x78) | (line == io_[0x45] ? 4 : 0) | mode);
    }
    case 0x44:
      return ly();
    default:
      return io_[reg];
  }
}

void GbBus::writeIo(uint16_t addr, uint8_t v) {
  const uint8_t reg = addr & 0x7F;
  switch (reg) {
    case 0x02:
      io_[0x02] = v;
      if ((v & 0x81) == 0x81) {
        if (serial_.size() < kMaxSerialBytes) serial_.push_back(static_cast<char>(io_[0x01]));
        io_[0x01] = 0xFF;
        io_[0x02] = static_cast<uint8_t>(v & 0x7F);
        if_ |= kIntSerial;
      }
      return;
    case 0x04:
      if (timer_.writeDiv()) if_ |= kIntTimer;
      return;
    case 0x05:
      timer_.writeTima(v);
      return;
    case 0x06:
      timer_.writeTma(v);
      return;
    case 0x07:
      if (timer_.writeTac(v)) if_ |= kIntTimer;
      return;
    case 0x0F:
      if_ = v & 0x1F;
      return;
    case 0x40:
      if ((io_[0x40] & 0x80) && !(v & 0x80)) lcdClock_ = 0;  // LCD off: LY resets to 0
      io_[0x40] = v;
      return;
    case 0x44:
      return;  // LY is read-only
    case 0x46: {
      io_[0x46] = v;
      for (unsigned i = 0; i < oam_.size(); ++i) oam_[i] = peek(static_cast<uint16_t>(v << 8 | i));
      return;
    }
    default:
      io_[reg] = v;
      return;
  }
}

uint8_t GbBus::read(uint16_t addr) {
  if (const uint8_t* page = pages_.read[addr >> 8]) return page[addr & 0xFF];
  return peek(addr);  // every unmapped region reads without side effects
}

void GbBus::write(uint16_t addr, uint8_t v) {
  if (addr < 0x8000) {
    if (cart_) {
      cart_->writeControl(addr, v);
      remap();
    }
    return;
  }
  if (uint8_t* page = pages_.write[addr >> 8]) {
    page[addr & 0xFF] = v;
    return;
  }
  if (addr < 0xC000) return;  // cartridge RAM absent or disabled
  if (addr < 0xFEA0) {
    oam_[addr - 0xFE00] = v;
  } else if (addr < 0xFF00) {
    // unusable area
  } else if (addr < 0xFF80) {
    writeIo(addr, v);
  } else if (addr < 0xFFFF) {
    hram_[addr - 0xFF80] = v;
  } else {
    ie_ = v;
  }
}

uint8_t GbBus::peek(uint16_t addr) const {
  if (const uint8_t* page = pages_.read[addr >> 8]) return page[addr & 0xFF];
  if (addr < 0xC000) return 0xFF;  // no cartridge, or its RAM absent or disabled
  if (addr < 0xFEA0) return oam_[addr - 0xFE00];
  if (addr < 0xFF00) return 0x00;
  if (addr < 0xFF80) return readIo(addr);
  if (addr < 0xFFFF) return hram_[addr - 0xFF80];
  return ie_;
}

void GbBus::poke(uint16_t addr, uint8_t v) {
  if (addr < 0x8000) {
    if (uint8_t* page = pages_.read[addr >> 8]) page[addr & 0xFF] = v;  // patch the ROM
    return;
  }
  if (uint8_t* page = pages_.write[addr >> 8]) {
    page[addr & 0xFF] = v;
    return;
  }
  if (addr < 0xC000) return;
  if (addr < 0xFEA0) {
    oam_[addr - 0xFE00] = v;
  } else if (addr < 0xFF00) {
  } else if (addr < 0xFF80) {
    const uint8_t reg = addr & 0x7F;
    switch (reg) {
      case 0x04:
        timer_.setCounter(static_cast<uint16_t>(v << 8));
        break;
      case 0x05:
        timer_.writeTima(v);
        break;
      case 0x06:
        timer_.writeTma(v);
        break;
      case 0x07: {
        // Set TAC without the falling-edge increment a real write can cause.
        const uint8_t tima = timer_.tima();
        timer_.writeTac(v);
        timer_.writeTima(tima);
        break;
      }
      case 0x0F:
        if_ = v & 0x1F;
        break;
      default:
        io_[reg] = v;
        break;
    }
  } else if (addr < 0xFFFF) {
    hram_[addr - 0xFF80] = v;
  } else {
    ie_ = v;
  }
}

}  // namespace emusm83
