#include "core/sim/scenario.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>

#include "core/map/limits.h"
#include "core/map/map_file.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/json_writer.h"

namespace core {

using nlohmann::json;

namespace {

constexpr int kScenarioVersion = 1;
constexpr const char* kButtonLetters = "RLDUTSBA";  // bit 0 .. bit 7

Hitbox readHitbox(JsonReader& r, const json& hb, const std::string& p) {
  Hitbox h;
  h.x = int(r.integer(hb, p, "x", -256, 256));
  h.y = int(r.integer(hb, p, "y", -256, 256));
  h.w = int(r.integer(hb, p, "w", 1, 256));
  h.h = int(r.integer(hb, p, "h", 1, 256));
  return h;
}

// The verdict names an expectation may give: verdict.h's verdictName() for
// every class but ok (a test checks the two lists agree).
constexpr const char* kExpectVerdicts[] = {"CLIP",   "GAP",           "TUNNEL", "FALSE-BLOCK",
                                           "JITTER", "ROUTINE-FAULT", "DRIFT",  "WRONG-ANSWER"};
constexpr const char* kExpectDirections[] = {"R", "DR", "D", "DL", "L", "UL", "U", "UR"};

bool listed(const std::string& s, const auto& list) {
  for (const char* x : list)
    if (s == x) return true;
  return false;
}

void readExpectations(JsonReader& r, const json& list, std::vector<Expectation>& out) {
  for (size_t i = 0; i < list.size() && r.ok(); ++i) {
    const std::string p = JsonReader::join("expect", i);
    const json& e = list[i];
    if (!e.is_object()) {
      r.fail(p, "expected an object like {\"verdict\": \"GAP\", \"note\": \"...\"}");
      return;
    }
    Expectation x;
    x.extra = unknownKeys(e, {"verdict", "cells", "directions", "speeds", "note"});
    x.verdict = r.string(e, p, "verdict");
    if (r.ok() && !listed(x.verdict, kExpectVerdicts))
      r.fail(JsonReader::join(p, "verdict"), "\"" + x.verdict +
                                                 "\" is not CLIP, GAP, TUNNEL, FALSE-BLOCK, "
                                                 "JITTER, ROUTINE-FAULT, DRIFT or WRONG-ANSWER");
    x.note = r.string(e, p, "note", "");
    if (const json* c = r.array(e, p, "cells", false)) {
      const std::string cp = JsonReader::join(p, "cells");
      if (c->size() != 4) {
        r.fail(cp, "expected [col, row, w, h]");
        return;
      }
      x.col = int(r.element((*c)[0], cp + "[0]", 0, 65535));
      x.row = int(r.element((*c)[1], cp + "[1]", 0, 65535));
      x.w = int(r.element((*c)[2], cp + "[2]", 1, 65535));
      x.h = int(r.element((*c)[3], cp + "[3]", 1, 65535));
    }
    if (const json* d = r.array(e, p, "directions", false))
      for (size_t k = 0; k < d->size() && r.ok(); ++k) {
        const std::string dp = JsonReader::join(JsonReader::join(p, "directions"), k);
        if (!(*d)[k].is_string() || !listed((*d)[k].get<std::string>(), kExpectDirections))
          r.fail(dp, "expected one of R, DR, D, DL, L, UL, U, UR");
        else
          x.directions.push_back((*d)[k].get<std::string>());
      }
    if (const json* s = r.field(e, p, "speeds", false)) {
      const std::string sp = JsonReader::join(p, "speeds");
      auto speed = [&](const json& v, const std::string& at) {
        if (!v.is_number() || v.get<double>() < 0 || v.get<double>() > 64) {
          r.fail(at, "expected a speed 0..64");
          return 0.0;
        }
        return v.get<double>();
      };
      if (s->is_array() && s->size() == 2) {
        x.minSpeed = speed((*s)[0], sp + "[0]");
        x.maxSpeed = speed((*s)[1], sp + "[1]");
        if (r.ok() && x.maxSpeed < x.minSpeed) r.fail(sp, "expected [min, max] with min <= max");
      } else if (s->is_number()) {
        x.minSpeed = x.maxSpeed = speed(*s, sp);
      } else {
        r.fail(sp, "expected a speed or [min, max]");
      }
    }
    out.push_back(std::move(x));
  }
}

}  // namespace

bool parseButtons(const std::string& text, uint8_t& out) {
  out = 0;
  for (char c : text) {
    if (c == ' ' || c == '+') continue;
    const char* p = std::strchr(kButtonLetters, std::toupper(static_cast<unsigned char>(c)));
    if (!p || !*p) return false;
    out |= uint8_t(1 << (p - kButtonLetters));
  }
  return true;
}

std::string buttonsText(uint8_t mask) {
  std::string s;
  for (const char* order = "UDLRABST"; *order; ++order) {
    int bit = int(std::strchr(kButtonLetters, *order) - kButtonLetters);
    if (mask & (1 << bit)) s += *order;
  }
  return s;
}

Hitbox Scenario::hitboxOf(size_t i) const {
  if (i < entities.size() && entities[i].hitbox) return *entities[i].hitbox;
  if (const int t = tableOf(i); t > 0 && manifest.tables[size_t(t - 1)].hitbox)
    return *manifest.tables[size_t(t - 1)].hitbox;
  return manifest.hitbox.value_or(Hitbox{});
}

int Scenario::tableOf(size_t i) const {
  if (manifest.tables.empty() || i >= entities.size()) return 0;
  return std::max(manifest.tableIndex(entities[i].table), 0);
}

int Scenario::slotOf(size_t i) const {
  if (manifest.tables.empty()) return int(i);
  const int t = tableOf(i);
  int slot = 0;
  for (size_t k = 0; k < i && k < entities.size(); ++k) slot += tableOf(k) == t;
  return slot;
}

int Scenario::entityOf(int table, int slot) const {
  for (size_t i = 0; i < entities.size(); ++i)
    if (tableOf(i) == table && slot-- == 0) return int(i);
  return -1;
}

bool Scenario::moves(size_t i) const {
  const int t = tableOf(i);
  return t == 0 || !manifest.tables[size_t(t - 1)].entry.empty();
}

bool checkEntityTables(const Scenario& s, std::string* error) {
  const RoutineManifest& m = s.manifest;
  std::vector<int> placed(m.tables.size() + 1, 0);
  for (size_t i = 0; i < s.entities.size(); ++i) {
    const std::string p = "entities[" + std::to_string(i) + "]";
    const EntitySpec& e = s.entities[i];
    const int t = m.tableIndex(e.table);
    if (t < 0) {
      std::string names = "entity";
      for (const EntityTable& et : m.tables) names += ", " + et.name;
      *error = s.path + ": " + p + ".table: \"" + e.table + "\" is not a table of the routine (" +
               names + ")";
      return false;
    }
    if (t > 0 && ++placed[size_t(t)] > m.tables[size_t(t - 1)].count) {
      *error = s.path + ": " + p + ".table: table \"" + e.table + "\" holds " +
               std::to_string(m.tables[size_t(t - 1)].count) + " entries (" + m.path + ": tables." +
               e.table + ".count)";
      return false;
    }
    if (t == 0) ++placed[0];
    for (const auto& [name, value] : e.fields)
      if (!m.fieldsOf(t).count(name)) {
        *error = s.path + ": " + p + ".fields." + name + ": the routine has no field \"" + name +
                 "\"" + (t > 0 ? " in table \"" + e.table + "\"" : "");
        return false;
      }
  }
  for (const RegisterPreset& r : m.registers) {
    if (r.source != RegisterPreset::Source::Other || r.other.index < placed[size_t(r.other.table)])
      continue;
    const std::string table =
        r.other.table == 0 ? "entity" : m.tables[size_t(r.other.table - 1)].name;
    *error = m.path + ": registers." + r.reg + ": names entity " + std::to_string(r.other.index) +
             " of table \"" + table + "\", but the scenario " + s.path + " places " +
             std::to_string(placed[size_t(r.other.table)]);
    return false;
  }
  return true;
}

json inputToJson(const std::vector<uint8_t>& input) {
  json runs = json::array();
  for (size_t i = 0; i < input.size();) {
    size_t j = i;
    while (j < input.size() && input[j] == input[i]) ++j;
    runs.push_back(json::array({j - i, buttonsText(input[i])}));
    i = j;
  }
  return runs;
}

namespace {

void readView(JsonReader& r, const json& v, const std::vector<EntitySpec>& entities,
              ViewSpec& view) {
  view = ViewSpec{};
  // A screen may give its row ({"screen": 1, "row": 2}); a fixed window is a column
  // and a row.
  const int ways = int(v.contains("follow")) + int(v.contains("screen")) +
                   int(v.contains("column") || (v.contains("row") && !v.contains("screen")));
  if (ways != 1) {
    r.fail(
        "view",
        "expected one of {\"column\": C, \"row\": R}, {\"screen\": N} or {\"follow\": \"NAME\"}");
    return;
  }
  if (v.contains("follow")) {
    view.mode = ViewSpec::Mode::Follow;
    view.follow = r.string(v, "view", "follow");
    bool found = false;
    for (const EntitySpec& e : entities) found = found || e.name == view.follow;
    if (r.ok() && !found) {
      std::string names;
      for (const EntitySpec& e : entities) names += (names.empty() ? "" : ", ") + e.name;
      r.fail("view.follow", "\"" + view.follow + "\" is not an entity (" + names + ")");
    }
  } else if (v.contains("screen")) {
    view.mode = ViewSpec::Mode::Screen;
    view.screen = int(r.integer(v, "view", "screen", 0, 4095));
    view.row = int(r.integer(v, "view", "row", 0, 4095, 0));
  } else {
    view.mode = ViewSpec::Mode::Fixed;
    view.column = int(r.integer(v, "view", "column", 0, 4095, 0));
    view.row = int(r.integer(v, "view", "row", 0, 4095, 0));
  }
  const std::string coords = r.string(v, "view", "coordinates", "window");
  if (r.ok() && coords != "window" && coords != "room")
    r.fail("view.coordinates", "\"" + coords + "\" is not window or room");
  view.roomCoordinates = coords == "room";
}

// The "view" block as the scenario file holds it: only the keys the mode uses,
// in the documented order (viewText prints the same keys). Written as an
// ordered_json; read back (checkView) as the json the loader reads.
template <class Json = nlohmann::ordered_json>
Json viewBlock(const ViewSpec& view) {
  Json v = Json::object();
  switch (view.mode) {
    case ViewSpec::Mode::None:
      return v;
    case ViewSpec::Mode::Follow:
      v["follow"] = view.follow;
      break;
    case ViewSpec::Mode::Screen:
      v["screen"] = view.screen;
      if (view.row) v["row"] = view.row;
      break;
    case ViewSpec::Mode::Fixed:
      v["column"] = view.column;
      v["row"] = view.row;
      break;
  }
  if (view.roomCoordinates) v["coordinates"] = "room";
  return v;
}

std::optional<ViewSpec> readViewBlock(const json& v, const std::vector<EntitySpec>& entities,
                                      std::string* error) {
  std::string err;
  JsonReader r(v, &err);
  ViewSpec view;
  readView(r, v, entities, view);
  if (!r.ok()) {
    if (error) *error = err;
    return std::nullopt;
  }
  return view;
}

}  // namespace

std::optional<ViewSpec> parseViewText(const std::string& text,
                                      const std::vector<EntitySpec>& entities, std::string* error) {
  if (text == "none") return ViewSpec{};
  json v = json::object();
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    const size_t eq = item.find('=');
    const std::string key = item.substr(0, eq);
    if (eq == std::string::npos || eq + 1 == item.size() || v.contains(key) ||
        !listed(key,
                std::array<const char*, 5>{"follow", "screen", "column", "row", "coordinates"})) {
      if (error)
        *error = "\"" + text +
                 "\" is not a view: none, or KEY=VALUE pairs joined by commas (follow=NAME, "
                 "screen=N, column=C, row=R, coordinates=window|room)";
      return std::nullopt;
    }
    const std::string value = item.substr(eq + 1);
    if (key == "follow" || key == "coordinates") {
      v[key] = value;
    } else if (auto n = parseNumberText(value)) {
      v[key] = *n;
    } else {
      if (error) *error = "view." + key + ": \"" + value + "\" is not a number";
      return std::nullopt;
    }
    pos = comma + 1;
  }
  return readViewBlock(v, entities, error);
}

