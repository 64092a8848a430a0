#include "emusm83/cpu_sm83.h"

#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "emusm83/cpu_sm83_engine.h"

namespace emusm83 {

const char* haltReasonName(HaltReason reason) {
  switch (reason) {
    case HaltReason::None:
      return "none";
    case HaltReason::Returned:
      return "returned";
    case HaltReason::Breakpoint:
      return "breakpoint";
    case HaltReason::InstructionBudget:
      return "instruction budget";
    case HaltReason::CycleBudget:
      return "cycle budget";
    case HaltReason::Locked:
      return "locked";
    case HaltReason::Stopped:
      return "stopped";
    case HaltReason::Loop:
      return "loop";
  }
  return "?";
}

CpuSm83::CpuSm83(Bus& bus) : bus_(bus), flat_(bus.flatMemory()) {
  pages_ = bus.fastPages();
  if (!pages_) pages_ = &ownPages_;
}

void CpuSm83::clearStates() {
  halted_ = haltEntry_ = haltBug_ = locked_ = stopped_ = eiPending_ = false;
  lockReason_[0] = '\0';
  deadline_ = 0;
  returnEnd_ = UINT64_MAX;
}

void CpuSm83::clearLock() {
  locked_ = halted_ = haltEntry_ = haltBug_ = stopped_ = false;
  lockReason_[0] = '\0';
  deadline_ = 0;
}

CpuState CpuSm83::state() const {
  CpuState s;
  s.regs = regs;
  s.cycles = cycles;
  s.halted = halted_, s.haltEntry = haltEntry_, s.haltBug = haltBug_;
  s.locked = locked_, s.stopped = stopped_, s.eiPending = eiPending_;
  return s;
}

void CpuSm83::setState(const CpuState& s) {
  regs = s.regs;
  cycles = s.cycles;
  halted_ = s.halted, haltEntry_ = s.haltEntry, haltBug_ = s.haltBug;
  locked_ = s.locked, stopped_ = s.stopped, eiPending_ = s.eiPending;
  if (locked_ && !lockReason_[0])
    std::snprintf(lockReason_, sizeof lockReason_, "restored lock-up");
  if (!locked_) lockReason_[0] = '\0';
  deadline_ = 0;
  returnEnd_ = UINT64_MAX;  // a state from elsewhere: no return has just ended
}

void CpuSm83::reset() {
  regs = Regs{};
  clearStates();
}

void CpuSm83::setPostBootState(bool cgb) {
  regs = Regs{};
  if (cgb) {
    regs.a = 0x11, regs.f = 0x80;
    regs.d = 0xFF, regs.e = 0x56;
    regs.l = 0x0D;
  } else {
    regs.a = 0x01, regs.f = 0xB0;
    regs.b = 0x00, regs.c = 0x13;
    regs.d = 0x00, regs.e = 0xD8;
    regs.h = 0x01, regs.l = 0x4D;
  }
  regs.sp = 0xFFFE;
  regs.pc = 0x0100;
  clearStates();
}

void CpuSm83::syncBus() {
  if (ticked_ > cycles) ticked_ = cycles;
  uint64_t due = cycles - ticked_;
  while (due > 0) {
    const auto n = static_cast<unsigned>(std::min<uint64_t>(due, 0x40000000u));
    bus_.tick(n);
    due -= n;
  }
  ticked_ = cycles;
}

uint8_t CpuSm83::slowRead(uint16_t addr, uint64_t now, Access kind) {
  cycles = now;
  syncBus();
  return bus_.readAccess(addr, kind);
}

void CpuSm83::slowWrite(uint16_t addr, uint8_t v, uint64_t now) {
  cycles = now;
  syncBus();
  bus_.write(addr, v);
}

void CpuSm83::lockIllegal(uint8_t op, uint16_t pc) {
  locked_ = true;
  std::snprintf(lockReason_, sizeof lockReason_, "illegal opcode $%02X at $%04X", op, pc);
}

uint8_t CpuSm83::pendingInterrupts() const {
  return bus_.interruptEnable() & bus_.interruptFlags() & 0x1F;
}

void CpuSm83::internalCycle() {
  ++cycles;
  if (observer_) observer_->onAccess(lastAddr_, lastData_, Access::Internal);
}

void CpuSm83::writeCycle(uint16_t addr, uint8_t v) {
  ++cycles;
  if (uint8_t* page = pages_->write[addr >> 8]) {
    page[addr & 0xFF] = v;
  } else if (pages_->highRam && addr >= 0xFF80 && addr != 0xFFFF) {
    pages_->highRam[addr - 0xFF80] = v;
  } else {
    syncBus();
    bus_.write(addr, v);
  }
  lastAddr_ = addr, lastData_ = v;
  if (observer_) observer_->onAccess(addr, v, Access::Write);
}

void CpuSm83::dispatchInterrupt() {
  regs.ime = false;
  internalCycle();
  internalCycle();
  regs.sp = static_cast<uint16_t>(regs.sp - 1);
  writeCycle(regs.sp, static_cast<uint8_t>(regs.pc >> 8));
  // IE is sampled after the high byte is pushed: if that push wrote IE and removed
  // the pending source, the dispatch is cancelled and PC becomes $0000.
  syncBus();
  const uint8_t pending = pendingInterrupts();
  regs.sp = static_cast<uint16_t>(regs.sp - 1);
  writeCycle(regs.sp, static_cast<uint8_t>(regs.pc));
  if (pending) {
    const auto bit = static_cast<uint8_t>(pending & -pending);
    bus_.acknowledgeInterrupt(bit);
    regs.pc = static_cast<uint16_t>(0x40 + 8 * __builtin_ctz(bit));
  } else {
    regs.pc = 0x0000;
  }
  internalCycle();
}

// Runs at an instruction boundary whenever the engine's deadline is reached: after
// an access to a device, EI/RETI/HALT/STOP/illegal, a bus event, or the cycle budget.
HaltReason CpuSm83::service(uint64_t cycleLimit, bool mayRun) {
  if (stopped_) {
    stopped_ = false;
    deadline_ = 0;
    syncBus();
    if (!bus_.stop()) return HaltReason::Stopped;
  }
  if (locked_) return HaltReason::Locked;
  syncBus();
  deadline_ = 0;
  if (!mayRun) return HaltReason::None;  // leave interrupts and HALT for the next call
  if (cycles >= cycleLimit) return HaltReason::CycleBudget;

  uint8_t pending = pendingInterrupts();
  if (halted_) {
    while (!pending) {
      if ((bus_.interruptEnable() & 0x1F) == 0) {
        locked_ = true;
        std::snprintf(lockReason_, sizeof lockReason_,
                      "HALT at $%04X with IE = 0: no interrupt can end it",
                      static_cast<uint16_t>(regs.pc - 1));
        return HaltReason::Locked;
      }
      // Skip ahead to the next device event, where an interrupt may be raised.
      haltEntry_ = false;
      const uint64_t event = bus_.cyclesUntilEvent();
      uint64_t next = event >= UINT64_MAX - ticked_ ? UINT64_MAX : ticked_ + event;
      next = std::max(std::min(next, cycleLimit), cycles + 1);
      cycles = next;
      syncBus();
      if (cycles >= cycleLimit) return HaltReason::CycleBudget;
      pending = pendingInterrupts();
    }
    halted_ = false;
    // HALT with IME off and an interrupt already pending does not halt, and the
    // next opcode fetch fails to advance PC (the halt bug).
    if (haltEntry_ && !regs.ime) haltBug_ = true;
    haltEntry_ = false;
  }
  if (regs.ime && pending) {
    dispatchInterrupt();
    syncBus();
  }
  if (eiPending_) {
    // EI's effect is one instruction late: the instruction after EI always runs.
    eiPending_ = false;
    regs.ime = true;
    return HaltReason::None;  // deadline_ stays 0: check again after that instruction
  }
  if (regs.ime && pendingInterrupts()) return HaltReason::None;
  const uint64_t event = bus_.cyclesUntilEvent();
  const uint64_t next = event >= UINT64_MAX - ticked_ ? UINT64_MAX : ticked_ + event;
  deadline_ = std::min(next, cycleLimit);
  return HaltReason::None;
}

template <class Mem, bool kObserve>
RunResult CpuSm83::run(const RunLimits& limits) {
  const Mem mem = [this] {
    if constexpr (std::is_same_v<Mem, FlatMem>)
      return FlatMem{flat_};
    else
      return PagedMem{pages_};
  }();
  Engine<Mem, kObserve> e(*this, mem);
  const uint64_t start = cycles;
  const uint64_t cycleLimit =
      limits.maxCycles >= UINT64_MAX - start ? UINT64_MAX : start + limits.maxCycles;
  const int32_t sentinel = limits.sentinel ? static_cast<int32_t>(*limits.sentinel) : -1;
  const std::vector<bool>* bp = limits.breakpoints;
  if (bp && bp->size() < 0x10000) bp = nullptr;
  const uint64_t maxInstructions = limits.maxInstructions;
  const bool selfLoop = limits.stopOnSelfLoop;
  uint64_t n = 0;
  HaltReason reason = HaltReason::None;
  deadline_ = 0;
  ticked_ = cycles;  // a hand-set cycle counter does not move the devices' clock
  e.load();
  for (;;) {
    bool haltBug = false;
    if (e.cyc >= e.deadline) [[unlikely]] {
      e.store();
      reason = service(cycleLimit, n < maxInstructions);
      e.load();
      if (reason != HaltReason::None) break;
      haltBug = haltBug_;
      haltBug_ = false;
    }
    if (static_cast<int32_t>(e.pc) == sentinel) {
      reason = HaltReason::Returned;
      break;
    }
    if (bp && n > 0 && (*bp)[e.pc]) {
      reason = HaltReason::Breakpoint;
      break;
    }
    if (n >= maxInstructions) {
      reason = HaltReason::InstructionBudget;
      break;
    }
    const uint16_t startPc = e.pc;
    e.execute(haltBug);
    ++n;
    if (selfLoop && e.pc == startPc && !haltBug) [[unlikely]] {
      reason = HaltReason::Loop;
      break;
    }
  }
  e.store();
  syncBus();  // devices are up to date whenever the CPU is not running
  return {reason, n, cycles - start};
}

RunResult CpuSm83::runUntil(const RunLimits& limits) {
  if (flat_) {
    return observer_ ? run<FlatMem, true>(limits) : run<FlatMem, false>(limits);
  }
  return observer_ ? run<PagedMem, true>(limits) : run<PagedMem, false>(limits);
}

unsigned CpuSm83::step() {
  if (locked_) return 0;
  if (halted_) {
    ticked_ = cycles;
    if (!pendingInterrupts()) {
      haltEntry_ = false;
      ++cycles;
      syncBus();
      return 1;
    }
  }
  RunLimits limits;
  limits.maxInstructions = 1;
  return static_cast<unsigned>(runUntil(limits).cycles);
}

}  // namespace emusm83
