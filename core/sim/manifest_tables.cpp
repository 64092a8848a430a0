#include "core/sim/manifest_tables.h"

#include <algorithm>

#include "core/util/files.h"

namespace core::detail {

using nlohmann::json;

Hitbox readManifestHitbox(JsonReader& r, const json& hb, const std::string& p) {
  Hitbox h;
  h.x = int(r.integer(hb, p, "x", -256, 256));
  h.y = int(r.integer(hb, p, "y", -256, 256));
  h.w = int(r.integer(hb, p, "w", 1, 256));
  h.h = int(r.integer(hb, p, "h", 1, 256));
  return h;
}

// The `tables` block: entity tables besides the default (`entity`), by name.
void readTables(JsonReader& r, const json& j, RoutineManifest& m, int version) {
  const json* tables = r.object(j, "", "tables", false);
  if (!tables) return;
  if (version < 2) {
    r.fail("tables", "needs \"format\": \"collidoscope-routine/2\"");
    return;
  }
  if (m.game && m.game->mode == GameSpec::Mode::Frame)
    r.fail("tables", "frame mode records the game's own calls; tables need call mode");
  for (auto it = tables->begin(); it != tables->end() && r.ok(); ++it) {
    const std::string p = JsonReader::join("tables", it.key());
    if (it.key().empty() || it.key() == "entity" || it.key().find(':') != std::string::npos ||
        it.key().find('.') != std::string::npos) {
      r.fail(p,
             "a table name must not be empty, \"entity\" (the default table) or hold ':' or '.'");
      break;
    }
    if (!it->is_object()) {
      r.fail(p, "expected an object");
      break;
    }
    EntityTable t;
    t.name = it.key();
    if (r.field(*it, p, "slot", false)) t.slot = parseManifestLabelField(r, *it, p, "slot", true);
    t.entry = r.string(*it, p, "entry", "");
    t.count = int(r.integer(*it, p, "count", 1, 256, 1));
    const int defaultStride = int(r.integer(*it, p, "stride", 0, 256, 0));
    LabelRef base;
    if (r.field(*it, p, "base", false)) base = parseManifestLabelField(r, *it, p, "base", true);
    if (const json* fields = r.object(*it, p, "fields"))
      for (auto f = fields->begin(); f != fields->end() && r.ok(); ++f)
        t.fields[f.key()] = parseManifestField(r, *f, JsonReader::join(p + ".fields", f.key()),
                                               defaultStride, base);
    for (const char* need : {"x", "y"})
      if (r.ok() && !t.fields.count(need))
        r.fail(p + ".fields", std::string("needs \"") + need + "\"");
    if (const json* hb = r.object(*it, p, "hitbox", false))
      t.hitbox = readManifestHitbox(r, *hb, p + ".hitbox");
    m.tables.push_back(std::move(t));
  }
}

// "other:TABLE:N" (that entity's index) or "other:TABLE:N.FIELD" (its field).
EntityRef readEntityRef(JsonReader& r, const std::string& p, const std::string& text,
                        const RoutineManifest& m) {
  EntityRef ref;
  std::string rest = text.substr(6);
  if (auto dot = rest.find('.'); dot != std::string::npos) {
    ref.field = rest.substr(dot + 1);
    rest = rest.substr(0, dot);
  }
  const auto colon = rest.rfind(':');
  const std::string table = colon == std::string::npos ? "" : rest.substr(0, colon);
  auto n = colon == std::string::npos ? std::nullopt : parseNumberText(rest.substr(colon + 1));
  if (!n) {
    r.fail(p, "\"" + text + "\": expected \"other:TABLE:N\" or \"other:TABLE:N.FIELD\"");
    return ref;
  }
  ref.table = m.tableIndex(table);
  if (ref.table < 0) {
    std::string names = "entity";
    for (const EntityTable& t : m.tables) names += ", " + t.name;
    r.fail(p, "\"" + text + "\": no table \"" + table + "\" (tables: " + names + ")");
    return ref;
  }
  const int count = ref.table == 0 ? 256 : m.tables[size_t(ref.table - 1)].count;
  if (*n < 0 || *n >= count) {
    r.fail(p, "\"" + text + "\": index " + std::to_string(*n) + " is outside the table (" +
                  std::to_string(count) + " entries)");
    return ref;
  }
  ref.index = int(*n);
  if (!ref.field.empty() && !m.fieldsOf(ref.table).count(ref.field))
    r.fail(p, "\"" + text + "\": table \"" + (table.empty() ? "entity" : table) +
                  "\" has no field \"" + ref.field + "\"");
  return ref;
}

// "cell:x", "cell:y", "cell:right", "cell:bottom", each optionally ":next".
void readCellPreset(JsonReader& r, const std::string& p, const std::string& text,
                    RegisterPreset& preset) {
  preset.source = RegisterPreset::Source::Cell;
  std::string edge = text.substr(5);
  if (edge.size() > 5 && edge.compare(edge.size() - 5, 5, ":next") == 0) {
    preset.next = true;
    edge.resize(edge.size() - 5);
  }
  if (edge == "x" || edge == "left")
    preset.edge = CellEdge::Left;
  else if (edge == "y" || edge == "top")
    preset.edge = CellEdge::Top;
  else if (edge == "right")
    preset.edge = CellEdge::Right;
  else if (edge == "bottom")
    preset.edge = CellEdge::Bottom;
  else
    r.fail(p, "\"" + text + "\": expected cell:x, cell:y, cell:right or cell:bottom (and :next)");
}

// "results": {"blocked": "carry", "tile": "A", "hit": "ram:player_hit"}, and "apply".
void readResults(JsonReader& r, const json& j, RoutineManifest& m, int version) {
  const json* res = r.object(j, "", "results", false);
  if (res && version < 2) {
    r.fail("results", "needs \"format\": \"collidoscope-routine/2\"");
    return;
  }
  if (res && m.game && m.game->mode == GameSpec::Mode::Frame)
    r.fail("results", "frame mode records the game's own calls; results need call mode");
  for (auto it = res ? res->begin() : j.end(); res && it != res->end() && r.ok(); ++it) {
    const std::string p = JsonReader::join("results", it.key());
    ResultSpec rs;
    rs.name = it.key();
    bool clash = m.fields.count(rs.name) > 0;
    for (const EntityTable& t : m.tables) clash = clash || t.fields.count(rs.name) > 0;
    if (clash) {
      r.fail(p, "\"" + rs.name + "\" is also the name of an entity field");
      break;
    }
    if (!it->is_string() || it->get<std::string>().empty()) {
      r.fail(p, "expected \"carry\", \"zero\", a register or \"ram:LABEL\"");
      break;
    }
    const std::string text = it->get<std::string>();
    if (text == "carry") {
      rs.source = ResultSpec::Source::Carry;
    } else if (text == "zero") {
      rs.source = ResultSpec::Source::Zero;
    } else if (text.rfind("ram:", 0) == 0) {
      rs.source = ResultSpec::Source::Ram;
      rs.ref = parseManifestLabel(r, json(text.substr(4)), p);
    } else if (presetRegisterBits(m.cpu, text) > 0) {
      rs.reg = text;
    } else {
      r.fail(p,
             "\"" + text + "\" is not carry, zero, ram:LABEL or a register of the " +
                 cpuName(m.cpu) +
                 (m.cpu == Cpu::M6502 ? " (A, X, Y)" : " (A, B, C, D, E, H, L, AF, BC, DE, HL)"));
    }
    m.results.push_back(std::move(rs));
  }
  const json* ap = r.field(j, "", "apply", false);
  if (!ap || !r.ok()) return;
  if (!ap->is_object()) {
    r.fail("apply", "expected {\"if\": RESULT} or {\"unless\": RESULT}");
    return;
  }
  const bool hasIf = ap->contains("if"), hasUnless = ap->contains("unless");
  if (hasIf == hasUnless) {
    r.fail("apply", "needs either \"if\" or \"unless\" (the name of a result)");
    return;
  }
  const char* key = hasIf ? "if" : "unless";
  m.apply.result = r.string(*ap, "apply", key);
  m.apply.whenZero = hasUnless;
  const bool known = std::any_of(m.results.begin(), m.results.end(),
                                 [&](const ResultSpec& rs) { return rs.name == m.apply.result; });
  if (r.ok() && !known)
    r.fail(JsonReader::join("apply", key), "\"" + m.apply.result + "\" is not one of results");
}

}  // namespace core::detail
