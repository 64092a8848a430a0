// The 6502 machine: emu6502's CPU on a flat 64 KiB bus, the way a routine
// assembled with the manifest's ca65 layout expects it. Writable state is the
// NES's 2 KiB of work RAM ($0000-$07FF), which is what snapshots keep.
#include <cstring>

#include "core/sim/machine_cpus.h"
#include "emu6502/bus.h"

namespace core {
namespace {

constexpr size_t kRamSize = 0x800;

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
  static AccessKind kind(Access a) { return detail::toKind(a); }
  static HaltKind halt(emu6502::HaltReason r) { return detail::toHalt(r); }
  static bool faulted(const Cpu& cpu) { return cpu.jammed(); }
  static void resetCpu(Cpu& cpu) {
    cpu.regs = emu6502::Regs{};
    cpu.clearJam();
  }
  static constexpr HaltKind kFault = HaltKind::Jam;
  // The call's JSR frame leaves S at $FD once RTS has pulled the sentinel.
  static void review(const Cpu& cpu, const Bus& bus, CallResult& r) {
    detail::review6502(
        cpu, [&bus](uint16_t a) { return bus.peek(a); }, 0xFD, r);
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
    applyCallRegisters();
  }

  bool setRegister(const std::string& name, uint32_t value) override {
    return detail::set6502Register(cpu_.regs, name, value);
  }

  std::vector<RegisterValue> registers() const override { return detail::registers6502(cpu_.regs); }
  std::string flagNames() const override { return "NV-BDIZC"; }
  uint32_t flagBits() const override { return cpu_.regs.p; }
  uint64_t frameCycles() const override { return 29780; }

  std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const override {
    return detail::disassemble6502(addr, bus_, names, length);
  }

  Snapshot snapshot() const override {
    Snapshot s;
    s.ram.assign(bus_.ram().begin(), bus_.ram().begin() + kRamSize);
    s.regs = detail::save6502Regs(cpu_);
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
    detail::restore6502Regs(cpu_, s.regs);
  }

  size_t snapshotSize() const override { return kRamSize + kRegsSize; }

 private:
  static constexpr size_t kRegsSize = 8;
  emu6502::AccessLog log_;
};

}  // namespace

std::unique_ptr<Machine> makeMachine6502() {
  return std::make_unique<Machine6502>();
}

}  // namespace core
