// Game mode's start: the manifest's `game` block turned into an image (the ROM
// and its symbols, with the warnings a user should see) and a machine booted
// from reset to the point where the frame runner starts calling the routine.
//
//   AsmResult image = loadGameImage(manifest);     // ROM + symbols, or errors
//   auto machine = makeGameMachine(image.rom, manifest.game->rom, &error);
//   if (!bootGame(*machine, *manifest.game, image.debug, &error)) ...;
//   machine->setStartState(machine->snapshot());    // load() returns here
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/image.h"
#include "core/game/game_machine.h"
#include "core/sim/manifest.h"

namespace core::game {

// Runs the build command (if any), loads the ROM and its symbols (the manifest's,
// or those found beside the ROM). `ok` false with located errors when the ROM or a
// symbol file does not load; checkSymbols' findings are warnings. `rom` holds the
// file's bytes and `debug` the symbols.
AsmResult loadGameImage(const RoutineManifest& m);

// Power-on, reset, and the game run with the joypad idle until PC reaches
// `boot.to` within `boot.maxFrames` frames, or for `boot.frames` frames. A boot
// that never arrives fails with "no progress: PC loops in $XXXX–$YYYY (label)".
bool bootGame(GameMachine& m, const GameSpec& spec, const DebugInfo& symbols, std::string* error);

// The label at or below `addr` within 4 KiB ("main_loop", "main_loop+3"), or empty.
std::string nearestLabel(const DebugInfo& symbols, uint16_t addr);

// Up to `count` symbol names closest to `name` (edit distance, case folded), for
// "label not found" messages.
std::vector<std::string> closestNames(const DebugInfo& symbols, const std::string& name,
                                      size_t count = 3);
// ", closest: a, b, c" or empty.
std::string closestNamesText(const DebugInfo& symbols, const std::string& name);

}  // namespace core::game
