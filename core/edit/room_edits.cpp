// Edits of many cells at once and of the room's size (edit.h). Each is one
// value with every cell's before and after, so one undo step restores it.
#include <algorithm>

#include "core/edit/edit.h"
#include "core/map/limits.h"

namespace core {

namespace {

bool validMetatile(const Scenario& s, int m) {
  return m >= 0 && m < int(s.map.metatiles.metatiles.size());
}

std::optional<Edit> cellsOrNothing(CellsEdit e) {
  if (e.cells.empty()) return std::nullopt;
  return e;
}

}  // namespace

std::optional<Edit> makeFillRect(const Scenario& s, int col0, int row0, int col1, int row1,
                                 uint16_t metatile) {
  if (!validMetatile(s, metatile)) return std::nullopt;
  const Room& room = s.map.room;
  const int c0 = std::max(0, std::min(col0, col1)),
            c1 = std::min(room.width - 1, std::max(col0, col1));
  const int r0 = std::max(0, std::min(row0, row1)),
            r1 = std::min(room.height - 1, std::max(row0, row1));
  CellsEdit e;
  for (int r = r0; r <= r1; ++r)
    for (int c = c0; c <= c1; ++c)
      if (room.at(c, r) != metatile) e.cells.push_back({c, r, room.at(c, r), metatile});
  return cellsOrNothing(std::move(e));
}

std::optional<Edit> makeFloodFill(const Scenario& s, int col, int row, uint16_t metatile) {
  const Room& room = s.map.room;
  if (!validMetatile(s, metatile) || !room.inside(col, row)) return std::nullopt;
  const uint16_t target = room.at(col, row);
  if (target == metatile) return std::nullopt;
  // An explicit stack: a 1M-cell room would overflow a recursive fill.
  std::vector<bool> seen(room.cells.size(), false);
  std::vector<std::pair<int, int>> todo{{col, row}};
  seen[size_t(row) * room.width + col] = true;
  CellsEdit e;
  while (!todo.empty()) {
    const auto [c, r] = todo.back();
    todo.pop_back();
    e.cells.push_back({c, r, target, metatile});
    const int next[4][2] = {{c - 1, r}, {c + 1, r}, {c, r - 1}, {c, r + 1}};
    for (const auto& n : next) {
      if (!room.inside(n[0], n[1])) continue;
      const size_t i = size_t(n[1]) * room.width + n[0];
      if (seen[i] || room.cells[i] != target) continue;
      seen[i] = true;
      todo.push_back({n[0], n[1]});
    }
  }
  // Row-major order: the edit reads the same whichever way the fill spread.
  std::sort(e.cells.begin(), e.cells.end(), [](const CellEdit& a, const CellEdit& b) {
    return a.row != b.row ? a.row < b.row : a.col < b.col;
  });
  return cellsOrNothing(std::move(e));
}

CellClip copyCells(const Room& room, int col, int row, int w, int h) {
  const int c0 = std::max(0, col), r0 = std::max(0, row);
  const int c1 = std::min(room.width, col + w), r1 = std::min(room.height, row + h);
  CellClip clip;
  if (c1 <= c0 || r1 <= r0) return clip;
  clip.width = c1 - c0;
  clip.height = r1 - r0;
  for (int r = r0; r < r1; ++r)
    for (int c = c0; c < c1; ++c) clip.cells.push_back(room.at(c, r));
  return clip;
}

std::optional<Edit> makePasteCells(const Scenario& s, int col, int row, const CellClip& clip) {
  const Room& room = s.map.room;
  if (clip.width < 1 || clip.height < 1 ||
      clip.cells.size() != size_t(clip.width) * size_t(clip.height))
    return std::nullopt;
  CellsEdit e;
  for (int y = 0; y < clip.height; ++y)
    for (int x = 0; x < clip.width; ++x) {
      const int c = col + x, r = row + y;
      const uint16_t m = clip.cells[size_t(y) * clip.width + x];
      if (room.inside(c, r) && validMetatile(s, m) && room.at(c, r) != m)
        e.cells.push_back({c, r, room.at(c, r), m});
    }
  return cellsOrNothing(std::move(e));
}

std::optional<Edit> makeResizeRoom(const Scenario& s, int left, int top, int right, int bottom,
                                   uint16_t fill) {
  const Room& room = s.map.room;
  if ((left | top | right | bottom) == 0 || !validMetatile(s, fill)) return std::nullopt;
  const int64_t w = int64_t(room.width) + left + right, h = int64_t(room.height) + top + bottom;
  if (w < 1 || h < 1 || w > kMaxRoomSide || h > kMaxRoomSide || w * h > kMaxRoomCells)
    return std::nullopt;
  ResizeEdit e{room, room, left, top, {}, s.view, s.view};
  Room& out = e.after;
  out.width = int(w);
  out.height = int(h);
  out.cells.assign(size_t(w * h), fill);
  // Old cell (c, r) lands at (c + left, r + top); removed sides are negative.
  for (int r = 0; r < room.height; ++r)
    for (int c = 0; c < room.width; ++c)
      if (out.inside(c + left, r + top)) out.at(c + left, r + top) = room.at(c, r);
  // An entity whose hitbox the new room does not hold whole moves just inside
  // it, so the run starts where the routine and the oracle can both see it.
  const int cs = room.cellSize;
  const int roomW = out.width * cs, roomH = out.height * cs;
  for (size_t i = 0; i < s.entities.size(); ++i) {
    const Hitbox hb = s.hitboxOf(i);
    const int x0 = s.entities[i].x + left * cs - s.manifest.originX + hb.x;
    const int y0 = s.entities[i].y + top * cs - s.manifest.originY + hb.y;
    // The position itself stays on the room too (a hitbox offset from it keeps it at 0 or more).
    const int minX = std::max(0, hb.x), minY = std::max(0, hb.y);
    const int dx = std::clamp(x0, minX, std::max(minX, roomW - hb.w)) - x0;
    const int dy = std::clamp(y0, minY, std::max(minY, roomH - hb.h)) - y0;
    if (dx != 0 || dy != 0) e.inside.push_back({int(i), dx, dy});
  }
  // A fixed window follows the cells it showed (one past the edge is reported
  // when the run starts).
  if (e.viewAfter.mode == ViewSpec::Mode::Fixed) {
    e.viewAfter.column = std::max(0, e.viewAfter.column + left);
    e.viewAfter.row = std::max(0, e.viewAfter.row + top);
  }
  return e;
}

}  // namespace core
