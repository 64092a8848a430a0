#include "core/sim/scenario.h"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "core/map/limits.h"
#include "core/map/map_file.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

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
  return manifest.hitbox.value_or(Hitbox{});
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
        spec.x = int(r.integer(e, p, "x", -32768, 65535));
        spec.y = int(r.integer(e, p, "y", -32768, 65535));
        std::string colour = r.string(e, p, "colour", "#f8d030");
        if (r.ok() && !parseColour(colour, spec.colour))
          r.fail(JsonReader::join(p, "colour"), "expected a colour like \"#f8d030\"");
        if (const json* f = r.object(e, p, "fields", false))
          for (auto it = f->begin(); it != f->end() && r.ok(); ++it)
            spec.fields[it.key()] =
                int(r.element(*it, JsonReader::join(p + ".fields", it.key()), -32768, 65535));
        if (const json* hb = r.object(e, p, "hitbox", false))
          spec.hitbox = readHitbox(r, *hb, JsonReader::join(p, "hitbox"));
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
      std::string order = r.string(*o, "oracle", "axisOrder", "xy");
      if (order != "xy" && order != "yx")
        r.fail("oracle.axisOrder", "\"" + order + "\" is not xy or yx");
      s.oracle.xFirst = order == "xy";
      std::string outside = r.string(*o, "oracle", "outside", "solid");
      if (outside != "solid" && outside != "open")
        r.fail("oracle.outside", "\"" + outside + "\" is not solid or open");
      s.oracle.outsideSolid = outside == "solid";
    }
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
  for (size_t i = 0; i < s.entities.size(); ++i)
    for (const auto& [name, value] : s.entities[i].fields)
      if (!s.manifest.fields.count(name)) {
        *error = path + ": entities[" + std::to_string(i) + "].fields." + name +
                 ": the routine has no field \"" + name + "\"";
        return false;
      }
  out = std::move(s);
  return true;
}

bool saveScenario(const std::string& path, const Scenario& s, std::string* error) {
  return writeFileAtomic(path, scenarioToJson(path, s).dump(2) + "\n", error);
}

json scenarioToJson(const std::string& path, const Scenario& s) {
  json j;
  j["format"] = "collidoscope-scenario/" + std::to_string(kScenarioVersion);
  j["name"] = s.name;
  j["map"] = makeRelative(path, s.mapPath);
  j["routine"] = makeRelative(path, s.manifestPath);
  json ents = json::array();
  for (const EntitySpec& e : s.entities) {
    json je = {{"name", e.name}, {"x", e.x}, {"y", e.y}, {"colour", colourText(e.colour)}};
    if (!e.fields.empty()) je["fields"] = e.fields;
    if (e.hitbox)
      je["hitbox"] = {
          {"x", e.hitbox->x}, {"y", e.hitbox->y}, {"w", e.hitbox->w}, {"h", e.hitbox->h}};
    ents.push_back(je);
  }
  j["entities"] = ents;
  j["input"] = inputToJson(s.input);
  j["frames"] = s.frames;
  j["oracle"] = {{"axisOrder", s.oracle.xFirst ? "xy" : "yx"},
                 {"outside", s.oracle.outsideSolid ? "solid" : "open"}};
  return j;
}

}  // namespace core
