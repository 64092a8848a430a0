// The room as the game holds it: importRoomFromGame reads the collision map out
// of a running game machine (RAM, cartridge RAM, nametable RAM or a ROM address,
// wherever the manifest's map layout points) into a MapDocument, and
// writeRoomToGame puts an edited room back: into RAM, or for a table in ROM into
// the machine's in-memory copy of the ROM (never the user's file). Both go
// through the one map-layout codec (core/sim/map_layout.h), so every layout the
// manifest can describe is read and written the same way the simulation writes it.
//
//   std::unique_ptr<GameMachine> m = ...;  bootGame(*m, ...);
//   MapDocument room;
//   if (!importRoomFromGame(manifest, *m, &room, &error)) ...;   // error names the JSON path
//   room.room.set(3, 4, 1);
//   writeRoomToGame(manifest, room, *m, &error);
#pragma once

#include <string>

#include "core/asm/image.h"
#include "core/map/room.h"
#include "core/sim/manifest.h"

namespace core {

namespace game {
class GameMachine;
}
using game::GameMachine;

// Reads the collision map out of the machine's memory through the manifest's
// cells/attributes layout (RAM, cartridge RAM, nametable RAM or a ROM address)
// into `out`: the room's size is the layout's (map.cells width x height), cells
// are metatile ids, metatile collision bytes come from the attribute table where
// its format can be inverted, and tiles from the game's CHR RAM / VRAM where the
// game uploaded them there. Errors name the manifest's JSON path.
// The manifest's labels are resolved against the game's symbol files (the
// manifest's `game.symbols`, else those beside the ROM; the build command is not
// run); the overloads with `symbols` take them from the caller.
bool importRoomFromGame(const RoutineManifest&, GameMachine&, MapDocument* out, std::string* error);
bool importRoomFromGame(const RoutineManifest&, const DebugInfo& symbols, GameMachine&,
                        MapDocument* out, std::string* error);
// Writes the room back into the game's RAM, or into a patched copy of the ROM image
// (GameMachine::poke of a ROM address patches the machine's copy only).
bool writeRoomToGame(const RoutineManifest&, const MapDocument&, GameMachine&, std::string* error);
bool writeRoomToGame(const RoutineManifest&, const DebugInfo& symbols, const MapDocument&,
                     GameMachine&, std::string* error);

}  // namespace core
