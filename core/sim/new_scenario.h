// A scenario made from nothing (File > New scenario, collidoscope
// --new-scenario): a routine manifest, an empty room of the size asked for,
// a name, and no entities or input yet. The GUI then places the first entity
// where the user clicks; the document stays untitled until Save as.
//
//   core::NewScenarioSpec spec{"assets/routines/seed002_mrn/manifest.json", 32, 15, 0, "demo"};
//   core::Scenario s;
//   if (!core::makeNewScenario(spec, s, &error)) ...;   // error names the field
#pragma once

#include <string>

#include "core/sim/scenario.h"

namespace core {

struct NewScenarioSpec {
  std::string manifestPath;
  int width = 0, height = 0;  // cells; 0: newRoomSize()
  int cellSize = 0;           // 8 or 16 pixels; 0: newCellSize()
  std::string name;           // "" = "untitled"
  int frames = 60;            // frames simulated before any input is recorded
};

// The room a new scenario of routine `m` gets: the routine's cell table
// (map.cells width x height, over all its screens, in room cells), or one
// screen (16 x 15 cells on the NES, 20 x 18 on the Game Boy) when it has none.
void newRoomSize(const RoutineManifest& m, int& width, int& height);
// 8 pixels for a Game Boy routine or a table 20 or more cells wide (a tile
// map), else 16 (NES metatiles): what the shipped samples use.
int newCellSize(const RoutineManifest& m);

// Loads the manifest and makes the scenario: an empty room (a wall around
// sky, core::makeDefaultMap), no entities, no input, `frames` frames, no path
// (untitled) and no map path. False with a message naming the field when the
// manifest does not load or the size is out of range (1..kMaxRoomSide a side,
// kMaxRoomCells in all; cell size 8 or 16).
bool makeNewScenario(const NewScenarioSpec& spec, Scenario& out, std::string* error);

}  // namespace core
