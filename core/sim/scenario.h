// A scenario (maps/*.scenario.json) is a room, a routine manifest, entities with
// start positions, an input script and oracle settings: everything needed to
// reproduce a run of a collision routine frame by frame. docs/scenario.md
// documents the file field by field, with its saved layout and key order.
//
// {
//   "format": "collidoscope-scenario/1",
//   "name": "castle",
//   "map": "seed002_castle.map.json",
//   "routine": "../assets/routines/seed002_mrn/manifest.json",
//   "entities": [{"name": "player", "x": 40, "y": 96, "colour": "#f8d030",
//                 "fields": {"dir": 2}, "hitbox": {"x": 3, "y": 2, "w": 10, "h": 15}}],
//   "input": [[30, "R"], [12, ""], [40, "D"]],      // run-length: frames, buttons
//   "frames": 300,                                   // default: the input's length
//   "oracle": {"axisOrder": "xy", "outside": "solid"},
//   "view": {"follow": "player"},                    // optional: a room larger than the table
//   "expect": [{"verdict": "GAP", "cells": [0, 0, 16, 4], "directions": ["U"],
//               "speeds": [2, 4], "note": "snap table rounds down"}]   // optional
// }
//
// Limits (core/map/limits.h, docs/limits.md): 256 entities, 1,000,000 frames,
// 1,000,000 frames x entities, a 32 MiB file.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include "core/map/room.h"
#include "core/util/extra_keys.h"

#include "core/sim/manifest.h"

namespace core {

// Canonical button mask (the NES controller byte): A B Select Start Up Down Left Right.
enum Button : uint8_t {
  kButtonRight = 0x01,
  kButtonLeft = 0x02,
  kButtonDown = 0x04,
  kButtonUp = 0x08,
  kButtonStart = 0x10,
  kButtonSelect = 0x20,
  kButtonB = 0x40,
  kButtonA = 0x80,
};
// "UDLRABST" letters ('S' select, 'T' start) <-> mask. Returns false on a bad letter.
bool parseButtons(const std::string& text, uint8_t& out);
std::string buttonsText(uint8_t mask);

struct EntitySpec {
  std::string name;
  int x = 0, y = 0;
  Rgba colour{255, 208, 48, 255};
  std::map<std::string, int> fields;  // initial values of other manifest fields
  std::optional<Hitbox> hitbox;       // overrides the manifest's
  std::string table;                  // the manifest table it belongs to ("": the default)
  ExtraKeys extra{}, hitboxExtra{};   // keys the loader does not read (docs/scenario.md)
};

struct OracleSettings {
  bool xFirst = true;        // axis order
  bool outsideSolid = true;  // cells outside the room block motion
};

// Which window of a room larger than the routine's cell table the routine sees
// (the optional "view" block, docs/manifest.md "Rooms larger than the table"):
// a fixed top-left cell ({"column": 32, "row": 0}), a screen index ({"screen":
// 1}: column = 1 x the table's width in cells) or an entity to follow
// ({"follow": "player"}: each frame the window is centred on its hitbox and
// clamped to the room). The simulation copies that window into the table each
// frame. With "coordinates": "window" (the default) the routine's x and y are
// relative to the window's top-left pixel (a one-screen routine); with "room"
// they stay room coordinates and the window is written into the table as a
// ring (the layout's scroll turned by the window's origin), the way a
// scrolling game keeps a nametable-sized column buffer.
struct ViewSpec {
  enum class Mode { None, Fixed, Screen, Follow };
  Mode mode = Mode::None;
  int column = 0, row = 0;  // Fixed: the window's top-left room cell; Screen: row
  int screen = 0;           // Screen: the window's column is screen x the table's width
  std::string follow;       // Follow: an entity's name
  bool roomCoordinates = false;

