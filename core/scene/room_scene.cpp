#include "core/scene/room_scene.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <sstream>
#include <vector>

#include "core/sim/field_codec.h"

namespace core {

const OverlayInfo kOverlays[] = {
    {kOverlayGrid, "grid", "Grid", "cell grid lines", true, true},
    {kOverlayBits, "bits", "Collision bits",
     "blocking edges (a Down bit is the cell's top edge) and op-code marks", true, true},
    {kOverlayCollision, "collision", "Colour by collision",
     "cells in collision colours instead of CHR graphics", false, false},
    {kOverlayHitbox, "hitbox", "Hitboxes", "entity hitboxes, sprite boxes and position marks", true,
     true},
    {kOverlayPath, "path", "Paths", "the hitbox centre's trail; this frame's move in white", true,
     false},
    {kOverlayProbes, "probes", "Probed cells", "the cells the routine read this frame", true,
     false},
    {kOverlayGhost, "ghost", "Oracle ghost",
     "where the oracle puts the hitbox when the verdict is not ok, and the verdict", true, false},
    {kOverlayHeat, "heat", "Audit heatmap", "failing audit cases per start position", false, false},
    {kOverlayLabels, "labels", "Names", "entity names", true, false},
    {kOverlayView, "view", "Routine's view",
     "the window of a larger room the routine's table holds this frame (a scenario view)", true,
     true},
};
const int kOverlayCount = int(sizeof kOverlays / sizeof kOverlays[0]);

uint32_t defaultOverlays(bool gui) {
  uint32_t bits = 0;
  for (const OverlayInfo& o : kOverlays)
    if (gui ? o.gui : o.render) bits |= o.bit;
  return bits;
}

std::string overlayNames() {
  std::string s;
  for (const OverlayInfo& o : kOverlays) s += (s.empty() ? "" : ", ") + std::string(o.name);
  return s + ", all, none";
}

bool parseOverlays(const std::string& text, uint32_t& out, std::string* error) {
  out = 0;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item.erase(
        std::remove_if(item.begin(), item.end(), [](unsigned char c) { return std::isspace(c); }),
        item.end());
    if (item.empty() || item == "none") continue;
    if (item == "all") {
      for (const OverlayInfo& o : kOverlays)
        if (o.bit != kOverlayCollision) out |= o.bit;
      continue;
    }
    const OverlayInfo* found = nullptr;
    for (const OverlayInfo& o : kOverlays)
      if (item == o.name) found = &o;
    if (!found) {
      if (error) *error = "\"" + item + "\" is not an overlay (" + overlayNames() + ")";
      return false;
    }
    out |= found->bit;
  }
  return true;
}

Rgba collisionColour(uint8_t bits) {
  if ((bits & kSolid) == kSolid) return Rgba{150, 70, 60, 255};
  if (bits & kSolid) return Rgba{170, 140, 60, 255};
  if (bits & kOpcodeMask) return Rgba{50, 90, 150, 255};
  return palette::kEmpty;
}

Rgba heatColour(int count, int most) {
  if (count <= 0) return Rgba{0, 0, 0, 0};
  const float t = std::min(1.0f, float(count) / float(std::max(most, 1)));
  return Rgba{255, uint8_t(210 * (1 - t) + 40), 30, uint8_t(50 + 110 * t)};
}

Rgba heatColour(int count, int most, Verdict v) {
  if (count <= 0) return Rgba{0, 0, 0, 0};
  const float t = std::min(1.0f, float(count) / float(std::max(most, 1)));
  Rgba c = verdictColour(v);
  c.a = uint8_t(110 + 120 * t);
  return c;
}

