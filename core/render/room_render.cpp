#include "core/render/room_render.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "core/map/limits.h"

namespace core {

namespace {

struct OverlayName {
  const char* name;
  uint32_t bit;
};
constexpr std::array<OverlayName, 6> kOverlayNames{{{"grid", kOverlayGrid},
                                                    {"bits", kOverlayBits},
                                                    {"hitbox", kOverlayHitbox},
                                                    {"path", kOverlayPath},
                                                    {"probes", kOverlayProbes},
                                                    {"heat", kOverlayHeat}}};

const Metatile* metatileAt(const MapDocument& map, int col, int row) {
  const uint16_t m = map.room.at(col, row);
  return m < map.metatiles.metatiles.size() ? &map.metatiles.metatiles[m] : nullptr;
}

// One cell of CHR graphics: each room pixel of the cell maps to a tile pixel
// (a 1-tile metatile in a 16-pixel cell is drawn at double size).
void drawChrCell(Canvas& c, const MapDocument& map, const Metatile& mt, int x0, int y0, int s) {
  const int cs = map.room.cellSize, tps = std::max(1, map.metatiles.tilesPerSide);
  for (int v = 0; v < cs; ++v)
    for (int u = 0; u < cs; ++u) {
      const int q = (v * tps / cs) * tps + u * tps / cs;
      const uint16_t tid = mt.tiles[size_t(std::min(q, 3))];
      Rgba colour = collisionColour(0);
      if (tid < map.tiles.size()) {
        const int tx = (u * tps * 8 / cs) % 8, ty = (v * tps * 8 / cs) % 8;
        colour = map.palette[map.tiles[tid].px[size_t(ty * 8 + tx)] & 3];
      }
      c.fillRect(x0 + u * s, y0 + v * s, s, s, colour);
    }
}

void drawBitEdges(Canvas& c, uint8_t bits, int x0, int y0, int size, int t) {
  if (bits & kBlockDown) c.fillRect(x0, y0, size, t, kBitEdgeColour);
  if (bits & kBlockUp) c.fillRect(x0, y0 + size - t, size, t, kBitEdgeColour);
  if (bits & kBlockRight) c.fillRect(x0, y0, t, size, kBitEdgeColour);
  if (bits & kBlockLeft) c.fillRect(x0 + size - t, y0, t, size, kBitEdgeColour);
}

void drawCells(Canvas& c, const MapDocument& map, const RoomRenderOptions& o) {
  const Room& room = map.room;
  const int s = o.scale, cs = room.cellSize * s;
  const bool chr = o.chr && !map.tiles.empty();
  // Only the cells the canvas window shows: a band of a huge room is cheap.
  const int c0 = std::max(0, c.originX() / cs), r0 = std::max(0, c.originY() / cs);
  const int c1 = std::min(room.width, (c.originX() + c.width() + cs - 1) / cs);
  const int r1 = std::min(room.height, (c.originY() + c.height() + cs - 1) / cs);
  for (int r = r0; r < r1; ++r)
    for (int col = c0; col < c1; ++col) {
      const Metatile* mt = metatileAt(map, col, r);
      const int x0 = col * cs, y0 = r * cs;
      if (chr && mt)
        drawChrCell(c, map, *mt, x0, y0, s);
      else
        c.fillRect(x0, y0, cs, cs, collisionColour(mt ? mt->collision : 0));
      if ((o.overlays & kOverlayBits) && mt)
        drawBitEdges(c, mt->collision, x0, y0, cs, std::max(2, s));
    }
  if (o.overlays & kOverlayGrid) {
    // The last line sits on the room's last pixel, so the border shows.
    const Rgba grid{255, 255, 255, 60};
    const int w = room.width * cs, h = room.height * cs;
    for (int col = c0; col <= std::min(room.width, c1); ++col)
      c.fillRect(std::min(col * cs, w - 1), c.originY(), 1, c.height(), grid);
    for (int r = r0; r <= std::min(room.height, r1); ++r)
      c.fillRect(c.originX(), std::min(r * cs, h - 1), c.width(), 1, grid);
  }
}

void drawHeat(Canvas& c, const Room& room, const std::vector<int>& heat, int s, int stride) {
  const int w = room.pixelWidth(), h = room.pixelHeight();
  if (heat.size() != size_t(w) * size_t(h)) return;
  const int most = *std::max_element(heat.begin(), heat.end());
  if (most <= 0) return;
  // Start pixels whose stride x stride block reaches into the canvas window.
  const int y0 = std::max(0, c.originY() / s - stride);
  const int y1 = std::min(h, (c.originY() + c.height()) / s + 1);
  const int x0 = std::max(0, c.originX() / s - stride);
  const int x1 = std::min(w, (c.originX() + c.width()) / s + 1);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const int n = heat[size_t(y) * w + x];
      if (n <= 0) continue;
      Rgba col = heatColour(double(n) / most);
      col.a = 150;  // the room stays readable under dense heat
      c.fillRect(x * s, y * s, s * stride, s * stride, col);
    }
}

void drawProbes(Canvas& c, const Room& room, const FrameRecord& fr, int s) {
  const int cs = room.cellSize * s;
  for (const EntityFrame& e : fr.entities)
    for (uint16_t cell : e.cellsRead) {
      const int x0 = (cell % room.width) * cs, y0 = (cell / room.width) * cs;
      c.fillRect(x0, y0, cs, cs, Rgba{80, 220, 255, 60});
      c.strokeRect(x0, y0, cs, cs, std::max(1, s), kProbeColour);
    }
}

struct Point {
  int x, y;
};

}  // namespace

