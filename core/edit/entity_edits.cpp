// Edits of the entity list (edit.h): add, remove, duplicate and rename. The
// list changes as a whole value (at most 256 small records), so undo restores
// it exactly, slots and all. Every change is checked the way a scenario file
// is when it loads (checkEntityTables), so an edit never makes a document that
// would not open again.
#include <algorithm>
#include <cctype>

#include "core/edit/edit.h"
#include "core/map/limits.h"
#include "core/util/text.h"

namespace core {

namespace {

bool fail(std::string* error, const std::string& why) {
  if (error) *error = why;
  return false;
}

// Distinct, readable on the dark room view; new entities take the first unused.
constexpr Rgba kEntityColours[] = {
    {248, 208, 48, 255},  {88, 200, 248, 255},  {248, 120, 88, 255},  {120, 232, 120, 255},
    {216, 136, 248, 255}, {248, 160, 200, 255}, {240, 240, 240, 255}, {248, 168, 64, 255},
};

std::string tableLabel(const std::string& table) {
  return table.empty() ? "entity" : table;
}

// Whether `after` is an entity list the scenario's manifest accepts.
bool listFits(const Scenario& s, const std::vector<EntitySpec>& after, std::string* error) {
  std::string why;
  if (!checkRunSize(s.frames, int64_t(after.size()), &why)) return fail(error, why);
  Scenario check;
  check.path = s.path.empty() ? "untitled scenario" : s.path;
  check.manifest = s.manifest;
  check.entities = after;
  if (!checkEntityTables(check, &why)) return fail(error, why);
  return true;
}

// The room's cell size, in pixels (a duplicate steps one cell to the right).
int cellPixels(const Scenario& s) {
  return s.map.room.cellSize > 0 ? s.map.room.cellSize : 16;
}

}  // namespace

int defaultTableCount(const RoutineManifest& m) {
  for (const char* name : {"x", "y"})
    if (auto it = m.fields.find(name); it != m.fields.end() && it->second.stride == 0) return 1;
  return kMaxEntities;
}

int entitySlotsLeft(const Scenario& s, int table) {
  if (table < 0 || table > int(s.manifest.tables.size())) return 0;
  int placed = 0;
  for (size_t i = 0; i < s.entities.size(); ++i) placed += s.tableOf(i) == table;
  const int capacity =
      table == 0 ? defaultTableCount(s.manifest) : s.manifest.tables[size_t(table - 1)].count;
  const int total = kMaxEntities - int(s.entities.size());
  return std::max(0, std::min(capacity - placed, total));
}

std::string uniqueEntityName(const Scenario& s, const std::string& base) {
  auto taken = [&](const std::string& name) {
    return std::any_of(s.entities.begin(), s.entities.end(),
                       [&](const EntitySpec& e) { return e.name == name; });
  };
  const std::string name = trim(base).empty() ? "entity" : trim(base);
  if (!taken(name)) return name;
  // "player 2" is the second player: its copy is "player 3", not "player 2 2".
  std::string stem = name;
  const size_t space = stem.find_last_of(' ');
  if (space != std::string::npos && space + 1 < stem.size() &&
      std::all_of(stem.begin() + long(space) + 1, stem.end(),
                  [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    stem.resize(space);
  for (int n = 2;; ++n)
    if (std::string next = stem + " " + std::to_string(n); !taken(next)) return next;
}

EntitySpec newEntitySpec(const Scenario& s, int x, int y, const std::string& table) {
  EntitySpec e;
  e.table = table == "entity" ? std::string() : table;
  e.x = x;
  e.y = y;
  e.name = uniqueEntityName(s, tableLabel(e.table) + " 1");
  e.colour = kEntityColours[s.entities.size() % std::size(kEntityColours)];
  for (const Rgba& c : kEntityColours)
    if (std::none_of(s.entities.begin(), s.entities.end(),
                     [&](const EntitySpec& o) { return o.colour == c; })) {
      e.colour = c;
      break;
    }
  return e;
}

std::optional<Edit> makeAddEntity(const Scenario& s, const EntitySpec& e, std::string* error) {
  const int table = s.manifest.tableIndex(e.table);
  if (table < 0) {
    fail(error, "the routine has no entity table \"" + e.table + "\"");
    return std::nullopt;
  }
  if (entitySlotsLeft(s, table) <= 0) {
    if (int(s.entities.size()) >= kMaxEntities)
      fail(error, "a scenario holds at most " + std::to_string(kMaxEntities) +
                      " entities (routines address an entity by a byte slot)");
    else if (table == 0)
      fail(error,
           "the routine holds one entity: its x and y have no stride, so every "
           "entity would share them (" +
               s.manifest.path + ": entity.stride)");
    else
      fail(error, "the routine's table \"" + e.table + "\" holds " +
                      std::to_string(s.manifest.tables[size_t(table - 1)].count) +
                      " entities, all placed (" + s.manifest.path + ": tables." + e.table +
                      ".count)");
    return std::nullopt;
  }
  EntityListEdit edit{EntityListEdit::Kind::Add, int(s.entities.size()), s.entities, s.entities};
  edit.after.push_back(e);
  edit.after.back().name = uniqueEntityName(s, e.name);
  if (!listFits(s, edit.after, error)) return std::nullopt;
  return edit;
}

std::optional<Edit> makeRemoveEntity(const Scenario& s, int entity, std::string* error) {
  if (entity < 0 || entity >= int(s.entities.size())) {
    fail(error, "there is no entity " + std::to_string(entity));
    return std::nullopt;
  }
  if (s.entities.size() == 1) {
    fail(error,
         "a scenario needs at least one entity: add another before removing " + s.entities[0].name);
    return std::nullopt;
  }
  if (s.view.mode == ViewSpec::Mode::Follow && s.view.follow == s.entities[size_t(entity)].name) {
    fail(error, "the scenario's view follows " + s.view.follow +
                    ": change view.follow before removing it");
    return std::nullopt;
  }
  EntityListEdit edit{EntityListEdit::Kind::Remove, entity, s.entities, s.entities};
  edit.after.erase(edit.after.begin() + entity);
  if (!listFits(s, edit.after, error)) return std::nullopt;
  return edit;
}

std::optional<Edit> makeDuplicateEntity(const Scenario& s, int entity, std::string* error) {
  if (entity < 0 || entity >= int(s.entities.size())) {
    fail(error, "there is no entity " + std::to_string(entity));
    return std::nullopt;
  }
  EntitySpec copy = s.entities[size_t(entity)];
  copy.x += cellPixels(s);
  copy.colour = newEntitySpec(s, 0, 0).colour;  // told apart from the original at a glance
  auto edit = makeAddEntity(s, copy, error);
  if (edit) std::get<EntityListEdit>(*edit).kind = EntityListEdit::Kind::Duplicate;
  return edit;
}

std::optional<Edit> makeRenameEntity(const Scenario& s, int entity, const std::string& name,
                                     std::string* error) {
  if (entity < 0 || entity >= int(s.entities.size())) {
    fail(error, "there is no entity " + std::to_string(entity));
    return std::nullopt;
  }
  const std::string after = trim(name);
  const std::string& before = s.entities[size_t(entity)].name;
  if (after.empty()) {
    fail(error, "an entity needs a name (" + before + " keeps its own)");
    return std::nullopt;
  }
  if (after == before) return std::nullopt;
  for (size_t i = 0; i < s.entities.size(); ++i)
    if (int(i) != entity && s.entities[i].name == after) {
      fail(error, "\"" + after + "\" is taken: entity " + std::to_string(i) +
                      " has that name (names tell entities apart in the tables and reports)");
      return std::nullopt;
    }
  return EntityNameEdit{entity, before, after};
}

std::optional<Edit> makeSetView(const Scenario& s, const ViewSpec& view, std::string* error) {
  const std::optional<ViewSpec> v = checkView(view, s.entities, error);
  if (!v || *v == s.view) return std::nullopt;
  return ViewEdit{s.view, *v};
}

int entitySelectedAfter(const Edit& e, bool forward, int selected, int entityCount) {
  const auto* l = std::get_if<EntityListEdit>(&e);
  int next = selected;
  if (l) {
    const bool removed = (l->kind == EntityListEdit::Kind::Remove) == forward;
    if (!removed)
      next = l->entity;  // the entity added, copied, or brought back
    else if (selected > l->entity)
      next = selected - 1;  // the same entity, one place up
    else if (selected == l->entity)
      next = std::min(l->entity, entityCount - 1);  // the one that took its place
  }
  if (entityCount <= 0) return -1;
  return std::clamp(next, 0, entityCount - 1);
}

}  // namespace core
