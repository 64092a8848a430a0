// The exact oracle: where a hitbox ends up when it moves (dx, dy) through a
// room, computed pixel by pixel in integers with no routine involved. The
// verdicts and audits compare a routine's result against it.
//
//   OracleMove m = oracleMove(map, hitbox, x, y, dx, dy, scenario.oracle,
//                             manifest.originX, manifest.originY);
//   if (m.blockedX) ... m.cellX is the cell that stopped the horizontal move.
//
// Rules: the axes move one after the other (OracleSettings::xFirst), one pixel
// at a time. A step is refused when the hitbox's leading edge enters a new
// column (row) and one of the newly overlapped cells has the bit that blocks
// motion in that direction (kBlockRight stops motion to the right *into* the
// cell). Cells the hitbox already overlaps never stop it, so an entity standing
// inside a one-way floor can leave it in any direction. Cells outside the room
// block every direction when OracleSettings::outsideSolid, else none.
#pragma once

#include <cstdint>
#include <vector>

#include "core/map/room.h"
#include "core/sim/manifest.h"
#include "core/sim/scenario.h"

namespace core {

struct CellPos {
  int col = 0, row = 0;
  bool operator==(const CellPos&) const = default;
};

struct OracleMove {
  int x = 0, y = 0;  // final position, routine coordinates
  bool blockedX = false, blockedY = false;
  CellPos cellX, cellY;  // the cell that blocked each axis (valid when blocked)
};

// Moves the hitbox of an entity at routine position (x, y) by (dx, dy).
// Room pixel = routine pixel - origin.
OracleMove oracleMove(const MapDocument& map, const Hitbox& hitbox, int x, int y, int dx, int dy,
                      const OracleSettings& settings, int originX = 0, int originY = 0);

// The collision byte the oracle sees at a cell (outside cells follow the setting).
uint8_t oracleCell(const MapDocument& map, int col, int row, const OracleSettings& settings);

// The map the oracle judges by: `map` with each metatile's collision byte
// replaced by `collision[id]` (Simulation::oracleCollision(), the manifest's
// rule) where there is one.
MapDocument oracleMapOf(const MapDocument& map, const std::vector<uint8_t>& collision);

// Integer division rounding towards negative infinity (pixels left of the room).
constexpr int floorDiv(int a, int b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

}  // namespace core
