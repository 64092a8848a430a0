#include "emu6502/cpu6502.h"

#include <algorithm>

#include "emu6502/cpu6502_run.h"

namespace emu6502 {

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
    case HaltReason::Jam:
      return "jam";
    case HaltReason::Loop:
      return "loop";
  }
  return "?";
}

Cpu6502::Cpu6502(Bus& bus, CpuConfig cfg) : config(cfg), bus_(bus) {
  pages_ = bus.fastPages();
  if (!pages_) pages_ = &ownPages_;
  flat_ = bus.flatMemory();
  hooked_ = bus.hookedPages();
}

RunResult Cpu6502::runUntil(const RunLimits& limits) {
  const bool checks = limits.breakpoints != nullptr || limits.stopOnSelfLoop;
  if (observer_) {
    return checks ? run<detail::PagedMem, true, true>(limits)
                  : run<detail::PagedMem, true, false>(limits);
  }
  // Logged runs live in their own translation unit (cpu6502_logged.cpp): one
  // more instantiation of the interpreter here changed how the compiler laid
  // out the others and cost the flat path about 6%.
  if (log_ && flat_ && !checks) return runLogged(limits);
  if (flat_ && hooked_) {
    return checks ? run<detail::HookedFlatMem, false, true>(limits)
                  : run<detail::HookedFlatMem, false, false>(limits);
  }
  if (flat_) {
    return checks ? run<detail::FlatMem, false, true>(limits)
                  : run<detail::FlatMem, false, false>(limits);
  }
  return checks ? run<detail::PagedMem, false, true>(limits)
                : run<detail::PagedMem, false, false>(limits);
}

unsigned Cpu6502::step() {
  RunLimits limits;
  limits.maxInstructions = 1;
  return static_cast<unsigned>(runUntil(limits).cycles);
}

uint8_t Cpu6502::access(uint16_t addr, Access kind, uint8_t value) {
  switch (kind) {
    case Access::Write:
      bus_.write(addr, value);
      break;
    case Access::DummyWrite:
      bus_.dummyWrite(addr, value);
      break;
    case Access::DummyRead:
      value = bus_.dummyRead(addr);
      break;
    default:
      value = bus_.read(addr);
      break;
  }
  pages_->openBus = value;
  if (observer_) observer_->onAccess(addr, value, kind);
  return value;
}

// The interrupt sequence is BRK's with the opcode fetch discarded and PC not
// advanced. On reset the three stack writes become reads, so S still drops by 3
// but memory is untouched.
unsigned Cpu6502::interrupt(uint16_t vector, bool isReset) {
  access(regs.pc, Access::DummyRead);
  access(regs.pc, Access::DummyRead);
  const uint8_t pushed[3] = {static_cast<uint8_t>(regs.pc >> 8), static_cast<uint8_t>(regs.pc),
                             static_cast<uint8_t>((regs.p & ~kFlagB) | kFlagU)};
  for (uint8_t v : pushed) {
    const uint16_t addr = static_cast<uint16_t>(0x100 | regs.s--);
    if (isReset)
      access(addr, Access::DummyRead);
    else
      access(addr, Access::Write, v);
  }
  regs.p |= kFlagI;
  const uint16_t lo = access(vector, Access::Read);
  regs.pc =
      static_cast<uint16_t>(lo | (access(static_cast<uint16_t>(vector + 1), Access::Read) << 8));
  cycles += 7;
  return 7;
}

void Cpu6502::reset() {
  jammed_ = false;
  interrupt(0xFFFC, true);
}

unsigned Cpu6502::nmi() {
  return jammed_ ? 0 : interrupt(0xFFFA, false);
}

unsigned Cpu6502::irq() {
  if (jammed_ || (regs.p & kFlagI)) return 0;
  return interrupt(0xFFFE, false);
}

}  // namespace emu6502
