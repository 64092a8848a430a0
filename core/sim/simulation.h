// The frame runner. A Simulation assembles a scenario's routine once, binds the
// manifest's labels to addresses, encodes the room into the routine's memory,
// and then runs the entry once per entity per frame, recording everything the
// UI and the checks need. It is deterministic: the same scenario gives a
// byte-identical recording, and any frame can be re-executed from the keyframe
// before it (step-back, instruction traces, re-simulation after an edit).
//
//   Simulation sim;
//   if (!sim.build(scenario, &error)) ...;   // assemble + bind (slow: runs ca65)
//   sim.simulate();                          // fills sim.recording()
//   Trace t = sim.trace(frame, entity);      // instruction-level, on demand
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/image.h"
#include "core/sim/field_codec.h"
#include "core/sim/machine.h"
#include "core/sim/scenario.h"

namespace core {

namespace game {
class GameMachine;
class FrameRunner;
}  // namespace game

// A window of a room larger than the routine's table (the scenario's `view`):
// room cell (col + c, row + r) goes where cell (c, r) of a room that fits would.
// With `ring` the layout's scroll is turned by the window's origin as well, so
// the table is a ring indexed by room cells (table column = room column mod
// the table's width, a scrolling game's column buffer).
struct RoomWindow {
  int col = 0, row = 0;
  bool ring = false;
  bool operator==(const RoomWindow& o) const {
    return col == o.col && row == o.row && ring == o.ring;
  }
  bool operator!=(const RoomWindow& o) const { return !(*this == o); }
};

// The manifest's labels turned into addresses.
struct Binding {
  // A field's shape (core/sim/field_codec.h) with its name and start value.
  struct Field : FieldCodec {
    std::string name;
    std::optional<int> initial;  // raw
  };
  uint16_t entry = 0;
  std::optional<uint16_t> slot;
  std::vector<Field> fields;  // "x" first, "y" second, then the others by name
  std::optional<uint16_t> input, inputDy;
  std::optional<uint16_t> cells;  // address of cell (0, 0); screen 0's table with screens
  int cellStride = 0, cellMaxW = 0, cellMaxH = 0;  // the table's size in entries
  // The rest of the cell layout (core/sim/map_layout.h reads it).
  bool cellColumnMajor = false;
  int cellBytes = 1;  // 1 or 2 bytes per entry (up to 8 with an id offset)
  bool cellBigEndian = false;
  int cellIdOffset = -1;  // the id's byte in an entry (map.cells.entry.id), -1: the whole entry
  int cellIdBytes = 1;
  std::vector<ExpectedWrite> expectedWrites;  // map.writes
  int cellSpacing = 1;                       // a room cell covers spacing x spacing entries
  int cellOriginCol = 0, cellOriginRow = 0;  // the entry of room cell (0, 0)
  int cellScrollCol = 0, cellScrollRow = 0;  // entries the room is rotated by, wrapping
  std::optional<uint16_t> cellPointer;       // the table's address is read from here
  std::vector<uint16_t> cellScreens;         // each screen's table, left to right
  std::optional<uint16_t> attributes;
  int attrStride = 1, attrOffset = 0, attrTileOffset = -1, attrCount = 0;
  AttributeFormat attrFormat = AttributeFormat::Mrn;
  uint8_t attrMaskSolid = 0, attrMaskUp = 0, attrMaskDown = 0, attrMaskLeft = 0, attrMaskRight = 0;
  std::optional<uint16_t> ruleTable, rulePredicate;  // map.rule: lookup table, predicate label
  // The manifest's register presets: a number or a label's address, the slot, a
  // field, a cell under the hitbox, or another entity's index or field.
  struct Preset {
    std::string reg;
    RegisterPreset::Source source = RegisterPreset::Source::Number;
    uint32_t value = 0;              // Number, Label
    int field = -1;                  // Field: index into `fields`
    std::string name;                // Field: its name (other tables look it up by name)
    CellEdge edge = CellEdge::Left;  // Cell
    bool next = false;
    EntityRef other;  // Other: the table, index and field name
  };
  std::vector<Preset> presets;
  // The manifest's tables besides the default one, in order (table k is tables[k - 1]).
  struct Table {
    std::string name;
    std::optional<uint16_t> entry;  // none: passive
    std::optional<uint16_t> slot;
    std::vector<Field> fields;  // "x" first, "y" second, then the others by name
  };
  std::vector<Table> tables;
  // The manifest's results, read after each call; a Ram result's byte.
  struct Result {
    std::string name;
    ResultSpec::Source source = ResultSpec::Source::Register;
    std::string reg;
    uint16_t address = 0;
  };
  std::vector<Result> results;
  int applyResult = -1;  // index into `results` ("apply"), -1: none
  bool applyWhenZero = false;

