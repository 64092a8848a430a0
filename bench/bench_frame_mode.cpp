// Frame mode throughput (issue 17): boot a test game from reset to its main loop
// and record 600 game frames in frame mode (the game's own loop, the joypad fed
// from the scenario, every call of its collision routine recorded with its
// fields, cycles and cells read). Target: <= 50 ms CPU for boot + 600 frames.
// The games are the ones CMake builds into build/games/ (target test_games);
// a game that is not built is reported as skipped.
//
//   bench_frame_mode --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "core/sim/simulation.h"

namespace {

constexpr int kFrames = 600;

// Build (loads the ROM and symbols, boots to main_loop) and simulate, each
// iteration: the boot is part of what the target times.
void bootAndRecord(benchmark::State& state, const char* game) {
  const std::string path =
      std::string(COLLIDOSCOPE_BINARY_DIR) + "/games/" + game + "/" + game + "_frame.scenario.json";
  if (!std::filesystem::exists(path)) {
    state.SkipWithError(("not built (cmake --build build --target test_games): " + path).c_str());
    return;
  }
  core::Scenario sc;
  std::string error;
  if (!core::loadScenario(path, sc, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  sc.frames = kFrames;
  size_t calls = 0;
  for (auto _ : state) {
    core::Simulation sim;
    if (!sim.build(sc, &error) || !sim.simulate(&error)) {
      state.SkipWithError(error.c_str());
      return;
    }
    calls = 0;
    for (const auto& f : sim.recording().frames)
      for (const auto& e : f.entities) calls += e.cycles > 0;
    benchmark::DoNotOptimize(calls);
  }
  state.counters["calls"] = double(calls);
  state.counters["frames"] = kFrames;
}

}  // namespace

BENCHMARK_CAPTURE(bootAndRecord, NromDemo, "nrom_demo")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bootAndRecord, Mmc1Demo, "mmc1_demo")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bootAndRecord, GbMbc1Demo, "gb_mbc1_demo")->Unit(benchmark::kMillisecond);
