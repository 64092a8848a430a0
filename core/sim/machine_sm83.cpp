// The SM83 machine: emusm83's CPU on a flat 64 KiB bus, the way a routine
// assembled by the built-in rgbds-syntax assembler expects it. Writable state is
// WRAM ($C000-$DFFF) and HRAM ($FF80-$FFFE), which is what snapshots keep.
#include <cstring>

#include "core/sim/machine_cpus.h"
#include "emusm83/bus.h"

namespace core {
namespace {

constexpr uint16_t kStackTop = 0xFFFE;
constexpr size_t kWramSize = 0x2000;
constexpr size_t kHramSize = 0x7F;

struct Sm83Traits {
  using Bus = detail::WatchBus<emusm83::Bus, emusm83::FastPages>;
  using Cpu = emusm83::CpuSm83;
  using Observer = emusm83::BusObserver;
  using Access = emusm83::Access;
  using RunLimits = emusm83::RunLimits;
  static AccessKind kind(Access a) { return detail::toKind(a); }
  static HaltKind halt(emusm83::HaltReason r) { return detail::toHalt(r); }
  static bool faulted(const Cpu& cpu) { return cpu.locked(); }
  static void resetCpu(Cpu& cpu) { cpu.setState(emusm83::CpuState{}); }
  static constexpr HaltKind kFault = HaltKind::Locked;
  static void review(const Cpu& cpu, const Bus& bus, CallResult& r) {
    detail::reviewSm83(
        cpu, [&bus](uint16_t a) { return bus.peek(a); }, kStackTop, r);
  }
};

class MachineSm83 final : public detail::CpuMachine<Sm83Traits> {
 public:
  Cpu cpu() const override { return Cpu::Sm83; }

  void beginCall(uint16_t entry) override {
    // CALL semantics: RET pops the sentinel.
    cpu_.clearLock();
    cpu_.regs.sp = kStackTop;
    cpu_.regs.sp -= 2;
    bus_.poke(cpu_.regs.sp, uint8_t(detail::kSentinel));
    bus_.poke(uint16_t(cpu_.regs.sp + 1), uint8_t(detail::kSentinel >> 8));
    cpu_.regs.pc = entry;
    cpu_.regs.ime = false;
    applyCallRegisters();
  }

  bool setRegister(const std::string& name, uint32_t value) override {
    return detail::setSm83Register(cpu_.regs, name, value);
  }

  std::vector<RegisterValue> registers() const override { return detail::registersSm83(cpu_.regs); }
  std::string flagNames() const override { return "ZNHC"; }
  uint32_t flagBits() const override { return cpu_.regs.f >> 4; }
  uint64_t frameCycles() const override { return 17556; }

  std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const override {
    return detail::disassembleSm83(
        addr, [this](uint16_t a) { return bus_.peek(a); }, names, length);
  }

  Snapshot snapshot() const override {
    Snapshot s;
    s.ram.resize(kWramSize + kHramSize);
    std::memcpy(s.ram.data(), bus_.ram().data() + 0xC000, kWramSize);
    std::memcpy(s.ram.data() + kWramSize, bus_.ram().data() + 0xFF80, kHramSize);
    s.regs = detail::saveSm83Regs(cpu_);
    return s;
  }

  void restore(const Snapshot& s) override {
    if (s.ram.size() == kWramSize + kHramSize) {
      std::memcpy(bus_.ram().data() + 0xC000, s.ram.data(), kWramSize);
      std::memcpy(bus_.ram().data() + 0xFF80, s.ram.data() + kWramSize, kHramSize);
    }
    detail::restoreSm83Regs(cpu_, s.regs);
  }

  size_t snapshotSize() const override { return kWramSize + kHramSize + detail::kSm83RegBytes; }
};

}  // namespace

std::unique_ptr<Machine> makeMachineSm83() {
  return std::make_unique<MachineSm83>();
}

}  // namespace core