  int fieldIndex(const std::string& name) const;
  // The fields of table `t` (0: the default `fields`).
  const std::vector<Field>& fieldsOf(int t) const {
    return t <= 0 ? fields : tables[size_t(t - 1)].fields;
  }
  // The names a call of table `t` records: its fields, then the results.
  std::vector<std::string> recordedNames(int t) const;
};

// Reads a source's text instead of the file on disk (the editor's unsaved
// buffers); nullopt falls back to the file.
using SourceReader = std::function<std::optional<std::string>(const std::string& path)>;
// Assembles the manifest's sources with its toolchain.
AsmResult buildRoutine(const RoutineManifest& m, const SourceReader& readFile = nullptr);
// Resolves labels and checks the regions they name: the cell and attribute
// tables, each entity field over `entities` slots, the input and slot bytes and
// the image's ROM `chunks` must each fit below $10000 and not overlap. Errors
// name the manifest field (both fields for an overlap) and the addresses.
bool bindRoutine(const RoutineManifest& m, const DebugInfo& dbg, Binding& out, std::string* error,
                 const std::vector<ImageChunk>& chunks = {}, int entities = 1);
// Writes the room (or its `window`) and metatile attributes into the routine's memory.
bool encodeRoom(Machine& machine, const Binding& b, const MapDocument& map, std::string* error,
                const RoomWindow* window = nullptr);
// The byte a routine's attribute table holds for a collision byte.
uint8_t encodeAttribute(AttributeFormat f, uint8_t collision);

// Frame mode: one call of a `game.routines` label inside a row's span.
struct SpanCall {
  uint16_t entry = 0;  // the routine's label address
  int slot = 0;        // the entity game.entitySlot named for it
  uint32_t cycles = 0;
  HaltKind halt = HaltKind::Returned;
  std::vector<uint16_t> cellsRead;  // the cells this call read (room cell indices)
  bool operator==(const SpanCall&) const = default;
};

// Per-entity, per-frame record.
struct EntityFrame {
  uint8_t input = 0;
  std::vector<int32_t> before, after;  // field values, in Binding::fields order
  uint32_t cycles = 0;
  uint32_t instructions = 0;
  HaltKind halt = HaltKind::Returned;
  std::vector<uint16_t> cellsRead;  // room cell indices (row * width + col), in first-read order
  std::vector<uint16_t> attrsRead;  // metatile ids whose attribute byte was read
  bool badWrite = false;            // wrote into the encoded room or attribute table
  // Writes into the map the manifest expects (map.writes: visited bits, broken
  // blocks): events, not faults. How many, and the first as text ("wrote $81
  // into the map at $C012 (cell 3,4)").
  uint32_t expectedWrites = 0;
  std::string writeNote;
  // An entity of a table without an entry: not called; before and after are the
  // fields it holds at that point of the frame (no results, input 0). Not judged.
  bool passive = false;
  // What a fault's kind does not say: the CPU's reason for a faulting halt
  // (CallResult::detail) and/or the first write into the map (value, address,
  // cell or metatile), joined by "; ". Empty for a clean call.
  std::string faultDetail;
  // Frame mode: every call of `game.routines` made inside the row's span (span
  // "call": the row's call first, then any later call for the same entity that
  // joined it; calls "order" gives no listed entity join the last row). Empty in
  // call mode.
  std::vector<SpanCall> calls;
  // Frame mode, span "frame" or labels: the span was seen (its start and end
  // reached); false: the frame had no such span, nothing to judge (input 0).
  bool spanSeen = false;
  // Frame mode, `game.intent: "game"`: the whole pixels the game moved the entity
  // in the same frame with every cell passable; the oracle's intent instead of
  // the motion model's.
  std::optional<std::array<int32_t, 2>> gameIntent;

