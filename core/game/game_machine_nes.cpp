// The NES game machine: emu6502::NesSystem (bus, CPU and frame timing) behind
// the Machine interface. See game_machine.h.
#include <cstring>

#include "core/game/game_machine.h"
#include "core/game/game_watch.h"
#include "emu6502/nes_system.h"

namespace core::game {
namespace {

using NesState = detail::HeldState<emu6502::NesSystemState>;

size_t stateBytes(const emu6502::NesSystemState& s) {
  return sizeof s + s.bus.prgRam.size() + s.bus.chrRam.size() + s.bus.mapperRegs.size() +
         s.bus.extraNametables.size();
}

class NesGameMachine final : public GameMachine {
 public:
  explicit NesGameMachine(emu6502::Cartridge cart)
      : nes_(std::move(cart)), power_(nes_.saveState()), stateBytes_(stateBytes(power_)) {}

  Cpu cpu() const override { return Cpu::M6502; }

  void powerOn() override {
    nes_.loadState(power_);
    nes_.setNmiHeld(false);
    nes_.reset();
  }

  GameRun runFree(std::optional<uint16_t> stop, uint64_t maxCycles,
                  uint64_t maxInstructions) override {
    nes_.setNmiHeld(false);
    emu6502::RunLimits limits;
    limits.maxCycles = maxCycles;
    limits.maxInstructions = maxInstructions;
    if (stop) {
      stops_.assign(0x10000, false);
      stops_[*stop] = true;
      limits.breakpoints = &stops_;
    }
    auto r = nes_.run(limits);
    GameRun out{core::detail::toHalt(r.reason), r.cycles, {}};
    if (out.reason == HaltKind::Jam) {
      CallResult c{HaltKind::Jam, 0, 0, {}};
      reviewed(c);
      out.detail = c.detail;
    }
    return out;
  }

  uint64_t frame() const override { return nes_.frame(); }
  void setButtons(uint8_t mask) override { nes_.setButtons(0, mask); }
  bool mapBank(uint16_t addr, unsigned bank) override { return nes_.mapPrgBank(addr, bank); }

  std::vector<uint8_t> oam() const override {
    return {nes_.bus().oam().begin(), nes_.bus().oam().end()};
  }
  std::vector<uint8_t> vram() const override {
    std::vector<uint8_t> v(nes_.bus().nametableRam().begin(), nes_.bus().nametableRam().end());
    v.insert(v.end(), nes_.bus().paletteRam().begin(), nes_.bus().paletteRam().end());
    return v;
  }

  uint8_t peek(uint16_t addr) const override { return nes_.bus().peek(addr); }
  void poke(uint16_t addr, uint8_t v) override { nes_.bus().poke(addr, v); }

  CallResult call(uint16_t entry, uint64_t cycleBudget, AccessObserver* observer,
                  const std::vector<bool>* breakpoints) override {
    beginCall(entry);
    return resume(cycleBudget, observer, breakpoints);
  }

  // JSR semantics on the game's own stack: RTS pulls sentinel-1 and lands on the
  // sentinel with S back where the call found it. The NMI waits until the call ends.
  void beginCall(uint16_t entry) override {
    auto& cpu = nes_.cpu();
    cpu.clearJam();
    mapEntryBank(entry);
    nes_.setNmiHeld(true);
    auto& r = cpu.regs;
    expectedS_ = r.s;
    const uint16_t ret = core::detail::kSentinel - 1;
    nes_.bus().poke(uint16_t(0x0100 | r.s--), uint8_t(ret >> 8));
    nes_.bus().poke(uint16_t(0x0100 | r.s--), uint8_t(ret));
    r.pc = entry;
    r.p = emu6502::kFlagU | emu6502::kFlagI;
    r.a = r.x = r.y = 0;
    applyCallRegisters();
  }

  CallResult resume(uint64_t cycleBudget, AccessObserver* observer,
                    const std::vector<bool>* breakpoints) override {
    emu6502::RunLimits limits;
    limits.sentinel = core::detail::kSentinel;
    limits.maxCycles = cycleBudget;
    limits.breakpoints = breakpoints;
    attach(observer);
    auto r = nes_.run(limits);
    attach(nullptr);
    return reviewed({core::detail::toHalt(r.reason), r.cycles, r.instructions, {}});
  }

