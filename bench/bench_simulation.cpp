// Frame-runner throughput on 10,000 frames of the seed-002 castle (the player
// plus 3 NPCs, recording on: fields, cycles, cells and attributes read); the
// recording must hold at most 64 MiB. The scenario's own input script is
// repeated to fill the 10,000 frames. Three cases, CPU column:
//   BM_Resimulate...        re-simulation, the call memo holding the last run's
//                           calls (an edit's re-run): target <= 20 ms
//   ...ColdMemo             a first simulation: every new call is recorded
//   ...NoMemo               the interpreter alone (Simulation::setCallMemo(0))
//
//   bench_simulation --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/sim/call_memo.h"
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

// memo: 0 off, 1 kept between runs (re-simulation), 2 emptied before every run.
void resimulate(benchmark::State& state, int memo) {
  core::Simulation sim;
  std::string error;
  if (!loadLongCastle(sim, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  if (memo == 0) sim.setCallMemo(0);
  for (auto _ : state) {
    if (memo == 2) {
      state.PauseTiming();
      sim.setCallMemo(0);
      sim.setCallMemo(core::CallMemo::kDefaultBudget);
      state.ResumeTiming();
    }
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
  if (const core::CallMemo* m = sim.callMemo(); m && memo) {
    state.counters["memo_MiB"] = double(m->bytes()) / (1024.0 * 1024.0);
    state.counters["memo_hit_pct"] =
        100.0 * double(m->hits()) / double(std::max<uint64_t>(1, m->hits() + m->misses()));
  }
  state.counters["frames_per_s"] =
      benchmark::Counter(double(kFrames) * double(state.iterations()), benchmark::Counter::kIsRate);
}

// The re-simulation after an edit: the call memo holds the previous run's calls.
void BM_Resimulate10kFramesSeed002(benchmark::State& state) {
  resimulate(state, 1);
}
// The first simulation of a scenario: every call misses and is recorded.
void BM_Simulate10kFramesSeed002ColdMemo(benchmark::State& state) {
  resimulate(state, 2);
}
void BM_Simulate10kFramesSeed002NoMemo(benchmark::State& state) {
  resimulate(state, 0);
}
BENCHMARK(BM_Resimulate10kFramesSeed002)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Simulate10kFramesSeed002ColdMemo)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Simulate10kFramesSeed002NoMemo)->Unit(benchmark::kMillisecond);

}  // namespace