  int x() const { return after.size() > 0 ? after[0] : 0; }
  int y() const { return after.size() > 1 ? after[1] : 0; }
};

struct FrameRecord {
  std::vector<EntityFrame> entities;
  // The window of the room the routine's table held this frame (its top-left
  // room cell), when the scenario has a view (Recording::viewCells).
  int viewCol = 0, viewRow = 0;
};

struct Recording {
  // What EntityFrame::before/after hold for the default table's calls: its
  // fields, then the manifest's results.
  std::vector<std::string> fieldNames;
  // The same for the manifest's other tables (table k: tableFieldNames[k - 1]).
  std::vector<std::vector<std::string>> tableFieldNames;
  // The names an entity of table `t` records.
  const std::vector<std::string>& namesOf(int t) const {
    return t <= 0 || size_t(t) > tableFieldNames.size() ? fieldNames
                                                        : tableFieldNames[size_t(t - 1)];
  }
  std::vector<FrameRecord> frames;
  int keyInterval = 16;
  std::vector<Snapshot> keyframes;  // machine state at the start of frame k * keyInterval
  // Simulation::oracleCollision() of the run: the verdicts judge by it.
  std::vector<uint8_t> oracleCollision;
  // With a scenario view: the window's size in room cells (the table's
  // capacity); {0, 0} without one. Each frame says where the window was.
  std::array<int, 2> viewCells{};
  // The size of the room the run was made in ({0, 0}: not known). A recording
  // is never judged or drawn against a room of another size: after a resize it
  // waits for its re-simulation.
  std::array<int, 2> roomCells{};
  bool madeFor(const Room& room) const {
    return roomCells[0] == 0 || (roomCells[0] == room.width && roomCells[1] == room.height);
  }

  size_t byteSize() const;  // approximate heap bytes held
  // Byte-identical comparison of everything recorded (keyframes included).
  bool operator==(const Recording& o) const;
};

// One executed instruction of a trace.
struct TraceAccess {
  uint16_t addr;
  uint8_t value;
  AccessKind kind;
};
struct TraceStep {
  uint16_t pc = 0;
  std::vector<uint8_t> bytes;
  std::string text;  // disassembly
  std::vector<RegisterValue> regsBefore;
  uint32_t flagsBefore = 0;
  std::vector<TraceAccess> accesses;
  uint32_t cycles = 0;
};
struct Trace {
  std::vector<TraceStep> steps;
  HaltKind halt = HaltKind::Returned;
  std::vector<RegisterValue> regsAfter;
  uint32_t flagsAfter = 0;
};

// Progress and cancel for a long simulate()/simulateFrom() run on a worker
// thread. Both pointers may be null. `framesDone` counts frames of the run
// finished so far (simulateFrom counts from the frame it resumes at), out of
// `framesTotal`, which the run sets when it starts. `cancel` is checked before
// every call of the routine: a single call (up to the manifest's cycleBudget)
// cannot be interrupted, so cancelling waits for the call in progress.
struct SimProgress {
  std::atomic<int>* framesDone = nullptr;
  std::atomic<int>* framesTotal = nullptr;
  const std::atomic<bool>* cancel = nullptr;

  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

class CallMemo;

class Simulation {
 public:
  Simulation();
  ~Simulation();