std::optional<ViewSpec> checkView(const ViewSpec& view, const std::vector<EntitySpec>& entities,
                                  std::string* error) {
  if (!view.active()) return ViewSpec{};
  return readViewBlock(viewBlock<json>(view), entities, error);
}

std::string viewText(const ViewSpec& v) {
  if (!v.active()) return "none";
  // The file's "view" block, its keys in order: {"screen": 1, "row": 2} -> screen=1,row=2.
  const nlohmann::ordered_json block = viewBlock(v);
  std::string t;
  for (const auto& [key, value] : block.items())
    t += (t.empty() ? "" : ",") + key + "=" +
         (value.is_string() ? value.get<std::string>() : value.dump());
  return t;
}

bool loadScenario(const std::string& path, Scenario& out, std::string* error) {
  if (!checkJsonFileSize(path, error)) return false;
  auto parsed = readJsonFile(path, error);
  if (!parsed) return false;
  return scenarioFromJson(*parsed, path, out, error);
}

bool scenarioFromJson(const json& j, const std::string& path, Scenario& out, std::string* error,
                      const MapDocument* map) {
  JsonReader r(j, error);
  Scenario s;
  s.path = path;
  if (r.format(j, "collidoscope-scenario", kScenarioVersion)) {
    s.name = r.string(j, "", "name", "scenario");
    s.extra = unknownKeys(j, {"format", "name", "map", "routine", "entities", "input", "frames",
                              "oracle", "expect", "view"});
    s.mapPath = resolveRelative(path, r.string(j, "", "map"));
    s.manifestPath = resolveRelative(path, r.string(j, "", "routine"));
    if (const json* ents = r.array(j, "", "entities")) {
      if (ents->size() > size_t(kMaxEntities))
        r.fail("entities", groupedNumber(int64_t(ents->size())) + " entities; the limit is " +
                               std::to_string(kMaxEntities) +
                               " (routines address an entity by a byte slot)");
      for (size_t i = 0; i < ents->size() && r.ok(); ++i) {
        std::string p = JsonReader::join("entities", i);
        const json& e = (*ents)[i];
        EntitySpec spec;
        spec.name = r.string(e, p, "name", "entity" + std::to_string(i));
        spec.extra = unknownKeys(e, {"name", "x", "y", "colour", "table", "fields", "hitbox"});
        spec.x = int(r.integer(e, p, "x", -32768, 65535));
        spec.y = int(r.integer(e, p, "y", -32768, 65535));
        std::string colour = r.string(e, p, "colour", "#f8d030");
        if (r.ok() && !parseColour(colour, spec.colour))
          r.fail(JsonReader::join(p, "colour"), "expected a colour like \"#f8d030\"");
        if (const json* f = r.object(e, p, "fields", false))
          for (auto it = f->begin(); it != f->end() && r.ok(); ++it)
            spec.fields[it.key()] =
                int(r.element(*it, JsonReader::join(p + ".fields", it.key()), -32768, 65535));
        if (const json* hb = r.object(e, p, "hitbox", false)) {
          spec.hitbox = readHitbox(r, *hb, JsonReader::join(p, "hitbox"));
          spec.hitboxExtra = unknownKeys(*hb, {"x", "y", "w", "h"});
        }
        spec.table = r.string(e, p, "table", "");
        if (spec.table == "entity") spec.table.clear();
        s.entities.push_back(spec);
      }
      if (r.ok() && s.entities.empty()) r.fail("entities", "is empty");
    }
    if (const json* in = r.array(j, "", "input", false)) {
      for (size_t i = 0; i < in->size() && r.ok(); ++i) {
        std::string p = JsonReader::join("input", i);
        const json& run = (*in)[i];
        if (!run.is_array() || run.size() != 2 || !run[1].is_string()) {
          r.fail(p, "expected [frames, \"buttons\"]");
          break;
        }
        int64_t n = r.element(run[0], p + "[0]", 0, kMaxFrames);
        uint8_t mask = 0;
        if (!parseButtons(run[1].get<std::string>(), mask))
          r.fail(p + "[1]", "\"" + run[1].get<std::string>() + "\" has a letter outside UDLRABST");
        if (s.input.size() + size_t(n) > size_t(kMaxFrames))
          r.fail(p, "the script is longer than " + groupedNumber(kMaxFrames) + " frames");
        if (r.ok()) s.input.insert(s.input.end(), size_t(n), mask);
      }
    }
    s.frames = int(
        r.integer(j, "", "frames", 1, kMaxFrames, int64_t(std::max<size_t>(s.input.size(), 1))));
    std::string tooBig;
    if (r.ok() && !checkRunSize(s.frames, int64_t(s.entities.size()), &tooBig))
      r.fail(j.contains("frames") ? "frames" : "input", tooBig);
    if (const json* o = r.object(j, "", "oracle", false)) {
      s.oracleExtra = unknownKeys(*o, {"axisOrder", "outside"});
      std::string order = r.string(*o, "oracle", "axisOrder", "xy");
      if (order != "xy" && order != "yx")
        r.fail("oracle.axisOrder", "\"" + order + "\" is not xy or yx");
      s.oracle.xFirst = order == "xy";
      std::string outside = r.string(*o, "oracle", "outside", "solid");
      if (outside != "solid" && outside != "open")
        r.fail("oracle.outside", "\"" + outside + "\" is not solid or open");
      s.oracle.outsideSolid = outside == "solid";
    }
    if (const json* ex = r.array(j, "", "expect", false)) readExpectations(r, *ex, s.expect);
    if (const json* v = r.object(j, "", "view", false)) readView(r, *v, s.entities, s.view);
  }
  if (!r.ok()) {
    *error = path + ": " + *error;
    return false;
  }
  // A file that cannot be read at all is the scenario's fault: say which field names it.
  for (const auto& [field, file] : {std::pair{"map", &s.mapPath}, {"routine", &s.manifestPath}}) {
    if (map && file == &s.mapPath) continue;
    if (auto why = unreadableReason(*file, kMaxJsonBytes)) {
      *error = path + ": " + field + ": " + *why;
      return false;
    }
  }
  if (map)
    s.map = *map;
  else if (!loadMap(s.mapPath, s.map, error))
    return false;
  if (!loadManifest(s.manifestPath, s.manifest, error)) return false;
  if (!checkEntityTables(s, error)) return false;
  out = std::move(s);
  return true;
}

