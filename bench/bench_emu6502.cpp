// Throughput of the 6502 core on a branchy, index-heavy workload: a sieve of
// Eratosthenes over 0..255, a prime count, and a loop that looks up the collision
// attributes of 256 map cells through a tile table. Reports M instructions/s as
// the rate counter "Minstr" (printed as Minstr=N/s) and emulated MHz.
//
//   bench_emu6502 --benchmark_filter=. --benchmark_min_time=2
//
// BM_Emu6502_Image runs a 64 KiB image (e.g. Klaus Dormann's
// 6502_functional_test.bin) for a fixed instruction count, for the comparison
// with lib6502 in bench/compare_lib6502.sh. It skips itself unless
// EMU6502_BENCH_IMAGE names the image; EMU6502_BENCH_START (default $0400) and
// EMU6502_BENCH_INSTRUCTIONS (default 26,000,000) set the run. Decimal mode is
// on (a stock NMOS 6502, as the test program expects).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/flat_bus.h"
#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"

namespace {

using emu6502::Access;
using emu6502::Cpu6502;
using emu6502::FlatBus;

// ca65 source (zero page: step=$10 count=$11 primes=$12; flags=$0300 map=$0400
// attrs=$0500), assembled at $0200:
//   start: ldx #0 / txa
//   clear: sta flags,x / inx / bne clear
//          ldx #2
//   outer: lda flags,x / bne next / stx step / txa / clc
//   mark:  adc step / bcs next / tay / lda #1 / sta flags,y / tya / bcc mark
//   next:  inx / bne outer
//          ldy #0 / sty primes / ldx #2
//   cnt:   lda flags,x / bne notp / inc primes
//   notp:  inx / bne cnt
//          lda #0 / sta count / ldy #0
//   tile:  lda map,y / tax / lda attrs,x / and #$0F / beq free / inc count
//   free:  iny / bne tile / jmp start
const uint8_t kWorkload[] = {
    0xA2, 0x00, 0x8A, 0x9D, 0x00, 0x03, 0xE8, 0xD0, 0xFA, 0xA2, 0x02, 0xBD, 0x00, 0x03, 0xD0, 0x11,
    0x86, 0x10, 0x8A, 0x18, 0x65, 0x10, 0xB0, 0x09, 0xA8, 0xA9, 0x01, 0x99, 0x00, 0x03, 0x98, 0x90,
    0xF3, 0xE8, 0xD0, 0xE7, 0xA0, 0x00, 0x84, 0x12, 0xA2, 0x02, 0xBD, 0x00, 0x03, 0xD0, 0x02, 0xE6,
    0x12, 0xE8, 0xD0, 0xF6, 0xA9, 0x00, 0x85, 0x11, 0xA0, 0x00, 0xB9, 0x00, 0x04, 0xAA, 0xBD, 0x00,
    0x05, 0x29, 0x0F, 0xF0, 0x02, 0xE6, 0x11, 0xC8, 0xD0, 0xF0, 0x4C, 0x00, 0x02,
};
constexpr uint16_t kStart = 0x0200;
constexpr uint64_t kChunk = 10'000'000;

void loadWorkload(FlatBus& bus) {
  bus.load(kStart, kWorkload);
  uint32_t seed = 12345;
  for (unsigned i = 0; i < 256; ++i) {
    seed = seed * 1103515245u + 12345u;
    bus.ram()[0x0400 + i] = static_cast<uint8_t>(seed >> 16);               // map: tile index
    bus.ram()[0x0500 + i] = static_cast<uint8_t>((i % 3 == 0) ? 0x0F : 0);  // attrs: solid bits
  }
}

// Refuses to report a figure for a core that computes the wrong thing.
bool workloadCorrect() {
  FlatBus bus;
  loadWorkload(bus);
  Cpu6502 cpu(bus);
  cpu.regs.pc = kStart;
  emu6502::RunLimits once;
  once.sentinel = static_cast<uint16_t>(kStart + sizeof kWorkload - 3);  // the JMP start
  cpu.runUntil(once);
  unsigned solid = 0;
  for (unsigned i = 0; i < 256; ++i) solid += bus.ram()[0x0500 + bus.ram()[0x0400 + i]] != 0;
  return bus.ram()[0x12] == 54 && bus.ram()[0x11] == solid;
}

void report(benchmark::State& state, uint64_t instructions, uint64_t cycles) {
  state.counters["Minstr"] =
      benchmark::Counter(static_cast<double>(instructions) / 1e6, benchmark::Counter::kIsRate);
  state.counters["MHz"] =
      benchmark::Counter(static_cast<double>(cycles) / 1e6, benchmark::Counter::kIsRate);
}

// Runs `instructionsPerIteration` from where the CPU stands each benchmark
// iteration and reports the rates.
void runChunks(benchmark::State& state, Cpu6502& cpu, uint64_t instructionsPerIteration) {
  emu6502::RunLimits limits;
  limits.maxInstructions = instructionsPerIteration;
  uint64_t instructions = 0, cycles = 0;
  for (auto _ : state) {
    const emu6502::RunResult r = cpu.runUntil(limits);
    instructions += r.instructions;
    cycles += r.cycles;
  }
  report(state, instructions, cycles);
}

void BM_Emu6502_FastPath(benchmark::State& state) {
  if (!workloadCorrect()) {
    state.SkipWithError("workload produced wrong results");
    return;
  }
  FlatBus bus;
  loadWorkload(bus);
  Cpu6502 cpu(bus);
  cpu.regs.pc = kStart;
  runChunks(state, cpu, kChunk);
}
BENCHMARK(BM_Emu6502_FastPath)->Unit(benchmark::kMillisecond);

// What a probe in core/sim does: count reads that land in the map region.
struct MapReadCounter : emu6502::BusObserver {
  uint64_t mapReads = 0, accesses = 0;
  void onAccess(uint16_t addr, uint8_t, Access kind) override {
    ++accesses;
    if (kind == Access::Read && addr >= 0x0400 && addr < 0x0500) ++mapReads;
  }
};

void BM_Emu6502_WithObserver(benchmark::State& state) {
  FlatBus bus;
  loadWorkload(bus);
  Cpu6502 cpu(bus);
  MapReadCounter counter;
  cpu.setObserver(&counter);
  cpu.regs.pc = kStart;
  runChunks(state, cpu, kChunk / 4);
  benchmark::DoNotOptimize(counter.mapReads);
}
BENCHMARK(BM_Emu6502_WithObserver)->Unit(benchmark::kMillisecond);

// The same workload in the RAM of a NES bus: the page-map path, as used when a
// routine runs inside a real game.
void BM_Emu6502_NesBus(benchmark::State& state) {
  FlatBus flat;
  loadWorkload(flat);
  emu6502::NesBus bus;
  for (uint16_t a = 0; a < 0x0800; ++a) bus.poke(a, flat.ram()[a]);
  Cpu6502 cpu(bus);
  cpu.regs.pc = kStart;
  runChunks(state, cpu, kChunk);
}
BENCHMARK(BM_Emu6502_NesBus)->Unit(benchmark::kMillisecond);

// A loop that writes mapper registers on an MMC1 board (128 KiB PRG): one write to
// the PRG bank register ($E000) and one to a CHR bank register ($A000) each pass.
// MMC1 takes a register through five serial writes, so most writes move no PRG
// window; the bus remaps the CPU's pages only when one moved.
//   loop: sta $E000 / sta $A000 / jmp loop   (at $0200, A = 1)
void BM_Emu6502_MapperWrites(benchmark::State& state) {
  std::vector<uint8_t> file(16 + 8 * 16384, 0xEA);
  const uint8_t header[8] = {'N', 'E', 'S', 0x1A, 8, 0, 0x10, 0x00};
  std::copy(std::begin(header), std::end(header), file.begin());
  emu6502::InesResult r = emu6502::parseInes(file, "bench.nes");
  if (!r.ok()) {
    state.SkipWithError("the MMC1 image did not load");
    return;
  }
  emu6502::NesBus bus(std::move(*r.cart));
  const uint8_t loop[] = {0x8D, 0x00, 0xE0, 0x8D, 0x00, 0xA0, 0x4C, 0x00, 0x02};
  for (uint16_t i = 0; i < sizeof loop; ++i) bus.poke(uint16_t(kStart + i), loop[i]);
  Cpu6502 cpu(bus);
  cpu.regs.pc = kStart;
  cpu.regs.a = 1;
  runChunks(state, cpu, 1'000'000);
}
BENCHMARK(BM_Emu6502_MapperWrites)->Unit(benchmark::kMillisecond);

// One step() call per instruction, as a debugger's single-stepping loop would.
void BM_Emu6502_Step(benchmark::State& state) {
  FlatBus bus;
  loadWorkload(bus);
  Cpu6502 cpu(bus);
  cpu.regs.pc = kStart;
  uint64_t instructions = 0, cycles = 0;
  for (auto _ : state) {
    for (int i = 0; i < 100000; ++i) cycles += cpu.step();
    instructions += 100000;
  }
  report(state, instructions, cycles);
}
BENCHMARK(BM_Emu6502_Step)->Unit(benchmark::kMillisecond);

uint64_t envNumber(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 0) : fallback;
}

