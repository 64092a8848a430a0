// Domain sweep throughput: seed 001's CheckObjectPositionDifference over its
// whole input space (a1 x a2 x size = 2^24 calls) on all cores (target <= 2 s on
// the 2-core CI machine), and seed 000's x1 x x2 slice. Prints the wall time, the
// workers' CPU time (load-independent) and calls/s as counters. The routine is assembled once,
// outside the timing.
//
//   bench_sweep --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <thread>

#include "bench/pool_counters.h"
#include "core/check/sweep.h"
#include "core/sim/simulation.h"

namespace {

void sweepBench(benchmark::State& state, const char* manifestPath, const char* label,
                const char* target) {
  core::RoutineManifest m;
  std::string error;
  if (!core::loadManifest(std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + manifestPath, m, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  const core::AsmResult image = core::buildRoutine(m);
  if (!image.ok) {
    state.SkipWithError(image.diagnosticsText().c_str());
    return;
  }
  core::SweepResult r;
  for (auto _ : state) {
    r = core::runSweep(m, image, core::SweepOptions{});
    if (!r.ok) {
      state.SkipWithError(r.error.c_str());
      return;
    }
    benchmark::DoNotOptimize(r.mismatches);
  }
  setPoolCounters(state, "calls", r.cases, r.seconds, r.cpuSeconds);
  std::printf("%s: %llu calls, %llu mismatches in %.3f s wall, %.3f s CPU over %u threads%s\n",
              label, (unsigned long long)r.cases, (unsigned long long)r.mismatches, r.seconds,
              r.cpuSeconds, std::thread::hardware_concurrency(), target);
}

void BM_SweepSeed001FullDomain(benchmark::State& state) {
  sweepBench(state, "assets/routines/seed001_peraxis/manifest.json",
             "seed-001 full domain (a1 x a2 x size)", " (target <= 2 s)");
}
BENCHMARK(BM_SweepSeed001FullDomain)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

void BM_SweepSeed000Slice(benchmark::State& state) {
  sweepBench(state, "assets/routines/seed000_aabb/manifest.json", "seed-000 x1 x x2 slice", "");
}
BENCHMARK(BM_SweepSeed000Slice)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace
