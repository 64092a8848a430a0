// The binding panel's model, with no UI: a built game's symbols as a searchable
// table (name, address, size, bank, memory region, the source line that defines
// it), suggestions from names (`player_x`, `obj_xl`, `buttons`, `room_cells`,
// `collide_player` ...), typed previews of the bytes at an address, the user's
// picks, and the writer that turns the picks into a game manifest
// (`collidoscope-routine/2` with a `game` block), a map and a scenario, checked by
// loading them back. The GUI's Binding panel (app/gui/panel_binding.cpp) and tests
// drive it.
//
//   core::game::BindingModel model;
//   if (!model.open("game.nes", &error)) fail(error);
//   core::game::BindingPicks picks = model.suggestedPicks();   // suggestions only
//   picks.x = "player_x";                                       // the user's choice
//   model.boot(picks, &error);                                  // for previews and the start
//   core::game::writeBinding(model, picks, room, {"m.json", "s.json", "s.map.json"}, &error);
//
// Suggestions are guesses from names and memory regions, never applied silently:
// suggestedPicks() is what the panel offers, the picks are what the user keeps.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/asm/debug_info.h"
#include "core/game/game_machine.h"
#include "core/game/rom.h"
#include "core/game/symbols.h"
#include "core/map/room.h"
#include "core/sim/manifest.h"

namespace core::game {

// What a symbol can be bound as ("use as" in the panel).
enum class BindRole : uint8_t {
  None,
  Routine,  // the collision routine's entry (several for frame mode)
  X,        // entity fields
  Y,
  W,
  H,
  Input,       // the joypad byte
  MapCells,    // the room's cell table
  Attributes,  // the metatile attribute table
  BootTo,      // the main loop label the boot runs to
};
inline constexpr int kBindRoleCount = 10;
// "none", "routine", "x", "y", "w", "h", "input", "map", "attributes", "boot".
const char* bindRoleName(BindRole role);

// Where an address sits in the system's memory map.
enum class Region : uint8_t { Ram, Rom, Video, Io, Constant };
const char* regionName(Region region);  // "RAM", "ROM", "VRAM", "I/O", "const"
Region regionOf(Cpu cpu, uint32_t address, bool isLabel);

struct SymbolRow {
  std::string name;
  uint32_t address = 0;
  uint32_t size = 0;  // bytes, 0 when the symbol file does not say
  int bank = 0;
  Region region = Region::Ram;
  std::string file;  // where it is defined ("" when unknown)
  int line = 0;
};

struct Suggestion {
  BindRole role = BindRole::None;
  size_t symbol = 0;  // index into BindingModel::symbols()
  int score = 0;      // higher is likelier
  std::string reason;
};

// The shapes (core/sim/value_shape.h) the preview of a RAM label offers:
// little-endian, "u16 8.8" = u16 / 256.
inline constexpr ValueShape kPreviewShapes[] = {kU8, kS8, kU16, kS16, {2, false, false, 8}};
using PeekFn = std::function<uint8_t(uint16_t)>;
// "32", "-3", "4660", "1.500": the bytes at `address` read as `shape`.
std::string previewValue(const PeekFn& read, uint16_t address, const ValueShape& shape);
// The shape a field of `size` bytes is shown as by default (u8, u16).
ValueShape defaultPreview(uint32_t size);

// The user's choices, by label name. Sizes of 0 take the CPU's screen in cells.
struct BindingPicks {
  std::vector<std::string> routines;          // the first is the manifest's `entry`
  std::string x, y, w, h;                     // entity fields (x and y required)
  std::map<std::string, std::string> fields;  // further entity fields: name -> label
  std::string input;
  std::string cells;
  int cellsWidth = 0, cellsHeight = 0, cellsStride = 0;
  int cellSize = 0;  // room pixels per cell; 0: the screen width / cellsWidth
  std::string attributes;
  int attributeCount = 16;
  AttributeFormat attributeFormat = AttributeFormat::SolidBit;
  std::string bootTo;            // empty: boot `bootFrames` frames
  int bootFrames = 30;           // used when bootTo is empty
  bool frameMode = false;        // run the game's own main loop (issue 17) instead of calling
  std::optional<Hitbox> hitbox;  // default: one cell
  std::string name;              // the manifest's name; default from the ROM's file name

