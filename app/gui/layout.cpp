#include "app/gui/layout.h"

#include <algorithm>
#include <cmath>

namespace app {

namespace {

// The shipped layout's proportions (imgui.ini at 1600x900, scale 1: a 19-pixel
// menu bar and a 24-pixel status bar leave 857 rows; the top row takes 560).
constexpr float kTopRow = 560.0f / 857.0f;
constexpr float kTilesW = 250.0f / 1600.0f;
constexpr float kRightX = 850.0f / 1600.0f;
constexpr float kCpuH = 210.0f / 560.0f;
constexpr float kAuditW = 290.0f / 1600.0f;
constexpr float kTimelineW = 600.0f / 1600.0f;
constexpr float kEntitiesX = 1050.0f / 1600.0f;
constexpr float kEntitiesW = 450.0f / 1600.0f;

float px(float v) {
  return std::round(v);
}

}  // namespace

std::vector<PanelRect> defaultLayout(const WorkArea& a, bool routineWindow, bool game) {
  const float s = a.scale;
  const float w = a.x1 - a.x0, h = a.y1 - a.y0;
  // Tiles and Audit hold fixed-width content: past their share of a wide
  // window the room (and the source) gets the pixels.
  // A panel's least width, unless the window is too narrow for all of them.
  auto least = [&](float pixels, float share) { return std::min(pixels * s, w * share); };
  const float tilesW = px(std::clamp(w * kTilesW, least(240, 0.22f), 340 * s));
  const float rightX = a.x0 + px(std::max(w * kRightX, tilesW + least(240, 0.25f)));
  const float auditW = px(std::clamp(w * kAuditW, least(290, 0.23f), 420 * s));
  const float topH = px(h * kTopRow);
  const float cpuH = px(topH * kCpuH);
  const float midY = a.y0 + topH;
  // Memory's sixteen hex columns and labels need their width; the timeline
  // scrolls, so it gives way first.
  const float memoryW = px(std::max(w * (1 - kEntitiesX), least(520, 0.45f)));
  const float entitiesX1 = a.x1 - memoryW;
  const float timelineX1 = std::min(a.x0 + px(w * kTimelineW), entitiesX1 - px(w * kEntitiesW));
  // A game's screen shares the room's place: the map on the left, the picture
  // on the right.
  const float roomW = rightX - a.x0 - tilesW;
  const float gameW = game ? px(roomW / 2) : 0;
  std::vector<PanelRect> out = {
      {"Tiles", a.x0, a.y0, tilesW, topH, true},
      {"Room", a.x0 + tilesW, a.y0, roomW - gameW, topH, true},
      {"CPU", rightX, a.y0, a.x1 - rightX, cpuH, true},
      {"Source", rightX, a.y0 + cpuH, a.x1 - auditW - rightX, topH - cpuH, true},
      {"Audit", a.x1 - auditW, a.y0 + cpuH, auditW, topH - cpuH, true},
      {"Timeline", a.x0, midY, timelineX1 - a.x0, a.y1 - midY, true},
      {"Entities", timelineX1, midY, entitiesX1 - timelineX1, a.y1 - midY, true},
      {"Memory", entitiesX1, midY, a.x1 - entitiesX1, a.y1 - midY, true},
  };
  if (game) out.push_back({"Game", rightX - gameW, a.y0, gameW, topH, true});
  // The Binding panel floats over the others, centred, as large as it is useful.
  const float bw = px(std::min(1300 * s, w - 40 * s)), bh = px(std::min(780 * s, h - 20 * s));
  out.push_back({"###binding", px(a.x0 + (w - bw) / 2), px(a.y0 + (h - bh) / 2), bw, bh, false});
  // The detached routine editor takes the debugger's column, top to bottom:
  // the room, tiles, timeline and entities stay in view while editing.
  if (routineWindow) out.push_back({"Routine editor", rightX, a.y0, a.x1 - rightX, h, false});
  return out;
}

}  // namespace app
