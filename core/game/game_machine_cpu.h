// What the NES and Game Boy game machines share beyond the one CPU machine
// (core/sim/machine_cpu.h, which writes call, resume, step and their halt
// reasons once for flat and game machines alike): calls planted on the game's
// own stack or adopted from the game (frame mode), free runs to a stop address,
// and the watch through the bus's data hook. The final class (CRTP) supplies
// the system, with CpuMachine's hooks (cpuRef, busRef, runCpu) and:
//   void holdForCall();                       (before a planted call: the NES holds its NMI)
//   void freeRunning();                       (before the game runs itself, or an adopted
//                                              call: the NES releases its NMI)
#pragma once

#include <optional>
#include <vector>

#include "core/game/game_machine.h"
#include "core/game/game_watch.h"

namespace core::game::detail {

template <class Derived, class Traits, class Hook>
class GameCpuMachine : public core::detail::CpuMachine<Derived, GameMachine, Traits> {
 public:
  // Calls on the game's own stack, with the entry's bank mapped first; the
  // review of the return expects the stack pointer back where the call found it.
  void beginCall(uint16_t entry) override {
    if (this->takeAdoption()) return adopt();
    adopted_ = false;
    auto& cpu = self().cpuRef();
    Traits::clearFault(cpu);
    this->mapEntryBank(entry);
    self().holdForCall();
    returnStack_ = Traits::plantCall(
        cpu, [this](uint16_t a, uint8_t v) { self().poke(a, v); }, entry);
    this->applyCallRegisters();
  }

  bool finishAdoptedCall() override {
    if (!adopted_ || this->pc() != core::detail::kSentinel) return false;
    adopted_ = false;
    for (int i = 0; i < 2; ++i) self().poke(stackAt_[i], stackWas_[i]);
    self().cpuRef().regs.pc = uint16_t((stackWas_[0] | stackWas_[1] << 8) + Traits::kReturnBias);
    return true;
  }

  GameRun runFree(std::optional<uint16_t> stop, uint64_t maxCycles,
                  uint64_t maxInstructions) override {
    typename Traits::Limits limits;
    limits.maxCycles = maxCycles;
    limits.maxInstructions = maxInstructions;
    if (stop) {
      stops_.assign(0x10000, false);
      stops_[*stop] = true;
      limits.breakpoints = &stops_;
    }
    return runGame(limits);
  }

  GameRun runFreeTo(const std::vector<bool>& stops, uint64_t maxCycles) override {
    typename Traits::Limits limits;
    limits.maxCycles = maxCycles;
    limits.breakpoints = &stops;
    return runGame(limits);
  }

  void setWatch(const std::vector<AddressRange>& ranges) override {
    watch_.setRanges(ranges);
    applyWatch();
  }
  void setWatchSink(AccessObserver* sink, bool reads) override {
    watch_.setSink(sink, reads);
    applyWatch();
  }

  // The CpuMachine hook: where the call in progress returns its stack pointer.
  unsigned returnStack() const { return returnStack_; }

 protected:
  // For restore(): a snapshot ends any adopted call, pending or in progress.
  void dropAdoptedCall() {
    this->dropAdoption();
    adopted_ = false;
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }

  // The game stands at a routine's entry, called by itself: its return address
  // on the stack is swapped for the sentinel's, and the NMI is not held.
  void adopt() {
    self().freeRunning();
    const auto frame = Traits::pushedFrame(self().cpuRef());
    returnStack_ = frame.returnStack;
    for (int i = 0; i < 2; ++i) {
      stackAt_[i] = frame.at[i];
      stackWas_[i] = self().peek(stackAt_[i]);
    }
    self().poke(stackAt_[0], uint8_t(Traits::kPushedReturn));
    self().poke(stackAt_[1], uint8_t(Traits::kPushedReturn >> 8));
    adopted_ = true;
  }

  GameRun runGame(const typename Traits::Limits& limits) {
    self().freeRunning();
    CallResult r = this->run(limits, nullptr);
    if (r.reason == Traits::kFault) r = this->reviewed(r);
    return {r.reason, r.cycles, r.detail};
  }

  void applyWatch() {
    self().busRef().setDataHook(watch_.active() ? &watch_ : nullptr, watch_.pages());
  }

  std::vector<bool> stops_;
  GameWatch<Hook> watch_;
  unsigned returnStack_ = Traits::kCallStack;
  bool adopted_ = false;  // the call in progress is the game's own (adopt())
  uint16_t stackAt_[2] = {};
  uint8_t stackWas_[2] = {};
};

}  // namespace core::game::detail