namespace {

Rgba withAlpha(Rgba c, int a) {
  c.a = uint8_t(std::clamp(a, 0, 255));
  return c;
}

const Metatile* metatileAt(const MapDocument& map, int col, int row) {
  const uint16_t m = map.room.at(col, row);
  return m < map.metatiles.metatiles.size() ? &map.metatiles.metatiles[m] : nullptr;
}

// The cells the output shows: [c0, c1) x [r0, r1).
struct CellSpan {
  int c0, r0, c1, r1;
};
CellSpan visibleCells(const Room& room, const SceneDraw& d) {
  const auto v = d.visible();
  const float cs = float(std::max(1, room.cellSize));
  auto clampTo = [](float x, int hi) { return int(std::clamp(x, 0.0f, float(hi))); };
  return {clampTo(std::floor(v[0] / cs), room.width), clampTo(std::floor(v[1] / cs), room.height),
          clampTo(std::ceil(v[2] / cs), room.width), clampTo(std::ceil(v[3] / cs), room.height)};
}

constexpr float kMinGridCellPx = 6;

void drawCells(const SceneInput& in, SceneDraw& d) {
  const MapDocument& map = in.scenario->map;
  const Room& room = map.room;
  const float cs = float(room.cellSize);
  const bool chr = !(in.overlays & kOverlayCollision) && !map.tiles.empty();
  const CellSpan span = visibleCells(room, d);
  for (int r = span.r0; r < span.r1; ++r)
    for (int c = span.c0; c < span.c1; ++c) {
      const Metatile* mt = metatileAt(map, c, r);
      if (chr && mt)
        d.cellGraphics(c, r, *mt);
      else
        d.fill(c * cs, r * cs, (c + 1) * cs, (r + 1) * cs,
               mt ? collisionColour(mt->collision) : palette::kMissing);
    }
}

// Thick edges on the sides that block motion into a cell, and a small mark per op-code.
void drawBits(const SceneInput& in, SceneDraw& d) {
  const MapDocument& map = in.scenario->map;
  const Room& room = map.room;
  const float cs = float(room.cellSize), z = d.scale();
  const float t = std::max(2.0f, z) / z;  // room pixels
  const float cellPx = cs * z;
  const float radius = std::clamp(cellPx * 0.16f, 3.0f, 7.0f);
  const CellSpan span = visibleCells(room, d);
  for (int r = span.r0; r < span.r1; ++r)
    for (int c = span.c0; c < span.c1; ++c) {
      const Metatile* mt = metatileAt(map, c, r);
      if (!mt) continue;
      const uint8_t b = mt->collision;
      const float x0 = c * cs, y0 = r * cs, y1 = y0 + cs;
      drawBlockingEdges(d, b, x0, y0, cs, t);
      if (!(b & kOpcodeMask) || cellPx < 12) continue;
      float x = x0 + (radius + 2) / z;
      for (int i = 0; i < 4; ++i) {
        if (!(b & (0x10 << i))) continue;
        const float cy = y1 - (radius + 2) / z;
        d.circle(x, cy, radius, Rgba{0, 0, 0, 170}, palette::kOpcode[i], 1.5f);
        const std::string& name = map.metatiles.opcodeNames[size_t(i)];
        if (radius >= 5 && !name.empty())
          d.text(x, cy, std::string(1, char(std::toupper(static_cast<unsigned char>(name[0])))),
                 palette::kOpcode[i], Rgba{0, 0, 0, 0}, true);
        x += (2 * radius + 2) / z;
      }
    }
}

void drawGrid(const SceneInput& in, SceneDraw& d) {
  const Room& room = in.scenario->map.room;
  const float cs = float(room.cellSize);
  // Cells a few output pixels wide (a long level zoomed out to fit) would be all
  // grid: the lines would hide the cells, and cost a line per pixel column.
  if (cs * d.scale() < kMinGridCellPx) return;
  const CellSpan span = visibleCells(room, d);
  const float x0 = span.c0 * cs, x1 = span.c1 * cs, y0 = span.r0 * cs, y1 = span.r1 * cs;
  // The last line sits on the room's last output pixel, so the border shows.
  const float last = 1 / d.scale();
  const float w = room.width * cs - last, h = room.height * cs - last;
  for (int c = span.c0; c <= span.c1; ++c) {
    const float x = std::min(c * cs, w);
    d.line(x, y0, x, y1, palette::kGrid, 1, false);
  }
  for (int r = span.r0; r <= span.r1; ++r) {
    const float y = std::min(r * cs, h);
    d.line(x0, y, x1, y, palette::kGrid, 1, false);
  }
}

void drawProbes(const SceneInput& in, const FrameRecord& fr, SceneDraw& d) {
  const Room& room = in.scenario->map.room;
  const float cs = float(room.cellSize);
  for (size_t i = 0; i < fr.entities.size(); ++i) {
    if (in.selectedEntity >= 0 && int(i) != in.selectedEntity) continue;
    for (uint16_t cell : fr.entities[i].cellsRead) {
      const float x0 = float(cell % room.width) * cs, y0 = float(cell / room.width) * cs;
      d.fill(x0, y0, x0 + cs, y0 + cs, palette::kProbeFill);
      d.outline(x0, y0, x0 + cs, y0 + cs, palette::kProbeEdge, 2, false);
    }
  }
}

struct Point {
  float x, y;
};

void drawEntities(const SceneInput& in, const Recording* rec, int f, SceneDraw& d) {
  const Scenario& sc = *in.scenario;
  const float ox = float(sc.manifest.originX), oy = float(sc.manifest.originY);
  const float z = d.scale();
  // Labels already placed (room pixels): a label that would cover one moves up a
  // line, so two entities side by side (a duplicate) keep readable names.
  std::vector<std::array<float, 4>> labels;
  for (size_t i = 0; i < sc.entities.size(); ++i) {
    const EntitySpec& spec = sc.entities[i];
    const Hitbox hb = sc.hitboxOf(i);
    // Room point of the hitbox centre for an entity at routine (x, y).
    // Recordings keep raw values: a fixed-point x/y is drawn at its whole pixel.
    auto centre = [&](int32_t rawX, int32_t rawY) {
      const int x = positionPixels(sc.manifest, 0, rawX), y = positionPixels(sc.manifest, 1, rawY);
      return Point{float(x) - ox + float(hb.x) + float(hb.w) / 2,
                   float(y) - oy + float(hb.y) + float(hb.h) / 2};
    };
    int px = spec.x, py = spec.y;  // whole pixels
    const EntityFrame* e = nullptr;
    if (rec && f >= 0 && i < rec->frames[size_t(f)].entities.size()) {
      e = &rec->frames[size_t(f)].entities[i];
      px = positionPixels(sc.manifest, 0, e->x());
      py = positionPixels(sc.manifest, 1, e->y());
    }
    if ((in.overlays & kOverlayPath) && e) {
      // A fading trail of the moves of the last frames (each call's before to after).
      const int from = std::max(0, f - in.trailFrames);
      for (int k = from; k < f; ++k) {
        const auto& ek = rec->frames[size_t(k)].entities;
        if (i >= ek.size() || ek[i].before.size() < 2) continue;
        const Point a = centre(ek[i].before[0], ek[i].before[1]), b = centre(ek[i].x(), ek[i].y());
        const float alpha = float(k - from + 1) / float(f - from + 1);
        d.line(a.x, a.y, b.x, b.y, withAlpha(spec.colour, int(80 + 150 * alpha)), 2, false);
      }
      if (e->before.size() >= 2) {
        const Point a = centre(e->before[0], e->before[1]), b = centre(e->x(), e->y());
        d.line(a.x, a.y, b.x, b.y, palette::kMove, 2, false);
      }
    }
    // The position: a corner (hitbox offsets not negative) gets the 16x16
    // sprite box; a point inside the box (the centre, the feet) a small cross.
    const float sx = float(px) - ox, sy = float(py) - oy;
    float labelX = sx, labelY = sy;
    if (in.overlays & kOverlayHitbox) {
      if (hb.x >= 0 && hb.y >= 0) {
        d.outline(sx, sy, sx + 16, sy + 16, palette::kSpriteBox, 1, false);
      } else {
        const float arm = 3;
        d.line(sx - arm, sy, sx + arm, sy, palette::kPositionMark, 1, false);
        d.line(sx, sy - arm, sx, sy + arm, palette::kPositionMark, 1, false);
        labelX = sx + float(hb.x);
        labelY = sy + float(hb.y);
      }
      const float h0x = sx + float(hb.x), h0y = sy + float(hb.y);
      d.fill(h0x, h0y, h0x + float(hb.w), h0y + float(hb.h), withAlpha(spec.colour, 70));
      d.outline(h0x, h0y, h0x + float(hb.w), h0y + float(hb.h), withAlpha(spec.colour, 255),
                int(i) == in.selectedEntity ? 3.0f : 1.5f, false);
    }
    if (in.overlays & kOverlayLabels) {
      const float th = d.textHeight() / z;
      const float w = float(spec.name.size()) * 0.6f * th;  // about a monospace glyph's width
      float ty = labelY - th;
      for (size_t tries = 0; tries <= labels.size(); ++tries) {
        bool moved = false;
        for (const auto& r : labels)
          if (labelX < r[2] && labelX + w > r[0] && ty < r[3] && ty + th > r[1]) {
            ty = r[1] - th;
            moved = true;
          }
        if (!moved) break;
      }
      labels.push_back({labelX, ty, labelX + w, ty + th});
      d.text(labelX, ty, spec.name, withAlpha(spec.colour, 255), Rgba{0, 0, 0, 0}, false);
    }
  }
}

void drawGhosts(const SceneInput& in, int f, SceneDraw& d) {
  const Scenario& sc = *in.scenario;
  const float cs = float(sc.map.room.cellSize), z = d.scale();
  const auto& verdicts = *in.verdicts;
  // Verdicts are frame-major: the frame's first one is found by binary search.
  auto it = std::lower_bound(verdicts.begin(), verdicts.end(), f,
                             [](const FrameVerdict& v, int frame) { return v.frame < frame; });
  for (; it != verdicts.end() && it->frame == f; ++it) {
    const FrameVerdict& v = *it;
    if (v.verdict == Verdict::Ok) continue;
    if (v.hasCell) {
      const float x0 = float(v.cell.col) * cs, y0 = float(v.cell.row) * cs;
      d.outline(x0, y0, x0 + cs, y0 + cs, palette::kOffender, 3, false);
    }
    if (v.hasPixel)
      d.circle(float(v.pixelX) + 0.5f, float(v.pixelY) + 0.5f, std::max(4.0f, z * 1.5f),
               Rgba{0, 0, 0, 0}, palette::kOffender, 2);
    const Hitbox hb = sc.hitboxOf(size_t(v.entity));
    const float gx = float(v.oracleX - sc.manifest.originX + hb.x);
    const float gy = float(v.oracleY - sc.manifest.originY + hb.y);
    d.fill(gx, gy, gx + float(hb.w), gy + float(hb.h), palette::kGhostFill);
    d.outline(gx, gy, gx + float(hb.w), gy + float(hb.h), palette::kGhost, 2, true);
    // From the routine's hitbox to where the oracle says it should be.
    const float rx = float(v.routineX - sc.manifest.originX + hb.x) + float(hb.w) / 2;
    const float ry = float(v.routineY - sc.manifest.originY + hb.y) + float(hb.h) / 2;
    d.line(rx, ry, gx + float(hb.w) / 2, gy + float(hb.h) / 2, palette::kGhost, 1.5f, true);
    d.text(gx, gy + float(hb.h) + 2 / z, verdictName(v.verdict), palette::kGhost,
           palette::kLabelPlate, false);
  }
}

// The window of the room the routine's table held at frame f (frame 0's before
// the first), dashed, with its name inside its top-left corner.
void drawView(const Recording& rec, int f, const Room& room, SceneDraw& d) {
  if (rec.viewCells[0] <= 0 || rec.frames.empty()) return;
  const FrameRecord& fr = rec.frames[size_t(std::clamp(f, 0, int(rec.frames.size()) - 1))];
  const float cs = float(room.cellSize), z = std::max(d.scale(), 1e-3f);
  const float x0 = float(fr.viewCol) * cs, y0 = float(fr.viewRow) * cs;
  const float x1 = float(std::min(fr.viewCol + rec.viewCells[0], room.width)) * cs;
  const float y1 = float(std::min(fr.viewRow + rec.viewCells[1], room.height)) * cs;
  d.outline(x0, y0, x1, y1, palette::kView, 3, true);
  // The name only where it fits inside the outline (about 8 text heights wide).
  if ((x1 - x0) * z >= 9 * d.textHeight())
    d.text(x0 + 5 / z, y0 + 5 / z, "routine view", palette::kView, palette::kLabelPlate, false);
}

// "78 284": counts in a legend are read at a glance.
std::string groupedCount(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
    out += digits[i];
  }
  return out;
}

