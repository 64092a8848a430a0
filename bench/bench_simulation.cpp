// Frame-runner throughput: re-simulating 10,000 frames of the seed-002 castle
// (the player plus 3 NPCs, recording on: fields, cycles, cells and attributes
// read) must take at most 100 ms, and the recording must hold at most 64 MiB.
// The scenario's own input script is repeated to fill the 10,000 frames.
//
//   bench_simulation --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "core/sim/simulation.h"

namespace {

constexpr int kFrames = 10000;

bool loadLongCastle(core::Simulation& sim, std::string* error) {
  core::Scenario sc;
  if (!core::loadScenario(
          std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json", sc, error))
    return false;
  const size_t script = sc.input.size();
  for (size_t f = script; f < size_t(kFrames) && script > 0; ++f)
    sc.input.push_back(sc.input[f % script]);
  sc.frames = kFrames;
  return sim.build(sc, error);
}

void BM_Resimulate10kFramesSeed002(benchmark::State& state) {
  core::Simulation sim;
  std::string error;
  if (!loadLongCastle(sim, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  for (auto _ : state) {
    if (!sim.simulate(&error)) {
      state.SkipWithError(error.c_str());
      return;
    }
    benchmark::DoNotOptimize(sim.recording().frames.data());
  }
  const double mib = double(sim.recording().byteSize()) / (1024.0 * 1024.0);
  state.counters["frames"] = kFrames;
  state.counters["entities"] = double(sim.scenario().entities.size());
  state.counters["recording_MiB"] = mib;
  state.counters["frames_per_s"] =
      benchmark::Counter(double(kFrames) * double(state.iterations()), benchmark::Counter::kIsRate);
  std::printf(
      "seed-002 castle, %d frames x %zu entities: recording %.2f MiB (target <= 64 MiB);"
      " time per re-simulation is the Time column (target <= 100 ms)\n",
      kFrames, sim.scenario().entities.size(), mib);
}
BENCHMARK(BM_Resimulate10kFramesSeed002)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