  bool active() const { return mode != Mode::None; }
  bool operator==(const ViewSpec&) const = default;
};

// An accepted quirk (the optional "expect" list): audit findings of `verdict`
// whose start lies in the cell rectangle (w == 0: the whole room; the cell
// holding the hitbox's top-left corner at the start) with a direction in
// `directions` (empty: any) and a speed in minSpeed..maxSpeed are shown as
// accepted, not counted as failures (core/check/expect.h).
struct Expectation {
  std::string verdict;  // a verdict name other than "ok", e.g. "GAP"
  int col = 0, row = 0, w = 0, h = 0;
  std::vector<std::string> directions;  // "R", "DR", "D", "DL", "L", "UL", "U", "UR"
  double minSpeed = 0, maxSpeed = 1e9;  // a half-pixel case counts as speed - 0.5
  std::string note;
  ExtraKeys extra{};  // keys the loader does not read
};

struct Scenario {
  std::string path;
  std::string name;
  std::string mapPath;       // resolved
  std::string manifestPath;  // resolved
  MapDocument map;
  RoutineManifest manifest;
  std::vector<EntitySpec> entities;
  std::vector<uint8_t> input;  // one mask per frame
  int frames = 0;
  OracleSettings oracle;
  std::vector<Expectation> expect;
  // Keys the loader does not read, at the top level and in "oracle": kept and
  // written back after the known keys (docs/scenario.md, "Unknown keys").
  ExtraKeys extra, oracleExtra;
  ViewSpec view;

  // The input for frame `f` (0 past the end of the script).
  uint8_t inputAt(int f) const { return f >= 0 && f < int(input.size()) ? input[f] : 0; }
  // The hitbox of entity `i`: its own, its table's, or the manifest's.
  Hitbox hitboxOf(size_t i) const;
  // The manifest table of entity `i` (0: the default table) and its index in that
  // table: the slot the routine addresses it by. Without tables both are trivial.
  int tableOf(size_t i) const;
  int slotOf(size_t i) const;
  // The scenario index of entity `slot` of table `table`; -1 when there is none.
  int entityOf(int table, int slot) const;
  // Whether entity `i` is called (its table has an entry) or is passive data.
  bool moves(size_t i) const;
};

// A view written as text, for scripted runs and status lines: "none", or
// KEY=VALUE pairs joined by commas with the JSON block's keys ("follow=player",
// "screen=1", "column=32,row=0,coordinates=room"). Checked as the loader checks
// the "view" block (a followed name must be one of `entities`); errors name
// view.KEY.
std::optional<ViewSpec> parseViewText(const std::string& text,
                                      const std::vector<EntitySpec>& entities, std::string* error);
std::string viewText(const ViewSpec& view);
// `view` as the scenario file would hold it, read back by the loader's checks:
// the fields its mode does not use are dropped, a followed name must be one of
// `entities`, numbers lie within 0..4095. Errors name view.KEY.
std::optional<ViewSpec> checkView(const ViewSpec& view, const std::vector<EntitySpec>& entities,
                                  std::string* error);

// Checks the entities against the manifest's tables (each names a table, fits
// its count and sets only its fields) and that every "other:TABLE:N" reference
// names a placed entity. The error names the JSON path.
bool checkEntityTables(const Scenario& s, std::string* error);

// Loads the scenario and the map and manifest it names.
bool loadScenario(const std::string& path, Scenario& out, std::string* error);
// Saves the scenario file (not the map), atomically.
bool saveScenario(const std::string& path, const Scenario& s, std::string* error);
// The scenario as its file at `path` holds it (map and routine relative to `path`).
nlohmann::json scenarioToJson(const std::string& path, const Scenario& s);
// The text saveScenario writes to `path`: keys in the documented order
// (docs/scenario.md), two spaces a level, each entity, input run and
// expectation on one line, unknown keys after the known ones of their object.
std::string scenarioFileText(const std::string& path, const Scenario& s);
// A scenario from the JSON of a file at `path` (relative names resolve against
// it, errors name it); loads its routine, and its map unless `map` is given.
bool scenarioFromJson(const nlohmann::json& j, const std::string& path, Scenario& out,
                      std::string* error, const MapDocument* map = nullptr);

// Run-length encodes an input script as [[frames, "buttons"], ...].
nlohmann::json inputToJson(const std::vector<uint8_t>& input);

}  // namespace core
