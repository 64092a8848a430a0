// `collido import-room MANIFEST [--frame N] [--cell-size 8|16] -o ROOM.map.json`:
// boots the game a game manifest names (its build command first, as `run` does),
// lets it run N frames with the joypad idle, and writes the room it holds in
// memory, read through the manifest's map layout (core/game/room_import.h), as
// a map file. Exit 0 when written, 2 with the located message on bad input.
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "core/game/boot.h"
#include "core/game/game_machine.h"
#include "core/game/room_import.h"
#include "core/map/map_file.h"
#include "core/sim/manifest.h"

namespace app::cli {
namespace {

struct ImportRoomOptions {
  std::string manifest;
  std::string out;
  int frame = 0;
  int cellSize = 0;
};

int importBadInput(const std::string& message) {
  std::fprintf(stderr, "collido import-room: %s\n", message.c_str());
  return kExitBadInput;
}

int runImportRoom(const ImportRoomOptions& o) {
  core::RoutineManifest m;
  std::string error;
  if (!core::loadManifest(o.manifest, m, &error)) return importBadInput(error);
  if (!m.game)
    return importBadInput(o.manifest + ": game: not a game manifest (no \"game\" block)");
  const core::AsmResult image = core::game::loadGameImage(m);
  if (!image.ok) return importBadInput(image.diagnosticsText());
  for (const core::Diagnostic& d : image.diagnostics)
    if (d.severity == core::Diagnostic::Severity::Warning)
      std::fprintf(stderr, "warning: %s\n", d.str().c_str());
  auto machine = core::game::makeGameMachine(image.rom, m.game->rom, &error);
  if (!machine) return importBadInput(error);
  if (!core::game::bootGame(*machine, *m.game, image.debug, &error))
    return importBadInput(o.manifest + ": " + error);
  if (o.frame > 0) machine->runFree(std::nullopt, uint64_t(o.frame) * machine->frameCycles());
  core::MapDocument doc;
  core::RoomImportOptions opts;
  opts.cellSize = o.cellSize;
  if (!core::importRoomFromGame(m, image.debug, *machine, &doc, &error, opts))
    return importBadInput(error);
  if (!core::saveMap(o.out, doc, &error)) return importBadInput(error);
  std::printf(
      "%s: %dx%d cells of %d px, %zu metatiles, %zu tiles, from %s at frame %d after the boot\n",
      o.out.c_str(), doc.room.width, doc.room.height, doc.room.cellSize,
      doc.metatiles.metatiles.size(), doc.tiles.size(), m.cells->ref.label.c_str(), o.frame);
  return kExitClean;
}

CommandRegistrar reg(
    "import-room", "Read the room a built game holds in memory into a map file", [](CLI::App& sub) {
      auto o = std::make_shared<ImportRoomOptions>();
      sub.add_option("manifest", o->manifest,
                     "A game manifest (collidoscope-routine/2 with a game block)")
          ->required();
      sub.add_option("-o,--output", o->out, "The map file to write (.map.json)")->required();
      sub.add_option("--frame", o->frame, "Frames to run after the boot, joypad idle (default 0)")
          ->check(CLI::Range(0, 36000));
      sub.add_option("--cell-size", o->cellSize,
                     "Cell size in pixels (default: 16 NES, 8 Game Boy)")
          ->check(CLI::IsMember({8, 16}));
      return [o] { return runImportRoom(*o); };
    });

}  // namespace
}  // namespace app::cli
