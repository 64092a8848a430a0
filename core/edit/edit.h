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

#include <array>
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

// Many cells at once (a rectangle, a flood fill, a pasted or cut region): one
// undo step however many cells it covers.
struct CellsEdit {
  std::vector<CellEdit> cells;
};
// The room's size. Cells were added or removed on any side; entities (and the
// scenario's expectation rectangles) move with the room's left and top edges,
// by `shiftCols`/`shiftRows` cells forward and back again on revert. An entity
// whose hitbox the smaller room no longer holds is moved inside it as well
// (`inside`: by dx, dy pixels after the shift), and a fixed view's window
// keeps to the room (`viewBefore`/`viewAfter`).
struct ResizeEdit {
  Room before, after;
  int shiftCols = 0, shiftRows = 0;
  struct MovedInside {
    int entity = 0;
    int dx = 0, dy = 0;
  };
  std::vector<MovedInside> inside;
  ViewSpec viewBefore, viewAfter;
};
// The CHR tiles a metatile is made of (all four equal for 1-tile metatiles).
struct MetatileTilesEdit {
  int metatile = 0;
  std::array<uint16_t, 4> before{}, after{};
};
// The metatile set as a whole (reorder, duplicate, add, delete), with the room's
// cells remapped to follow it. Empty cell vectors: the cells did not change.
struct MetatileSetEdit {
  std::vector<Metatile> before, after;
  std::vector<uint16_t> cellsBefore, cellsAfter;
};
// One CHR tile's pixels (a pencil stroke on one tile merges into one edit).
struct TilePixelsEdit {
  int tile = 0;
  Tile before, after;
};
// A tile appended to the CHR (at index `tile`, the old tile count).
struct TileAddEdit {
  int tile = 0;
  Tile added;
};
// One of the four palette colours.
struct PaletteEdit {
  int index = 0;
  Rgba before, after;
};
// The entity list as a whole: an entity added, removed or duplicated. `entity`
// is the one the edit is about (the entity added, the one removed, the copy).
struct EntityListEdit {
  enum class Kind : uint8_t { Add, Remove, Duplicate } kind = Kind::Add;
  int entity = 0;
  std::vector<EntitySpec> before, after;
};
// An entity's name.
struct EntityNameEdit {
  int entity = 0;
  std::string before, after;
};

// The routine's window on a room larger than its table (the scenario's "view").
struct ViewEdit {
  ViewSpec before, after;
};

using Edit = std::variant<CellEdit, CollisionEdit, OpcodeNameEdit, EntityMoveEdit, HitboxEdit,
                          InputEdit, MetatileNameEdit, CellsEdit, ResizeEdit, MetatileTilesEdit,
                          MetatileSetEdit, TilePixelsEdit, TileAddEdit, PaletteEdit, EntityListEdit,
                          EntityNameEdit, ViewEdit>;

// A rectangle of cells copied from a room (the GUI's clipboard), row-major.
struct CellClip {
  int width = 0, height = 0;
  std::vector<uint16_t> cells;
};

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

// Regions (room_edits.cpp). Rectangles are clipped to the room; cells that
// already hold the value are left out, and nothing at all is a no-op.
// Cells [col0, col1] x [row0, row1] (either corner first) become `metatile`.
std::optional<Edit> makeFillRect(const Scenario& s, int col0, int row0, int col1, int row1,
                                 uint16_t metatile);
// The 4-connected area of cells holding the metatile at (col, row) becomes `metatile`.
std::optional<Edit> makeFloodFill(const Scenario& s, int col, int row, uint16_t metatile);
// The cells [col, col + w) x [row, row + h), clipped to the room.
CellClip copyCells(const Room& room, int col, int row, int w, int h);
// `clip` with its top-left cell at (col, row); the part outside the room is dropped.
std::optional<Edit> makePasteCells(const Scenario& s, int col, int row, const CellClip& clip);
// Adds (positive) or removes (negative) columns/rows on each side. New cells
// hold `fill`; entities shift with the left and top edges, and one left outside
// the new room is moved just inside it (ResizeEdit::inside lists them, for the
// message that says so). Refused (nullopt) when a side would drop below 1 cell
// or past the limits (core/map/limits.h).
std::optional<Edit> makeResizeRoom(const Scenario& s, int left, int top, int right, int bottom,
                                   uint16_t fill = 0);

