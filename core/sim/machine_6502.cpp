// The 6502 machine: emu6502's CPU on a flat 64 KiB bus, the way a routine
// assembled with the manifest's ca65 layout expects it. Writable state is the
// NES's 2 KiB of work RAM ($0000-$07FF), which is what snapshots keep.
#include <cstring>

#include "core/sim/machine_cpu.h"
#include "emu6502/bus.h"
#include "emu6502/cpu6502.h"
#include "emu6502/disasm.h"

namespace core {
namespace {

constexpr size_t kRamSize = 0x800;

AccessKind toKind(emu6502::Access a) {
  switch (a) {
    case emu6502::Access::OpcodeFetch:
      return AccessKind::Fetch;
    case emu6502::Access::Operand:
      return AccessKind::Operand;
    case emu6502::Access::Read:
      return AccessKind::Read;
    case emu6502::Access::Write:
      return AccessKind::Write;
    case emu6502::Access::DummyRead:
      return AccessKind::DummyRead;
    case emu6502::Access::DummyWrite:
      return AccessKind::DummyWrite;
  }
  return AccessKind::Read;
}

HaltKind toHalt(emu6502::HaltReason r) {
  switch (r) {
    case emu6502::HaltReason::Returned:
      return HaltKind::Returned;
    case emu6502::HaltReason::Breakpoint:
      return HaltKind::Breakpoint;
    case emu6502::HaltReason::InstructionBudget:
      return HaltKind::InstructionBudget;
    case emu6502::HaltReason::CycleBudget:
      return HaltKind::CycleBudget;
    case emu6502::HaltReason::Jam:
      return HaltKind::Jam;
    case emu6502::HaltReason::Loop:
    case emu6502::HaltReason::None:
      break;
  }
  return HaltKind::Stepped;
}

// emu6502 runs flat memory with hooked pages, which is several times faster than
// the paged path. A dummy read (the 6502 re-reading an address while it fixes a
// page crossing) is not the routine reading a map cell, so it is not reported.
class WatchBus6502 final : public detail::WatchBus<emu6502::Bus, emu6502::FastPages> {
 public:
  uint8_t dummyRead(uint16_t addr) override { return peek(addr); }
  uint8_t* flatMemory() override { return ram().data(); }
  const uint64_t* hookedPages() override { return hookedPageMask(); }
};

struct M6502Traits {
  using Bus = WatchBus6502;
  using Cpu = emu6502::Cpu6502;
  using Observer = emu6502::BusObserver;
  using Access = emu6502::Access;
  using RunLimits = emu6502::RunLimits;
  static AccessKind kind(Access a) { return toKind(a); }
  static HaltKind halt(emu6502::HaltReason r) { return toHalt(r); }
  static bool faulted(const Cpu& cpu) { return cpu.jammed(); }
  static void resetCpu(Cpu& cpu) {
    cpu.regs = emu6502::Regs{};
    cpu.clearJam();
  }
  static constexpr HaltKind kFault = HaltKind::Jam;
  static void review(const Cpu& cpu, const Bus& bus, CallResult& r) {
    if (r.reason == HaltKind::Returned) {
      // The call's JSR frame leaves S at $FD once RTS has pulled the sentinel. Zeroed
      // memory is BRK on a 6502, so a slide never reaches the sentinel; a jump there
      // without the pull shows in S too. (No last-PC bookkeeping in the hot loop.)
      detail::reviewReturn(r, true, 0, "RTS", "S", cpu.regs.s, 0xFD, 2);
      return;
    }
    char text[48];  // JAM leaves PC on the opcode
    std::snprintf(text, sizeof text, "JAM opcode $%02X at $%04X", bus.peek(cpu.regs.pc),
                  cpu.regs.pc);
    r.detail = text;
  }
};

class Machine6502 final : public detail::CpuMachine<M6502Traits> {
 public:
  Cpu cpu() const override { return Cpu::M6502; }

