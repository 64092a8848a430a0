// The NES renderer (issue 37): one frame of emulation with and without NesPpu.
//   Synthetic: an idle CPU loop over a busy picture (random nametables and CHR,
//   64 sprites, 8 on some lines), so the time is the renderer's;
//   NromDemo: the test game's own frame (CMake builds it into build/games/;
//   reported as skipped when it is not built), NMI, OAM DMA and joypad included.
// Each iteration is one frame (NesSystem::kFrameCycles CPU cycles); the render:0
// rows are the cost of the same frame today, without a picture.
//
//   bench_ppu --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "emu6502/ines.h"
#include "emu6502/nes_palette.h"
#include "emu6502/nes_system.h"

namespace {

emu6502::Cartridge idleCart() {
  emu6502::Cartridge c;
  c.mapper = 0;
  c.prg.assign(0x8000, 0xEA);
  c.prg[0] = 0x4C;  // JMP $8000
  c.prg[1] = 0x00;
  c.prg[2] = 0x80;
  c.prg[0x7FFA] = 0x03;  // NMI: RTI at $8003
  c.prg[0x7FFB] = 0x80;
  c.prg[3] = 0x40;
  c.prg[0x7FFC] = 0x00;
  c.prg[0x7FFD] = 0x80;
  c.chrRamSize = 0x2000;
  c.mirroring = emu6502::Mirroring::Vertical;
  return c;
}

void write(emu6502::NesSystem& nes, uint16_t addr, const std::vector<uint8_t>& bytes) {
  nes.bus().write(0x2006, static_cast<uint8_t>(addr >> 8));
  nes.bus().write(0x2006, static_cast<uint8_t>(addr));
  for (uint8_t b : bytes) nes.bus().write(0x2007, b);
}

void runFrames(benchmark::State& state, emu6502::NesSystem& nes) {
  emu6502::RunLimits limits;
  limits.maxCycles = emu6502::NesSystem::kFrameCycles;
  for (auto _ : state) {
    benchmark::DoNotOptimize(nes.run(limits));
    if (nes.ppu()) benchmark::DoNotOptimize(nes.ppu()->frame().data());
  }
  state.counters["frames/s"] =
      benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

void Synthetic(benchmark::State& state) {
  emu6502::NesSystem nes(idleCart());
  std::mt19937 rng(1);
  std::vector<uint8_t> chr(0x2000), nt(0x800), pal(32), oam(256);
  for (auto& b : chr) b = static_cast<uint8_t>(rng());
  for (auto& b : nt) b = static_cast<uint8_t>(rng());
  for (unsigned i = 0; i < 32; ++i) pal[i] = static_cast<uint8_t>(rng() & 0x3F);
  for (auto& b : oam) b = static_cast<uint8_t>(rng() % 200);
  write(nes, 0x0000, chr);
  write(nes, 0x2000, nt);
  write(nes, 0x3F00, pal);
  nes.bus().write(0x2003, 0);
  for (uint8_t b : oam) nes.bus().write(0x2004, b);
  nes.reset();
  nes.setRendering(state.range(0) != 0);
  nes.bus().write(0x2000, 0x88);
  nes.bus().write(0x2001, 0x1E);
  runFrames(state, nes);
}

void NromDemo(benchmark::State& state) {
  const std::string rom = std::string(COLLIDOSCOPE_BINARY_DIR) + "/games/nrom_demo/nrom_demo.nes";
  if (!std::filesystem::exists(rom)) {
    state.SkipWithError(("not built (cmake --build build --target test_games): " + rom).c_str());
    return;
  }
  emu6502::InesResult r = emu6502::loadInesFile(rom);
  if (!r.ok()) {
    state.SkipWithError(r.error.text().c_str());
    return;
  }
  emu6502::NesSystem nes(std::move(*r.cart));
  nes.setRendering(state.range(0) != 0);
  nes.reset();
  emu6502::RunLimits boot;
  boot.maxCycles = 10ull * emu6502::NesSystem::kFrameCycles;
  nes.run(boot);
  nes.setButtons(0, 0x01);  // walking right into the wall
  runFrames(state, nes);
}

// The frame as RGBA bytes (what a texture upload takes).
void ToRgba(benchmark::State& state) {
  std::vector<uint16_t> px(256 * 240);
  for (size_t i = 0; i < px.size(); ++i) px[i] = static_cast<uint16_t>(i % 512);
  for (auto _ : state) benchmark::DoNotOptimize(emu6502::nesToRgba(px).data());
}

}  // namespace

BENCHMARK(Synthetic)->ArgName("render")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(NromDemo)->ArgName("render")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(ToRgba)->Unit(benchmark::kMicrosecond);
