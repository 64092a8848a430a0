// The map model: metatiles with one collision byte each, and rooms made of
// them. A room is width x height cells of 8 or 16 pixels holding a metatile
// index. A MapDocument is what a `collidoscope-map/1` JSON file holds: tiles,
// palette, metatile set and room together.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/map/collision_bits.h"
#include "core/map/tiles.h"
#include "core/util/extra_keys.h"

namespace core {

struct Metatile {
  std::string name;
  // Tile ids: top-left, top-right, bottom-left, bottom-right for 2x2 metatiles;
  // only [0] is used for 1-tile metatiles.
  std::array<uint16_t, 4> tiles{};
  uint8_t collision = 0;  // see collision_bits.h
  ExtraKeys extra{};      // keys of its "metatiles.set" entry the loader does not read
};

struct MetatileSet {
  int tilesPerSide = 2;  // 2 (NES 16 px) or 1 (8 px)
  std::vector<Metatile> metatiles;
  std::array<std::string, 4> opcodeNames{"op4", "op5", "op6", "op7"};  // bits 4..7
};

struct Room {
  int width = 16;
  int height = 15;
  int cellSize = 16;            // pixels, 8 or 16
  std::vector<uint16_t> cells;  // row-major metatile indices, width * height

  bool inside(int col, int row) const {
    return col >= 0 && row >= 0 && col < width && row < height;
  }
  uint16_t at(int col, int row) const { return cells[size_t(row) * width + col]; }
  uint16_t& at(int col, int row) { return cells[size_t(row) * width + col]; }
  int pixelWidth() const { return width * cellSize; }
  int pixelHeight() const { return height * cellSize; }
};

struct MapDocument {
  std::string name;
  ChrFormat chrFormat = ChrFormat::NesPlanar;
  std::vector<Tile> tiles;
  Palette palette{Rgba{0x1c, 0x1c, 0x28}, Rgba{0x6c, 0x8c, 0xd8}, Rgba{0xc8, 0x70, 0x40},
                  Rgba{0xf0, 0xe8, 0xd0}};
  MetatileSet metatiles;
  Room room;
  // Keys the loader does not read, kept for the save: at the top level and in
  // "chr", "metatiles" and "room" (docs/map.md, "Unknown keys").
  ExtraKeys extra, chrExtra, metatilesExtra, roomExtra;
  // The file the tiles were read from (chr.file, resolved; an imported sheet);
  // "" when they came inline. A save writes the tiles inline (core/sim/references.h).
  std::string chrFile;

  // The collision byte of a cell; `outside` for cells outside the room.
  uint8_t collisionAt(int col, int row, uint8_t outside = kSolid) const;
};

// A fresh document: `w` x `h` cells of `cellSize`, a small default metatile set
// (sky, ground, brick, block, water), a border of solid blocks.
MapDocument makeDefaultMap(int w, int h, int cellSize);

}  // namespace core
