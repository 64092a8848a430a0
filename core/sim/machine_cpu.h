// One CPU machine over any bus: CpuMachine writes call, resume, step, their
// budgets and halt reasons, registers, flags and disassembly once, for the flat
// machines of call mode (FlatCpuMachine below: a CPU core on a 64 KiB WatchBus)
// and the game machines (core/game/game_machine_cpu.h: a whole NES or Game Boy).
// The bus side is the final class (CRTP); the CPU side is a Traits type
// (machine_cpus.h: Traits6502, TraitsSm83) naming the core's types and saying:
//   using Cpu, Observer, Access, Limits;  kFault (JAM / illegal opcode), kFlagNames,
//   kCallStack (a flat call's stack pointer);
//   kind(Access), halt(HaltReason), faulted(cpu), clearFault(cpu), resetCpu(cpu);
//   registers(regs), setRegister(regs, name, v), flagBits(regs);
//   plantCall(cpu, poke, entry)   (the JSR/CALL frame to the sentinel);
//   review(cpu, peek, returnStack, CallResult&)
//                                 (a Returned that was no return -> LostReturn,
//                                  a fault -> its own kind and detail);
//   disassemble(addr, bus, names, length).
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "core/sim/machine.h"

namespace core::detail {

constexpr uint16_t kSentinel = 0xFFF0;

// A halt at the sentinel counts as a return only when a return instruction
// (`byReturn`, named `retName`) brought PC there and the stack pointer is back
// where the call began; otherwise the call lost its return address (popped it,
// slid through zeroed memory into the sentinel from `slideFrom`, or -1: jumped
// there) and is a fault.
inline void reviewReturn(CallResult& r, bool byReturn, int slideFrom, const char* retName,
                         const char* spName, unsigned sp, unsigned expectedSp, int spDigits) {
  if (byReturn && sp == expectedSp) return;
  char text[96];
  if (!byReturn && slideFrom >= 0)
    std::snprintf(text, sizeof text,
                  "reached the return sentinel $%04X by sliding from $%04X, not by %s", kSentinel,
                  unsigned(slideFrom), retName);
  else if (!byReturn)
    std::snprintf(text, sizeof text, "reached the return sentinel $%04X by a jump, not by %s",
                  kSentinel, retName);
  else
    std::snprintf(text, sizeof text, "returned with %s=$%0*X, expected $%0*X", spName, spDigits, sp,
                  spDigits, expectedSp);
  r.reason = HaltKind::LostReturn;
  r.detail = text;
}

// 64 KiB of plain RAM that the CPU reads through direct page pointers, except
// for the pages that hold a watched range: those go through read()/write(),
// which report data accesses inside the ranges to the sink. That is how the
// frame runner sees every map cell a routine reads at close to full speed,
// where a full observer would see (and slow down) every cycle.
template <class EmuBus, class Pages>
class WatchBus : public EmuBus {
 public:
  WatchBus() { mapAllPages(); }

  uint8_t read(uint16_t addr) override {
    uint8_t v = ram_[addr];
    if (readSink_ && watched(addr)) readSink_->onAccess(addr, v, AccessKind::Read);
    return v;
  }
  void write(uint16_t addr, uint8_t v) override {
    ram_[addr] = v;
    if (writeSink_ && watched(addr)) writeSink_->onAccess(addr, v, AccessKind::Write);
  }
  uint8_t peek(uint16_t addr) const override { return ram_[addr]; }
  void poke(uint16_t addr, uint8_t v) override { ram_[addr] = v; }
  Pages* fastPages() override { return &pages_; }
  // No flat view by default: the CPU takes the paged path so watched pages reach
  // read(). A core that takes a hooked-page mask can override this.
  uint8_t* flatMemory() override { return nullptr; }

  std::array<uint8_t, 65536>& ram() { return ram_; }
  const std::array<uint8_t, 65536>& ram() const { return ram_; }
  const uint64_t* hookedPageMask() const { return hooked_.data(); }

