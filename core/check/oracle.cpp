#include "core/check/oracle.h"

namespace core {

uint8_t oracleCell(const MapDocument& map, int col, int row, const OracleSettings& settings) {
  return map.collisionAt(col, row, settings.outsideSolid ? uint8_t(kSolid) : uint8_t(0));
}

MapDocument oracleMapOf(const MapDocument& map, const std::vector<uint8_t>& collision) {
  MapDocument out = map;
  auto& set = out.metatiles.metatiles;
  for (size_t i = 0; i < set.size() && i < collision.size(); ++i) set[i].collision = collision[i];
  return out;
}

namespace {

struct Box {
  int left, top, right, bottom;  // room pixels, inclusive
};

// Moves `box` along one axis by `d` pixels; returns the pixels actually moved
// and sets `blocked`/`cell` when a cell refused a step.
int moveAxis(const MapDocument& map, const OracleSettings& s, Box& box, bool horizontal, int d,
             bool& blocked, CellPos& cell) {
  const int cs = map.room.cellSize;
  const int step = d > 0 ? 1 : -1;
  const uint8_t bit =
      horizontal ? (d > 0 ? kBlockRight : kBlockLeft) : (d > 0 ? kBlockDown : kBlockUp);
  int moved = 0;
  for (int i = 0; i < (d > 0 ? d : -d); ++i) {
    int edge = horizontal ? (d > 0 ? box.right : box.left) : (d > 0 ? box.bottom : box.top);
    int next = edge + step;
    int from = floorDiv(edge, cs), to = floorDiv(next, cs);
    if (from != to) {
      // The leading edge enters a new column (row): check every cell it spans.
      int lo = horizontal ? floorDiv(box.top, cs) : floorDiv(box.left, cs);
      int hi = horizontal ? floorDiv(box.bottom, cs) : floorDiv(box.right, cs);
      for (int k = lo; k <= hi; ++k) {
        int col = horizontal ? to : k, row = horizontal ? k : to;
        if (oracleCell(map, col, row, s) & bit) {
          blocked = true;
          cell = {col, row};
          return moved;
        }
      }
    }
    if (horizontal) {
      box.left += step;
      box.right += step;
    } else {
      box.top += step;
      box.bottom += step;
    }
    moved += step;
  }
  return moved;
}

}  // namespace

OracleMove oracleMove(const MapDocument& map, const Hitbox& hitbox, int x, int y, int dx, int dy,
                      const OracleSettings& settings, int originX, int originY) {
  OracleMove m;
  m.x = x;
  m.y = y;
  if (hitbox.w <= 0 || hitbox.h <= 0 || map.room.cellSize <= 0) {
    m.x += dx;
    m.y += dy;
    return m;
  }
  Box box{x - originX + hitbox.x, y - originY + hitbox.y, 0, 0};
  box.right = box.left + hitbox.w - 1;
  box.bottom = box.top + hitbox.h - 1;
  for (int pass = 0; pass < 2; ++pass) {
    bool horizontal = (pass == 0) == settings.xFirst;
    if (horizontal && dx != 0)
      m.x += moveAxis(map, settings, box, true, dx, m.blockedX, m.cellX);
    else if (!horizontal && dy != 0)
      m.y += moveAxis(map, settings, box, false, dy, m.blockedY, m.cellY);
  }
  return m;
}

}  // namespace core
