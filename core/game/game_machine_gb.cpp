// The Game Boy game machine: emusm83::GbBus (MBC, LCD timing, joypad, timer)
// and the SM83 behind the Machine interface. See game_machine.h.
#include <algorithm>
#include <cstring>

#include "core/game/game_machine_cpu.h"
#include "core/game/screen.h"
#include "emusm83/gb_bus.h"
#include "emusm83/gb_ppu.h"

namespace core::game {
namespace {

constexpr uint64_t kFrameCycles = 17556;  // 154 lines of 114 M-cycles

struct GbState {
  emusm83::GbBusState bus;
  emusm83::CpuState cpu;
  bool operator==(const GbState&) const = default;
};
using HeldGb = detail::HeldState<GbState>;

class GbGameMachine;
using GbBase = detail::GameCpuMachine<GbGameMachine, core::detail::TraitsSm83, emusm83::DataHook>;

class GbGameMachine final : public GbBase {
 public:
  explicit GbGameMachine(emusm83::Cartridge cart)
      : bus_(std::move(cart)), cpu_(bus_), power_(bus_.saveState()) {
    stateBytes_ = sizeof(GbState) + power_.cartRam.size();
  }

  Cpu cpu() const override { return Cpu::Sm83; }

  void powerOn() override {
    bus_.loadState(power_);
    bus_.setPostBootState();
    cpu_.setPostBootState(bus_.cgb());  // A = $11 tells a CGB game where it runs
    bootClock_ = bus_.clock();
  }

  uint64_t frame() const override { return (bus_.clock() - bootClock_) / kFrameCycles; }
  void setButtons(uint8_t mask) override { bus_.setButtons(mask); }
  bool mapBank(uint16_t addr, unsigned bank) override {
    if (addr < 0x4000) return bank == 0;
    return addr < 0x8000 && bus_.mapRomBank(bank);
  }

  std::vector<uint8_t> oam() const override { return {bus_.oam().begin(), bus_.oam().end()}; }
  std::vector<uint8_t> vram() const override { return {bus_.vram().begin(), bus_.vram().end()}; }

  std::vector<uint8_t> patterns() const override {
    return {bus_.vram().begin(), bus_.vram().begin() + 0x1800};
  }

  void setRendering(bool on) override {
    if (on && !bus_.frame()) framesAtOn_ = bus_.framesRendered();
    bus_.setFrame(on ? &frame_ : nullptr);
  }

  bool renderedScreen(GameScreen& out) const override {
    if (!bus_.frame() || bus_.framesRendered() == framesAtOn_) return false;
    fill(out, frame_, false);
    return true;
  }

  // Every visible line from the registers as they are, by a renderer of our own.
  GameScreen stillScreen() override {
    emusm83::GbFrame still;
    if (bus_.peek(0xFF40) & 0x80) {
      emusm83::GbPpu ppu;
      const emusm83::GbVideo video = bus_.video();
      for (unsigned ly = 0; ly < emusm83::kLcdHeight; ++ly) ppu.renderLine(ly, video, still);
    } else {
      emusm83::GbPpu::blank(still);
    }
    GameScreen out;
    fill(out, still, true);
    return out;
  }

  uint8_t peek(uint16_t addr) const override { return bus_.peek(addr); }
  void poke(uint16_t addr, uint8_t v) override { bus_.poke(addr, v); }

  // VBlank starts at LY 144, 144 * 114 M-cycles into the LCD's frame.
  uint64_t cyclesToFrameStart() const override {
    constexpr uint64_t kVblank = 144 * 114;
    if (!(bus_.peek(0xFF40) & 0x80))
      return kFrameCycles - (bus_.clock() - bootClock_) % kFrameCycles;
    const uint64_t at = bus_.lcdCycle() % kFrameCycles;
    const uint64_t n = (kVblank + kFrameCycles - at) % kFrameCycles;
    return n == 0 ? kFrameCycles : n;
  }

  uint64_t frameCycles() const override { return kFrameCycles; }