  // Ranges are clipped to the address space: a range past $FFFF (which the
  // binding refuses anyway) must never index past the 256 page entries.
  void setWatch(const std::vector<AddressRange>& ranges) {
    ranges_.clear();
    for (AddressRange r : ranges) {
      r.end = std::min<uint32_t>(r.end, 0x10000);
      if (r.begin < r.end) ranges_.push_back(r);
    }
    mapAllPages();
    hooked_.fill(0);
    for (const AddressRange& r : ranges_)
      for (uint32_t page = r.begin >> 8; page <= (r.end - 1u) >> 8; ++page) {
        pages_.read[page] = pages_.write[page] = nullptr;
        hooked_[page >> 6] |= uint64_t(1) << (page & 63);
      }
  }
  void setSink(AccessObserver* sink, bool reads) {
    writeSink_ = sink;
    readSink_ = reads ? sink : nullptr;
  }

 private:
  bool watched(uint16_t addr) const {
    for (const AddressRange& r : ranges_)
      if (addr >= r.begin && addr < r.end) return true;
    return false;
  }
  void mapAllPages() {
    for (unsigned page = 0; page < 256; ++page)
      pages_.read[page] = pages_.write[page] = ram_.data() + page * 256;
  }

  std::array<uint8_t, 65536> ram_{};
  Pages pages_;
  std::array<uint64_t, 4> hooked_{};  // the watched pages as a bit mask (for cores that take one)
  std::vector<AddressRange> ranges_;
  AccessObserver* readSink_ = nullptr;
  AccessObserver* writeSink_ = nullptr;
};

// One machine over a bus: what a Machine does the same whatever bus its CPU sits
// on (the flat bus below, or a whole NES or Game Boy in core/game): calls that
// end at the return sentinel or a budget, single steps, the halt reason and its
// review, registers, flags and disassembly. Written once for both kinds of
// machine; `Base` is Machine or a subclass (core::game::GameMachine).
// The final class (CRTP) supplies the CPU, the bus and how they run:
//   Cpu& cpuRef();  const Cpu& cpuRef() const;  const Bus& busRef() const;
//   RunResult runCpu(const Limits&);   (the CPU run with any hardware in step)
//   unsigned returnStack() const;      (the stack pointer a return to the sentinel leaves)
//   CallResult stepCpu();              (optional: one instruction's cycles and count,
//                                       when cheaper than a run of one instruction)
template <class Derived, class Base, class Traits>
class CpuMachine : public Base {
 public:
  CallResult call(uint16_t entry, uint64_t cycleBudget, AccessObserver* observer,
                  const std::vector<bool>* breakpoints) override {
    self().beginCall(entry);
    return resume(cycleBudget, observer, breakpoints);
  }

  CallResult resume(uint64_t cycleBudget, AccessObserver* observer,
                    const std::vector<bool>* breakpoints) override {
    typename Traits::Limits limits;
    limits.sentinel = kSentinel;
    limits.maxCycles = cycleBudget;
    limits.breakpoints = breakpoints;
    return reviewed(run(limits, observer));
  }

  CallResult step(AccessObserver* observer) override {
    if (pc() == kSentinel) return reviewed({HaltKind::Returned, 0, 0, {}});
    if (faulted()) return reviewed({Traits::kFault, 0, 0, {}});
    attach(observer);
    CallResult r = self().stepCpu();
    self().cpuRef().setObserver(nullptr);
    r.reason = faulted()           ? Traits::kFault
               : pc() == kSentinel ? HaltKind::Returned
                                   : HaltKind::Stepped;
    return reviewed(r);
  }

  uint16_t pc() const override { return self().cpuRef().regs.pc; }
  uint16_t sentinel() const override { return kSentinel; }
  std::vector<RegisterValue> registers() const override {
    return Traits::registers(self().cpuRef().regs);
  }
  bool setRegister(const std::string& name, uint32_t value) override {
    return Traits::setRegister(self().cpuRef().regs, name, value);
  }
  std::string flagNames() const override { return Traits::kFlagNames; }
  uint32_t flagBits() const override { return Traits::flagBits(self().cpuRef().regs); }
  std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const override {
    return Traits::disassemble(addr, self().busRef(), names, length);
  }