// Metatiles, tiles and palette (metatile_edits.cpp). Room cells follow every
// change of metatile indices.
std::optional<Edit> makeSetMetatileTiles(const Scenario& s, int metatile,
                                         std::array<uint16_t, 4> tiles);
// Moves metatile `from` to index `to` (the others close up around it).
std::optional<Edit> makeMoveMetatile(const Scenario& s, int from, int to);
// A copy of `metatile` inserted right after it.
std::optional<Edit> makeDuplicateMetatile(const Scenario& s, int metatile);
// `m` appended to the set.
std::optional<Edit> makeAddMetatile(const Scenario& s, const Metatile& m);
// Removes `metatile`; cells using it take `replacement` (an index in the set
// before the deletion, not `metatile` itself). The last metatile stays.
std::optional<Edit> makeDeleteMetatile(const Scenario& s, int metatile, uint16_t replacement = 0);
std::optional<Edit> makeSetTilePixel(const Scenario& s, int tile, int x, int y, uint8_t colour);
// A tile appended to the CHR (blank unless given).
std::optional<Edit> makeAddTile(const Scenario& s, const Tile& tile = Tile{});
std::optional<Edit> makeSetPaletteColour(const Scenario& s, int index, Rgba colour);

// Entities (entity_edits.cpp). Each is refused (nullopt) with the reason in
// `error` when given: an index out of range, the routine's table full (its
// manifest's `tables.NAME.count`, defaultTableCount for the default table), a
// frames x entities run past the limits, a name empty or taken, or a removal
// that leaves no entity (a scenario file needs one) or drops an entity the
// manifest's register presets name ("other:TABLE:N").
//
// A new entity of table `table` ("": the default) starting at (x, y): named
// after its table with the first free number ("entity 1", "enemies 2"), in a
// colour no other entity has yet.
EntitySpec newEntitySpec(const Scenario& s, int x, int y, const std::string& table = {});
// `e` appended to the list (appending keeps every other entity's slot).
std::optional<Edit> makeAddEntity(const Scenario& s, const EntitySpec& e,
                                  std::string* error = nullptr);
std::optional<Edit> makeRemoveEntity(const Scenario& s, int entity, std::string* error = nullptr);
// A copy of `entity` (fields, hitbox, table) appended, one cell to the right,
// under a free name made from the original's ("player" -> "player 2"), in a
// colour of its own.
std::optional<Edit> makeDuplicateEntity(const Scenario& s, int entity,
                                        std::string* error = nullptr);
// Leading and trailing spaces are dropped; the same name is a no-op (no error).
std::optional<Edit> makeRenameEntity(const Scenario& s, int entity, const std::string& name,
                                     std::string* error = nullptr);
// The scenario's view set to `view`; the fields its mode does not use are
// cleared. Refused (with why) when a followed entity does not exist or a number
// is outside 0..4095; whether the window fits the room and the table is the
// simulation's to say (a run that cannot start says why).
std::optional<Edit> makeSetView(const Scenario& s, const ViewSpec& view,
                                std::string* error = nullptr);
// `base` when no entity has that name, else base (less a trailing " N") + " 2", " 3", ...
std::string uniqueEntityName(const Scenario& s, const std::string& base);
// Entities the manifest's default table holds: one when its x or y field has
// stride 0 (every slot would read the same bytes), else kMaxEntities (the
// routine's memory may hold fewer: Simulation's binding says where they collide).
int defaultTableCount(const RoutineManifest& m);
// Entities table `table` may still take (0 when full).
int entitySlotsLeft(const Scenario& s, int table);
// The entity selected after `e` is applied (`forward`) or reverted, given the
// one selected before: the entity added or copied, the restored one on undo of
// a removal; after a removal the same entity (its index shifted), or the one
// that took the removed one's place. -1 when no entity is left.
int entitySelectedAfter(const Edit& e, bool forward, int selected, int entityCount);

// Applies the edit (`forward`) or reverts it. Edits whose target no longer exists
// (an entity or metatile index out of range) are ignored.
void applyEdit(Scenario& s, const Edit& e, bool forward = true);
// True when the edit changes the map document / the scenario file (a resize
// that moves entities changes both).
bool editTouchesMap(const Edit& e);
bool editTouchesScenario(const Edit& e);
// True when the edit can change what the routine finds in memory (cells,
// collision bytes, tile ids, the room's size, the view's window): pixels, colours and names never
// reach it, so they need no re-simulation and leave an audit as it is.
bool editReachesRoutine(const Edit& e);
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
