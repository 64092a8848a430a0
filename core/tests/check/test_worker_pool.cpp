// The audit's and the sweep's worker pool: every worker runs once, progress is
// reported before and after the work, a tick sees work in progress, and each
// worker's CPU time is its own (a spinning worker's, not a sleeping one's).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "core/check/worker_pool.h"
#include "core/util/cpu_time.h"

TEST(WorkerPool, RunsEveryWorkerOnceAndTicksAroundThem) {
  std::vector<std::atomic<int>> runs(3);
  std::atomic<int> ticks{0};
  const std::vector<double> cpu = core::runWorkers(
      3, [&](int i) { ++runs[size_t(i)]; }, [&] { ++ticks; });
  ASSERT_EQ(cpu.size(), 3u);
  for (auto& r : runs) EXPECT_EQ(r.load(), 1);
  EXPECT_GE(ticks.load(), 2);  // one before waiting, one after the joins
}

TEST(WorkerPool, ReportsEachWorkersOwnCpuTime) {
  // Worker 0 burns 40 ms of its own CPU time (as the thread's clock counts it,
  // however busy the machine is); worker 1 sleeps as long and burns next to none.
  constexpr double kBurn = 0.040;
  std::atomic<double> burnt{0};
  const std::vector<double> cpu = core::runWorkers(
      2,
      [&](int i) {
        if (i == 1) {
          std::this_thread::sleep_for(std::chrono::milliseconds(40));
          return;
        }
        const double start = core::threadCpuSeconds();
        volatile uint64_t sink = 0;
        while (core::threadCpuSeconds() - start < kBurn) sink = sink + 1;
        burnt = core::threadCpuSeconds() - start;
      },
      nullptr);
  ASSERT_EQ(cpu.size(), 2u);
  EXPECT_GE(cpu[0], kBurn);
  EXPECT_GE(cpu[0], burnt.load());
  EXPECT_LT(cpu[0], 10 * kBurn);  // not the process's or another thread's time
  EXPECT_LT(cpu[1], kBurn / 4);   // sleeping costs no CPU
  EXPECT_LT(cpu[1], cpu[0]);
}

TEST(WorkerPool, TicksWhileAWorkerIsStillBusy) {
  std::atomic<bool> release{false};
  std::atomic<int> ticksWhileBusy{0};
  core::runWorkers(
      1,
      [&](int) {
        while (!release.load()) {
        }
      },
      [&] {
        // Let the worker go only after a tick has seen it busy.
        if (!release.load()) {
          ++ticksWhileBusy;
          release = true;
        }
      });
  EXPECT_EQ(ticksWhileBusy.load(), 1);
}

TEST(WorkerPool, NoTickIsFine) {
  std::atomic<int> runs{0};
  core::runWorkers(
      2, [&](int) { ++runs; }, nullptr);
  EXPECT_EQ(runs.load(), 2);
}
