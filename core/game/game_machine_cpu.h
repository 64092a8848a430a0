// What the NES and Game Boy game machines share: calls that end at the return
// sentinel or a budget, single steps, free runs to a stop address, the watch
// through the bus's data hook and the observer adapter. The final class (CRTP)
// supplies the system:
//   Cpu& cpuRef();  Bus& busRef();            (the CPU and the bus with setDataHook)
//   RunResult runCpu(const Limits&);          (the CPU run with the hardware in step)
//   bool faulted() const;                     (JAM / lock-up)
//   void review(CallResult&) const;           (a return's stack check, a fault's detail)
//   void freeRunning();                       (before the game runs itself)
//   static constexpr HaltKind kFault;
#pragma once

#include <optional>
#include <vector>

#include "core/game/game_machine.h"
#include "core/game/game_watch.h"

namespace core::game::detail {

template <class Derived, class Limits, class Hook, class Observer, class Access>
class GameCpuMachine : public GameMachine {
 public:
  CallResult call(uint16_t entry, uint64_t cycleBudget, AccessObserver* observer,
                  const std::vector<bool>* breakpoints) override {
    beginCall(entry);
    return resume(cycleBudget, observer, breakpoints);
  }

  CallResult resume(uint64_t cycleBudget, AccessObserver* observer,
                    const std::vector<bool>* breakpoints) override {
    Limits limits;
    limits.sentinel = core::detail::kSentinel;
    limits.maxCycles = cycleBudget;
    limits.breakpoints = breakpoints;
    return reviewed(run(limits, observer));
  }

  CallResult step(AccessObserver* observer) override {
    if (pc() == core::detail::kSentinel) return reviewed({HaltKind::Returned, 0, 0, {}});
    if (self().faulted()) return reviewed({Derived::kFault, 0, 0, {}});
    Limits limits;
    limits.maxInstructions = 1;
    CallResult r = run(limits, observer);
    r.reason = self().faulted()                  ? Derived::kFault
               : pc() == core::detail::kSentinel ? HaltKind::Returned
                                                 : HaltKind::Stepped;
    return reviewed(r);
  }

  GameRun runFree(std::optional<uint16_t> stop, uint64_t maxCycles,
                  uint64_t maxInstructions) override {
    self().freeRunning();
    Limits limits;
    limits.maxCycles = maxCycles;
    limits.maxInstructions = maxInstructions;
    if (stop) {
      stops_.assign(0x10000, false);
      stops_[*stop] = true;
      limits.breakpoints = &stops_;
    }
    CallResult r = run(limits, nullptr);
    if (r.reason == Derived::kFault) r = reviewed(r);
    return {r.reason, r.cycles, r.detail};
  }

  GameRun runFreeTo(const std::vector<bool>& stops, uint64_t maxCycles) override {
    self().freeRunning();
    Limits limits;
    limits.maxCycles = maxCycles;
    limits.breakpoints = &stops;
    CallResult r = run(limits, nullptr);
    if (r.reason == Derived::kFault) r = reviewed(r);
    return {r.reason, r.cycles, r.detail};
  }

  void setWatch(const std::vector<AddressRange>& ranges) override {
    watch_.setRanges(ranges);
    applyWatch();
  }
  void setWatchSink(AccessObserver* sink, bool reads) override {
    watch_.setSink(sink, reads);
    applyWatch();
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
  const Derived& self() const { return static_cast<const Derived&>(*this); }

  CallResult run(const Limits& limits, AccessObserver* observer) {
    adapter_.target = observer;
    self().cpuRef().setObserver(observer ? &adapter_ : nullptr);
    auto r = self().runCpu(limits);
    self().cpuRef().setObserver(nullptr);
    return {core::detail::toHalt(r.reason), r.cycles, r.instructions, {}};
  }

  // Only the rare ends (a return, a fault) are reviewed.
  CallResult reviewed(CallResult r) const {
    if (r.reason == HaltKind::Returned || r.reason == Derived::kFault) self().review(r);
    return r;
  }

  void applyWatch() {
    self().busRef().setDataHook(watch_.active() ? &watch_ : nullptr, watch_.pages());
  }

  std::vector<bool> stops_;
  GameWatch<Hook> watch_;
  ObserverAdapter<Observer, Access> adapter_;
};

}  // namespace core::game::detail