  // `ram` is WRAM + HRAM as the flat machine keeps them, for readers of RAM alone.
  Snapshot snapshot() const override {
    Snapshot s;
    GbState st{bus_.saveState(), cpu_.state()};
    s.ram.assign(st.bus.wram.begin(), st.bus.wram.end());
    s.ram.insert(s.ram.end(), st.bus.hram.begin(), st.bus.hram.end());
    s.regs = core::detail::TraitsSm83::saveRegs(cpu_);
    s.system = std::make_shared<HeldGb>(std::move(st), stateBytes_);
    return s;
  }

  void restore(const Snapshot& s) override {
    dropAdoptedCall();
    const auto* st = dynamic_cast<const HeldGb*>(s.system.get());
    if (st) {
      bus_.loadState(st->state.bus);
      cpu_.setState(st->state.cpu);
    }
    // The RAM and registers as given: a caller may have changed them (re-encoding a room).
    if (s.ram.size() == 0x2000 + 0x7F && !(st && sameRam(s.ram, st->state.bus))) {
      for (uint32_t i = 0; i < 0x2000; ++i) bus_.poke(uint16_t(0xC000 + i), s.ram[i]);
      for (uint32_t i = 0; i < 0x7F; ++i) bus_.poke(uint16_t(0xFF80 + i), s.ram[0x2000 + i]);
    }
    core::detail::TraitsSm83::restoreRegs(cpu_, s.regs);
  }

  size_t snapshotSize() const override { return stateBytes_ + 0x2000 + 0x7F + 14; }

  // The hooks CpuMachine and GameCpuMachine call. IME stays as the game left it,
  // so its interrupt handlers may run inside a call (and return by RETI).
  emusm83::CpuSm83& cpuRef() { return cpu_; }
  const emusm83::CpuSm83& cpuRef() const { return cpu_; }
  emusm83::GbBus& busRef() { return bus_; }
  const emusm83::GbBus& busRef() const { return bus_; }
  emusm83::RunResult runCpu(const emusm83::RunLimits& limits) { return cpu_.runUntil(limits); }
  void holdForCall() {}
  void freeRunning() {}

 private:
  static bool sameRam(const std::vector<uint8_t>& ram, const emusm83::GbBusState& bus) {
    return std::equal(bus.wram.begin(), bus.wram.end(), ram.begin()) &&
           std::equal(bus.hram.begin(), bus.hram.end(), ram.begin() + 0x2000);
  }

  void fill(GameScreen& out, const emusm83::GbFrame& f, bool still) const {
    out.width = emusm83::kLcdWidth;
    out.height = emusm83::kLcdHeight;
    out.rgba.resize(f.pixels.size() * 4);
    for (size_t i = 0; i < f.pixels.size(); ++i)
      for (int k = 0; k < 4; ++k) out.rgba[i * 4 + size_t(k)] = uint8_t(f.pixels[i] >> (8 * k));
    out.still = still;
    out.scrollX = bus_.peek(0xFF43);
    out.scrollY = bus_.peek(0xFF42);
    out.nes = false;
    out.maps.assign(bus_.vram().begin() + 0x1800, bus_.vram().end());
    out.lcdc = bus_.peek(0xFF40);
    out.control = out.lcdc;
    out.patterns = patterns();
    out.oam = oam();
    out.palette = {bus_.peek(0xFF47), bus_.peek(0xFF48), bus_.peek(0xFF49)};
    const emusm83::GbVideo v = bus_.video();
    if (v.cgb && v.bgPalettes && v.objPalettes) {
      out.palette.insert(out.palette.end(), v.bgPalettes, v.bgPalettes + 64);
      out.palette.insert(out.palette.end(), v.objPalettes, v.objPalettes + 64);
    }
  }

  emusm83::GbBus bus_;
  emusm83::GbFrame frame_;
  uint64_t framesAtOn_ = 0;
  emusm83::CpuSm83 cpu_;
  emusm83::GbBusState power_;
  size_t stateBytes_ = 0;
  uint64_t bootClock_ = 0;
};

}  // namespace

std::unique_ptr<GameMachine> makeGbGameMachine(emusm83::Cartridge cart) {
  return std::make_unique<GbGameMachine>(std::move(cart));
}

}  // namespace core::game
