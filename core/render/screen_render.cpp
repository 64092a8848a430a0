#include "core/render/screen_render.h"

#include <algorithm>

#include "core/render/scene_canvas.h"
#include "core/sim/field_codec.h"

namespace core {

std::array<int, 2> screenOrigin(const game::GameScreen& screen, const Scenario& sc,
                                const Recording* recording, int frame) {
  int x = -screen.scrollX, y = -screen.scrollY;
  if (recording && frame >= 0 && frame < int(recording->frames.size()) &&
      recording->viewCells[0] > 0) {
    const FrameRecord& f = recording->frames[size_t(frame)];
    x -= f.viewCol * sc.map.room.cellSize;
    y -= f.viewRow * sc.map.room.cellSize;
  }
  return {x, y};
}

Canvas renderScreen(const game::GameScreen& screen, const Scenario& sc,
                    const ScreenRenderOptions& o) {
  if (screen.empty()) return Canvas();
  const int s = std::clamp(o.scale, 1, 16);
  const auto origin = screenOrigin(screen, sc, o.recording, o.frame);
  // A window onto the room's picture at `s` whose top-left is the screen's: the
  // scene draws in room pixels and lands in screen pixels.
  Canvas c(-origin[0] * s, -origin[1] * s, screen.width * s, screen.height * s, Rgba{0, 0, 0, 255});
  std::vector<uint8_t>& px = c.pixels();
  const size_t rowBytes = size_t(screen.width) * size_t(s) * 4;
  for (int y = 0; y < screen.height; ++y) {
    uint8_t* row = px.data() + size_t(y) * size_t(s) * rowBytes;
    const uint8_t* src = screen.rgba.data() + size_t(y) * size_t(screen.width) * 4;
    for (int x = 0; x < screen.width; ++x)
      for (int k = 0; k < s; ++k)
        std::copy_n(src + size_t(x) * 4, 4, row + (size_t(x) * s + k) * 4);
    for (int k = 1; k < s; ++k) std::copy_n(row, rowBytes, row + size_t(k) * rowBytes);
  }
  SceneInput in;
  in.scenario = &sc;
  in.recording = o.recording;
  in.frame = o.frame;
  in.selectedEntity = o.selectedEntity;
  in.verdicts = o.verdicts;
  in.heat = o.heat;
  in.heatWidth = sc.map.room.pixelWidth();
  in.heatHeight = sc.map.room.pixelHeight();
  in.heatStride = o.heatStride;
  in.overlays = o.overlays & ~uint32_t(kOverlayCollision);
  in.trailFrames = o.trailFrames;
  in.cells = false;
  CanvasSceneDraw draw(c, sc.map, s);
  drawRoomScene(in, draw);
  return c;
}

ScreenHover screenHover(const game::GameScreen& screen, const Scenario& sc,
                        const Recording* recording, int frame, int x, int y) {
  ScreenHover h;
  if (x < 0 || y < 0 || x >= screen.width || y >= screen.height) return h;
  h.tileKnown = game::screenTileAt(screen, x, y, h.tile);
  const auto origin = screenOrigin(screen, sc, recording, frame);
  const int rx = x - origin[0], ry = y - origin[1];
  const Room& room = sc.map.room;
  const int cs = std::max(1, room.cellSize);
  if (rx >= 0 && ry >= 0 && rx < room.pixelWidth() && ry < room.pixelHeight()) {
    h.col = rx / cs;
    h.row = ry / cs;
    h.metatile = room.at(h.col, h.row);
    const auto& set = sc.map.metatiles.metatiles;
    if (recording && size_t(h.metatile) < recording->oracleCollision.size())
      h.collision = recording->oracleCollision[size_t(h.metatile)];
    else if (size_t(h.metatile) < set.size())
      h.collision = set[size_t(h.metatile)].collision;
  }
  // The last entity drawn is the one on top.
  for (size_t i = 0; i < sc.entities.size(); ++i) {
    int ex = sc.entities[i].x, ey = sc.entities[i].y;
    if (recording && frame >= 0 && frame < int(recording->frames.size()) &&
        i < recording->frames[size_t(frame)].entities.size()) {
      const EntityFrame& e = recording->frames[size_t(frame)].entities[i];
      ex = positionPixels(sc.manifest, 0, e.x());
      ey = positionPixels(sc.manifest, 1, e.y());
    }
    const Hitbox hb = sc.hitboxOf(i);
    const int hx = ex - sc.manifest.originX + hb.x, hy = ey - sc.manifest.originY + hb.y;
    if (rx >= hx && ry >= hy && rx < hx + hb.w && ry < hy + hb.h) h.entity = int(i);
  }
  return h;
}

}  // namespace core
