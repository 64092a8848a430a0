// A routine manifest says how to drive one collision routine: which CPU and
// sources, which label to call once per entity per frame, where the entity and
// the input live in RAM, how a room is encoded into the routine's memory, and
// the hitbox the oracle uses. It is a JSON file beside the routine's sources
// (assets/routines/NAME/manifest.json); docs/manifest.md documents every field.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/value_shape.h"

namespace core {

enum class Cpu : uint8_t { M6502, Sm83 };

// A RAM variable named by label, with an optional byte offset.
struct LabelRef {
  std::string label;
  int offset = 0;
  bool empty() const { return label.empty(); }
};

// One per-entity field: `label + offset + slot * stride`, `size` bytes, little-
// or big-endian, or split across a low-byte and a high-byte array (`hi`), signed
// or not, fixed point with `fracBits` fraction bits (core/sim/field_codec.h).
// Its ValueShape: "size" (1..3), "signed", "endian": "big", "frac" (fracBits).
struct FieldBinding : ValueShape {
  LabelRef ref;                // the value, or its low bytes when split
  LabelRef hi;                 // split: the high bytes' array (slot 0), same stride
  int stride = 0;              // bytes between entity slots; 0 = the same address for every slot
  std::optional<int> initial;  // raw, written for every entity at the start ("default")
  bool split() const { return !hi.empty(); }
  // Not ValueShape's ==, which would compare the shapes alone: a.shape() == b.shape().
  bool operator==(const FieldBinding&) const = delete;
};

// How room cells are laid out in the routine's memory (docs/manifest.md, map.cells;
// core/sim/map_layout.h encodes and decodes it).
struct CellLayout {
  LabelRef ref;       // address of table entry (0, 0); empty with `pointer` or `screens`
  int stride = 16;    // bytes per row (row-major) or per column (column-major)
  int maxWidth = 16;  // the routine's table size in entries
  int maxHeight = 15;
  bool columnMajor = false;
  int bytes = 1;  // per entry: the metatile id, 1 or 2 bytes; with idOffset up to 8
  bool bigEndian = false;
  // map.cells.entry {"bytes": N, "id": K}: entries of N bytes whose metatile id
  // (idBytes bytes) sits at byte K; the others (an attribute, flags) are the
  // game's, never written. -1: the whole entry is the id.
  int idOffset = -1;
  int idBytes = 1;
  int spacing = 1;  // a room cell covers spacing x spacing entries (metatiles in a tile map)
  int originCol = 0, originRow = 0;  // the entry of room cell (0, 0)
  int scrollCol = 0, scrollRow = 0;  // entries the room is rotated by inside the table, wrapping
  LabelRef pointer;  // a RAM word holding the table's address, read each call (set to `ref` if any)
  std::vector<LabelRef> screens;  // one table per screen, side by side left to right
  bool rom = false;               // the table may lie in the image's ROM (a patched copy)
};

// A write into the map the game makes on purpose (map.writes): a visited bit, a
// broken block. Such writes are recorded as events, not as a ROUTINE-FAULT.
struct ExpectedWrite {
  bool attributes = false;  // the attribute table's entries, else the cell table's
  int byte = -1;            // the byte inside an entry; -1: any
  // The bits the game may change. On a cell's id byte the others must keep the
  // room's id; on any other byte (the game's own) every value passes.
  uint8_t bits = 0xFF;
};

// How a metatile's collision byte becomes the byte the routine reads.
enum class AttributeFormat : uint8_t {
  Mrn,       // the collision byte as is (seed 002: op-codes + U/D/R/L)
  Walkable,  // 1 when the metatile is not solid, 0 when solid (seed 003)
  SolidBit,  // bit 0 = solid (seed 004's get_cell_flags)
  Mask,      // AttributeLayout::masks: the bits that mean solid, or each direction
};

struct AttributeLayout {
  LabelRef ref;         // address of metatile 0's entry
  int stride = 1;       // bytes per metatile entry
  int offset = 0;       // offset of the collision byte inside an entry
  int tileOffset = -1;  // offset of the 4 tile ids inside an entry, -1 = none
  int count = 0;        // entries the routine's table holds
  AttributeFormat format = AttributeFormat::Mrn;
  // Mask: bits set when the metatile blocks all four directions (solid), and
  // when it blocks motion up, down, left, right into it.
  uint8_t maskSolid = 0, maskUp = 0, maskDown = 0, maskLeft = 0, maskRight = 0;
};

// How the game decides which cells block when it does not read the map's
// collision bytes (docs/manifest.md, map.rule). Map: the metatiles' collision
// bytes as the attribute table encodes them (the default). The others decide
// by the cell's metatile id, and the oracle asks the same question.
enum class CollisionRuleKind : uint8_t {
  Map,
  Threshold,  // id >= `threshold` is solid
  Ids,        // the ids in `ids` are solid
  Lookup,     // the routine's own table: byte at table + id * stride, solid when & mask
  Predicate,  // the routine's own label, called per id: the answer says solid
};

struct CollisionRule {
  CollisionRuleKind kind = CollisionRuleKind::Map;
  int threshold = 0;
  std::vector<int> ids;
  LabelRef table;  // Lookup
  int stride = 1, count = 0;
  uint8_t mask = 0xFF;
  std::string routine;           // Predicate: the label called
  std::string inRegister = "A";  // the id goes in this register
  std::string answer = "carry";  // "carry", "zero" or a register: where the answer is
  bool solidWhenSet = true;      // the flag set / the register non-zero means solid
  uint64_t cycleBudget = 2000;   // per call
};

// Input: a button mask written to one byte, in the CPU's native order.
struct InputBinding {
  LabelRef ref;
  enum class Encoding : uint8_t { NesButtons, GbButtons, DxDy } encoding = Encoding::NesButtons;
  LabelRef dy;   // second byte for DxDy
  int slot = 0;  // entity slot that reads the input (-1 = every slot)
};

// The hitbox relative to the entity's position, in pixels, inclusive of x..x+w-1.
struct Hitbox {
  int x = 0, y = 0, w = 16, h = 16;
  bool operator==(const Hitbox&) const = default;
};

// Where the oracle takes the intended motion of a call from (docs/manifest.md,
// the motion block). Version-1 files without "from" keep their first meaning:
// Speed when the entity has a "speed" field, else Input.
enum class IntentSource : uint8_t {
  Input,      // input entities: the d-pad (by `diagonal`) x motion.speed; others: `directions`
  Speed,      // the same directions x the entity's `speedField`
  Velocity,   // every entity: the `dx`/`dy` fields read before the call
  Requested,  // every entity: the `requestedX`/`requestedY` fields minus the position
};
// How held d-pad directions become a direction when more than one is held.
enum class DiagonalRule : uint8_t {
  Both,         // each axis on its own (opposite buttons cancel): diagonals move on both
  OneAxis,      // the first held direction in `priority` order, alone
  LastPressed,  // the most recently pressed held direction (ties: `priority` order)
};
enum class PadDirection : uint8_t { Up, Down, Left, Right };
// "up", "down", "left", "right".
const char* padDirectionName(PadDirection d);

// How a velocity in sub-pixels becomes whole pixels of motion.
enum class SubpixelRounding : uint8_t { Floor, TowardZero };

// A number the oracle reads from an entity field before the call: the field's
// raw bytes, sign-extended when `isSigned`, in units of 2^-fracBits pixels.
struct IntentField {
  std::string field;  // a key of RoutineManifest::fields
  int fracBits = 0;
  bool isSigned = true;
  bool empty() const { return field.empty(); }
};

// How the oracle derives the intended motion of a frame.
struct MotionModel {
  IntentSource from = IntentSource::Input;
  DiagonalRule diagonal = DiagonalRule::Both;
  std::array<PadDirection, 4> priority{PadDirection::Up, PadDirection::Down, PadDirection::Left,
                                       PadDirection::Right};
  std::string speedField;  // Speed: pixels per frame
  IntentField dx, dy;      // Velocity
  SubpixelRounding rounding = SubpixelRounding::Floor;
  std::string requestedX, requestedY;  // Requested: the position the routine is asked to reach
  int speed = 1;
  // Entities that follow the input (by slot); others move along their direction field.
  std::vector<int> inputSlots{0};
  // Direction field value -> unit vector (e.g. 0 up, 1 down, 2 right, 3 left).
  std::map<int, std::array<int, 2>> directions;
};

// What a sweep input means to the exact overlap test (core/check/sweep.h): a
// coordinate of a sprite-pair box check (sprite 1 at x1,y1 size w1 x h1, sprite 2
// at x2,y2 size w2 x h2) or of a one-axis check (positions a1, a2 and `size`, the
// distance under which the two overlap: both objects are `size` wide).
enum class PairRole : uint8_t { X1, Y1, W1, H1, X2, Y2, W2, H2, A1, A2, Size };
constexpr int kPairRoleCount = 11;
// "x1" ... "h2", "a1", "a2", "size".
const char* pairRoleName(PairRole r);

// One byte of a sprite-pair check's input, written before each call.
struct SweepInput {
  std::string name;  // what --slice / --fix call it (default: the role's name)
  LabelRef ref;
  PairRole role = PairRole::X1;
  int initial = 0;  // value when a slice holds the input fixed ("default")
};

// Where a sprite-pair check leaves its answer: the carry flag, or a RAM byte
// tested against a mask (hit when any masked bit is set). `hitWhenSet` false
// flips the sense (carry clear = hit).
struct SweepAnswer {
  bool carry = false;
  LabelRef ref;
  uint8_t mask = 0xFF;
  bool hitWhenSet = true;
};

// The manifest's "sweep" block: how a domain sweep calls the check itself
// (not the frame harness) with every combination of its inputs.
struct SweepSpec {
  std::string entry;  // the check's label, called directly with the sentinel return
  std::vector<SweepInput> inputs;
  SweepAnswer answer;
  std::vector<std::string> slice;  // default 2-D slice when the whole space is too big
};

// How long `game.build.command` may run unless `game.build.timeoutMs` says.
inline constexpr int kDefaultBuildTimeoutMs = 120000;

// The manifest's "game" block (version 2): the code is the user's built ROM,
// called in place after a boot from reset (docs/game-mode.md).
struct GameSpec {
  std::string rom;                   // resolved path of the .nes/.gb
  std::vector<std::string> symbols;  // resolved; empty = the files found beside the ROM
  std::string buildCommand;          // optional, run before loading and on Rebuild
  std::string buildDirectory;        // resolved; the manifest's directory by default
  std::string bootTo;                // boot until PC reaches this label ...
  int bootMaxFrames = 120;           // ... within this many frames
  int bootFrames = 0;                // or, with no label, run this many frames
  // "call": the runner calls `entry` per entity per frame. "frame": the game runs
  // its own main loop and every call of `routines` is recorded (core/game/frame_run.h).
  enum class Mode : uint8_t { Call, Frame } mode = Mode::Call;
  std::vector<std::string> routines;  // frame mode; default: the manifest's entry
  // Frame mode: `"routines": []` with a span other than "call": nothing is
  // hooked (collision code inlined, a macro: no label to stop at).
  bool noRoutines = false;
  // Frame mode: which entity a call is for: "order" (the k-th call of a frame is
  // entity k), a register at the routine's entry ("X"), or "label:NAME" (a byte).
  std::string entitySlot = "order";
  // Frame mode: what a row judges (docs/game-mode.md, "Spans"). Frame (default):
  // the entity from one frame start to the next, whatever code moved it; Labels:
  // from the first time PC reaches `spanFrom` in a frame to the next time it
  // reaches `spanTo`; Call: one call of `routines` (its entry to its return).
  enum class Span : uint8_t { Frame, Labels, Call } span = Span::Frame;
  std::string spanFrom, spanTo;  // Span::Labels
  // Frame mode: where the velocity intent (motion.dx/dy) is read: at the first
  // time PC reaches this label inside the span; empty: at the span's end.
  std::string velocityAt;
  // Frame mode, span "frame": `game.intent: "game"`: the intent is where the
  // game itself moves the entity in the same frame from the same state with every
  // metatile's attribute made passable (docs/game-mode.md, "The game as its own intent").
  bool gameIntent = false;
  // game.build.timeoutMs: a build still running then is killed with its children.
  int buildTimeoutMs = kDefaultBuildTimeoutMs;
};

// An entity table of the manifest's `tables` block besides the default one (the
// `entity` block, table 0): a second object table (the enemies, the other sprite)
// with its own fields, slot byte and count. With an `entry` its entities are
// called like the default table's; without one they are passive data the
// routine reads, placed at the start and recorded every frame.
struct EntityTable {
  std::string name;
  LabelRef slot;      // written with the entity's index in its table before each call
  std::string entry;  // empty: passive
  int count = 1;      // entries the routine's table holds
  std::map<std::string, FieldBinding> fields;  // "x", "y" required
  std::optional<Hitbox> hitbox;                // default: the manifest's
};

// Another entity, named by table and index ("other:enemies:0"), and optionally
// one of its fields ("other:enemies:0.x").
struct EntityRef {
  int table = 0;      // 0: the default table; k: RoutineManifest::tables[k - 1]
  int index = 0;      // the entity's index in its table (its slot)
  std::string field;  // empty: the index itself
};

// Which edge of the hitbox a cell preset takes ("cell:x" ... "cell:bottom").
enum class CellEdge : uint8_t { Left, Top, Right, Bottom };

// A register preset applied before each call ("registers": {"X": "slot"}).
struct RegisterPreset {
  std::string reg;  // "A", "X", "Y" (6502); "A" ... "L", "AF", "BC", "DE", "HL" (SM83)
  enum class Source : uint8_t {
    Number,
    Slot,
    Field,
    Label,
    Cell,   // the table column/row of the cell under an edge of the hitbox
    Other,  // another entity's index or field (EntityRef)
  } source = Source::Number;
  int value = 0;     // Number
  std::string name;  // Field: the entity field; Label: the symbol whose address is loaded
  CellEdge edge = CellEdge::Left;  // Cell
  bool next = false;               // Cell: of the hitbox moved by the intended motion
  EntityRef other;                 // Other
};

// A value read after each call ("results": {"blocked": "carry", "tile": "A"}),
// recorded as an extra field of the call.
struct ResultSpec {
  std::string name;
  enum class Source : uint8_t { Register, Carry, Zero, Ram } source = Source::Register;
  std::string reg;  // Register
  LabelRef ref;     // Ram: one byte
};

// "apply": the runner moves the entity by the intended motion after a call whose
// result `result` is non-zero (or zero with `whenZero`): for routines that only
// answer "may it move?" and leave the move to their caller.
struct ApplySpec {
  std::string result;  // empty: no apply
  bool whenZero = false;
};

struct RoutineManifest {
  std::string path;  // the manifest file, for resolving relative paths
  std::string name;
  Cpu cpu = Cpu::M6502;
  std::string toolchain = "ca65";    // "ca65" or "builtin" (rgbds syntax)
  std::vector<std::string> sources;  // resolved paths
  // Assembler command-line parity (rgbasm/ca65 -I, -D; rgbasm -P): resolved paths.
  std::vector<std::string> includeDirs;
  std::vector<std::pair<std::string, std::string>> defines;  // name, value ("" = 1)
  std::string preinclude;                                    // builtin toolchain only
  std::string linkerScript;                                  // rgblink -l, builtin toolchain only
  // ca65 layout
  uint16_t zeropage = 0x0000, bss = 0x0200, code = 0x8000;
  std::string entry = "frame";
  LabelRef slot;  // written with the entity index before each call (optional)
  std::map<std::string, FieldBinding> fields;  // "x", "y" required; others free ("dir", ...)
  std::optional<InputBinding> input;
  std::optional<CellLayout> cells;
  std::optional<AttributeLayout> attributes;
  CollisionRule rule;
  std::vector<ExpectedWrite> expectedWrites;  // map.writes
  int originX = 0, originY = 0;  // routine pixel coordinates of room pixel (0, 0)
  std::optional<Hitbox> hitbox;
  MotionModel motion;
  uint64_t cycleBudget = 29780;           // per call: one NES frame of CPU cycles by default
  uint16_t sentinel = 0;                  // return address the runner plants (0 = CPU default)
  std::optional<SweepSpec> sweep;         // sprite-pair routines only
  std::optional<GameSpec> game;           // version 2: call a built game's routine in place
  std::vector<RegisterPreset> registers;  // version 2: set before each call, in this order
  std::vector<EntityTable> tables;        // version 2: tables besides the default, by name
  std::vector<ResultSpec> results;        // version 2: read after each call
  ApplySpec apply;                        // version 2
  // The fields of table `t` (0: the default table's `fields`).
  const std::map<std::string, FieldBinding>& fieldsOf(int t) const {
    return t <= 0 ? fields : tables[size_t(t - 1)].fields;
  }
  // The table named `name` ("" and "entity": the default, 0); -1 when none.
  int tableIndex(const std::string& name) const;
};

// The registers a preset may name for `cpu`, and their width in bits (0: unknown name).
int presetRegisterBits(Cpu cpu, const std::string& reg);

// Loads a manifest; on error returns false with `field: message` in `error`.
bool loadManifest(const std::string& path, RoutineManifest& out, std::string* error);

const char* cpuName(Cpu cpu);

}  // namespace core
