// A manifest's `query` block (docs/manifest.md, "Queries"): the routine is not a
// mover but a question the game asks about the room: a point query ("is pixel
// (x, y) solid?"), a box query ("is the box at x, y, w, h blocked on each
// side?"), a tile query ("what are tile id A's collision bits?") or a cell query
// ("which map address holds pixel (x, y)?"). The block says where each input is
// at the routine's entry (a register, a RAM byte, an entity field or a
// constant), where the answer is after the return (carry, zero, a register, RAM,
// a 16-bit address, four side flags) and what it means (solid, free, the tile's
// collision bits, the cell's address). core/check/query_check.h judges every call
// against the oracle's answer for the same inputs and sweeps the input domain.
//
//   if (auto q = manifestQuery(m)) { ... q->kind, q->x, q->answer, q->means }
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/manifest.h"
#include "core/util/json_reader.h"

namespace core {

enum class QueryKind : uint8_t { Point, Box, Tile, Cell };
// "point", "box", "tile", "cell".
const char* queryKindName(QueryKind k);

// Where one input of the query is at the routine's entry. Reading it (judging
// an observed call) and writing it (an audit case) use the same place.
struct QueryValue {
  enum class Source : uint8_t {
    None,      // not given
    Number,    // a constant ("w": 8): never read; the audit does not write it
    Register,  // "A", "X", "HL", ...
    Ram,       // "ram:LABEL" (1 byte) or {"label": ..., "size": 2}
    Field,     // "field:NAME": an entity field of the default table, slot 0
  } source = Source::None;
  int number = 0;
  std::string reg;
  LabelRef ref;
  int size = 1;  // Ram: 1 or 2 bytes, little-endian (big with `bigEndian`)
  bool bigEndian = false;
  std::string field;
  bool given() const { return source != Source::None; }
};

enum class QueryMeaning : uint8_t {
  Solid,    // set / non-zero means the point, box side or tile is solid
  Free,     // set / non-zero means it is free
  Bits,     // the tile's collision byte as the attribute table encodes it (under `mask`)
  Address,  // the address of the cell's entry in the map
};
const char* queryMeaningName(QueryMeaning m);

// Where the answer is after the return.
struct QueryAnswer {
  enum class Source : uint8_t { Carry, Zero, Register, Ram, Sides } source = Source::Carry;
  std::string reg;      // Register: "A" ...; an address in "HL", or {"lo": "X", "hi": "Y"}
  std::string regHi;    // Register: the high byte's register of a 6502 address
  QueryValue ram;       // Ram
  uint8_t mask = 0xFF;  // Register/Ram with Solid/Free/Bits: the bits that count
  // Sides: one flag byte (and mask) per side, in the order left, right, top, bottom.
  std::array<QueryValue, 4> side;
  std::array<uint8_t, 4> sideMask{0xFF, 0xFF, 0xFF, 0xFF};
};

// Which pixels a box query's side flags are about.
enum class SideProbe : uint8_t {
  Outside,  // the pixels just beyond each edge: column x-1 (left), x+w (right), row y-1, y+h
  Edge,     // the box's own edge pixels: column x, x+w-1, row y, y+h-1
};

struct QuerySpec {
  QueryKind kind = QueryKind::Point;
  std::string entry;  // the routine's label (default: the manifest's entry)
  // Inputs: x and y (point, box, cell), w and h (box; default the hitbox), tile (tile).
  QueryValue x, y, w, h, tile;
  QueryAnswer answer;
  QueryMeaning means = QueryMeaning::Solid;
  SideProbe probe = SideProbe::Outside;
  bool sidesFreeWhenSet = false;  // Sides with "means": "free"
};

// The `query` block of the manifest `m` was loaded from (loadManifest reads and
// checks it with the rest of the file), or null when it has none. Kept by the
// manifest's path, the last load winning, so RoutineManifest's layout (included
// by nearly every file) stays as it is; a manifest built in memory has none.
std::shared_ptr<const QuerySpec> manifestQuery(const RoutineManifest& m);

namespace detail {
// Reads the `query` block of the manifest at `m.path` and keeps it for
// manifestQuery (none when absent); errors name its JSON path.
void readQuery(JsonReader& r, const nlohmann::json& j, const RoutineManifest& m);
}  // namespace detail

}  // namespace core