Rgba collisionColour(uint8_t bits) {
  if ((bits & kSolid) == kSolid) return Rgba{150, 70, 60, 255};
  if (bits & kSolid) return Rgba{170, 140, 60, 255};
  if (bits & kOpcodeMask) return Rgba{50, 90, 150, 255};
  return Rgba{30, 34, 40, 255};
}

bool parseOverlays(const std::string& text, uint32_t& out, std::string* error) {
  out = 0;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item == "none") continue;
    auto it = std::find_if(kOverlayNames.begin(), kOverlayNames.end(),
                           [&](const OverlayName& n) { return item == n.name; });
    if (it == kOverlayNames.end()) {
      if (error)
        *error =
            "\"" + item + "\" is not an overlay (grid, bits, hitbox, path, probes, heat, none)";
      return false;
    }
    out |= it->bit;
  }
  return true;
}

namespace {

// The options with the scale clamped and the region inside the room.
RoomRenderOptions normalised(const Scenario& sc, const RoomRenderOptions& o) {
  RoomRenderOptions opt = o;
  opt.scale = std::clamp(o.scale, 1, 16);
  const Room& room = sc.map.room;
  CellRect& g = opt.region;
  if (g.w <= 0 || g.h <= 0) g = CellRect{0, 0, room.width, room.height};
  g.col = std::clamp(g.col, 0, room.width - 1);
  g.row = std::clamp(g.row, 0, room.height - 1);
  g.w = std::clamp(g.w, 1, room.width - g.col);
  g.h = std::clamp(g.h, 1, room.height - g.row);
  return opt;
}

void drawRoom(Canvas& c, const Scenario& sc, const RoomRenderOptions& opt) {
  const int s = opt.scale;
  const Room& room = sc.map.room;
  drawCells(c, sc.map, opt);
  if ((opt.overlays & kOverlayHeat) && opt.heat)
    drawHeat(c, room, *opt.heat, s, std::clamp(opt.heatStride, 1, 64));

  const Recording* rec = opt.recording;
  const bool haveFrame = rec && opt.frame >= 0 && opt.frame < int(rec->frames.size());
  if ((opt.overlays & kOverlayProbes) && haveFrame)
    drawProbes(c, room, rec->frames[size_t(opt.frame)], s);

  const int ox = sc.manifest.originX, oy = sc.manifest.originY;
  for (size_t i = 0; i < sc.entities.size(); ++i) {
    const EntitySpec& spec = sc.entities[i];
    const Hitbox hb = sc.hitboxOf(i);
    // Canvas point of the hitbox centre for an entity at routine (x, y).
    auto centre = [&](int x, int y) {
      return Point{(x - ox + hb.x) * s + hb.w * s / 2, (y - oy + hb.y) * s + hb.h * s / 2};
    };
    Point pos{spec.x, spec.y};
    if (haveFrame && i < rec->frames[size_t(opt.frame)].entities.size()) {
      const EntityFrame& e = rec->frames[size_t(opt.frame)].entities[i];
      pos = {e.x(), e.y()};
    }
    if ((opt.overlays & kOverlayPath) && haveFrame) {
      Rgba trail = spec.colour;
      trail.a = 200;
      const int from = std::max(0, opt.frame - opt.trailFrames);
      for (int f = from; f <= opt.frame; ++f) {
        const auto& ents = rec->frames[size_t(f)].entities;
        if (i >= ents.size() || ents[i].before.size() < 2) continue;
        const Point a = centre(ents[i].before[0], ents[i].before[1]);
        const Point b = centre(ents[i].x(), ents[i].y());
        c.line(a.x, a.y, b.x, b.y, s, f == opt.frame ? Rgba{255, 255, 255, 255} : trail);
      }
    }
    if (opt.overlays & kOverlayHitbox) {
      const int x0 = (pos.x - ox + hb.x) * s, y0 = (pos.y - oy + hb.y) * s;
      Rgba fill = spec.colour;
      fill.a = 70;
      c.fillRect(x0, y0, hb.w * s, hb.h * s, fill);
      c.strokeRect(x0, y0, hb.w * s, hb.h * s, std::max(1, s / 2 + 1), spec.colour);
    }
  }
}

}  // namespace

