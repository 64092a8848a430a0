// Internal to the 6502 interpreter: the run loop, shared by cpu6502.cpp and
// cpu6502_logged.cpp (each instantiates the memory models it needs).
#pragma once

#include <algorithm>

#include "emu6502/cpu6502.h"
#include "emu6502/cpu6502_exec.h"

namespace emu6502 {

template <class Mem, bool kObserve, bool kChecks>
RunResult Cpu6502::run(const RunLimits& limits) {
  if (jammed_) return {HaltReason::Jam, 0, 0};
  Mem mem;
  if constexpr (std::is_same_v<Mem, detail::FlatMem>)
    mem = detail::FlatMem{flat_};
  else if constexpr (std::is_same_v<Mem, detail::LoggedMem>)
    mem = hooked_
              ? detail::LoggedMem{{flat_, {hooked_[0], hooked_[1], hooked_[2], hooked_[3]}, &bus_},
                                  log_}
              : detail::LoggedMem{{flat_, {0, 0, 0, 0}, &bus_}, log_};
  else if constexpr (std::is_same_v<Mem, detail::HookedFlatMem>)
    mem = detail::HookedFlatMem{flat_, {hooked_[0], hooked_[1], hooked_[2], hooked_[3]}, &bus_};
  else
    mem = detail::PagedMem{pages_, &bus_};
  detail::Exec<Mem, kObserve> e(mem, observer_, regs, config);

  const uint32_t sentinel = limits.sentinel ? *limits.sentinel : 0x10000u;
  const uint64_t maxInstructions = limits.maxInstructions;
  const uint64_t maxCycles = limits.maxCycles;
  const std::vector<bool>* breakpoints = limits.breakpoints;
  const bool stopOnSelfLoop = limits.stopOnSelfLoop;
  uint64_t n = 0;
  HaltReason reason = HaltReason::None;
  while (reason == HaltReason::None) {
    if (e.pc == sentinel) {
      reason = HaltReason::Returned;
      break;
    }
    if (n >= maxInstructions) {
      reason = HaltReason::InstructionBudget;
      break;
    }
    if (e.cyc >= maxCycles) {
      reason = HaltReason::CycleBudget;
      break;
    }
    // The budgets are checked once per batch: no instruction takes more than 8
    // cycles, so none of the next `batch` instructions can start past a budget.
    const uint64_t batch =
        std::max<uint64_t>(1, std::min(maxInstructions - n, (maxCycles - e.cyc) / 8));
    const uint64_t end = n + batch;
    do {
      if (e.pc == sentinel) [[unlikely]] {
        reason = HaltReason::Returned;
        break;
      }
      if constexpr (kChecks) {
        if (breakpoints && n != 0 && (*breakpoints)[e.pc]) {
          reason = HaltReason::Breakpoint;
          break;
        }
      }
      const uint16_t startPc = e.pc;
      ++n;
      if (!e.execute()) [[unlikely]] {
        jammed_ = true;
        reason = HaltReason::Jam;
        break;
      }
      if constexpr (kChecks) {
        if (stopOnSelfLoop && e.pc == startPc) {
          reason = HaltReason::Loop;
          break;
        }
      }
    } while (n < end);
  }
  e.save(regs);
  cycles += e.cyc;
  return {reason, n, e.cyc};
}

}  // namespace emu6502
