// Building the room scene (core/scene) for a big level (issue 21): a 256 x 32-cell
// room of 16-px metatiles (4096 x 512 px, 16 NES screens), with the GUI's default
// overlays and eight entities, drawn into callbacks that only count what they get.
// The room view calls this every frame while the user pans and zooms, so it must
// stay far below a frame (16.7 ms) however large the room is:
//   viewport  zoom 2 in a 1280 x 720 view (40 x 23 cells visible): the culled scene
//   unculled  the same zoom with every cell drawn (what the scene cost before it
//             was culled to SceneDraw::visible(): the bound for "before")
//   fit       zoom 0.3125: the whole level fits the view, every cell is visible
//
//   bench_room_scene --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "core/map/map_file.h"
#include "core/scene/room_scene.h"

namespace {

constexpr int kCols = 256, kRows = 32;

// Counts the callbacks, the way a front end would issue one draw call for each.
struct CountingDraw final : core::SceneDraw {
  float zoom = 1;
  std::array<float, 4> shown{-1e9f, -1e9f, 1e9f, 1e9f};
  size_t calls = 0;
  float scale() const override { return zoom; }
  std::array<float, 4> visible() const override { return shown; }
  void cellGraphics(int, int, const core::Metatile&) override { ++calls; }
  void fill(float, float, float, float, core::Rgba) override { ++calls; }
  void outline(float, float, float, float, core::Rgba, float, bool) override { ++calls; }
  void line(float, float, float, float, core::Rgba, float, bool) override { ++calls; }
  void circle(float, float, float, core::Rgba, core::Rgba, float) override { ++calls; }
  void text(float, float, const std::string&, core::Rgba, core::Rgba, bool) override { ++calls; }
  float textHeight() const override { return 14; }
  void heatmap(const std::vector<int>&, int, int, int, int, const std::vector<uint8_t>*) override {
    ++calls;
  }
};

// The scroll castle's metatiles and graphics, its three screens repeated over a
// 256 x 32 room (the rows below 15 repeat the top ones), eight entities.
const core::Scenario& bigLevel() {
  static const core::Scenario sc = [] {
    core::Scenario s;
    std::string error;
    if (!core::loadMap(std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/scroll_castle.map.json", s.map,
                       &error))
      return s;
    const core::Room small = s.map.room;
    core::Room& room = s.map.room;
    room.width = kCols;
    room.height = kRows;
    room.cells.assign(size_t(kCols) * kRows, 0);
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c) room.at(c, r) = small.at(c % small.width, r % small.height);
    for (int i = 0; i < 8; ++i) {
      core::EntitySpec e;
      e.name = "entity " + std::to_string(i);
      e.x = 40 + i * 500;
      e.y = 112;
      s.entities.push_back(e);
    }
    s.manifest.hitbox = core::Hitbox{3, 2, 10, 15};
    return s;
  }();
  return sc;
}

void roomScene(benchmark::State& state, float zoom, bool cull) {
  const core::Scenario& sc = bigLevel();
  if (sc.map.room.width != kCols) {
    state.SkipWithError("maps/scroll_castle.map.json did not load");
    return;
  }
  core::SceneInput in;
  in.scenario = &sc;
  in.overlays = core::defaultOverlays(true);
  CountingDraw draw;
  draw.zoom = zoom;
  // A 1280 x 720 view panned to the middle of the level.
  const float w = 1280 / zoom, h = 720 / zoom;
  const float x0 = std::max(0.0f, (kCols * 16 - w) / 2), y0 = std::max(0.0f, (kRows * 16 - h) / 2);
  if (cull) draw.shown = {x0, y0, x0 + w, y0 + h};
  for (auto _ : state) {
    draw.calls = 0;
    core::drawRoomScene(in, draw);
    benchmark::DoNotOptimize(draw.calls);
  }
  state.counters["draw_calls"] = double(draw.calls);
}

void BM_RoomScene256x32_viewport(benchmark::State& s) {
  roomScene(s, 2.0f, true);
}
void BM_RoomScene256x32_unculled(benchmark::State& s) {
  roomScene(s, 2.0f, false);
}
void BM_RoomScene256x32_fit(benchmark::State& s) {
  roomScene(s, 1280.0f / (kCols * 16), true);
}
BENCHMARK(BM_RoomScene256x32_viewport)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RoomScene256x32_unculled)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RoomScene256x32_fit)->Unit(benchmark::kMicrosecond);

}  // namespace
