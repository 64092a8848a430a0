// Frame mode (manifest `game.mode: "frame"`): the game runs its own main loop,
// frame by frame (NES: vblank start to vblank start, where the NMI fires; Game
// Boy: LY 144 to LY 144, where VBlank is raised), with the scenario's input on
// the real joypad. Each entity's row judges a SPAN (`game.span`):
//   "frame" (default): frame start to the next frame start: where the box went,
//                      whatever code moved it (inline motion, a macro, a query);
//   {"from": A, "to": B}: the first time PC reaches label A in the frame to the
//                      next time it reaches B;
//   "call":            one call of a `game.routines` label, entry to its return
//                      (the behaviour before spans).
// Execution hooks on the routines' labels record every call the game makes
// inside the span (SpanCall: entry, entity, cycles, halt, the cells it read),
// and the cells and attributes read anywhere in the span are the row's. The
// Simulation drives it (simulate, seek, trace): rows are by entity, the entity
// of a call told by `game.entitySlot`.
//
// How a call is watched: the runner stops the game at a routine's entry; the
// machine's next beginCall(entry) adopts that real call (GameMachine::adoptCall)
// instead of planting a synthetic one: the return address on the stack is
// swapped for the return sentinel, so resume(), step() and the debugger end the
// call exactly as in call mode, and finishAdoptedCall() puts the real return
// address back in PC. A routine that reads its own return address from the
// stack (inline parameters) sees the sentinel instead.
//
// Velocity intents (motion.dx/dy) are read when the game applies them: at the
// first time PC reaches `game.velocityAt` inside the span, else at the span's
// end; the row's `before` holds them there (its positions stay the span start's).
//
//   FrameRunner run;
//   if (!run.bind(manifest, image.debug, binding, &error)) ...;
//   run.alignToFrame(machine);                      // once, after the boot
//   run.runFrame(machine, buttons, binding, room, readFields, true, rows);  // per frame
#pragma once

#include <array>
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
  // Resolves `game.routines` (default: the manifest's entry), `game.entitySlot`
  // (a label or a number), the span's labels and `game.velocityAt`. Errors name
  // the JSON path and the closest labels.
  bool bind(const RoutineManifest& m, const DebugInfo& symbols, std::string* error);

  // Runs the game to the next frame start. The boot ends mid-frame; frame 0 of
  // the recording starts at the frame start after it.
  void alignToFrame(GameMachine& m) const;

  // Reads an entity's fields (Simulation::readFields) into the vector.
  using ReadFields = std::function<void(int slot, std::vector<int32_t>&)>;

  // One game frame with `buttons` held; a row per entity (`rows`, one each).
  // Span "frame" / labels: every row gets the span's ends (before, after), its
  // cycles, the cells and attributes read in it (with `observe`), input
  // `buttons`, spanSeen; each call of a routine goes to the row of its entity
  // (an entity the scenario does not list: the last row) with its cycles, halt
  // and cells. A frame without the span: before = after, input 0, not judged.
  // Span "call": a row is its entity's call (fields before and after, cycles,
  // instructions, the halt, the cells); a second call for the same entity joins
  // its row (cycles added, cells joined, `after` the last); a call for an entity
  // the scenario does not list ("order" past the last entity, a slot out of
  // range) joins the last row's `calls` without moving its fields. An entity with
  // no call this frame gets before = after, no cycles and input 0.
  // `cellBases` are the cell tables' addresses (core/sim/map_layout.h, cellTableBases).
  void runFrame(GameMachine& m, uint8_t buttons, const Binding& b,
                const std::vector<uint16_t>& cellBases, const Room& room, const ReadFields& read,
                bool observe, std::vector<EntityFrame>& rows) const;
  // Runs the frame (calls unrecorded) until the first call that goes to row
  // `row` (of `rows` rows) is about to begin: the machine stands at the
  // routine's entry, ready for beginCall(entry). False (the machine at the
  // frame's end) when the frame has no call for it.
  bool runToCall(GameMachine& m, uint8_t buttons, int row, int rows, uint16_t* entry) const;

  const std::vector<uint16_t>& entries() const { return entries_; }
  GameSpec::Span span() const { return span_; }

 private:
  struct Step;
  struct FrameState;
  // The next stop inside the frame: a routine's entry (call), or with `marks` a
  // span or velocity label.
  Step next(GameMachine& m, uint64_t& budget, int& order, bool marks) const;
  void mark(GameMachine& m, FrameState& st, uint16_t pc, int callRow) const;
  void runCall(GameMachine& m, FrameState& st, const Step& s) const;
  int rowOf(int slot, int rows) const;
  std::vector<uint16_t> entries_;
  std::vector<bool> stops_;       // 65,536 entries: routine entries and the labels below
  std::vector<bool> innerStops_;  // the span and velocity labels (watched inside calls)
  std::vector<uint8_t> marks_;    // per address: kRoutine | kFrom | kTo | kVelocity
  EntitySlotRule slot_;
  GameSpec::Span span_ = GameSpec::Span::Frame;
  std::string dxField_, dyField_;  // motion.dx/dy: the velocity intent's fields
  bool gameIntent_ = false;        // game.intent "game"
  // game.intent "game": the frame run first from the same state with every
  // attribute passable; per row the whole pixels x and y moved. The machine is
  // restored after.
  std::vector<std::optional<std::array<int32_t, 2>>> ghostIntents(
      GameMachine& m, uint8_t buttons, const Binding& b, const ReadFields& read,
      size_t rows) const;
  uint64_t callBudget_ = 29780;
};

}  // namespace core::game
