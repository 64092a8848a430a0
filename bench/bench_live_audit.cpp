// Live audit of the seed-002 castle at the default audit options (every pixel,
// 8 directions, speeds 1..4): what one edit costs before (a full re-audit of
// the edited room) and after (LiveAudit::update re-running the cases the edit
// touches). Target: <= 100 ms per one-cell stroke. Iterations alternate the
// edit and its undo, so every one is a real change; each is reported apart.
//
//   bench_live_audit --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "bench/pool_counters.h"
#include "core/check/audit.h"
#include "core/check/live_audit.h"

namespace {

constexpr uint16_t kSky = 0, kBlock = 1, kBrick = 2, kWater = 4;

bool loadCastle(benchmark::State& state, core::Scenario& sc, core::AsmResult& image) {
  std::string error;
  if (!core::loadScenario(
          std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json", sc,
          &error)) {
    state.SkipWithError(error.c_str());
    return false;
  }
  image = core::buildRoutine(sc.manifest);
  if (!image.ok) {
    state.SkipWithError("the seed-002 routine did not assemble (ca65 missing?)");
    return false;
  }
  return true;
}

// Before: the whole audit again after painting one cell.
void BM_FullReauditAfterOneCell(benchmark::State& state) {
  core::Scenario sc;
  core::AsmResult image;
  if (!loadCastle(state, sc, image)) return;
  sc.map.room.at(6, 9) = kBlock;
  core::AuditResult r;
  for (auto _ : state) {
    r = core::runAudit(sc, image, core::AuditOptions{});
    benchmark::DoNotOptimize(r.cases);
  }
  setPoolCounters(state, "cases", r.cases, r.seconds, r.cpuSeconds);
  std::printf("full re-audit: %llu cases in %.1f ms wall, %.1f ms CPU\n",
              (unsigned long long)r.cases, r.seconds * 1e3, r.cpuSeconds * 1e3);
}
BENCHMARK(BM_FullReauditAfterOneCell)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// The live audit's first run (the full audit with the read probe and records).
void BM_LiveStart(benchmark::State& state) {
  core::Scenario sc;
  core::AsmResult image;
  if (!loadCastle(state, sc, image)) return;
  core::LiveAudit live;
  for (auto _ : state) benchmark::DoNotOptimize(live.start(sc, image, core::AuditOptions{}).cases);
  const core::AuditResult& r = live.result();
  setPoolCounters(state, "cases", r.cases, r.seconds, r.cpuSeconds);
  state.counters["MiB"] = double(live.memoryBytes()) / (1 << 20);
  std::printf("live start: %llu cases in %.1f ms wall, %.1f ms CPU, %.1f MiB held\n",
              (unsigned long long)r.cases, r.seconds * 1e3, r.cpuSeconds * 1e3,
              double(live.memoryBytes()) / (1 << 20));
}
BENCHMARK(BM_LiveStart)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// After: updates that alternate between the edited and the original room.
template <typename EditFn>
void benchUpdates(benchmark::State& state, const char* what, EditFn edit) {
  core::Scenario sc;
  core::AsmResult image;
  if (!loadCastle(state, sc, image)) return;
  core::LiveAudit live;
  if (!live.start(sc, image, core::AuditOptions{}).ok) {
    state.SkipWithError(live.result().error.c_str());
    return;
  }
  core::Scenario edited = sc;
  edit(edited.map);
  const std::vector<core::CellPos> changed = core::changedCells(sc.map, edited.map);
  // Index 0: the edit, 1: its undo (a wall painted and a wall removed differ).
  uint64_t rerun[2] = {0, 0}, updates[2] = {0, 0};
  double cpu[2] = {0, 0}, wall[2] = {0, 0};
  int side = 1;
  for (auto _ : state) {
    side ^= 1;
    const core::AuditResult& r = live.update(side == 0 ? edited : sc, changed);
    benchmark::DoNotOptimize(r.cases);
    rerun[side] += live.casesLastRun();
    cpu[side] += r.cpuSeconds;
    wall[side] += r.seconds;
    ++updates[side];
  }
  state.counters["cells"] = double(changed.size());
  const char* names[2] = {"edit", "undo"};
  for (int i = 0; i < 2; ++i) {
    if (updates[i] == 0) continue;
    const double n = double(updates[i]);
    state.counters[std::string("rerun_") + names[i]] = double(rerun[i]) / n;
    state.counters[std::string("ms_") + names[i]] = wall[i] * 1e3 / n;
    state.counters[std::string("cpu_ms_") + names[i]] = cpu[i] * 1e3 / n;
    std::printf("%s, %s: %zu cells changed, %.0f cases re-run, %.1f ms wall, %.1f ms CPU\n", what,
                names[i], changed.size(), double(rerun[i]) / n, wall[i] * 1e3 / n,
                cpu[i] * 1e3 / n);
  }
}

void BM_UpdatePaintOneCell(benchmark::State& state) {
  benchUpdates(state, "paint one cell (6,9) sky -> block",
               [](core::MapDocument& m) { m.room.at(6, 9) = kBlock; });
}
BENCHMARK(BM_UpdatePaintOneCell)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_UpdateRemoveOneWallCell(benchmark::State& state) {
  benchUpdates(state, "remove one wall cell (11,4) block -> sky",
               [](core::MapDocument& m) { m.room.at(11, 4) = kSky; });
}
BENCHMARK(BM_UpdateRemoveOneWallCell)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_UpdateWaterBits(benchmark::State& state) {
  benchUpdates(state, "water (4 cells) gains the Left bit", [](core::MapDocument& m) {
    m.metatiles.metatiles[kWater].collision |= core::kBlockLeft;
  });
}
BENCHMARK(BM_UpdateWaterBits)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_UpdateBrickBits(benchmark::State& state) {
  benchUpdates(state, "brick (10 cells) loses the Up bit", [](core::MapDocument& m) {
    m.metatiles.metatiles[kBrick].collision &= uint8_t(~core::kBlockUp);
  });
}
BENCHMARK(BM_UpdateBrickBits)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
