// The Game Boy (DMG) memory map, enough to call routines inside a real ROM and to
// run CPU test ROMs that report over the serial port:
//
//   $0000-$7FFF  cartridge ROM through its MBC (writes go to the MBC registers)
//   $8000-$9FFF  VRAM, plain memory (no PPU, no access blocking)
//   $A000-$BFFF  cartridge RAM when present and enabled, else reads $FF
//   $C000-$DFFF  WRAM 8 KiB; $E000-$FDFF echoes $C000-$DDFF
//   $FE00-$FE9F  OAM, plain memory; $FEA0-$FEFF reads $00
//   $FF00-$FF7F  I/O: joypad (no buttons), serial, timer, IF, LCD registers, DMA
//   $FF80-$FFFE  HRAM; $FFFF IE
//
// Serial: writing SC with bits 7 and 0 set (start, internal clock) completes the
// transfer at once: the byte in SB is appended to serialOutput(), SB reads $FF (no
// partner), SC bit 7 clears and the serial interrupt is raised. Capture stops after
// 4 MiB so a runaway program cannot exhaust memory.
//
// LY ($FF44) is a stub with no PPU behind it: while LCDC bit 7 is set it counts
// scanlines from the elapsed M-cycles (114 per line, 154 lines), STAT reports the
// matching mode and LY=LYC bit, and the VBlank interrupt is raised when LY reaches
// 144. STAT interrupts are not raised. OAM DMA ($FF46) copies its 160 bytes at once.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "emusm83/bus.h"
#include "emusm83/cartridge.h"
#include "emusm83/gb_timer.h"

namespace emusm83 {

class GbBus : public Bus {
 public:
  GbBus();  // no cartridge: $0000-$7FFF and $A000-$BFFF read $FF
  explicit GbBus(Cartridge cart);
  GbBus(const GbBus&) = delete;
  GbBus& operator=(const GbBus&) = delete;

  uint8_t read(uint16_t addr) override;
  void write(uint16_t addr, uint8_t v) override;
  uint8_t peek(uint16_t addr) const override;
  // Writes memory or a register's stored value with no side effect: ROM bytes of
  // the mapped bank are patched, MBC registers, serial and DIV are left alone.
  void poke(uint16_t addr, uint8_t v) override;

  void tick(unsigned mcycles) override;
  uint64_t cyclesUntilEvent() const override;
  uint8_t interruptEnable() const override { return ie_; }
  uint8_t interruptFlags() const override { return if_ & 0x1F; }
  void acknowledgeInterrupt(uint8_t mask) override { if_ = static_cast<uint8_t>(if_ & ~mask); }
  FastPages* fastPages() override { return &pages_; }

  // I/O registers as the DMG boot ROM leaves them (LCDC=$91, DIV=$AB, IF=$E1, ...).
  void setPostBootState();
  void requestInterrupt(uint8_t mask) { if_ = static_cast<uint8_t>(if_ | (mask & 0x1F)); }

  const std::string& serialOutput() const { return serial_; }
  void clearSerialOutput() { serial_.clear(); }

  Cartridge* cartridge() { return cart_ ? &*cart_ : nullptr; }
  const GbTimer& timer() const { return timer_; }
  uint8_t ly() const;
  uint64_t clock() const { return clock_; }  // M-cycles ticked so far

 private:
  uint8_t readIo(uint16_t addr) const;
  void writeIo(uint16_t addr, uint8_t v);
  bool lcdOn() const { return io_[0x40] & 0x80; }
  void remap();

  std::optional<Cartridge> cart_;
  std::array<uint8_t, 0x2000> vram_{};
  std::array<uint8_t, 0x2000> wram_{};
  std::array<uint8_t, 0xA0> oam_{};
  std::array<uint8_t, 0x80> io_{};  // stored register values, $FF00-$FF7F
  std::array<uint8_t, 0x7F> hram_{};
  uint8_t ie_ = 0, if_ = 0;
  GbTimer timer_;
  uint64_t clock_ = 0;
  uint32_t lcdClock_ = 0;  // M-cycles into the current frame while the LCD is on
  std::string serial_;
  FastPages pages_;
};

}  // namespace emusm83