  // A run of one instruction: right for a CPU whose hardware runs beside it.
  CallResult stepCpu() {
    typename Traits::Limits limits;
    limits.maxInstructions = 1;
    auto r = self().runCpu(limits);
    return {HaltKind::Stepped, r.cycles, r.instructions, {}};
  }

 protected:
  // Runs under `limits` with `observer` (or none) seeing the bus.
  CallResult run(const typename Traits::Limits& limits, AccessObserver* observer) {
    attach(observer);
    auto r = self().runCpu(limits);
    self().cpuRef().setObserver(nullptr);
    return {Traits::halt(r.reason), r.cycles, r.instructions, {}};
  }

  // Only the rare ends (a return, a fault) are reviewed: the common Returned costs
  // one opcode peek and a stack-pointer compare per call.
  CallResult reviewed(CallResult r) const {
    if (r.reason == HaltKind::Returned || r.reason == Traits::kFault)
      Traits::review(
          self().cpuRef(), [this](uint16_t a) { return self().peek(a); }, self().returnStack(), r);
    return r;
  }

  bool faulted() const { return Traits::faulted(self().cpuRef()); }

 private:
  struct Adapter : Traits::Observer {
    AccessObserver* target = nullptr;
    void onAccess(uint16_t addr, uint8_t value, typename Traits::Access kind) override {
      target->onAccess(addr, value, Traits::kind(kind));
    }
  };

  Derived& self() { return static_cast<Derived&>(*this); }
  const Derived& self() const { return static_cast<const Derived&>(*this); }

  void attach(AccessObserver* observer) {
    adapter_.target = observer;
    self().cpuRef().setObserver(observer ? &adapter_ : nullptr);
  }

  Adapter adapter_;
};

// A CPU on the flat 64 KiB bus (WatchBus over the core's Bus): the machines of
// call mode (machine_6502.cpp, machine_sm83.cpp). Loading places the image's
// chunks; the watch is the bus's hooked pages; a step is the core's own.
template <class Derived, class Traits, class Bus>
class FlatCpuMachine : public CpuMachine<Derived, Machine, Traits> {
 public:
  FlatCpuMachine() : cpu_(bus_) {}

  bool load(const AsmResult& image, std::string* error) override {
    // Power-on state for RAM and CPU, so a reload never carries the last run's
    // registers into a snapshot (recordings must be byte-identical run to run).
    Traits::resetCpu(cpu_);
    bus_.ram().fill(0);
    for (const ImageChunk& c : image.chunks) {
      if (c.address + (c.ram ? c.size : c.bytes.size()) > 0x10000) {
        if (error) *error = "segment " + c.name + " runs past $FFFF";
        return false;
      }
      if (c.ram)  // RAM chunks are cleared
        for (uint32_t i = 0; i < c.size; ++i) bus_.poke(uint16_t(c.address + i), 0);
      else
        for (size_t i = 0; i < c.bytes.size(); ++i) bus_.poke(uint16_t(c.address + i), c.bytes[i]);
    }
    return true;
  }

  uint8_t peek(uint16_t addr) const override { return bus_.peek(addr); }
  void poke(uint16_t addr, uint8_t v) override { bus_.poke(addr, v); }
  const uint8_t* memory() const override { return bus_.ram().data(); }

  void setWatch(const std::vector<AddressRange>& ranges) override { bus_.setWatch(ranges); }
  void setWatchSink(AccessObserver* sink, bool reads) override { bus_.setSink(sink, reads); }

  // The hooks CpuMachine calls.
  typename Traits::Cpu& cpuRef() { return cpu_; }
  const typename Traits::Cpu& cpuRef() const { return cpu_; }
  const Bus& busRef() const { return bus_; }
  auto runCpu(const typename Traits::Limits& limits) { return cpu_.runUntil(limits); }
  CallResult stepCpu() { return {HaltKind::Stepped, cpu_.step(), 1, {}}; }
  unsigned returnStack() const { return Traits::kCallStack; }

 protected:
  Bus bus_;
  typename Traits::Cpu cpu_;
};

}  // namespace core::detail
