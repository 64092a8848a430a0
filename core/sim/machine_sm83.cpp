// The SM83 machine: emusm83's CPU on a flat 64 KiB bus, the way a routine
// assembled by the built-in rgbds-syntax assembler expects it. Writable state is
// WRAM ($C000-$DFFF) and HRAM ($FF80-$FFFE), which is what snapshots keep.
#include <cstring>

#include "core/sim/machine_cpu.h"
#include "emusm83/bus.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/disasm.h"

namespace core {
namespace {

constexpr uint16_t kStackTop = 0xFFFE;
constexpr size_t kWramSize = 0x2000;
constexpr size_t kHramSize = 0x7F;
constexpr size_t kRegBytes = 14;  // registers, IME, and a byte of HALT/EI/lock bits

AccessKind toKind(emusm83::Access a) {
  switch (a) {
    case emusm83::Access::OpcodeFetch:
      return AccessKind::Fetch;
    case emusm83::Access::Operand:
      return AccessKind::Operand;
    case emusm83::Access::Read:
      return AccessKind::Read;
    case emusm83::Access::Write:
      return AccessKind::Write;
    case emusm83::Access::Internal:
      return AccessKind::Internal;
  }
  return AccessKind::Read;
}

HaltKind toHalt(emusm83::HaltReason r) {
  switch (r) {
    case emusm83::HaltReason::Returned:
      return HaltKind::Returned;
    case emusm83::HaltReason::Breakpoint:
      return HaltKind::Breakpoint;
    case emusm83::HaltReason::InstructionBudget:
      return HaltKind::InstructionBudget;
    case emusm83::HaltReason::CycleBudget:
      return HaltKind::CycleBudget;
    case emusm83::HaltReason::Locked:
      return HaltKind::Locked;
    case emusm83::HaltReason::Stopped:
      return HaltKind::Stopped;
    case emusm83::HaltReason::Loop:
    case emusm83::HaltReason::None:
      break;
  }
  return HaltKind::Stepped;
}

struct Sm83Traits {
  using Bus = detail::WatchBus<emusm83::Bus, emusm83::FastPages>;
  using Cpu = emusm83::CpuSm83;
  using Observer = emusm83::BusObserver;
  using Access = emusm83::Access;
  using RunLimits = emusm83::RunLimits;
  static AccessKind kind(Access a) { return toKind(a); }
  static HaltKind halt(emusm83::HaltReason r) { return toHalt(r); }
  static bool faulted(const Cpu& cpu) { return cpu.locked(); }
  static void resetCpu(Cpu& cpu) { cpu.setState(emusm83::CpuState{}); }
  static constexpr HaltKind kFault = HaltKind::Locked;
  static void review(const Cpu& cpu, const Bus& bus, CallResult& r) {
    if (r.reason == HaltKind::Returned) {
      // Not by RET: most likely a slide through zeroed memory (NOPs); it began
      // where the run of zero bytes before the sentinel begins.
      const bool ret = cpu.lastReturnEnd() == cpu.cycles;
      int from = -1;
      if (!ret && bus.peek(detail::kSentinel - 1) == 0) {
        from = detail::kSentinel - 1;
        while (from > 0 && bus.peek(uint16_t(from - 1)) == 0) --from;
      }
      detail::reviewReturn(r, ret, from, "RET", "SP", cpu.regs.sp, kStackTop, 4);
      return;
    }
    // A lock-up inside HALT is not an illegal opcode: nothing was enabled to end the wait.
    if (cpu.halted()) r.reason = HaltKind::HaltForever;
    r.detail = cpu.lockReason();
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
  }

  std::vector<RegisterValue> registers() const override {
    const auto& r = cpu_.regs;
    return {{"A", r.a, 8},      {"F", r.f, 8},    {"BC", r.bc(), 16}, {"DE", r.de(), 16},
            {"HL", r.hl(), 16}, {"SP", r.sp, 16}, {"PC", r.pc, 16},   {"IME", r.ime, 1}};
  }
  std::string flagNames() const override { return "ZNHC"; }
  uint32_t flagBits() const override { return cpu_.regs.f >> 4; }
  uint64_t frameCycles() const override { return 17556; }

  std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const override {
    emusm83::SymbolFn symbols;
    if (names) symbols = [names](uint16_t a, emusm83::SymbolUse) { return names->nameAt(a); };
    auto d = emusm83::disassemble(
        addr, [this](uint16_t a) { return bus_.peek(a); }, symbols);
    if (length) *length = d.length;
    return d.text;
  }

  Snapshot snapshot() const override {
    Snapshot s;
    s.ram.resize(kWramSize + kHramSize);
    std::memcpy(s.ram.data(), bus_.ram().data() + 0xC000, kWramSize);
    std::memcpy(s.ram.data() + kWramSize, bus_.ram().data() + 0xFF80, kHramSize);
    // Field by field: the struct's padding bytes would make equal states compare unequal.
    // CpuState rather than Regs alone, so a pending EI, HALT or lock-up survives.
    const emusm83::CpuState st = cpu_.state();
    const auto& r = st.regs;
    s.regs = {r.a,
              r.f,
              r.b,
              r.c,
              r.d,
              r.e,
              r.h,
              r.l,
              uint8_t(r.sp),
              uint8_t(r.sp >> 8),
              uint8_t(r.pc),
              uint8_t(r.pc >> 8),
              uint8_t(r.ime),
              uint8_t(st.halted | st.haltEntry << 1 | st.haltBug << 2 | st.locked << 3 |
                      st.stopped << 4 | st.eiPending << 5)};
    return s;
  }

  void restore(const Snapshot& s) override {
    if (s.ram.size() == kWramSize + kHramSize) {
      std::memcpy(bus_.ram().data() + 0xC000, s.ram.data(), kWramSize);
      std::memcpy(bus_.ram().data() + 0xFF80, s.ram.data() + kWramSize, kHramSize);
    }
    if (s.regs.size() != kRegBytes) return;
    emusm83::CpuState st = cpu_.state();
    auto& r = st.regs;
    r.a = s.regs[0], r.f = s.regs[1], r.b = s.regs[2], r.c = s.regs[3], r.d = s.regs[4];
    r.e = s.regs[5], r.h = s.regs[6], r.l = s.regs[7];
    r.sp = uint16_t(s.regs[8] | s.regs[9] << 8);
    r.pc = uint16_t(s.regs[10] | s.regs[11] << 8);
    r.ime = s.regs[12] != 0;
    const uint8_t bits = s.regs[13];
    st.halted = bits & 1, st.haltEntry = bits & 2, st.haltBug = bits & 4;
    st.locked = bits & 8, st.stopped = bits & 16, st.eiPending = bits & 32;
    cpu_.setState(st);
  }

  size_t snapshotSize() const override { return kWramSize + kHramSize + kRegBytes; }
};

}  // namespace

std::unique_ptr<Machine> makeMachineSm83() {
  return std::make_unique<MachineSm83>();
}

}  // namespace core
