// The game's picture in game mode (core/game/screen.h), what the Game panel and
// `collido render --screen` pay per frame shown: a recorded frame-mode scenario
// (600 frames) and renderGameScreen at frames spread over it, which restores the
// keyframe before the frame, replays the frames up to it with the renderer off
// and the frame itself with it on (NES: NesPpu dot by dot; Game Boy: GbPpu line
// by line). Also the frame alone with and without the renderer (Replay/0 and
// Replay/1: the same keyframe-to-frame replay, rendering only the last frame or
// not at all) and the still a call-mode scenario gets (no CPU).
// The games are the ones CMake builds into build/games/ (target test_games);
// a game that is not built is reported as skipped.
//
//   bench_game_screen --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <string>

#include "core/game/game_machine.h"
#include "core/game/screen.h"
#include "core/render/screen_render.h"
#include "core/sim/simulation.h"

namespace {

constexpr int kFrames = 600;

std::unique_ptr<core::Simulation> recorded(benchmark::State& state, const std::string& game,
                                           const std::string& file) {
  const std::string path = std::string(COLLIDOSCOPE_BINARY_DIR) + "/games/" + game + "/" + file;
  if (!std::filesystem::exists(path)) {
    state.SkipWithError(("not built (cmake --build build --target test_games): " + path).c_str());
    return nullptr;
  }
  core::Scenario sc;
  std::string error;
  if (!core::loadScenario(path, sc, &error)) {
    state.SkipWithError(error.c_str());
    return nullptr;
  }
  sc.frames = kFrames;
  auto sim = std::make_unique<core::Simulation>();
  if (!sim->build(sc, &error) || !sim->simulate(&error)) {
    state.SkipWithError(error.c_str());
    return nullptr;
  }
  return sim;
}

// renderGameScreen at frames 0, 37, 74, ...: on average half a keyframe interval replayed.
void Screen(benchmark::State& state, const char* game, const char* file) {
  auto sim = recorded(state, game, file);
  if (!sim) return;
  core::game::GameScreen s;
  std::string error;
  int frame = 0;
  for (auto _ : state) {
    if (!core::game::renderGameScreen(*sim, frame, s, &error)) {
      state.SkipWithError(error.c_str());
      return;
    }
    benchmark::DoNotOptimize(s.rgba.data());
    frame = (frame + 37) % kFrames;
  }
  state.counters["keyInterval"] = sim->recording().keyInterval;
}

// The replay alone of a whole keyframe interval (frames 160-175 at the interval
// 16, the worst case of a seek): render 0 leaves the renderer off, 1 switches
// it on for the last frame. The difference is the cost of drawing a frame.
void Replay(benchmark::State& state, const char* game, const char* file) {
  auto sim = recorded(state, game, file);
  if (!sim) return;
  core::game::GameMachine* m = sim->gameMachine();
  const bool render = state.range(0) != 0;
  const int frame = 160 + sim->recording().keyInterval - 1;
  for (auto _ : state) {
    sim->replayThrough(frame, [&] { m->setRendering(render); });
    m->setRendering(false);
  }
}

// The overlays over a screen at scale 2 (what `collido render --screen` adds).
void Overlays(benchmark::State& state, const char* game, const char* file) {
  auto sim = recorded(state, game, file);
  if (!sim) return;
  core::game::GameScreen s;
  std::string error;
  if (!core::game::renderGameScreen(*sim, 300, s, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  core::ScreenRenderOptions o;
  o.frame = 300;
  o.recording = &sim->recording();
  o.overlays = core::kOverlayGrid | core::kOverlayBits | core::kOverlayHitbox | core::kOverlayPath |
               core::kOverlayProbes;
  for (auto _ : state) {
    core::Canvas c = core::renderScreen(s, sim->scenario(), o);
    benchmark::DoNotOptimize(c.pixels().data());
  }
}

void Still(benchmark::State& state, const char* game, const char* file) {
  auto sim = recorded(state, game, file);
  if (!sim) return;
  for (auto _ : state) {
    core::game::GameScreen s = sim->gameMachine()->stillScreen();
    benchmark::DoNotOptimize(s.rgba.data());
  }
}

BENCHMARK_CAPTURE(Screen, nrom, "nrom_demo", "nrom_demo_frame.scenario.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Screen, mmc1, "mmc1_demo", "mmc1_demo_frame.scenario.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Screen, gb, "gb_mbc1_demo", "gb_mbc1_demo_frame.scenario.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Replay, nrom, "nrom_demo", "nrom_demo_frame.scenario.json")
    ->ArgName("render")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Replay, gb, "gb_mbc1_demo", "gb_mbc1_demo_frame.scenario.json")
    ->ArgName("render")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Overlays, nrom, "nrom_demo", "nrom_demo_frame.scenario.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Still, nrom, "nrom_demo", "nrom_demo.scenario.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Still, gb, "gb_mbc1_demo", "gb_mbc1_demo.scenario.json")
    ->Unit(benchmark::kMicrosecond);

}  // namespace
