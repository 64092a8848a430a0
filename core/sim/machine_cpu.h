// The part of a Machine that is the same for both CPUs: a CPU core on a flat
// 64 KiB bus, calls that end at the return sentinel or a budget, single steps,
// and the adapter that turns the core's bus accesses into AccessKinds.
//
// A Traits type names the core's types and says how it reports faults:
//   using Bus (a WatchBus over the core's Bus), Cpu, Observer, Access, RunLimits;
//   static AccessKind kind(Access);
//   static HaltKind halt(HaltReason);
//   static bool faulted(const Cpu&);      // JAM / illegal opcode
//   static void resetCpu(Cpu&);           // registers and fault state to power-on
//   static constexpr HaltKind kFault;
//   static void review(const Cpu&, const Bus&, CallResult&);
//                                         // a Returned that was no return -> LostReturn,
//                                         // a fault -> its own kind and detail
// The CPU-specific rest (beginCall, registers, snapshots, ...) stays in the
// final class.
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "core/sim/machine_common.h"

namespace core::detail {

constexpr uint16_t kSentinel = 0xFFF0;

// 64 KiB of plain RAM that the CPU reads through direct page pointers, except
// for the pages that hold a watched range: those go through read()/write(),
// which report data accesses inside the ranges to the sink. That is how the
// frame runner sees every map cell a routine reads at close to full speed,
// where a full observer would see (and slow down) every cycle.
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

template <class Traits>
class CpuMachine : public Machine {
 public:
  CpuMachine() : cpu_(bus_) {}

  bool load(const AsmResult& image, std::string* error) override {
    // Power-on state for RAM and CPU, so a reload never carries the last run's
    // registers into a snapshot (recordings must be byte-identical run to run).
    Traits::resetCpu(cpu_);
    bus_.ram().fill(0);
    return placeChunks(
        image, [&](uint16_t a, uint8_t v) { bus_.poke(a, v); }, error);
  }

  uint8_t peek(uint16_t addr) const override { return bus_.peek(addr); }
  void poke(uint16_t addr, uint8_t v) override { bus_.poke(addr, v); }
  const uint8_t* memory() const override { return bus_.ram().data(); }

  CallResult call(uint16_t entry, uint64_t cycleBudget, AccessObserver* observer,
                  const std::vector<bool>* breakpoints) override {
    beginCall(entry);
    return resume(cycleBudget, observer, breakpoints);
  }

  CallResult resume(uint64_t cycleBudget, AccessObserver* observer,
                    const std::vector<bool>* breakpoints) override {
    attach(observer);
    typename Traits::RunLimits limits;
    limits.sentinel = kSentinel;
    limits.maxCycles = cycleBudget;
    limits.breakpoints = breakpoints;
    auto r = cpu_.runUntil(limits);
    cpu_.setObserver(nullptr);
    return reviewed({Traits::halt(r.reason), r.cycles, r.instructions, {}});
  }

  CallResult step(AccessObserver* observer) override {
    if (cpu_.regs.pc == kSentinel) return reviewed({HaltKind::Returned, 0, 0, {}});
    if (Traits::faulted(cpu_)) return reviewed({Traits::kFault, 0, 0, {}});
    attach(observer);
    unsigned c = cpu_.step();
    cpu_.setObserver(nullptr);
    if (Traits::faulted(cpu_)) return reviewed({Traits::kFault, c, 1, {}});
    return reviewed({cpu_.regs.pc == kSentinel ? HaltKind::Returned : HaltKind::Stepped, c, 1, {}});
  }

  uint16_t pc() const override { return cpu_.regs.pc; }
  uint16_t sentinel() const override { return kSentinel; }

  void setWatch(const std::vector<AddressRange>& ranges) override { bus_.setWatch(ranges); }
  void setWatchSink(AccessObserver* sink, bool reads) override { bus_.setSink(sink, reads); }

 protected:
  typename Traits::Bus bus_;
  typename Traits::Cpu cpu_;

 private:
  struct Adapter : Traits::Observer {
    AccessObserver* target = nullptr;
    void onAccess(uint16_t addr, uint8_t value, typename Traits::Access kind) override {
      target->onAccess(addr, value, Traits::kind(kind));
    }
  };

  // Only the rare ends (a return, a fault) are reviewed: the common Returned costs
  // one opcode peek and a stack-pointer compare per call.
  CallResult reviewed(CallResult r) const {
    if (r.reason == HaltKind::Returned || r.reason == Traits::kFault) Traits::review(cpu_, bus_, r);
    return r;
  }

  void attach(AccessObserver* observer) {
    adapter_.target = observer;
    cpu_.setObserver(observer ? &adapter_ : nullptr);
  }

  Adapter adapter_;
};

}  // namespace core::detail