bool saveScenario(const std::string& path, const Scenario& s, std::string* error) {
  return writeFileAtomic(path, scenarioFileText(path, s), error);
}

namespace {

// A speed as the file writes it: 2, not 2.0; 2.5 stays.
nlohmann::ordered_json speedJson(double v) {
  if (v == double(int64_t(v))) return int64_t(v);
  return v;
}

// The file's key order (docs/scenario.md): format and name, the files it
// names, the entities, then the bulk (input), the frame count and settings.
nlohmann::ordered_json scenarioToOrderedJson(const std::string& path, const Scenario& s) {
  using oj = nlohmann::ordered_json;
  oj j;
  j["format"] = "collidoscope-scenario/" + std::to_string(kScenarioVersion);
  j["name"] = s.name;
  j["map"] = makeRelative(path, s.mapPath);
  j["routine"] = makeRelative(path, s.manifestPath);
  oj ents = oj::array();
  for (const EntitySpec& e : s.entities) {
    oj je;
    je["name"] = e.name;
    je["x"] = e.x;
    je["y"] = e.y;
    je["colour"] = colourText(e.colour);
    if (!e.table.empty()) je["table"] = e.table;
    if (!e.fields.empty()) je["fields"] = e.fields;
    if (e.hitbox) {
      oj hb;
      hb["x"] = e.hitbox->x;
      hb["y"] = e.hitbox->y;
      hb["w"] = e.hitbox->w;
      hb["h"] = e.hitbox->h;
      appendExtraKeys(hb, e.hitboxExtra);
      je["hitbox"] = std::move(hb);
    }
    appendExtraKeys(je, e.extra);
    ents.push_back(std::move(je));
  }
  j["entities"] = std::move(ents);
  j["input"] = oj(inputToJson(s.input));
  j["frames"] = s.frames;
  oj oracle;
  oracle["axisOrder"] = s.oracle.xFirst ? "xy" : "yx";
  oracle["outside"] = s.oracle.outsideSolid ? "solid" : "open";
  appendExtraKeys(oracle, s.oracleExtra);
  j["oracle"] = std::move(oracle);
  if (!s.expect.empty()) {
    oj ex = oj::array();
    for (const Expectation& x : s.expect) {
      oj je;
      je["verdict"] = x.verdict;
      if (x.w > 0) je["cells"] = {x.col, x.row, x.w, x.h};
      if (!x.directions.empty()) je["directions"] = x.directions;
      // The loader takes speeds 0..64: an open upper end is written as 64.
      const double lo = x.minSpeed, hi = std::min(x.maxSpeed, 64.0);
      if (lo > 0 || x.maxSpeed < 1e9)
        je["speeds"] = lo == hi ? speedJson(lo) : oj::array({speedJson(lo), speedJson(hi)});
      if (!x.note.empty()) je["note"] = x.note;
      appendExtraKeys(je, x.extra);
      ex.push_back(std::move(je));
    }
    j["expect"] = std::move(ex);
  }
  if (s.view.active()) j["view"] = viewBlock(s.view);
  appendExtraKeys(j, s.extra);
  return j;
}

}  // namespace

json scenarioToJson(const std::string& path, const Scenario& s) {
  return json(scenarioToOrderedJson(path, s));
}

std::string scenarioFileText(const std::string& path, const Scenario& s) {
  const JsonLayout layout{2, [](const std::string& p) {
                            return p == "entities[]" || p == "input[]" || p == "oracle" ||
                                           p == "view" || p == "expect[]"
                                       ? kJsonOneLine
                                       : kJsonExpanded;
                          }};
  return writeJson(scenarioToOrderedJson(path, s), layout) + "\n";
}

}  // namespace core
