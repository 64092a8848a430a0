// The map-layout codec: the one place that knows how a room's cells and its
// metatile attribute table sit in a routine's memory under a manifest's `cells`
// and `attributes` blocks (docs/manifest.md). The simulation writes a room
// through it, room import (core/game) reads one back, and the table export
// (core/interop) lays out the same bytes as source.
//
//   std::vector<PlacedByte> bytes;
//   if (!encodeRoomBytes(binding, map, [&](uint16_t a) { return m.peek(a); }, &bytes, &error))
//     ...;  // error names the manifest field ("map.cells: the room is ...")
//   for (const PlacedByte& p : bytes) m.poke(p.addr, p.value);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/map/room.h"
#include "core/sim/simulation.h"

namespace core {

using ReadByte = std::function<uint8_t(uint16_t addr)>;

struct PlacedByte {
  uint16_t addr;
  uint8_t value;
};

// The bytes the room and its metatile attributes occupy in the routine's memory
// under the bound layout (`read` serves pointer maps: the table's address read
// from memory). Table entries the room does not cover hold metatile 0. With a
// `window` only that window of the room is written (the room may be larger than
// the table); without one a room larger than the table is an error.
bool encodeRoomBytes(const Binding&, const MapDocument&, const ReadByte& read,
                     std::vector<PlacedByte>* out, std::string* error,
                     const RoomWindow* window = nullptr);

// The inverse: cells (and metatile collision bytes where the attribute table is
// bound and its format can be inverted) from memory into `out`; the room keeps
// its size unless the layout says one (an empty room takes the table's size).
bool decodeRoomBytes(const Binding&, const ReadByte& read, MapDocument* out, std::string* error);

// The byte a routine's attribute table holds for a collision byte, masks included.
uint8_t encodeAttribute(const Binding&, uint8_t collision);

// The address of the first byte of each table the bound cell layout uses this
// frame: one per screen, the pointer's target for pointer maps.
std::vector<uint16_t> cellTableBases(const Binding&, const ReadByte& read);
// Bytes one cell table spans (row-major: stride x height).
uint32_t cellTableBytes(const Binding&);
// The room cell whose byte sits at `addr` (nullopt: not a cell of the room),
// through `window` when the table holds a window of the room.
std::optional<std::array<int, 2>> cellOfAddress(const Binding&, const std::vector<uint16_t>& bases,
                                                uint16_t addr, const RoomWindow* window = nullptr);
// The cells the routine's tables can hold (all screens), in room cells.
std::array<int, 2> cellCapacity(const Binding&);

}  // namespace core