PictureSize roomPictureSize(const Scenario& sc, const RoomRenderOptions& o) {
  const RoomRenderOptions opt = normalised(sc, o);
  const int64_t cs = int64_t(sc.map.room.cellSize) * opt.scale;
  return PictureSize{opt.region.w * cs, opt.region.h * cs};
}

bool checkRoomPicture(const Scenario& sc, const RoomRenderOptions& o, std::string* error) {
  const Room& room = sc.map.room;
  const CellRect& g = o.region;
  if (g.w != 0 || g.h != 0) {
    if (g.col < 0 || g.row < 0 || g.w < 1 || g.h < 1 || int64_t(g.col) + g.w > room.width ||
        int64_t(g.row) + g.h > room.height) {
      if (error)
        *error = "the region " + std::to_string(g.col) + "," + std::to_string(g.row) + "," +
                 std::to_string(g.w) + "," + std::to_string(g.h) +
                 " (column, row, width, height in cells) is not inside the " +
                 std::to_string(room.width) + "x" + std::to_string(room.height) + " room";
      return false;
    }
  }
  const PictureSize p = roomPictureSize(sc, o);
  return checkPictureSize(p.width, p.height, error);
}

Canvas renderRoomBand(const Scenario& sc, const RoomRenderOptions& o, int y, int rows) {
  const RoomRenderOptions opt = normalised(sc, o);
  const int cs = sc.map.room.cellSize * opt.scale;
  Canvas c(opt.region.col * cs, opt.region.row * cs + y, opt.region.w * cs, rows,
           collisionColour(0));
  drawRoom(c, sc, opt);
  return c;
}

Canvas renderRoom(const Scenario& sc, const RoomRenderOptions& o) {
  return renderRoomBand(sc, o, 0, int(roomPictureSize(sc, o).height));
}

}  // namespace core
