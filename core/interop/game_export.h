// Export for the game: a room's cells and its metatile attribute table written
// as a file the game's own build can include (ca65 `.byte`, rgbds `db`, a C
// array) or load (raw bytes), laid out exactly as the routine's manifest says:
// the `cells` table's row stride and maximum size, the `attributes` table's
// entry stride, collision byte offset, tile-id offset, entry count and format.
// The bytes are the ones the simulation's encoder writes into the routine's
// memory, so a game assembled against the export behaves as the sandbox showed.
//
//   std::string text, error;
//   if (!exportTables(map, manifest, TableFormat::Ca65, "castle.map.json", &text, &error)) ...
//   writeFileAtomic("castle.inc", text, &error);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/map/room.h"
#include "core/sim/manifest.h"

namespace core::interop {

enum class TableFormat { Ca65, Rgbds, C, Bin };

// "ca65", "rgbds", "c", "bin"; parseTableFormat also takes the usual file
// extensions (".s", ".asm", ".inc", ".h", ".c", ".bin").
const char* tableFormatName(TableFormat f);
bool parseTableFormat(const std::string& name, TableFormat* out);

// The tables as bytes, placed by the simulation's own codec (core/sim/map_layout.h),
// so every layout it knows (column-major, 2-byte entries, spacing, origin and
// scroll, screens, pointer maps) exports as the routine reads it. A cell table
// spans stride x lines bytes (the routine's whole table: entries the room does
// not cover hold metatile 0, bytes past a line's entries hold 0); `attributes`
// covers stride * count bytes. A table the manifest does not bind is empty.
struct GameTables {
  std::vector<uint8_t> cells;  // every cell table (one a screen), one after the other
  std::vector<uint8_t> attributes;
  uint32_t cellTableBytes = 0;  // bytes one cell table spans
  int cellTables = 0;           // 1, or the manifest's screens
};
bool encodeTables(const MapDocument& map, const RoutineManifest& manifest, GameTables* out,
                  std::string* error);

// The room's cells and the metatile attribute table, laid out as the manifest's
// `cells` and `attributes` say. Text formats put each table under the
// manifest's label (a label with an offset, like "room_data+1", becomes a
// symbol for the table start, named in the header comment). Header comment names
// the source map and the layout. `Bin` holds the cell table(s) followed directly
// by the attribute table (no header). Errors: the manifest binds no table, the
// room or the metatile set is larger than the routine's table.
bool exportTables(const MapDocument& map, const RoutineManifest& manifest, TableFormat,
                  const std::string& sourceName, std::string* out, std::string* error);

}  // namespace core::interop
