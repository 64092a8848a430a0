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

class Machine6502 final
    : public detail::FlatCpuMachine<Machine6502, detail::Traits6502, WatchBus6502> {
 public:
  Cpu cpu() const override { return Cpu::M6502; }

  void beginCall(uint16_t entry) override {
    cpu_.clearJam();
    cpu_.regs.s = uint8_t(detail::Traits6502::kCallStack);  // a return brings S back here
    detail::Traits6502::plantCall(
        cpu_, [this](uint16_t a, uint8_t v) { bus_.poke(a, v); }, entry);
    applyCallRegisters();
  }

  uint64_t frameCycles() const override { return 29780; }

  Snapshot snapshot() const override {
    Snapshot s;
    s.ram.assign(bus_.ram().begin(), bus_.ram().begin() + kRamSize);
    s.regs = detail::Traits6502::saveRegs(cpu_);
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
    detail::Traits6502::restoreRegs(cpu_, s.regs);
  }

  size_t snapshotSize() const override { return kRamSize + kRegsSize; }

 private:
  static constexpr size_t kRegsSize = detail::Traits6502::kRegBytes;
  emu6502::AccessLog log_;
};

}  // namespace

std::unique_ptr<Machine> makeMachine6502() {
  return std::make_unique<Machine6502>();
}

}  // namespace core