  CallResult step(AccessObserver* observer) override {
    auto& cpu = nes_.cpu();
    if (cpu.regs.pc == core::detail::kSentinel) return reviewed({HaltKind::Returned, 0, 0, {}});
    if (cpu.jammed()) return reviewed({HaltKind::Jam, 0, 0, {}});
    emu6502::RunLimits limits;
    limits.maxInstructions = 1;
    attach(observer);
    auto r = nes_.run(limits);
    attach(nullptr);
    HaltKind k = cpu.jammed()                             ? HaltKind::Jam
                 : cpu.regs.pc == core::detail::kSentinel ? HaltKind::Returned
                                                          : HaltKind::Stepped;
    return reviewed({k, r.cycles, r.instructions, {}});
  }

  void setWatch(const std::vector<AddressRange>& ranges) override {
    watch_.setRanges(ranges);
    applyWatch();
  }
  void setWatchSink(AccessObserver* sink, bool reads) override {
    watch_.setSink(sink, reads);
    applyWatch();
  }

  uint16_t pc() const override { return nes_.cpu().regs.pc; }
  uint16_t sentinel() const override { return core::detail::kSentinel; }
  std::vector<RegisterValue> registers() const override {
    return core::detail::registers6502(nes_.cpu().regs);
  }
  bool setRegister(const std::string& name, uint32_t value) override {
    return core::detail::set6502Register(nes_.cpu().regs, name, value);
  }
  std::string flagNames() const override { return "NV-BDIZC"; }
  uint32_t flagBits() const override { return nes_.cpu().regs.p; }
  std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const override {
    return core::detail::disassemble6502(addr, nes_.bus(), names, length);
  }
  uint64_t frameCycles() const override { return emu6502::NesSystem::kFrameCycles; }

  Snapshot snapshot() const override {
    Snapshot s;
    emu6502::NesSystemState st = nes_.saveState();
    s.ram.assign(st.bus.ram.begin(), st.bus.ram.end());
    s.regs = core::detail::save6502Regs(nes_.cpu());
    s.system = std::make_shared<NesState>(std::move(st), stateBytes_);
    return s;
  }

  void restore(const Snapshot& s) override {
    if (auto* st = dynamic_cast<const NesState*>(s.system.get())) nes_.loadState(st->state);
    // The RAM and registers as given: a caller may have changed them (re-encoding a room).
    std::memcpy(nes_.bus().ram().data(), s.ram.data(), std::min<size_t>(s.ram.size(), 0x800));
    if (s.regs.size() == 8) {
      const bool jammed = s.regs[7] != 0;
      core::detail::restore6502Regs(nes_.cpu(), s.regs);
      nes_.cpu().setJammed(jammed);
    }
  }

  size_t snapshotSize() const override { return stateBytes_ + 0x800 + 8; }

 private:
  CallResult reviewed(CallResult r) const {
    if (r.reason == HaltKind::Returned || r.reason == HaltKind::Jam)
      core::detail::review6502(
          nes_.cpu(), [this](uint16_t a) { return nes_.bus().peek(a); }, expectedS_, r);
    return r;
  }

  void attach(AccessObserver* observer) {
    adapter_.target = observer;
    nes_.cpu().setObserver(observer ? &adapter_ : nullptr);
  }

  void applyWatch() { nes_.bus().setDataHook(watch_.active() ? &watch_ : nullptr, watch_.pages()); }

  emu6502::NesSystem nes_;
  emu6502::NesSystemState power_;
  size_t stateBytes_;
  unsigned expectedS_ = 0xFD;
  std::vector<bool> stops_;
  detail::GameWatch<emu6502::DataHook> watch_;
  detail::ObserverAdapter<emu6502::BusObserver, emu6502::Access> adapter_;
};

}  // namespace

std::unique_ptr<GameMachine> makeNesGameMachine(emu6502::Cartridge cart) {
  return std::make_unique<NesGameMachine>(std::move(cart));
}

}  // namespace core::game
