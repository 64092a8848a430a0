// Room audit throughput: the seed-002 castle, every free pixel x 8 directions x
// speeds 1..4 on all cores (target <= 3 s on the 2-core CI machine). Prints the
// wall time, cases and cases/s as counters.
//
//   bench_audit --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <thread>

#include "bench/pool_counters.h"
#include "core/check/audit.h"

namespace {

void BM_AuditSeed002Castle(benchmark::State& state) {
  core::Scenario sc;
  std::string error;
  if (!core::loadScenario(
          std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json", sc,
          &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  core::AuditOptions o;
  o.maxSpeed = 4;
  core::AuditResult r;
  for (auto _ : state) {
    r = core::runAudit(sc, o);
    if (!r.ok) {
      state.SkipWithError(r.error.c_str());
      return;
    }
    benchmark::DoNotOptimize(r.cases);
  }
  setPoolCounters(state, "cases", r.cases, r.seconds, r.cpuSeconds);
  std::printf(
      "seed-002 castle audit: %llu cases from %llu starts in %.2f s wall, %.2f s CPU over %u "
      "threads (target <= 3 s)\n",
      (unsigned long long)r.cases, (unsigned long long)r.startPositions, r.seconds, r.cpuSeconds,
      std::thread::hardware_concurrency());
}
BENCHMARK(BM_AuditSeed002Castle)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace
