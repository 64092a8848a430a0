// The audit's and the sweep's worker pool: every worker runs once, progress is
// reported before and after the work, and a tick sees work in progress.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "core/check/worker_pool.h"

TEST(WorkerPool, RunsEveryWorkerOnceAndTicksAroundThem) {
  std::vector<std::atomic<int>> runs(3);
  std::atomic<int> ticks{0};
  const std::vector<double> cpu = core::runWorkers(
      3, [&](int i) { ++runs[size_t(i)]; }, [&] { ++ticks; });
  ASSERT_EQ(cpu.size(), 3u);
  for (auto& r : runs) EXPECT_EQ(r.load(), 1);
  for (double c : cpu) EXPECT_GE(c, 0.0);
  EXPECT_GE(ticks.load(), 2);  // one before waiting, one after the joins
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
