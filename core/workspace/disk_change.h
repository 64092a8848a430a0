// What another program changed: how a file on disk differs from the document
// the app holds, in a few lines for the prompt that asks whether to overwrite
// it, reload it or wait (app/gui/disk_conflict.cpp). Each function compares
// what Collidoscope reads from the file (formatting and key order aside) and
// returns one line per kind of difference, the first few places named:
//
//   for (const std::string& line : core::mapChanges(onDisk, open)) ...
//   // "4 of 240 cells differ: (2,3) 1 on disk, 5 here; (3,3) ...; and 1 more"
//
// An empty list means the two read the same.
#pragma once

#include <string>
#include <vector>

#include "core/map/room.h"
#include "core/sim/scenario.h"

namespace core {

// Room size and cells, metatiles (name, tiles, collision), CHR tiles, palette, names.
std::vector<std::string> mapChanges(const MapDocument& disk, const MapDocument& open);
// Name, routine, map file, entities (by index: name, position, table, fields,
// hitbox), input script, frames, oracle, view and expectations. The map's own
// contents are mapChanges'.
std::vector<std::string> scenarioChanges(const Scenario& disk, const Scenario& open);
// Lines: how many are only on disk and only here, in how many places, and the
// first few places with their first line (a line diff; a very large changed
// middle counts as one place).
std::vector<std::string> textChanges(const std::string& disk, const std::string& open);

}  // namespace core
