// SM83 core throughput on a workload of our own: a tile-collision style loop that
// walks a map buffer, masks and compares cell bytes, branches, writes results,
// calls a subroutine and uses a CB bit test, so the mix resembles the routines
// Collidoscope runs (loads, ALU, jr cc, call/ret, push/pop, [hl+]).
//
//   bench_emusm83 --benchmark_filter=Sm83
// items_per_second is instructions per second; for GbRenderFrame, frames per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "emusm83/cpu_sm83.h"
#include "emusm83/flat_bus.h"
#include "emusm83/gb_bus.h"
#include "emusm83/gb_ppu.h"

namespace {

using emusm83::CpuSm83;
using emusm83::FlatBus;

// Assembled by hand; addresses in comments. Runs forever.
const std::vector<uint8_t> kWorkload = {
    // $0150 start:
    0x21, 0x00, 0xC0,  // ld hl, $C000
    0x11, 0x00, 0xD0,  // ld de, $D000
    0x06, 0x00,        // ld b, 0
    // $0158 .loop:
    0x2A,        // ld a, [hl+]
    0x80,        // add a, b
    0x4F,        // ld c, a
    0xE6, 0x0F,  // and a, $0F
    0xFE, 0x08,  // cp a, 8
    0x38, 0x02,  // jr c, .skip
    0xA9,        // xor a, c
    0x3C,        // inc a
    // $0163 .skip:
    0x12,        // ld [de], a
    0x13,        // inc de
    0xCB, 0x47,  // bit 0, a
    0x28, 0x01,  // jr z, .even
    0x04,        // inc b
    // $016A .even:
    0xCD, 0x80, 0x01,  // call cell_flags
    0x7C,              // ld a, h
    0xFE, 0xC4,        // cp a, $C4
    0x20, 0xE6,        // jr nz, .loop  ($0172 -> $0158)
    0xC3, 0x50, 0x01,  // jp start
};
// $0180 cell_flags: a small leaf routine.
const std::vector<uint8_t> kSubroutine = {
    0xC5,        // push bc
    0x79,        // ld a, c
    0xCB, 0x37,  // swap a
    0xE6, 0x03,  // and a, 3
    0x47,        // ld b, a
    0x1F,        // rra
    0xC1,        // pop bc
    0xC9,        // ret
};

void setUp(FlatBus& bus, CpuSm83& cpu) {
  bus.load(0x0150, kWorkload);
  bus.load(0x0180, kSubroutine);
  for (unsigned i = 0; i < 0x400; ++i)
    bus.poke(static_cast<uint16_t>(0xC000 + i), static_cast<uint8_t>(i * 37));
  cpu.regs.pc = 0x0150;
  cpu.regs.sp = 0xFFFE;
}

struct CountingObserver : emusm83::BusObserver {
  uint64_t reads = 0, writes = 0;
  void onAccess(uint16_t, uint8_t, emusm83::Access kind) override {
    if (kind == emusm83::Access::Write)
      ++writes;
    else
      ++reads;
  }
};

void runBench(benchmark::State& state, bool observe) {
  FlatBus bus;
  CpuSm83 cpu(bus);
  setUp(bus, cpu);
  CountingObserver obs;
  if (observe) cpu.setObserver(&obs);
  emusm83::RunLimits limits;
  limits.maxInstructions = 1'000'000;
  uint64_t instructions = 0, cycles = 0;
  for (auto _ : state) {
    const auto r = cpu.runUntil(limits);
    instructions += r.instructions;
    cycles += r.cycles;
  }
  state.SetItemsProcessed(static_cast<int64_t>(instructions));
  state.counters["Mcycles/instr"] = static_cast<double>(cycles) / static_cast<double>(instructions);
  benchmark::DoNotOptimize(obs.reads);
}

// The same workload in a ROM on the Game Boy bus: ROM, WRAM and the stack go through
// the page map, and the timer runs (so the CPU services bus events).
void runGbBench(benchmark::State& state, bool render) {
  std::vector<uint8_t> rom(0x8000, 0);
  for (size_t i = 0; i < kWorkload.size(); ++i) rom[0x150 + i] = kWorkload[i];
  for (size_t i = 0; i < kSubroutine.size(); ++i) rom[0x180 + i] = kSubroutine[i];
  rom[0x14D] = emusm83::headerChecksum(rom);
  emusm83::CartridgeLoad load = emusm83::loadCartridge(rom);
  if (!load.ok()) {
    state.SkipWithError(load.error.c_str());
    return;
  }
  emusm83::GbBus bus(std::move(*load.cart));
  bus.setPostBootState();
  bus.write(0xFF07, 0x05);
  CpuSm83 cpu(bus);
  cpu.setPostBootState();
  cpu.regs.pc = 0x0150;
  for (unsigned i = 0; i < 0x400; ++i)
    bus.poke(static_cast<uint16_t>(0xC000 + i), static_cast<uint8_t>(i * 37));
  emusm83::GbFrame frame;
  if (render) bus.setFrame(&frame);
  emusm83::RunLimits limits;
  limits.maxInstructions = 1'000'000;
  uint64_t instructions = 0;
  for (auto _ : state) instructions += cpu.runUntil(limits).instructions;
  state.SetItemsProcessed(static_cast<int64_t>(instructions));
  benchmark::DoNotOptimize(frame.pixels[0]);
}

void BM_Sm83GbBusNoObserver(benchmark::State& state) {
  runGbBench(state, false);
}
// The same with the picture drawn: each visible line at its mode 3, and the CPU
// stopping at every LCD mode boundary.
void BM_Sm83GbBusRendering(benchmark::State& state) {
  runGbBench(state, true);
}

// One whole frame drawn by GbPpu (154 lines of LCD time, no CPU): a BG of varied
// tiles scrolled, the window over the bottom half, 40 objects (10 on many lines).
void runRenderFrame(benchmark::State& state, bool cgb) {
  std::vector<uint8_t> rom(0x8000, 0);
  rom[0x143] = cgb ? 0x80 : 0x00;
  rom[0x14D] = emusm83::headerChecksum(rom);
  emusm83::CartridgeLoad load = emusm83::loadCartridge(rom);
  if (!load.ok()) {
    state.SkipWithError(load.error.c_str());
    return;
  }
  emusm83::GbBus bus(std::move(*load.cart));
  bus.setPostBootState();
  for (unsigned bank = 0; bank < (cgb ? 2u : 1u); ++bank) {
    bus.write(0xFF4F, static_cast<uint8_t>(bank));
    for (unsigned i = 0; i < 0x1800; ++i)
      bus.poke(static_cast<uint16_t>(0x8000 + i), static_cast<uint8_t>(i * 73 + bank));
    for (unsigned i = 0; i < 0x800; ++i)
      bus.poke(static_cast<uint16_t>(0x9800 + i), static_cast<uint8_t>(bank ? i & 0xEF : i * 7));
  }
  bus.write(0xFF4F, 0);
  for (unsigned i = 0; i < 40; ++i) {
    bus.poke(static_cast<uint16_t>(0xFE00 + i * 4), static_cast<uint8_t>(16 + i * 3));
    bus.poke(static_cast<uint16_t>(0xFE01 + i * 4), static_cast<uint8_t>(8 + i * 4));
    bus.poke(static_cast<uint16_t>(0xFE02 + i * 4), static_cast<uint8_t>(i));
    bus.poke(static_cast<uint16_t>(0xFE03 + i * 4), static_cast<uint8_t>(i * 0x29));
  }
  bus.write(0xFF42, 13);
  bus.write(0xFF43, 77);
  bus.write(0xFF4A, 72);
  bus.write(0xFF4B, 30);
  bus.write(0xFF40, 0xF7);  // BG, window at $9C00, 8x16 objects
  emusm83::GbFrame frame;
  bus.setFrame(&frame);
  for (auto _ : state) {
    bus.tick(114 * 154);
    benchmark::DoNotOptimize(frame.pixels[size_t(bus.framesRendered() % frame.pixels.size())]);
  }
  state.SetItemsProcessed(static_cast<int64_t>(bus.framesRendered()));
}
void BM_GbRenderFrameDmg(benchmark::State& state) {
  runRenderFrame(state, false);
}
void BM_GbRenderFrameCgb(benchmark::State& state) {
  runRenderFrame(state, true);
}
void BM_Sm83FlatNoObserver(benchmark::State& state) {
  runBench(state, false);
}
void BM_Sm83FlatObserver(benchmark::State& state) {
  runBench(state, true);
}
BENCHMARK(BM_Sm83FlatNoObserver)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sm83FlatObserver)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sm83GbBusNoObserver)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sm83GbBusRendering)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GbRenderFrameDmg)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GbRenderFrameCgb)->Unit(benchmark::kMicrosecond);

}  // namespace
