// Edits to an open scenario, as values. Each edit records the state before and
// after the change, so it can be applied and reverted any number of times; an
// EditHistory (history.h) keeps them for undo and redo. Editors build edits with
// the make* functions below, which read the scenario's current state and return
// nothing when the change would be a no-op (so a click that changes nothing
// leaves no undo step).
//
//   if (auto e = core::makePaintCell(sim.scenario(), col, row, metatile))
//     history.push(sim.scenario(), *e);   // applies it
//   sim.simulate();                        // every edit re-simulates
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace core {

// One room cell's metatile.
struct CellEdit {
  int col = 0, row = 0;
  uint16_t before = 0, after = 0;
};
// One metatile's collision byte (direction and op-code bits).
struct CollisionEdit {
  int metatile = 0;
  uint8_t before = 0, after = 0;
};
// The user's name of op-code bit 4 + `index`.
struct OpcodeNameEdit {
  int index = 0;
  std::string before, after;
};
// A metatile's name.
struct MetatileNameEdit {
  int metatile = 0;
  std::string before, after;
};
// An entity's start position.
struct EntityMoveEdit {
  int entity = 0;
  int beforeX = 0, beforeY = 0, afterX = 0, afterY = 0;
};
// An entity's hitbox override (none = the manifest's hitbox).
struct HitboxEdit {
  int entity = 0;
  std::optional<Hitbox> before, after;
};
// The input script and the number of frames simulated.
struct InputEdit {
  std::vector<uint8_t> before, after;
  int framesBefore = 0, framesAfter = 0;
};

using Edit = std::variant<CellEdit, CollisionEdit, OpcodeNameEdit, EntityMoveEdit, HitboxEdit,
                          InputEdit, MetatileNameEdit>;

std::optional<Edit> makePaintCell(const Scenario& s, int col, int row, uint16_t metatile);
std::optional<Edit> makeSetCollision(const Scenario& s, int metatile, uint8_t bits);
// Flips `bits` (any mask) in the metatile's collision byte.
std::optional<Edit> makeToggleCollision(const Scenario& s, int metatile, uint8_t bits);
std::optional<Edit> makeRenameOpcode(const Scenario& s, int index, const std::string& name);
std::optional<Edit> makeRenameMetatile(const Scenario& s, int metatile, const std::string& name);
std::optional<Edit> makeMoveEntity(const Scenario& s, int entity, int x, int y);
std::optional<Edit> makeSetHitbox(const Scenario& s, int entity, std::optional<Hitbox> hitbox);
// Sets `button` on or off in frame `frame`'s input, growing the script (and the
// frame count) when the frame lies past its end.
std::optional<Edit> makeSetButton(const Scenario& s, int frame, uint8_t button, bool on);
// Replaces frame `frame`'s whole input byte (keyboard recording), growing as above.
std::optional<Edit> makeSetInput(const Scenario& s, int frame, uint8_t mask);
// Sets frames [first, first + count) to `mask`, growing as above.
std::optional<Edit> makeFillInput(const Scenario& s, int first, int count, uint8_t mask);
// Sets the number of frames simulated (the script is kept; frames past it read 0).
std::optional<Edit> makeSetFrameCount(const Scenario& s, int frames);

// Applies the edit (`forward`) or reverts it. Edits whose target no longer exists
// (an entity or metatile index out of range) are ignored.
void applyEdit(Scenario& s, const Edit& e, bool forward = true);
// True when the edit changes the map document rather than the scenario file.
bool editTouchesMap(const Edit& e);
// Folds `next` into `prev` when both change the same target (keeps prev's
// before and next's after). Returns false when they cannot be merged.
bool mergeEdit(Edit& prev, const Edit& next);
// The first frame whose calls could come out differently after `e`, judged
// from the recording made before it: the frame of the first changed input
// byte, the first call that read a changed cell or metatile attribute, 0 for
// a moved entity. Edits only the oracle sees (hitboxes, op-code names) and map
// changes no call read give recording.frames.size(). Frames before it need no
// re-simulation (Simulation::simulateFrom).
int firstAffectedFrame(const Edit& e, const Recording& recording, int roomWidth);
// A short name for menus: "Paint", "Collision bits", "Move entity", ...
const char* editName(const Edit& e);

}  // namespace core