void BM_Emu6502_Image(benchmark::State& state) {
  const char* path = std::getenv("EMU6502_BENCH_IMAGE");
  if (!path || !*path) {
    state.SkipWithError("set EMU6502_BENCH_IMAGE to a 64 KiB 6502 image to run this benchmark");
    return;
  }
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> image((std::istreambuf_iterator<char>(in)), {});
  if (image.size() != 65536) {
    state.SkipWithError((std::string(path) + ": not a 64 KiB image").c_str());
    return;
  }
  const auto start = static_cast<uint16_t>(envNumber("EMU6502_BENCH_START", 0x0400));
  emu6502::RunLimits limits;
  limits.maxInstructions = envNumber("EMU6502_BENCH_INSTRUCTIONS", 26'000'000);
  emu6502::CpuConfig config;
  config.decimalMode = true;
  FlatBus bus;
  Cpu6502 cpu(bus, config);
  uint64_t instructions = 0, cycles = 0;
  for (auto _ : state) {
    bus.load(0, image);
    cpu.regs = emu6502::Regs{};
    cpu.regs.pc = start;
    cpu.regs.s = 0xFF;
    const emu6502::RunResult r = cpu.runUntil(limits);
    instructions += r.instructions;
    cycles += r.cycles;
  }
  char label[32];
  std::snprintf(label, sizeof label, "pc=%04X", cpu.regs.pc);
  state.SetLabel(label);
  report(state, instructions, cycles);
}
BENCHMARK(BM_Emu6502_Image)->Unit(benchmark::kMillisecond);

}  // namespace
