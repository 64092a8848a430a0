// A NES: NesBus + Cpu6502 + the PPU's frame timing, enough for a real game's init
// code, vblank waits, NMI loop and joypad reads to run, and optionally its picture.
//
//   emu6502::NesSystem nes(std::move(*emu6502::loadInesFile("game.nes").cart));
//   nes.reset();
//   emu6502::RunLimits limits;
//   limits.maxCycles = 30 * emu6502::NesSystem::kFrameCycles;
//   nes.run(limits);                  // 30 frames of the game
//
// Timing (NTSC, in CPU cycles): a frame is kFrameCycles long and starts at vblank
// (frameCycle() 0 = scanline 241 dot 1). The pre-render line comes kPreRenderCycle
// later and clears the vblank and sprite-0 flags; visible line L starts at
// ((21 + L) * 341) / 3. Sprite-0 hit is set at the line of sprite 0's top row
// (OAM[0].Y + 1) and its X, when background and sprite rendering are both on
// ($2001 bits 3 and 4) and Y < 239; the pixels are not compared. reset() puts the
// PPU at the pre-render line, so the first vblank comes about one frame later.
//
// The CPU runs in slices that end at the next such event (and at most every
// kMaxSlice cycles), so $2002 reads see the flags set and cleared at the right
// time. Things that happen inside a slice are handled when it ends: an NMI raised
// by a $2000 write during vblank, and the OAM DMA stall (513 cycles, 514 when the
// slice ends on an odd cycle, which is exact when the $4014 store is the last
// instruction of the slice).
//
// Rendering (nes_ppu.h) is off by default, and then everything above holds and
// nothing is drawn. setRendering(true) attaches a NesPpu that draws each frame in
// step with the CPU: the CPU runs observed (one call a cycle, chained to any
// observer of the caller's), and before each PPU register access, OAM DMA and
// mapper write the renderer catches up to that exact cycle. Sprite-0 hit and
// sprite overflow then come from the renderer's pixels (the approximate event
// above is off), and a board's scanline IRQ (MMC3) is clocked by the renderer and
// taken when the CPU's I flag allows: slices also end just after each line's A12
// rise points (dots 262 and 326) while rendering is enabled, and run one
// instruction at a time while the IRQ line is held.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

#include "emu6502/cpu6502.h"
#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"
#include "emu6502/nes_ppu.h"

namespace emu6502 {

// Everything writable: restoring it and running on gives the same results as the
// run it was saved from.
struct NesSystemState {
  Regs regs;
  uint64_t cycles = 0;
  bool jammed = false;
  NesBusState bus;
  uint64_t frame = 0;
  uint32_t frameCycle = 0;
  uint32_t spriteZeroCycle = 0;    // this frame's sprite-0 event, 0 = none
  bool nmiPending = false;         // raised while held, taken on release
  std::optional<NesPpuState> ppu;  // set when rendering
  bool operator==(const NesSystemState&) const = default;
};

class NesSystem {
 public:
  static constexpr uint32_t kFrameCycles = 29780;
  static constexpr uint32_t kPreRenderCycle = 2273;  // 20 lines of 341/3 cycles
  static constexpr uint32_t kMaxSlice = 512;

  explicit NesSystem(Cartridge cart);
  NesSystem(const NesSystem&) = delete;
  NesSystem& operator=(const NesSystem&) = delete;

  NesBus& bus() { return bus_; }
  const NesBus& bus() const { return bus_; }
  Cpu6502& cpu() { return cpu_; }
  const Cpu6502& cpu() const { return cpu_; }

  // Through $FFFC; $2000/$2001 clear (as the reset line does to the PPU) and the
  // frame timing restarts at the pre-render line.
  void reset();
  // Cpu6502::runUntil with the hardware kept in step (see above). maxCycles and
  // maxInstructions count from this call; cycles include NMI entries and DMA
  // stalls. A breakpoint at the first PC of a slice stops like one inside it.
  RunResult run(const RunLimits& limits);
  void setNmiHeld(bool held);  // held: an NMI is remembered, taken when released
  bool nmiHeld() const { return nmiHeld_; }
  void setButtons(int port, uint8_t mask);             // port 0 or 1, canonical byte (nes_bus.h)
  uint64_t frame() const { return frame_; }            // vblank starts since reset()
  uint32_t frameCycle() const { return frameCycle_; }  // CPU cycles into this frame
  NesSystemState saveState() const;
  void loadState(const NesSystemState& s);
  // Sets the mapper's registers so that PRG bank `bank` (in units of the mapper's
  // switchable window: 16 KiB for MMC1/UxROM, 8 KiB for MMC3, 32 KiB for AxROM,
  // as ld65's .dbg bank numbers count them) is visible at `cpuAddr`. True when it
  // is visible afterwards (also when it already was, in a fixed window); false with
  // no change when the mapper cannot put it there.
  bool mapPrgBank(uint16_t cpuAddr, unsigned bank);

  // Attaches (true) or drops (false) the renderer, see above. A renderer attached
  // mid-frame starts drawing at the current dot.
  void setRendering(bool on);
  bool rendering() const { return ppu_ != nullptr; }
  const NesPpu* ppu() const { return ppu_.get(); }  // null when not rendering

 private:
  // Counts the CPU's cycles inside a slice (and passes them on to the caller's
  // observer); the bus asks it to bring the renderer up to the current cycle.
  struct PpuSync : BusObserver, PpuClock {
    NesSystem* system = nullptr;
    BusObserver* next = nullptr;
    uint64_t cycles = 0;
    void onAccess(uint16_t addr, uint8_t value, Access kind) override {
      ++cycles;
      if (next) next->onAccess(addr, value, kind);
    }
    void catchUp() override { system->catchUpPpu(); }
    void addressBus(uint16_t v) override { system->ppu_->addressBus(v); }
  };

  uint32_t nextEvent() const;
  void advance(uint64_t cycles);
  void takeNmi(uint64_t& spent);
  void takeIrq(uint64_t& spent);
  void catchUpPpu();

  NesBus bus_;
  Cpu6502 cpu_;
  uint64_t frame_ = 0;
  uint32_t frameCycle_ = kPreRenderCycle;
  uint32_t spriteZeroCycle_ = 0;
  bool nmiHeld_ = false;
  bool nmiPending_ = false;
  std::unique_ptr<NesPpu> ppu_;
  PpuSync sync_;
  bool inSlice_ = false;  // the CPU is inside runUntil: now = sliceStart_ + counted cycles
  uint32_t sliceStart_ = 0;
};

}  // namespace emu6502
