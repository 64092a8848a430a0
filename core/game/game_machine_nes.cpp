// The NES game machine: emu6502::NesSystem (bus, CPU and frame timing) behind
// the Machine interface. See game_machine.h.
#include <cstring>

#include "core/game/game_machine_cpu.h"
#include "emu6502/nes_system.h"

namespace core::game {
namespace {

using NesState = detail::HeldState<emu6502::NesSystemState>;

size_t stateBytes(const emu6502::NesSystemState& s) {
  return sizeof s + s.bus.prgRam.size() + s.bus.chrRam.size() + s.bus.mapperRegs.size() +
         s.bus.extraNametables.size();
}

class NesGameMachine;
using NesBase = detail::GameCpuMachine<NesGameMachine, emu6502::RunLimits, emu6502::DataHook,
                                       emu6502::BusObserver, emu6502::Access>;

class NesGameMachine final : public NesBase {
 public:
  static constexpr HaltKind kFault = HaltKind::Jam;

  explicit NesGameMachine(emu6502::Cartridge cart)
      : nes_(std::move(cart)), power_(nes_.saveState()), stateBytes_(stateBytes(power_)) {}

  Cpu cpu() const override { return Cpu::M6502; }

  void powerOn() override {
    nes_.loadState(power_);
    nes_.setNmiHeld(false);
    nes_.reset();
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

  // JSR semantics on the game's own stack: RTS pulls sentinel-1 and lands on the
  // sentinel with S back where the call found it. The NMI waits until the call ends.
  void beginCall(uint16_t entry) override {
    if (takeAdoption()) return adopt();
    adopted_ = false;
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

  // The game's JSR pushed its return address - 1 at S+1 (low) and S+2 (high).
  void adopt() {
    nes_.setNmiHeld(false);
    auto& r = nes_.cpu().regs;
    expectedS_ = (r.s + 2) & 0xFF;
    for (int i = 0; i < 2; ++i) {
      stackAt_[i] = uint16_t(0x0100 | ((r.s + 1 + i) & 0xFF));
      stackWas_[i] = nes_.bus().peek(stackAt_[i]);
    }
    const uint16_t ret = core::detail::kSentinel - 1;
    nes_.bus().poke(stackAt_[0], uint8_t(ret));
    nes_.bus().poke(stackAt_[1], uint8_t(ret >> 8));
    adopted_ = true;
  }
  bool finishAdoptedCall() override {
    if (!adopted_ || pc() != core::detail::kSentinel) return false;
    adopted_ = false;
    for (int i = 0; i < 2; ++i) nes_.bus().poke(stackAt_[i], stackWas_[i]);
    nes_.cpu().regs.pc = uint16_t((stackWas_[0] | stackWas_[1] << 8) + 1);
    return true;
  }
  uint64_t cyclesToFrameStart() const override {
    return emu6502::NesSystem::kFrameCycles - nes_.frameCycle() % emu6502::NesSystem::kFrameCycles;
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
    dropAdoption();
    adopted_ = false;
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

  // The hooks GameCpuMachine calls.
  emu6502::Cpu6502& cpuRef() { return nes_.cpu(); }
  emu6502::NesBus& busRef() { return nes_.bus(); }
  emu6502::RunResult runCpu(const emu6502::RunLimits& limits) { return nes_.run(limits); }
  bool faulted() const { return nes_.cpu().jammed(); }
  void freeRunning() { nes_.setNmiHeld(false); }
  void review(CallResult& r) const {
    core::detail::review6502(
        nes_.cpu(), [this](uint16_t a) { return nes_.bus().peek(a); }, expectedS_, r);
  }

 private:
  emu6502::NesSystem nes_;
  emu6502::NesSystemState power_;
  size_t stateBytes_;
  unsigned expectedS_ = 0xFD;
  bool adopted_ = false;  // the call in progress is the game's own (adopt())
  uint16_t stackAt_[2] = {};
  uint8_t stackWas_[2] = {};
};

}  // namespace

std::unique_ptr<GameMachine> makeNesGameMachine(emu6502::Cartridge cart) {
  return std::make_unique<NesGameMachine>(std::move(cart));
}

}  // namespace core::game