// The heatmap's legend, fixed to the top-left corner of what the view shows,
// sized in output pixels so it reads the same at every zoom.
void drawHeatLegend(const SceneInput& in, int most, SceneDraw& d) {
  const float z = std::max(d.scale(), 1e-3f);
  const auto vis = d.visible();
  const float th = d.textHeight() / z, pad = 6 / z, swatch = th * 0.8f;
  float x = std::max(vis[0], 0.0f) + pad, y = std::max(vis[1], 0.0f) + pad;
  const Rgba text{235, 235, 235, 255}, dim{150, 150, 150, 255};
  d.text(x, y, "audit heat: failing cases per start", text, palette::kLabelPlate, false);
  y += th + 3 / z;
  // The ramp: how strong a start's colour gets with its count, in the first
  // class shown (each class is painted in its own colour, listed below).
  Verdict rampClass = Verdict::Ok;
  for (const HeatLegendRow& r : in.heatLegend)
    if (r.shown) {
      rampClass = r.verdict;
      break;
    }
  const float rampW = 96 / z;
  d.text(x, y, "1", text, palette::kLabelPlate, false);
  const float rx = x + 14 / z;
  d.fill(rx - 1 / z, y - 1 / z, rx + rampW + 1 / z, y + th + 1 / z, palette::kEmpty);
  const int steps = 24;
  for (int k = 0; k < steps; ++k) {
    const int count = std::max(1, int(std::lround(double(most) * (k + 1) / steps)));
    const Rgba c = in.heatClasses && rampClass != Verdict::Ok ? heatColour(count, most, rampClass)
                                                              : heatColour(count, most);
    d.fill(rx + rampW * float(k) / steps, y, rx + rampW * float(k + 1) / steps, y + th, c);
  }
  d.text(rx + rampW + 5 / z, y, std::to_string(most), text, palette::kLabelPlate, false);
  y += th + 3 / z;
  for (const HeatLegendRow& r : in.heatLegend) {
    const Rgba c = verdictColour(r.verdict);
    const float sy = y + (th - swatch) / 2;
    d.fill(x - 1 / z, sy - 1 / z, x + swatch + 1 / z, sy + swatch + 1 / z, palette::kLabelPlate);
    if (r.shown)
      d.fill(x, sy, x + swatch, sy + swatch, c);
    else
      d.outline(x, sy, x + swatch, sy + swatch, withAlpha(c, 160), 1, false);
    const std::string line = std::string(verdictName(r.verdict)) + "  " + groupedCount(r.count) +
                             (r.shown ? "" : "  (hidden)");
    d.text(x + swatch + 5 / z, y, line, r.shown ? text : dim, palette::kLabelPlate, false);
    y += th + 2 / z;
  }
}

}  // namespace

