// Frame mode (manifest `game.mode: "frame"`): the game runs its own main loop,
// frame by frame (NES: vblank start to vblank start, where the NMI fires; Game
// Boy: LY 144 to LY 144, where VBlank is raised), with the scenario's input on
// the real joypad, and an execution hook on the collision routine's labels
// (`game.routines`) records every call the game makes: entry to its matching
// return (by stack depth), as one EntityFrame row in the same Recording call
// mode fills. The Simulation drives it (simulate, seek, trace): rows are by
// entity, the entity of a call told by `game.entitySlot`.
//
// How a call is watched: the runner stops the game at a routine's entry; the
// machine's next beginCall(entry) adopts that real call (GameMachine::adoptCall)
// instead of planting a synthetic one: the return address on the stack is
// swapped for the return sentinel, so resume(), step() and the debugger end the
// call exactly as in call mode, and finishAdoptedCall() puts the real return
// address back in PC. A routine that reads its own return address from the
// stack (inline parameters) sees the sentinel instead.
//
//   FrameRunner run;
//   if (!run.bind(manifest, image.debug, binding, &error)) ...;
//   run.alignToFrame(machine);                      // once, after the boot
//   run.runFrame(machine, buttons, binding, room, readFields, true, rows);  // per frame
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/image.h"
#include "core/game/game_machine.h"
#include "core/sim/manifest.h"
#include "core/sim/simulation.h"

namespace core::game {

// How a call names the entity it is for (manifest `game.entitySlot`).
struct EntitySlotRule {
  enum class Kind : uint8_t {
    Order,     // "order" (default): the k-th call of a frame is entity k
    Register,  // "X", "A", "B", ...: the register's value at the routine's entry
    Label,     // "label:NAME": the byte at NAME at the routine's entry
  } kind = Kind::Order;
  std::string reg;       // Register
  uint16_t address = 0;  // Label, resolved
};

class FrameRunner {
 public:
  // Resolves `game.routines` (default: the manifest's entry) and `game.entitySlot`.
  // Errors name the JSON path and the closest labels.
  bool bind(const RoutineManifest& m, const DebugInfo& symbols, std::string* error);

  // Runs the game to the next frame start. The boot ends mid-frame; frame 0 of
  // the recording starts at the frame start after it.
  void alignToFrame(GameMachine& m) const;

  // Reads an entity's fields (Simulation::readFields) into the vector.
  using ReadFields = std::function<void(int slot, std::vector<int32_t>&)>;

  // One game frame with `buttons` held. `rows` (one per entity) get a row for
  // each call: fields before and after, cycles, instructions, the halt, and with
  // `observe` the cells and attributes of `b` it read (over `room`). An entity
  // with no call this frame gets before = after, no cycles and input 0 (nothing
  // for the oracle to judge). A second call for the same entity in one frame is
  // merged into its row (cycles added, cells joined, `after` the last). Calls
  // whose entity is out of range run unrecorded.
  // `cellBases` are the cell tables' addresses (core/sim/map_layout.h, cellTableBases).
  void runFrame(GameMachine& m, uint8_t buttons, const Binding& b,
                const std::vector<uint16_t>& cellBases, const Room& room, const ReadFields& read,
                bool observe, std::vector<EntityFrame>& rows) const;
  // Runs the frame (calls unrecorded) until the call of entity `row` is about to
  // begin: the machine stands at the routine's entry, ready for beginCall(entry).
  // False (the machine at the frame's end) when the frame has no call for it.
  bool runToCall(GameMachine& m, uint8_t buttons, int row, uint16_t* entry) const;

  const std::vector<uint16_t>& entries() const { return entries_; }

 private:
  struct Step;
  Step next(GameMachine& m, uint64_t& budget, int& order) const;
  std::vector<uint16_t> entries_;
  std::vector<bool> stops_;  // 65,536 entries: the routines' entries
  EntitySlotRule slot_;
  uint64_t callBudget_ = 29780;
};

}  // namespace core::game
