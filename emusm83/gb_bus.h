// The Game Boy (DMG, and CGB for a cartridge whose header asks for it) memory map,
// enough to boot a real game's init code, call routines inside its ROM, run CPU test
// ROMs that report over the serial port, and draw the game's screen (gb_ppu.h):
//
//   $0000-$7FFF  cartridge ROM through its MBC (writes go to the MBC registers)
//   $8000-$9FFF  VRAM, plain memory (no access blocking); CGB: two banks (VBK)
//   $A000-$BFFF  cartridge RAM (or MBC3 clock register) when present and enabled,
//                else reads $FF
//   $C000-$DFFF  WRAM 8 KiB; $E000-$FDFF echoes $C000-$DDFF; CGB: $D000 bank 1-7 (SVBK)
//   $FE00-$FE9F  OAM, plain memory; $FEA0-$FEFF reads $00
//   $FF00-$FF7F  I/O: joypad, serial, timer, IF, LCD registers, DMA
//   $FF80-$FFFE  HRAM; $FFFF IE
//
// Serial: writing SC with bits 7 and 0 set (start, internal clock) completes the
// transfer at once: the byte in SB is appended to serialOutput(), SB reads $FF (no
// partner), SC bit 7 clears and the serial interrupt is raised. Capture stops after
// 4 MiB so a runaway program cannot exhaust memory.
//
// LCD timing without a renderer: while LCDC bit 7 is set, LY ($FF44) advances every
// 114 M-cycles (456 dots) over 154 lines; each visible line is mode 2 for 20 M-cycles
// (80 dots), mode 3 for 43 (172 dots) and mode 0 for the rest, lines 144-153 are mode
// 1. STAT bit 2 is LY == LYC. The VBlank interrupt is raised when LY reaches 144; the
// STAT interrupt on a rising edge of the OR of its enabled sources (bit 3 mode 0, bit
// 4 mode 1, bit 5 mode 2, bit 6 LY == LYC), also when a STAT or LYC write raises it.
// cyclesUntilEvent() names the next such moment, so HALT, LY polling loops and STAT
// waits finish. With LCDC bit 7 clear, LY reads 0 and STAT mode 0; switching the LCD
// on starts at line 0, dot 0. Not modelled: line 153 reading LY 0 early, the short
// first line after switching on, mode 3 lengthening, VRAM/OAM access blocking.
//
// Picture: setFrame() attaches a GbFrame; then each visible line is drawn at the
// start of its mode 3 (GbPpu, see gb_ppu.h) and cyclesUntilEvent() names every mode
// boundary, so the CPU stops there and the line sees memory and registers as the
// program left them. Switching the LCD off blanks the frame. With no frame attached
// nothing of this runs.
//
// CGB (cgb(): header byte $0143 bit 7): VBK $FF4F, SVBK $FF70, palette RAM through
// BCPS/BCPD $FF68/9 and OCPS/OCPD $FF6A/B (bit 7 auto-increment), KEY1 $FF4D with
// STOP switching speed (Bus::stop(); at double speed the LCD advances one M-cycle
// per two CPU M-cycles, the timer keeps the CPU's rate), VRAM DMA $FF51-$FF55 (a
// general transfer copies at once without stalling the CPU; an HBlank transfer
// copies 16 bytes as each visible line enters mode 0; writing bit 7 clear stops
// it), OPRI $FF6C (bit 0: objects by X as on DMG). Not modelled: the speed switch's
// pause, the DMG-compatibility mode of a CGB running a DMG game (a DMG cartridge runs
// as on a DMG).
//
// Joypad: setButtons() takes the canonical byte (bit 7 A, 6 B, 5 Select, 4 Start,
// 3 Up, 2 Down, 1 Left, 0 Right). $FF00 reads the groups selected low in bits 4
// (P14, directions) and 5 (P15, buttons), a pressed button as 0. A selected line that
// goes from released to pressed (a new press, or selecting a group with a button held)
// raises the joypad interrupt.
//
// OAM DMA ($FF46) copies its 160 bytes at once, and the CPU is not stalled (a game's
// HRAM wait loop simply runs its 160 M-cycles).
//
// Data hook: setDataHook() names 256-byte pages whose data reads and writes (not
// opcode or operand fetches; stack accesses count) are reported; only those pages
// leave the CPU's fast page map. The CPU tells fetches from data through
// Bus::readAccess(); a plain read() from outside the CPU counts as a data read.
// peek()/poke() and OAM DMA's reads and writes are never reported.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emusm83/bus.h"
#include "emusm83/cartridge.h"
#include "emusm83/gb_ppu.h"
#include "emusm83/gb_timer.h"

