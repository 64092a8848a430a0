#include "emu6502/nes_system.h"

#include <algorithm>

namespace emu6502 {

static_assert(NesPpu::kFrameDots == 3 * NesSystem::kFrameCycles);
static_assert(NesPpu::kPreRenderDot == 3 * NesSystem::kPreRenderCycle);

NesSystem::NesSystem(Cartridge cart) : bus_(std::move(cart)), cpu_(bus_) {
  sync_.system = this;
}

// Visible line L starts ((21 + L) * 341) / 3 cycles after vblank; sprite 0's top
// row is drawn on line Y + 1, its first pixel at dot X + 1.
static uint32_t spriteZeroCycleFor(const std::array<uint8_t, 256>& oam) {
  const unsigned y = oam[0];
  if (y >= 239) return 0;
  const unsigned line = y + 1;
  return static_cast<uint32_t>(((21 + line) * 341 + oam[3] + 1) / 3);
}

void NesSystem::reset() {
  cpu_.reset();
  frame_ = 0;
  frameCycle_ = kPreRenderCycle;
  nmiPending_ = false;
  bus_.resetPpu();
  bus_.startPreRender();
  spriteZeroCycle_ = ppu_ ? 0 : spriteZeroCycleFor(bus_.oam());
  if (ppu_) ppu_ = std::make_unique<NesPpu>(bus_, 3 * frameCycle_);
}

void NesSystem::setRendering(bool on) {
  if (on == rendering()) return;
  if (on) {
    ppu_ = std::make_unique<NesPpu>(bus_, 3 * frameCycle_);
    bus_.setPpuClock(&sync_);
    spriteZeroCycle_ = 0;
  } else {
    ppu_.reset();
    bus_.setPpuClock(nullptr);
  }
}

void NesSystem::catchUpPpu() {
  const uint64_t now = inSlice_ ? sliceStart_ + sync_.cycles + bus_.dmaStallOwed() : frameCycle_;
  ppu_->runTo(static_cast<uint32_t>(std::min<uint64_t>(now, kFrameCycles) * 3));
}

uint32_t NesSystem::nextEvent() const {
  uint32_t event = kFrameCycles;
  if (frameCycle_ < kPreRenderCycle)
    event = kPreRenderCycle;
  else if (spriteZeroCycle_ != 0 && frameCycle_ < spriteZeroCycle_)
    event = spriteZeroCycle_;
  if (ppu_ && (bus_.ppuRegs().mask & 0x18) && bus_.mapper() && bus_.mapper()->countsScanlines()) {
    const uint32_t dot = NesPpu::nextScanlineCheck(3 * frameCycle_);
    if (dot < NesPpu::kFrameDots) event = std::min(event, (dot + 2) / 3);
  }
  return event;
}

// Moves the clock on by `cycles`, firing each event it passes, in order.
void NesSystem::advance(uint64_t cycles) {
  uint64_t now = frameCycle_ + cycles;
  for (uint32_t next = nextEvent(); now >= next; next = nextEvent()) {
    if (next == kFrameCycles) {
      if (ppu_) ppu_->endFrame();
      now -= kFrameCycles;
      frameCycle_ = 0;
      ++frame_;
      if (bus_.startVblank()) nmiPending_ = true;
      continue;
    }
    frameCycle_ = next;
    if (ppu_) ppu_->runTo(3 * next);
    if (next == kPreRenderCycle) {
      bus_.startPreRender();
      spriteZeroCycle_ = ppu_ ? 0 : spriteZeroCycleFor(bus_.oam());
      if (spriteZeroCycle_ <= kPreRenderCycle) spriteZeroCycle_ = 0;
    } else if (next == spriteZeroCycle_) {
      bus_.spriteZeroHit();
    }  // else a scanline check: the renderer has caught up
  }
  frameCycle_ = static_cast<uint32_t>(now);
  if (ppu_) ppu_->runTo(static_cast<uint32_t>(std::min<uint64_t>(now, kFrameCycles) * 3));
}

void NesSystem::takeIrq(uint64_t& spent) {
  const unsigned c = cpu_.irq();
  spent += c;
  advance(c);
}

void NesSystem::takeNmi(uint64_t& spent) {
  nmiPending_ = false;
  const unsigned c = cpu_.nmi();
  spent += c;
  advance(c);
}

RunResult NesSystem::run(const RunLimits& limits) {
  // Rendering: count cycles inside slices, passing them on to the caller's observer.
  struct ObserverScope {
    Cpu6502& cpu;
    BusObserver* saved;
    ~ObserverScope() { cpu.setObserver(saved); }
  } scope{cpu_, cpu_.observer()};
  if (ppu_) {
    sync_.next = scope.saved;
    cpu_.setObserver(&sync_);
  }
  RunResult total;
  bool resuming = true;  // the first instruction runs even on a breakpoint
  for (;;) {
    if (bus_.takeNmiEdge()) nmiPending_ = true;
    if (nmiPending_ && !nmiHeld_ && !cpu_.jammed()) {
      takeNmi(total.cycles);
      resuming = false;
    }
    if (ppu_ && bus_.mapperIrq() && !(cpu_.regs.p & kFlagI) && !cpu_.jammed()) {
      takeIrq(total.cycles);
      resuming = false;
    }
    if (cpu_.jammed()) {
      total.reason = HaltReason::Jam;
      return total;
    }
    if (!resuming && limits.breakpoints && (*limits.breakpoints)[cpu_.regs.pc] &&
        !(limits.sentinel && *limits.sentinel == cpu_.regs.pc)) {
      total.reason = HaltReason::Breakpoint;
      return total;
    }
    if (total.instructions >= limits.maxInstructions) {
      total.reason = HaltReason::InstructionBudget;
      return total;
    }
    if (total.cycles >= limits.maxCycles) {
      total.reason = HaltReason::CycleBudget;
      return total;
    }
    RunLimits slice = limits;
    slice.maxInstructions = limits.maxInstructions - total.instructions;
    const uint64_t toEvent = std::min<uint64_t>(nextEvent() - frameCycle_, kMaxSlice);
    slice.maxCycles = std::min(limits.maxCycles - total.cycles, toEvent);
    if (ppu_) {
      // A held IRQ line is looked at after every instruction (a CLI takes it), and
      // so is a scanline counter that $2006/$2007 can clock (rendering off).
      const bool counterByCpu =
          !(bus_.ppuRegs().mask & 0x18) && bus_.mapper() && bus_.mapper()->countsScanlines();
      if (bus_.mapperIrq() || counterByCpu)
        slice.maxInstructions = std::min<uint64_t>(slice.maxInstructions, 1);
      inSlice_ = true;
      sliceStart_ = frameCycle_;
      sync_.cycles = 0;
    }
    const RunResult r = cpu_.runUntil(slice);
    inSlice_ = false;
    total.instructions += r.instructions;
    total.cycles += r.cycles;
    uint64_t elapsed = r.cycles;
    if (uint32_t stall = bus_.takeDmaStall()) {
      // The DMA waits one more cycle when it would start on an odd (put) cycle.
      stall += static_cast<uint32_t>(cpu_.cycles & 1);
      cpu_.cycles += stall;
      total.cycles += stall;
      elapsed += stall;
    }
    advance(elapsed);
    resuming = false;
    // A slice cut to one instruction (a held IRQ line) is not the caller's budget.
    const bool sliceEnd =
        r.reason == HaltReason::CycleBudget ||
        (r.reason == HaltReason::InstructionBudget && total.instructions < limits.maxInstructions);
    if (!sliceEnd) {
      total.reason = r.reason;
      return total;
    }
  }
}

void NesSystem::setNmiHeld(bool held) {
  nmiHeld_ = held;
}

void NesSystem::setButtons(int port, uint8_t mask) {
  bus_.setButtons(port, mask);
}

NesSystemState NesSystem::saveState() const {
  NesSystemState s;
  s.regs = cpu_.regs;
  s.cycles = cpu_.cycles;
  s.jammed = cpu_.jammed();
  s.bus = bus_.saveState();
  s.frame = frame_;
  s.frameCycle = frameCycle_;
  s.spriteZeroCycle = spriteZeroCycle_;
  s.nmiPending = nmiPending_;
  if (ppu_) s.ppu = ppu_->saveState();
  return s;
}

void NesSystem::loadState(const NesSystemState& s) {
  cpu_.regs = s.regs;
  cpu_.cycles = s.cycles;
  cpu_.setJammed(s.jammed);
  bus_.loadState(s.bus);
  frame_ = s.frame;
  frameCycle_ = s.frameCycle;
  spriteZeroCycle_ = s.spriteZeroCycle;
  nmiPending_ = s.nmiPending;
  if (ppu_) {
    spriteZeroCycle_ = 0;
    if (s.ppu)
      ppu_->loadState(*s.ppu);
    else
      ppu_ = std::make_unique<NesPpu>(bus_, 3 * frameCycle_);
  }
}

bool NesSystem::mapPrgBank(uint16_t cpuAddr, unsigned bank) {
  return bus_.mapPrgBank(cpuAddr, bank);
}

}  // namespace emu6502
