// Counters for a run spread over worker threads (the audit, the sweep): the
// work done, the wall time, the workers' CPU time and the rate. The CPU time
// over the thread count is what the wall time would be on an idle machine: the
// figure to trust when the machine is shared.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

inline void setPoolCounters(benchmark::State& state, const std::string& unit, uint64_t count,
                            double seconds, double cpuSeconds) {
  state.counters[unit] = double(count);
  state.counters["seconds"] = seconds;
  state.counters["cpu_seconds"] = cpuSeconds;
  state.counters[unit + "_per_s"] =
      benchmark::Counter(double(count) * double(state.iterations()), benchmark::Counter::kIsRate);
}