namespace emusm83 {

// Receives data reads/writes in hooked 256-byte pages (map-cell tracking).
struct DataHook {
  virtual ~DataHook() = default;
  virtual void onData(uint16_t addr, uint8_t value, bool write) = 0;
};

// Everything the program can change, for save states and keyframes. The ROM itself
// (and poke() patches to it) is not included: the program cannot write it.
struct GbBusState {
  std::array<uint8_t, 0x2000> vram{};
  std::array<uint8_t, 0x2000> wram{};
  std::array<uint8_t, 0xA0> oam{};
  std::array<uint8_t, 0x80> io{};  // stored register values, $FF00-$FF7F
  std::array<uint8_t, 0x7F> hram{};
  uint8_t ie = 0, iflags = 0;
  uint16_t timerCounter = 0;  // DIV is its top byte
  uint8_t tima = 0, tma = 0, tac = 0;
  uint64_t clock = 0;     // M-cycles ticked
  uint32_t lcdCycle = 0;  // M-cycles into the frame: line lcdCycle / 114, dot lcdCycle % 114 * 4
  bool statLine = false;  // the OR of the enabled STAT sources, for its rising edge
  std::vector<uint8_t> cartRam;
  MbcState mbc;
  uint8_t buttons = 0;  // canonical byte, see setButtons()
  std::string serial;   // serialOutput()
  GbPpuState ppu;
  // CGB only (empty or zero on a DMG): VRAM bank 1, WRAM banks 2-7, palette RAM.
  std::vector<uint8_t> vram1, wramBanks;
  std::array<uint8_t, 64> bgPalettes{}, objPalettes{};
  bool doubleSpeed = false, lcdHalf = false;  // lcdHalf: a CPU M-cycle the LCD owes
  uint16_t hdmaSource = 0, hdmaDest = 0;
  uint8_t hdmaBlocks = 0;  // HBlank DMA blocks of 16 bytes still to copy (0: none)
  bool operator==(const GbBusState&) const = default;
};

class GbBus : public Bus {
 public:
  GbBus();  // no cartridge: $0000-$7FFF and $A000-$BFFF read $FF
  explicit GbBus(Cartridge cart);
  GbBus(const GbBus&) = delete;
  GbBus& operator=(const GbBus&) = delete;

  uint8_t read(uint16_t addr) override;
  uint8_t readAccess(uint16_t addr, Access kind) override;
  void write(uint16_t addr, uint8_t v) override;
  uint8_t peek(uint16_t addr) const override;
  // Writes memory or a register's stored value with no side effect: ROM bytes of
  // the mapped bank are patched, MBC registers, serial and DIV are left alone.
  void poke(uint16_t addr, uint8_t v) override;

  void tick(unsigned mcycles) override;
  uint64_t cyclesUntilEvent() const override;
  bool stop() override;  // CGB speed switch when KEY1 bit 0 is set
  uint8_t interruptEnable() const override { return ie_; }
  uint8_t interruptFlags() const override { return if_ & 0x1F; }
  void acknowledgeInterrupt(uint8_t mask) override { if_ = static_cast<uint8_t>(if_ & ~mask); }
  FastPages* fastPages() override { return &pages_; }

  // Reports data accesses in the pages marked true to `hook` (null: off).
  void setDataHook(DataHook* hook, const std::array<bool, 256>& pages);
  // Canonical byte: bit 7 A, 6 B, 5 Select, 4 Start, 3 Up, 2 Down, 1 Left, 0 Right.
  void setButtons(uint8_t mask);
  uint8_t buttons() const { return buttons_; }

  GbBusState saveState() const;
  // Restores a state saved from a bus with the same cartridge (of cartridge RAM of
  // another size, the part both have is copied).
  void loadState(const GbBusState& s);

  // Draws every visible line into `frame` from now on (null: stop drawing).
  void setFrame(GbFrame* frame) { frame_ = frame; }
  GbFrame* frame() const { return frame_; }
  // Frames finished (VBlank reached) while a frame was attached.
  uint64_t framesRendered() const { return framesRendered_; }
  bool cgb() const { return cgb_; }
  bool doubleSpeed() const { return doubleSpeed_; }

  const std::array<uint8_t, 0x2000>& vram() const { return vram_; }        // bank 0
  const std::array<uint8_t, 0x2000>& vramBank1() const { return vram1_; }  // CGB
  const std::array<uint8_t, 64>& bgPalettes() const { return bgPal_; }     // CGB
  const std::array<uint8_t, 64>& objPalettes() const { return objPal_; }   // CGB
  GbVideo video() const;                                                   // what GbPpu reads
  const std::array<uint8_t, 0xA0>& oam() const { return oam_; }
  // Makes ROM bank `bank` visible at $4000-$7FFF through the MBC's registers; false
  // (no change) when it cannot.
  bool mapRomBank(unsigned bank);

  // I/O registers as the DMG boot ROM leaves them (LCDC=$91, DIV=$AB, IF=$E1, ...).
  void setPostBootState();
  void requestInterrupt(uint8_t mask) { if_ = static_cast<uint8_t>(if_ | (mask & 0x1F)); }

  const std::string& serialOutput() const { return serial_; }
  void clearSerialOutput() { serial_.clear(); }

  Cartridge* cartridge() { return cart_ ? &*cart_ : nullptr; }
  const GbTimer& timer() const { return timer_; }
  uint8_t ly() const;
  uint8_t statMode() const;                        // 0-3, as STAT bits 0-1 read
  uint64_t clock() const { return clock_; }        // M-cycles ticked so far
  uint32_t lcdCycle() const { return lcdClock_; }  // M-cycles into the LCD's frame

 private:
  uint8_t readIo(uint16_t addr) const;
  void writeIo(uint16_t addr, uint8_t v);
  bool lcdOn() const { return io_[0x40] & 0x80; }
  void remap();
  uint8_t rawRead(uint16_t addr) const;
  void rawWrite(uint16_t addr, uint8_t v);
  uint8_t joypadLines() const;  // pressed lines of the selected groups, active high
  void setJoypadSelect(uint8_t v);
  bool statSources() const;          // the OR of the enabled STAT sources now
  void updateStatLine();             // raises the STAT interrupt on a rising edge
  uint32_t nextLcdBoundary() const;  // M-cycles to the next mode or line change
  void advanceLcd(uint64_t n);       // n LCD M-cycles, boundary by boundary
  void atLcdBoundary();              // interrupts, line drawing, HBlank DMA
  unsigned wramBank() const;         // CGB: 1-7 at $D000
  void writeCgbIo(uint8_t reg, uint8_t v);
  void copyVramBlock();  // 16 bytes of VRAM DMA

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
  bool statLine_ = false;
  uint8_t buttons_ = 0;
  std::string serial_;
  bool cgb_ = false;
  std::array<uint8_t, 0x2000> vram1_{};
  std::array<uint8_t, 0x6000> wramBanks_{};
  std::array<uint8_t, 64> bgPal_{}, objPal_{};
  bool doubleSpeed_ = false, lcdHalf_ = false;
  uint16_t hdmaSource_ = 0, hdmaDest_ = 0;
  uint8_t hdmaBlocks_ = 0;
  GbPpu ppu_;
  GbFrame* frame_ = nullptr;
  uint64_t framesRendered_ = 0;
  FastPages map_;    // every side-effect-free page, for peek/poke and the slow path
  FastPages pages_;  // map_ minus the hooked pages, handed to the CPU
  DataHook* hook_ = nullptr;
  std::array<bool, 256> hooked_{};
};

}  // namespace emusm83
