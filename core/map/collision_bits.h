// The meaning of a metatile's collision byte (seed 002's layout, DESIGN "Maps"):
// bits 0-3 block motion *into* the cell in one direction, bits 4-7 are four
// op-codes whose names the user chooses (ladder, water, door, hurt ...).
#pragma once

#include <cstdint>

namespace core {

enum CollisionBit : uint8_t {
  kBlockLeft = 1 << 0,   // blocks an entity moving left into the cell
  kBlockRight = 1 << 1,  // blocks an entity moving right into the cell
  kBlockDown = 1 << 2,   // blocks an entity moving down into the cell (a one-way floor)
  kBlockUp = 1 << 3,     // blocks an entity moving up into the cell
  kSolid = kBlockLeft | kBlockRight | kBlockDown | kBlockUp,
  kOpcodeMask = 0xF0,
};

}  // namespace core