void drawBlockingEdges(SceneDraw& d, uint8_t b, float x0, float y0, float size, float t) {
  const float x1 = x0 + size, y1 = y0 + size;
  if (b & kBlockDown) d.fill(x0, y0, x1, y0 + t, palette::kBitEdge);
  if (b & kBlockUp) d.fill(x0, y1 - t, x1, y1, palette::kBitEdge);
  if (b & kBlockRight) d.fill(x0, y0, x0 + t, y1, palette::kBitEdge);
  if (b & kBlockLeft) d.fill(x1 - t, y0, x1, y1, palette::kBitEdge);
}

void drawRoomScene(const SceneInput& in, SceneDraw& d) {
  if (!in.scenario) return;
  const Room& room = in.scenario->map.room;
  if (room.width <= 0 || room.height <= 0) return;
  if (in.cells) drawCells(in, d);
  if (in.overlays & kOverlayBits) drawBits(in, d);
  if (in.overlays & kOverlayGrid) drawGrid(in, d);
  if ((in.overlays & kOverlayHeat) && in.heat && in.heatWidth > 0 && in.heatHeight > 0 &&
      in.heat->size() == size_t(in.heatWidth) * size_t(in.heatHeight)) {
    const int most = *std::max_element(in.heat->begin(), in.heat->end());
    if (most > 0)
      d.heatmap(
          *in.heat, in.heatWidth, in.heatHeight, std::clamp(in.heatStride, 1, 64), most,
          in.heatClasses && in.heatClasses->size() == in.heat->size() ? in.heatClasses : nullptr);
  }
  const bool legend = (in.overlays & kOverlayHeat) && in.heat && !in.heatLegend.empty();
  // A recording made in a room of another size (a resize still re-simulating)
  // is not drawn: the entities stand at their start positions meanwhile.
  const Recording* rec = in.recording && in.recording->madeFor(room) ? in.recording : nullptr;
  const bool haveFrame = rec && in.frame >= 0 && in.frame < int(rec->frames.size());
  const int f = haveFrame ? in.frame : -1;
  if ((in.overlays & kOverlayProbes) && haveFrame) drawProbes(in, rec->frames[size_t(f)], d);
  if ((in.overlays & kOverlayView) && rec) drawView(*rec, f, room, d);
  drawEntities(in, haveFrame ? rec : nullptr, f, d);
  if ((in.overlays & kOverlayGhost) && in.verdicts && haveFrame) drawGhosts(in, f, d);
  // Last, so nothing in the room covers it.
  if (legend) {
    const int most = in.heat->empty() ? 0 : *std::max_element(in.heat->begin(), in.heat->end());
    drawHeatLegend(in, most, d);
  }
}

}  // namespace core