  // Assembles the routine and binds its labels. Keeps the scenario. For a game
  // manifest: builds (game.build), loads the ROM and its symbols, binds the labels
  // and boots the game (game.boot); the boot's end is the start state.
  bool build(const Scenario& scenario, std::string* error);
  // Binds an already assembled image (labels, then a fresh machine) and assembles
  // nothing: for an image that changed (e.g. reassembled from the editor). A game
  // image (loadGameImage) is booted again.
  bool bindImage(const AsmResult& image, std::string* error);
  // The image's warnings (a game's symbols that do not match its ROM ...), one a line.
  std::vector<std::string> warnings() const;
  // The game machine of a game manifest, else null.
  game::GameMachine* gameMachine() const { return game_; }
  // Frame mode (`game.mode: "frame"`): the game runs its own main loop and every
  // call of its routines is a row (core/game/frame_run.h); null in call mode.
  const game::FrameRunner* frameRunner() const { return frames_.get(); }
  const AsmResult& image() const { return image_; }
  const Binding& binding() const { return binding_; }
  // The collision byte per metatile id the oracle judges by under the manifest's
  // rule (core/sim/collision_rule.h); empty when the map's own bytes apply.
  const std::vector<uint8_t>& oracleCollision() const { return oracleCollision_; }
  Scenario& scenario() { return scenario_; }
  const Scenario& scenario() const { return scenario_; }

  // Runs the whole scenario from the start; returns false (with the error) when the
  // room cannot be encoded. Routine faults are recorded per frame, not errors.
  // With a `progress` whose cancel flag is raised, it stops between calls and
  // returns false with the error "cancelled", leaving the recording as it was.
  bool simulate(std::string* error = nullptr, const SimProgress& progress = {});
  // Re-runs the recording from frame `frame` on, keeping the frames before it:
  // for edits that cannot change what happened earlier (an input change at
  // `frame`, or a map change no earlier call read). With `mapChanged` the room
  // is re-encoded into every kept keyframe, so seeks see the new map. Falls
  // back to simulate() when nothing can be kept (frame 0, entities added or
  // removed). The result equals a full simulate() under that precondition.
  // Cancelling works as for simulate(): the recording stays as it was.
  bool simulateFrom(int frame, bool mapChanged, std::string* error = nullptr,
                    const SimProgress& progress = {});
  // An independent copy (scenario, image, recording) that a worker thread can
  // re-simulate while this one is still read; null when the image cannot be bound.
  std::unique_ptr<Simulation> clone() const;
  const Recording& recording() const { return recording_; }

  // Puts the machine in the state at the start of entity `entity`'s call in
  // frame `frame` (inputs written, slot set), ready for beginCall/step.
  bool seek(int frame, int entity);
  Machine& machine() { return *machine_; }
  // The machine at the end of frame `frame` (the start of the next one), its
  // calls unrecorded: the keyframe before it, then the frames up to it run again.
  // `beforeLast` (optional) runs at the start of frame `frame` itself, so a
  // renderer switched on there draws that frame (core/game/screen.h).
  bool replayThrough(int frame, const std::function<void()>& beforeLast = {});
  // Instruction-level trace of one call, re-executed from its keyframe.
  Trace trace(int frame, int entity, size_t maxSteps = 100000);