  void beginCall(uint16_t entry) override {
    // JSR semantics: the routine's RTS pulls sentinel-1 and lands on the sentinel.
    cpu_.clearJam();
    cpu_.regs.s = 0xFD;  // the review of a return expects S back here
    uint16_t ret = detail::kSentinel - 1;
    bus_.poke(0x0100 | cpu_.regs.s--, uint8_t(ret >> 8));
    bus_.poke(0x0100 | cpu_.regs.s--, uint8_t(ret));
    cpu_.regs.pc = entry;
    cpu_.regs.p = emu6502::kFlagU | emu6502::kFlagI;
    cpu_.regs.a = cpu_.regs.x = cpu_.regs.y = 0;
  }

  std::vector<RegisterValue> registers() const override {
    const auto& r = cpu_.regs;
    return {{"A", r.a, 8}, {"X", r.x, 8}, {"Y", r.y, 8},
            {"S", r.s, 8}, {"P", r.p, 8}, {"PC", r.pc, 16}};
  }
  std::string flagNames() const override { return "NV-BDIZC"; }
  uint32_t flagBits() const override { return cpu_.regs.p; }
  uint64_t frameCycles() const override { return 29780; }

  std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const override;

  Snapshot snapshot() const override {
    Snapshot s;
    s.ram.assign(bus_.ram().begin(), bus_.ram().begin() + kRamSize);
    s.regs.resize(kRegsSize);
    saveRegs(s.regs.data(), kRegsSize);
    return s;
  }

  bool canLogCalls() const override { return true; }
  CallResult resumeLogged(uint64_t cycleBudget, CallLogView& view,
                          const uint64_t* unloggedFetches) override {
    log_.skipFetches(unloggedFetches);
    cpu_.setAccessLog(&log_);
    CallResult r = resume(cycleBudget, nullptr, nullptr);
    cpu_.setAccessLog(nullptr);
    view = {log_.readAddr.data(), log_.readValue.data(), log_.readFetch.data(),
            log_.readAddr.size(), log_.written.data(),   log_.written.size()};
    return r;
  }
  size_t saveRegs(uint8_t* out, size_t cap) const override {
    if (cap < kRegsSize) return 0;
    // Field by field: the struct's padding bytes would make equal states compare unequal.
    const auto& r = cpu_.regs;
    const uint8_t b[kRegsSize] = {uint8_t(r.pc), uint8_t(r.pc >> 8),    r.a, r.x, r.y, r.s,
                                  r.p,           uint8_t(cpu_.jammed())};
    std::memcpy(out, b, kRegsSize);
    return kRegsSize;
  }
  void loadRegs(const uint8_t* in, size_t n) override {
    if (n != kRegsSize) return;
    auto& r = cpu_.regs;
    r.pc = uint16_t(in[0] | in[1] << 8);
    r.a = in[2], r.x = in[3], r.y = in[4], r.s = in[5], r.p = in[6];
    cpu_.setJammed(in[7] != 0);
  }
  uint8_t* writableMemory() override { return bus_.ram().data(); }

  void restore(const Snapshot& s) override {
    std::memcpy(bus_.ram().data(), s.ram.data(), std::min(s.ram.size(), kRamSize));
    if (s.regs.size() == 8) {
      auto& r = cpu_.regs;
      r.pc = uint16_t(s.regs[0] | s.regs[1] << 8);
      r.a = s.regs[2], r.x = s.regs[3], r.y = s.regs[4], r.s = s.regs[5], r.p = s.regs[6];
      cpu_.clearJam();
    }
  }

  size_t snapshotSize() const override { return kRamSize + kRegsSize; }

 private:
  static constexpr size_t kRegsSize = 8;
  emu6502::AccessLog log_;
};

std::string Machine6502::disassemble(uint16_t addr, const DebugInfo* names, int* length) const {
  emu6502::SymbolFn symbols;
  if (names) symbols = [names](uint16_t a) { return names->nameAt(a); };
  auto d = emu6502::disassemble(addr, bus_, symbols);
  if (length) *length = d.length;
  return d.text;
}

}  // namespace

std::unique_ptr<Machine> makeMachine6502() {
  return std::make_unique<Machine6502>();
}

}  // namespace core
