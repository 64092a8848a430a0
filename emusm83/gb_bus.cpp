#include "emusm83/gb_bus.h"

#include <algorithm>

namespace emusm83 {
namespace {

constexpr uint32_t kLineCycles = 114;  // 456 dots
constexpr uint32_t kMode2End = 20;     // 80 dots of OAM scan
constexpr uint32_t kMode3End = 63;     // then 172 dots of drawing
constexpr uint32_t kFrameCycles = kLineCycles * 154;
constexpr uint32_t kVBlankStart = kLineCycles * 144;
// A runaway program cannot fill memory through the serial port.
constexpr size_t kMaxSerialBytes = size_t{4} << 20;

// Canonical button byte to the two P1 nibbles, active high (bit 0 = P10).
uint8_t directionLines(uint8_t b) {
  return static_cast<uint8_t>((b & 1) | (b >> 1 & 1) << 1 | (b >> 3 & 1) << 2 | (b >> 2 & 1) << 3);
}
uint8_t buttonLines(uint8_t b) {
  return static_cast<uint8_t>((b >> 7 & 1) | (b >> 6 & 1) << 1 | (b >> 5 & 1) << 2 |
                              (b >> 4 & 1) << 3);
}

}  // namespace

GbBus::GbBus() {
  remap();
}

GbBus::GbBus(Cartridge cart) : cart_(std::move(cart)), cgb_(cart_->header().cgbFlag & 0x80) {
  remap();
}

unsigned GbBus::wramBank() const {
  const unsigned bank = cgb_ ? io_[0x70] & 7 : 1;
  return bank == 0 ? 1 : bank;
}

GbVideo GbBus::video() const {
  return {vram_.data(),  vram1_.data(),  oam_.data(), io_.data(),
          bgPal_.data(), objPal_.data(), cgb_};
}

void GbBus::remap() {
  for (unsigned page = 0; page < 0x80; ++page) {
    map_.write[page] = nullptr;
    if (!cart_) {
      map_.read[page] = nullptr;
      continue;
    }
    const size_t base = page < 0x40 ? cart_->romOffset0() : cart_->romOffset1();
    map_.read[page] = cart_->rom().data() + base + (page & 0x3F) * 0x100;
  }
  uint8_t* vram = cgb_ && (io_[0x4F] & 1) ? vram1_.data() : vram_.data();
  for (unsigned page = 0x80; page < 0xA0; ++page)
    map_.read[page] = map_.write[page] = vram + (page - 0x80) * 0x100;
  for (unsigned page = 0xA0; page < 0xC0; ++page) {
    uint8_t* p = nullptr;
    if (cart_ && cart_->ramOffset() >= 0)
      p = cart_->ram().data() + cart_->ramOffset() + (page - 0xA0) * 0x100;
    map_.read[page] = map_.write[page] = p;
  }
  const unsigned bank = wramBank();
  for (unsigned page = 0xC0; page < 0xFE; ++page) {
    const unsigned at = ((page - 0xC0) & 0x1F) * 0x100;
    map_.read[page] = map_.write[page] =
        at < 0x1000 || bank == 1 ? wram_.data() + at
                                 : wramBanks_.data() + (bank - 2) * 0x1000 + at - 0x1000;
  }
  map_.read[0xFE] = map_.write[0xFE] = nullptr;
  map_.read[0xFF] = map_.write[0xFF] = nullptr;
  map_.highRam = hram_.data();

  pages_ = map_;
  if (hook_) {
    for (unsigned page = 0; page < 256; ++page)
      if (hooked_[page]) pages_.read[page] = pages_.write[page] = nullptr;
    if (hooked_[0xFF]) pages_.highRam = nullptr;
  }
}

void GbBus::setDataHook(DataHook* hook, const std::array<bool, 256>& pages) {
  hook_ = hook;
  hooked_ = pages;
  remap();
}

bool GbBus::mapRomBank(unsigned bank) {
  if (!cart_ || !cart_->mapRomBank(bank)) return false;
  remap();
  return true;
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
  if (cgb_) {
    // KEY1, VBK, palette indexes and SVBK at 0; every palette white.
    for (const uint8_t reg : {0x4D, 0x4F, 0x68, 0x6A, 0x6C, 0x70}) io_[reg] = 0;
    bgPal_.fill(0xFF);
    objPal_.fill(0xFF);
    doubleSpeed_ = lcdHalf_ = false;
    hdmaBlocks_ = 0;
  }
  remap();
  timer_ = GbTimer{};
  timer_.setCounter(0xABCC);
  timer_.writeTac(0xF8);
  if_ = 0x01;
  ie_ = 0x00;
  lcdClock_ = 0;
  statLine_ = statSources();
}

// ---- LCD timing ----

uint8_t GbBus::ly() const {
  return lcdOn() ? static_cast<uint8_t>(lcdClock_ / kLineCycles) : 0;
}

uint8_t GbBus::statMode() const {
  if (!lcdOn()) return 0;
  if (lcdClock_ >= kVBlankStart) return 1;
  const uint32_t dot = lcdClock_ % kLineCycles;
  return dot < kMode2End ? 2 : dot < kMode3End ? 3 : 0;
}

bool GbBus::statSources() const {
  if (!lcdOn()) return false;
  const uint8_t stat = io_[0x41];
  const uint8_t mode = statMode();
  return ((stat & 0x40) && ly() == io_[0x45]) || ((stat & 0x08) && mode == 0) ||
         ((stat & 0x10) && mode == 1) || ((stat & 0x20) && mode == 2);
}

void GbBus::updateStatLine() {
  const bool now = statSources();
  if (now && !statLine_) if_ |= kIntStat;
  statLine_ = now;
}

uint32_t GbBus::nextLcdBoundary() const {
  const uint32_t dot = lcdClock_ % kLineCycles;
  if (lcdClock_ >= kVBlankStart) return kLineCycles - dot;
  return dot < kMode2End ? kMode2End - dot : dot < kMode3End ? kMode3End - dot : kLineCycles - dot;
}

void GbBus::advanceLcd(uint64_t n) {
  while (n > 0) {
    const uint32_t step = static_cast<uint32_t>(std::min<uint64_t>(n, nextLcdBoundary()));
    lcdClock_ += step;
    n -= step;
    if (lcdClock_ == kFrameCycles) lcdClock_ = 0;
    atLcdBoundary();
  }
}

void GbBus::atLcdBoundary() {
  if (lcdClock_ == kVBlankStart) {
    if_ |= kIntVBlank;
    if (frame_) ++framesRendered_;
  }
  updateStatLine();
  if ((frame_ || hdmaBlocks_) && lcdClock_ < kVBlankStart) [[unlikely]] {
    const uint32_t dot = lcdClock_ % kLineCycles;
    if (frame_ && dot == kMode2End) ppu_.renderLine(lcdClock_ / kLineCycles, video(), *frame_);
    if (hdmaBlocks_ && dot == kMode3End) {
      copyVramBlock();
      --hdmaBlocks_;
    }
  }
}

void GbBus::tick(unsigned mcycles) {
  clock_ += mcycles;
  if (timer_.tick(mcycles)) if_ |= kIntTimer;
  if (!lcdOn()) return;
  uint64_t left = mcycles;
  if (doubleSpeed_) {  // the LCD runs at half the CPU's rate
    left += lcdHalf_;
    lcdHalf_ = left & 1;
    left >>= 1;
  }
  // Sources only change at mode and line boundaries, so walk them. A whole frame ends
  // where it began and raises the same interrupts each time: later ones are skipped.
  if (left > kFrameCycles) {
    advanceLcd(kFrameCycles);
    left = (left - kFrameCycles) % kFrameCycles;
  }
  advanceLcd(left);
}

uint64_t GbBus::cyclesUntilEvent() const {
  uint64_t next = timer_.cyclesUntilOverflow();
  if (lcdOn()) {
    const uint32_t toVBlank = lcdClock_ < kVBlankStart ? kVBlankStart - lcdClock_
                                                       : kFrameCycles - lcdClock_ + kVBlankStart;
    uint64_t lcd = toVBlank;
    if ((io_[0x41] & 0x78) || frame_ || hdmaBlocks_)
      lcd = std::min<uint64_t>(lcd, nextLcdBoundary());
    // At double speed an LCD M-cycle is two of the CPU's, one of them maybe spent.
    if (doubleSpeed_) lcd = lcd * 2 - lcdHalf_;
    next = std::min(next, lcd);
  }
  return next;
}

bool GbBus::stop() {
  if (!cgb_ || !(io_[0x4D] & 1)) return false;
  doubleSpeed_ = !doubleSpeed_;
  lcdHalf_ = false;
  io_[0x4D] = 0;
  if (timer_.writeDiv()) if_ |= kIntTimer;  // STOP resets DIV
  return true;
}

// ---- joypad ----

uint8_t GbBus::joypadLines() const {
  uint8_t lines = 0;
  if (!(io_[0x00] & 0x10)) lines |= directionLines(buttons_);
  if (!(io_[0x00] & 0x20)) lines |= buttonLines(buttons_);
  return lines;
}

void GbBus::setButtons(uint8_t mask) {
  const uint8_t before = joypadLines();
  buttons_ = mask;
  if (joypadLines() & ~before) if_ |= kIntJoypad;
}

void GbBus::setJoypadSelect(uint8_t v) {
  const uint8_t before = joypadLines();
  io_[0x00] = static_cast<uint8_t>(v & 0x30);
  if (joypadLines() & ~before) if_ |= kIntJoypad;
}

// ---- registers ----

uint8_t GbBus::readIo(uint16_t addr) const {
  const uint8_t reg = addr & 0x7F;
  switch (reg) {
    case 0x00:
      return static_cast<uint8_t>(0xC0 | (io_[0x00] & 0x30) | (~joypadLines() & 0x0F));
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
    case 0x41:
      return static_cast<uint8_t>(0x80 | (io_[0x41] & 0x78) | (ly() == io_[0x45] ? 4 : 0) |
                                  statMode());
    case 0x44:
      return ly();
    default:
      break;
  }
  if (cgb_) {
    switch (reg) {
      case 0x4D:
        return static_cast<uint8_t>(0x7E | (doubleSpeed_ ? 0x80 : 0) | (io_[0x4D] & 1));
      case 0x4F:
        return static_cast<uint8_t>(0xFE | io_[0x4F]);
      case 0x51:
      case 0x52:
      case 0x53:
      case 0x54:
        return 0xFF;
      case 0x55:
        return hdmaBlocks_ ? static_cast<uint8_t>((hdmaBlocks_ - 1) & 0x7F) : 0xFF;
      case 0x68:
      case 0x6A:
        return static_cast<uint8_t>(0x40 | io_[reg]);
      case 0x69:
        return bgPal_[io_[0x68] & 0x3F];
      case 0x6B:
        return objPal_[io_[0x6A] & 0x3F];
      case 0x6C:
        return static_cast<uint8_t>(0xFE | io_[0x6C]);
      case 0x70:
        return static_cast<uint8_t>(0xF8 | io_[0x70]);
      default:
        break;
    }
  }
  return io_[reg];
}

void GbBus::copyVramBlock() {
  uint8_t* vram = (io_[0x4F] & 1) ? vram1_.data() : vram_.data();
  for (unsigned i = 0; i < 16; ++i) {
    vram[hdmaDest_ & 0x1FFF] = rawRead(hdmaSource_);
    hdmaSource_ = static_cast<uint16_t>(hdmaSource_ + 1);
    hdmaDest_ = static_cast<uint16_t>(hdmaDest_ + 1);
  }
}

void GbBus::writeCgbIo(uint8_t reg, uint8_t v) {
  const auto writePalette = [this, v](uint8_t index, std::array<uint8_t, 64>& ram) {
    ram[io_[index] & 0x3F] = v;
    if (io_[index] & 0x80) io_[index] = static_cast<uint8_t>(0x80 | ((io_[index] + 1) & 0x3F));
  };
  switch (reg) {
    case 0x4D:
      io_[0x4D] = v & 1;
      return;
    case 0x4F:
      io_[0x4F] = v & 1;
      remap();
      return;
    case 0x55:
      if (hdmaBlocks_ && !(v & 0x80)) {  // stops an HBlank transfer
        hdmaBlocks_ = 0;
        return;
      }
      hdmaSource_ = static_cast<uint16_t>((io_[0x51] << 8 | io_[0x52]) & 0xFFF0);
      hdmaDest_ = static_cast<uint16_t>((io_[0x53] << 8 | io_[0x54]) & 0x1FF0);
      if (v & 0x80) {
        hdmaBlocks_ = static_cast<uint8_t>((v & 0x7F) + 1);
      } else {
        for (unsigned n = (v & 0x7Fu) + 1; n > 0; --n) copyVramBlock();
      }
      return;
    case 0x68:
    case 0x6A:
      io_[reg] = v & 0xBF;
      return;
    case 0x69:
      writePalette(0x68, bgPal_);
      return;
    case 0x6B:
      writePalette(0x6A, objPal_);
      return;
    case 0x6C:
      io_[0x6C] = v & 1;
      return;
    case 0x70:
      io_[0x70] = v & 7;
      remap();
      return;
    default:
      io_[reg] = v;
      return;
  }
}

void GbBus::writeIo(uint16_t addr, uint8_t v) {
  const uint8_t reg = addr & 0x7F;
  switch (reg) {
    case 0x00:
      setJoypadSelect(v);
      return;
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
      // Off: LY resets to 0. On: the frame starts over at line 0.
      if ((io_[0x40] ^ v) & 0x80) {
        lcdClock_ = 0;
        lcdHalf_ = false;
        if (frame_ && !(v & 0x80)) GbPpu::blank(*frame_);
      }
      io_[0x40] = v;
      updateStatLine();
      return;
    case 0x41:
      io_[0x41] = static_cast<uint8_t>((io_[0x41] & 0x87) | (v & 0x78));
      updateStatLine();
      return;
    case 0x44:
      return;  // LY is read-only
    case 0x45:
      io_[0x45] = v;
      updateStatLine();
      return;
    case 0x46: {
      io_[0x46] = v;
      for (unsigned i = 0; i < oam_.size(); ++i)
        oam_[i] = rawRead(static_cast<uint16_t>(v << 8 | i));
      return;
    }
    default:
      if (cgb_ && ((reg >= 0x4D && reg <= 0x55) || (reg >= 0x68 && reg <= 0x70))) {
        writeCgbIo(reg, v);
        return;
      }
      io_[reg] = v;
      return;
  }
}

// ---- accesses ----

uint8_t GbBus::rawRead(uint16_t addr) const {
  if (const uint8_t* page = map_.read[addr >> 8]) return page[addr & 0xFF];
  if (addr < 0xA000) return 0xFF;                             // no cartridge
  if (addr < 0xC000) return cart_ ? cart_->readRtc() : 0xFF;  // RTC, or RAM absent/disabled
  if (addr < 0xFEA0) return oam_[addr - 0xFE00];
  if (addr < 0xFF00) return 0x00;
  if (addr < 0xFF80) return readIo(addr);
  if (addr < 0xFFFF) return hram_[addr - 0xFF80];
  return ie_;
}

void GbBus::rawWrite(uint16_t addr, uint8_t v) {
  if (addr < 0x8000) {
    if (cart_) {
      cart_->writeControl(addr, v);
      remap();
    }
    return;
  }
  if (uint8_t* page = map_.write[addr >> 8]) {
    page[addr & 0xFF] = v;
    return;
  }
  if (addr < 0xC000) {
    if (cart_) cart_->writeRtc(v);  // no effect unless a clock register is selected
    return;
  }
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

uint8_t GbBus::read(uint16_t addr) {
  return readAccess(addr, Access::Read);
}

uint8_t GbBus::readAccess(uint16_t addr, Access kind) {
  const uint8_t v = rawRead(addr);  // no read has side effects
  if (hook_ && kind == Access::Read && hooked_[addr >> 8]) hook_->onData(addr, v, false);
  return v;
}

void GbBus::write(uint16_t addr, uint8_t v) {
  rawWrite(addr, v);
  if (hook_ && hooked_[addr >> 8]) hook_->onData(addr, v, true);
}

uint8_t GbBus::peek(uint16_t addr) const {
  return rawRead(addr);
}

void GbBus::poke(uint16_t addr, uint8_t v) {
  if (addr < 0x8000) {
    if (uint8_t* page = map_.read[addr >> 8]) page[addr & 0xFF] = v;  // patch the ROM
    return;
  }
  if (uint8_t* page = map_.write[addr >> 8]) {
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

// ---- save states ----

GbBusState GbBus::saveState() const {
  GbBusState s;
  s.vram = vram_;
  s.wram = wram_;
  s.oam = oam_;
  s.io = io_;
  s.hram = hram_;
  s.ie = ie_;
  s.iflags = if_;
  s.timerCounter = timer_.counter();
  s.tima = timer_.tima();
  s.tma = timer_.tma();
  s.tac = timer_.tac();
  s.clock = clock_;
  s.lcdCycle = lcdClock_;
  s.statLine = statLine_;
  if (cart_) {
    s.cartRam = cart_->ram();
    s.mbc = cart_->mbcState();
  }
  s.buttons = buttons_;
  s.serial = serial_;
  s.ppu = ppu_.state();
  if (cgb_) {
    s.vram1.assign(vram1_.begin(), vram1_.end());
    s.wramBanks.assign(wramBanks_.begin(), wramBanks_.end());
  }
  s.bgPalettes = bgPal_;
  s.objPalettes = objPal_;
  s.doubleSpeed = doubleSpeed_;
  s.lcdHalf = lcdHalf_;
  s.hdmaSource = hdmaSource_;
  s.hdmaDest = hdmaDest_;
  s.hdmaBlocks = hdmaBlocks_;
  return s;
}

void GbBus::loadState(const GbBusState& s) {
  vram_ = s.vram;
  wram_ = s.wram;
  oam_ = s.oam;
  io_ = s.io;
  hram_ = s.hram;
  ie_ = s.ie;
  if_ = s.iflags & 0x1F;
  timer_ = GbTimer{};
  timer_.setCounter(s.timerCounter);
  timer_.writeTac(s.tac);  // from a stopped timer: no edge, no increment
  timer_.writeTima(s.tima);
  timer_.writeTma(s.tma);
  clock_ = s.clock;
  lcdClock_ = s.lcdCycle % kFrameCycles;
  statLine_ = s.statLine;
  if (cart_) {
    std::vector<uint8_t>& ram = cart_->ram();
    std::copy_n(s.cartRam.begin(), std::min(ram.size(), s.cartRam.size()), ram.begin());
    cart_->setMbcState(s.mbc);
  }
  buttons_ = s.buttons;
  serial_ = s.serial;
  ppu_.setState(s.ppu);
  if (cgb_) {  // a DMG never touches these
    vram1_.fill(0);
    wramBanks_.fill(0);
    std::copy_n(s.vram1.begin(), std::min(s.vram1.size(), vram1_.size()), vram1_.begin());
    std::copy_n(s.wramBanks.begin(), std::min(s.wramBanks.size(), wramBanks_.size()),
                wramBanks_.begin());
  }
  bgPal_ = s.bgPalettes;
  objPal_ = s.objPalettes;
  doubleSpeed_ = s.doubleSpeed;
  lcdHalf_ = s.lcdHalf;
  hdmaSource_ = s.hdmaSource;
  hdmaDest_ = s.hdmaDest;
  hdmaBlocks_ = s.hdmaBlocks;
  remap();
}

}  // namespace emusm83