  // Runs one call for one entity at the current machine state and records it.
  // Used by the runner and by audits, which place the entity themselves.
  EntityFrame runEntity(int slot, uint8_t input, bool observe);
  // The call memo (core/sim/call_memo.h): simulate(), simulateFrom() and seek()
  // replay a call whose inputs recur instead of running it, with the same
  // result. On by default for machines that support it (the 6502's flat bus);
  // `budgetBytes` 0 turns it off. With `runEntityToo` runEntity() uses it as well
  // (audits that re-run cases). clone() copies it.
  void setCallMemo(size_t budgetBytes, bool runEntityToo = false);
  const CallMemo* callMemo() const { return memo_.get(); }
  // The label an entity's calls start at (its table's entry).
  uint16_t entryOf(int entity) const;
  // Reads and writes an entity's fields in the routine's memory (the default table's).
  std::vector<int32_t> readFields(int slot) const;
  // The fields of table `table`'s entity `slot`.
  void readTableFieldsInto(int table, int slot, std::vector<int32_t>& out) const;
  void writeField(int slot, const Binding::Field& f, int32_t value);
  // Resets RAM to the freshly loaded image with the room encoded and entities placed.
  void resetToStart();
  // Drops the recording (after a run that could not start: the old one was made
  // for another room, and judging it against this one would show stale verdicts).
  void clearRecording();
  // The window of the room the routine holds now (the scenario's view).
  // Recorded positions are room coordinates either way.
  const RoomWindow& window() const { return window_; }
  // Room pixels of the window's top-left corner when the routine's positions are
  // relative to it ({0, 0} without a view or with room coordinates).
  std::array<int, 2> windowShift() const;
  // Audits: the machine was just restored to a state whose table holds `held`;
  // the window moves so that room pixel (px, py) is in its middle (clamped to
  // the room), as a follow view would put it.
  void windowAround(const RoomWindow& held, int px, int py);
  const Snapshot& startSnapshot() const { return start_; }

 private:
  void writeInput(int slot, uint8_t input);
  // Slot byte and register presets for entity `entity`'s call (after its input is written).
  void prepareCall(int entity);
  // The results (appended to `v`): read now from the machine, or 0 (`zero`).
  void appendResults(std::vector<int32_t>& v, bool zero) const;
  // The value of a "cell:..." register preset for entity `entity`.
  int cellPreset(const Binding::Preset& p, int entity, int table, int slot) const;
  uint8_t lastInput_ = 0;  // the input of the call being prepared ("cell:...:next")
  // "apply": moves the entity by its intended motion when the result says so.
  void applyMove(int entity, int table, int slot, uint8_t input, const std::vector<int32_t>& before,
                 const std::vector<int32_t>& after);
  bool bindGame(const AsmResult& image, const Binding& b, std::string* error);
  // runEntity() into `out`, reusing the capacity of its vectors: re-simulation
  // then allocates nothing per call.
  void runEntityInto(int slot, uint8_t input, bool observe, EntityFrame& out, bool memo = true);
  void runMemoised(int slot, uint8_t input, bool observe, EntityFrame& out);
  // Loads the image, encodes the room, places the entities; the start snapshot.
  bool startState(std::string* error);
  bool runFrames(int first, std::vector<FrameRecord>& frames, std::vector<Snapshot>& keys,
                 int interval, const SimProgress& progress, std::string* error);
  std::vector<FrameRecord> spareFrames_;  // per-call vectors reused by the next simulate()
  void readFieldsInto(int slot, std::vector<int32_t>& out) const;

  // The scenario's view: the window the table holds, the entity it follows.
  bool setupView(std::string* error);
  RoomWindow followWindow(int px, int py) const;  // centred on room pixel (px, py)
  RoomWindow wantedWindow() const;                // this frame's, from the followed entity
  void moveWindow(const RoomWindow& next);        // re-encodes, shifts window coordinates
  void toRoomCoordinates(int table, EntityFrame& ef) const;
  bool viewActive_ = false;
  RoomWindow window_;
  int followEntity_ = -1;

  Scenario scenario_;
  AsmResult image_;
  Binding binding_;
  // Where the cell tables sit: fixed, or re-read from the map pointer before each call.
  std::vector<uint16_t> cellBases_;
  std::vector<uint8_t> oracleCollision_;
  bool evaluateRule(Machine& machine, const Binding& b, std::string* error);
  void refreshCellBases();
  std::unique_ptr<Machine> machine_;
  game::GameMachine* game_ = nullptr;                // machine_, when it runs a game
  std::shared_ptr<const game::FrameRunner> frames_;  // frame mode only
  bool seekFrameMode(int frame, int entity);
  Snapshot start_;
  Recording recording_;
  uint16_t cellEnd_ = 0, attrEnd_ = 0;
  std::unique_ptr<CallMemo> memo_;
  bool memoRunEntity_ = false;
};

}  // namespace core
