// The SM83 machine: emusm83's CPU on a flat 64 KiB bus, the way a routine
// assembled by the built-in rgbds-syntax assembler expects it. Writable state is
// WRAM ($C000-$DFFF) and HRAM ($FF80-$FFFE), which is what snapshots keep.
#include <cstring>

#include "core/sim/machine_cpus.h"
#include "emusm83/bus.h"

namespace core {
namespace {

constexpr size_t kWramSize = 0x2000;
constexpr size_t kHramSize = 0x7F;

class MachineSm83 final
    : public detail::FlatCpuMachine<MachineSm83, detail::TraitsSm83,
                                    detail::WatchBus<emusm83::Bus, emusm83::FastPages>> {
 public:
  Cpu cpu() const override { return Cpu::Sm83; }

  void beginCall(uint16_t entry) override {
    cpu_.clearLock();
    cpu_.regs.sp = uint16_t(detail::TraitsSm83::kCallStack);  // a return brings SP back here
    detail::TraitsSm83::plantCall(
        cpu_, [this](uint16_t a, uint8_t v) { bus_.poke(a, v); }, entry);
    cpu_.regs.ime = false;
    applyCallRegisters();
  }

  uint64_t frameCycles() const override { return 17556; }

  Snapshot snapshot() const override {
    Snapshot s;
    s.ram.resize(kWramSize + kHramSize);
    std::memcpy(s.ram.data(), bus_.ram().data() + 0xC000, kWramSize);
    std::memcpy(s.ram.data() + kWramSize, bus_.ram().data() + 0xFF80, kHramSize);
    s.regs = detail::TraitsSm83::saveRegs(cpu_);
    return s;
  }

  void restore(const Snapshot& s) override {
    if (s.ram.size() == kWramSize + kHramSize) {
      std::memcpy(bus_.ram().data() + 0xC000, s.ram.data(), kWramSize);
      std::memcpy(bus_.ram().data() + 0xFF80, s.ram.data() + kWramSize, kHramSize);
    }
    detail::TraitsSm83::restoreRegs(cpu_, s.regs);
  }

  size_t snapshotSize() const override {
    return kWramSize + kHramSize + detail::TraitsSm83::kRegBytes;
  }
};

}  // namespace

std::unique_ptr<Machine> makeMachineSm83() {
  return std::make_unique<MachineSm83>();
}

}  // namespace core