  // Sets `label` as `role` (Routine adds to the list; None removes the label from every role).
  void assign(BindRole role, const std::string& label);
  // The roles `label` is picked as (None when unpicked).
  BindRole roleOf(const std::string& label) const;
};

class BindingModel {
 public:
  // Loads the ROM and the symbol files beside it (or `symbolFiles`), and finds where each
  // symbol is defined: from the .dbg, else by scanning the assembly sources (.s .asm .inc
  // .z80 .sm83) in `sourceDirs` (default: the ROM's folder and its parent).
  bool open(const std::string& romPath, std::string* error,
            const std::vector<std::string>& symbolFiles = {},
            const std::vector<std::string>& sourceDirs = {});

  const RomFile& rom() const { return rom_; }
  Cpu cpu() const { return rom_.kind == RomKind::Nes ? Cpu::M6502 : Cpu::Sm83; }
  const DebugInfo& debug() const { return debug_; }
  const std::vector<SymbolSource>& symbolSources() const { return sources_; }
  const std::vector<std::string>& symbolFiles() const { return symbolFiles_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  // Sorted by address, constants last.
  const std::vector<SymbolRow>& symbols() const { return rows_; }
  // Indices of the symbols whose name contains every word of `query` (case folded,
  // words split on spaces), in table order. An empty query lists all.
  std::vector<size_t> search(const std::string& query) const;
  // Best first, at most a few per role.
  const std::vector<Suggestion>& suggestions() const { return suggestions_; }
  // The best suggestion of a symbol (role None when it has none).
  const Suggestion* suggestionFor(size_t symbol) const;
  const Suggestion* bestFor(BindRole role) const;
  // Picks made of the best suggestion for each role.
  BindingPicks suggestedPicks() const;
  // The defaults a pick of 0 / empty takes for this game (sizes, cell size, hitbox).
  BindingPicks withDefaults(const BindingPicks& picks) const;
  const SymbolRow* row(const std::string& name) const;

  // Powers the game on and boots it as the picks say (to bootTo, or bootFrames frames),
  // then runs `extraFrames` more; machine() then previews values. False with the
  // reason (a boot that never arrives) and machine() null.
  bool boot(const BindingPicks& picks, std::string* error, int extraFrames = 0);
  GameMachine* machine() const { return machine_.get(); }
  // The room the booted game holds, read through the picked cell and attribute tables
  // (core::importRoomFromGame). False with the reason: no boot, no map picked, a layout
  // that cannot be read.
  bool roomFromGame(const BindingPicks& picks, MapDocument* out, std::string* error) const;

 private:
  void buildRows(const std::vector<std::string>& sourceDirs);
  void suggest();

  RomFile rom_;
  DebugInfo debug_;
  std::vector<SymbolSource> sources_;
  std::vector<std::string> symbolFiles_;
  std::vector<std::string> warnings_;
  std::vector<SymbolRow> rows_;
  std::vector<Suggestion> suggestions_;
  std::vector<int> bestOfRow_;  // index into suggestions_, -1 when none
  std::unique_ptr<GameMachine> machine_;
};

// The manifest the picks make, in memory (paths resolved, as loadManifest gives them).
RoutineManifest bindingManifest(const BindingModel& model, const BindingPicks& picks);
// The manifest the picks make (paths relative to `manifestDir`), keys in the
// order docs/manifest.md lists them. Picks without x, y or a routine make an
// error, not a manifest.
bool bindingManifestJson(const BindingModel& model, const BindingPicks& picks,
                         const std::string& manifestDir, nlohmann::ordered_json* out,
                         std::string* error);

struct BindingFiles {
  std::string manifest;  // e.g. beside the ROM: game.manifest.json
  std::string scenario;  // game.scenario.json
  std::string map;       // game.map.json
};
// The paths Write offers by default: beside the ROM, named after it.
BindingFiles defaultBindingFiles(const std::string& romPath);

// Writes the manifest, the room (`room`, e.g. read from the game) and a scenario with one
// entity at the position the booted game holds (model.boot first; else the room's
// centre) and a short walk as its input. Then loads the scenario back and builds its
// simulation (ROM, symbols, labels, boot, room layout): an error there names the file and
// the field, and the files written stay for the user to fix.
bool writeBinding(const BindingModel& model, const BindingPicks& picks, const MapDocument& room,
                  const BindingFiles& files, std::string* error);

// A room of the cell table's size (picks with defaults), every cell metatile 0, with
// `count` metatiles (0 free, 1 solid) until the room can be read from the game.
MapDocument blankRoomFor(const BindingModel& model, const BindingPicks& picks);

}  // namespace core::game
