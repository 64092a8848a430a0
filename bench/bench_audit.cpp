// Room audit throughput: the seed-002 castle, every free pixel x 8 directions x
// speeds 1..4 on all cores (target <= 3 s on the 2-core CI machine). Prints the
// wall time, cases and cases/s as counters.
//
//   bench_audit --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <thread>

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
  state.counters["cases"] = double(r.cases);
  state.counters["seconds"] = r.seconds;
  state.counters["cpu_seconds"] = r.cpuSeconds;
  state.counters["cases_per_s"] =
      benchmark::Counter(double(r.cases) * double(state.iterations()), benchmark::Counter::kIsRate);
  // The workers' CPU time over the thread count is what the wall time would be on
  // an idle machine: the figure to trust when the machine is shared.
  std::printf(
      "seed-002 castle audit: %llu cases from %llu starts in %.2f s wall, %.2f s CPU over %u "
      "threads (target <= 3 s)\n",
      (unsigned long long)r.cases, (unsigned long long)r.startPositions, r.seconds, r.cpuSeconds,
      std::thread::hardware_concurrency());
}
BENCHMARK(BM_AuditSeed002Castle)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace
