// The NES game machine: emu6502::NesSystem (bus, CPU and frame timing) behind
// the Machine interface. See game_machine.h.
#include <cstring>

#include "core/game/game_machine_cpu.h"
#include "core/game/screen.h"
#include "emu6502/nes_palette.h"
#include "emu6502/nes_ppu.h"
#include "emu6502/nes_system.h"

namespace core::game {
namespace {

using NesState = detail::HeldState<emu6502::NesSystemState>;

size_t stateBytes(const emu6502::NesSystemState& s) {
  return sizeof s + s.bus.prgRam.size() + s.bus.chrRam.size() + s.bus.mapperRegs.size() +
         s.bus.extraNametables.size();
}

class NesGameMachine;
using NesBase = detail::GameCpuMachine<NesGameMachine, core::detail::Traits6502, emu6502::DataHook>;

class NesGameMachine final : public NesBase {
 public:
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

  std::vector<uint8_t> patterns() const override {
    std::vector<uint8_t> v(0x2000);
    for (uint16_t a = 0; a < 0x2000; ++a) v[a] = nes_.bus().chrRead(a);
    return v;
  }

  void setRendering(bool on) override {
    if (on != nes_.rendering()) nes_.setRendering(on);
    framesAtOn_ = on ? nes_.ppu()->framesDone() : 0;
  }

  bool renderedScreen(GameScreen& out) const override {
    const emu6502::NesPpu* ppu = nes_.ppu();
    if (!ppu || ppu->framesDone() == framesAtOn_) return false;
    fill(out, ppu->frame(), false);
    return true;
  }

  // A renderer of its own over the bus, from the frame start (line 241) to the
  // end of line 239; the bus's state (v, the status flags, a mapper's counter)
  // is put back after.
  GameScreen stillScreen() override {
    emu6502::NesBus& bus = nes_.bus();
    const emu6502::NesBusState saved = bus.saveState();
    GameScreen out;
    {
      emu6502::NesPpu ppu(bus, 0);
      ppu.endFrame();
      bus.loadState(saved);
      fill(out, ppu.frame(), true);
    }
    return out;
  }

  uint8_t peek(uint16_t addr) const override { return nes_.bus().peek(addr); }
  void poke(uint16_t addr, uint8_t v) override { nes_.bus().poke(addr, v); }

  uint64_t cyclesToFrameStart() const override {
    return emu6502::NesSystem::kFrameCycles - nes_.frameCycle() % emu6502::NesSystem::kFrameCycles;
  }

  uint64_t frameCycles() const override { return emu6502::NesSystem::kFrameCycles; }

  Snapshot snapshot() const override {
    Snapshot s;
    emu6502::NesSystemState st = nes_.saveState();
    s.ram.assign(st.bus.ram.begin(), st.bus.ram.end());
    s.regs = core::detail::Traits6502::saveRegs(nes_.cpu());
    s.system = std::make_shared<NesState>(std::move(st), stateBytes_);
    return s;
  }

  void restore(const Snapshot& s) override {
    dropAdoptedCall();
    if (auto* st = dynamic_cast<const NesState*>(s.system.get())) nes_.loadState(st->state);
    // The RAM and registers as given: a caller may have changed them (re-encoding a room).
    std::memcpy(nes_.bus().ram().data(), s.ram.data(), std::min<size_t>(s.ram.size(), 0x800));
    if (s.regs.size() == 8) {
      const bool jammed = s.regs[7] != 0;
      core::detail::Traits6502::restoreRegs(nes_.cpu(), s.regs);
      nes_.cpu().setJammed(jammed);
    }
  }

  size_t snapshotSize() const override { return stateBytes_ + 0x800 + 8; }

  // The hooks CpuMachine and GameCpuMachine call. The NMI waits until a planted
  // call ends; the game running itself (or its own call, adopted) takes it.
  emu6502::Cpu6502& cpuRef() { return nes_.cpu(); }
  const emu6502::Cpu6502& cpuRef() const { return nes_.cpu(); }
  emu6502::NesBus& busRef() { return nes_.bus(); }
  const emu6502::NesBus& busRef() const { return nes_.bus(); }
  emu6502::RunResult runCpu(const emu6502::RunLimits& limits) { return nes_.run(limits); }
  void holdForCall() { nes_.setNmiHeld(true); }
  void freeRunning() { nes_.setNmiHeld(false); }

 private:
  void fill(GameScreen& out, const std::vector<uint16_t>& pixels, bool still) const {
    out.width = emu6502::NesPpu::kWidth;
    out.height = emu6502::NesPpu::kHeight;
    out.rgba = emu6502::nesToRgba(pixels);
    out.still = still;
    const emu6502::PpuRegs& r = nes_.bus().ppuRegs();
    out.scrollX = ((r.t & 0x1F) << 3 | r.fineX) + ((r.t >> 10) & 1) * 256;
    out.scrollY = (((r.t >> 5) & 0x1F) << 3 | ((r.t >> 12) & 7)) + ((r.t >> 11) & 1) * 240;
    out.nes = true;
    out.maps.resize(0x1000);
    for (uint16_t a = 0; a < 0x1000; ++a) out.maps[a] = nes_.bus().ppuPeek(uint16_t(0x2000 + a));
    out.control = r.ctrl;
    out.patterns = patterns();
    out.oam = oam();
    out.palette.assign(nes_.bus().paletteRam().begin(), nes_.bus().paletteRam().end());
  }

  emu6502::NesSystem nes_;
  uint64_t framesAtOn_ = 0;
  emu6502::NesSystemState power_;
  size_t stateBytes_;
};

}  // namespace

std::unique_ptr<GameMachine> makeNesGameMachine(emu6502::Cartridge cart) {
  return std::make_unique<NesGameMachine>(std::move(cart));
}

}  // namespace core::game
