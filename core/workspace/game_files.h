// The files behind an open document, and how a built game is found from its
// ROM: what the GUI watches for "reload on change" (the user rebuilt the game or
// edited a source elsewhere) and what File > Open game... opens.
//
//   auto files = core::documentFiles(sim);          // watch these with a FileWatch
//   auto found = core::findGameBindings("game.nes"); // scenarios, then manifests, by name
//   std::unique_ptr<Simulation> fresh;
//   if (!core::rebuildFromDisk(sim.scenario(), fresh, &error)) keepTheOldOne(error);
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game/rom.h"
#include "core/sim/simulation.h"

namespace core {

// The files the simulation was built from. A game manifest: the ROM, the symbol
// files it used (the manifest's, else the first found beside the ROM) and the
// manifest. A flat routine: its sources, the files its debug info names
// (includes) and the manifest. Absolute, without duplicates.
std::vector<std::string> documentFiles(const Simulation& sim);

// What binds a ROM in the files beside it: scenarios whose routine is a game
// manifest for this ROM, and manifests whose `game.rom` is this ROM, each sorted
// by file name. Files that do not load are skipped.
struct GameBindings {
  std::vector<std::string> scenarios;
  std::vector<std::string> manifests;
  bool empty() const { return scenarios.empty() && manifests.empty(); }
};
GameBindings findGameBindings(const std::string& romPath);

// A ROM with nothing binding it yet, described for the user: the header summary
// (or the error loading it) and the symbol files beside it with their counts,
// one a line.
std::vector<std::string> describeUnboundRom(const std::string& romPath);

// Builds a new simulation of `current` (map, entities and input as in memory)
// with its manifest read again from disk and, for a game, the ROM and symbols
// loaded again (the build command runs first, if the manifest has one). On
// failure `out` is untouched and `error` names the cause.
bool rebuildFromDisk(const Scenario& current, std::unique_ptr<Simulation>& out, std::string* error);

// The ROM bank mapped at `pc`, for the source line of banked code: when lines
// of several banks cover `pc`, the bank whose ROM bytes there equal what the
// CPU sees (`busRead`, e.g. the debugger's memory at the cursor) wins. -1 when
// no line or no single bank matches (DebugInfo::lineFor then takes any).
int bankAtPc(const DebugInfo& debug, const game::RomFile& rom, uint16_t pc,
             const std::function<uint8_t(uint16_t)>& busRead);

}  // namespace core
