#include "core/sim/query.h"

#include <map>
#include <mutex>

#include "core/sim/manifest_tables.h"

namespace core {

using nlohmann::json;

const char* queryKindName(QueryKind k) {
  static const char* const kNames[] = {"point", "box", "tile", "cell"};
  return kNames[size_t(k)];
}

const char* queryMeaningName(QueryMeaning m) {
  static const char* const kNames[] = {"solid", "free", "bits", "address"};
  return kNames[size_t(m)];
}

namespace {

// The query blocks of the manifests loaded so far, by path (manifestQuery).
struct QueryRegistry {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const QuerySpec>> byPath;
};
QueryRegistry& registry() {
  static QueryRegistry r;
  return r;
}

void keepQuery(const std::string& path, std::shared_ptr<const QuerySpec> q) {
  QueryRegistry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (q)
    r.byPath[path] = std::move(q);
  else
    r.byPath.erase(path);
}

constexpr const char* kSideNames[4] = {"left", "right", "top", "bottom"};

// "A" / "HL" (a register of the manifest's CPU), "ram:LABEL", "field:NAME", a
// number, or {"label": ..., "size": 1|2, "endian": "big"}.
QueryValue readValue(JsonReader& r, const json& v, const std::string& p, const RoutineManifest& m) {
  QueryValue q;
  if (v.is_object()) {
    q.source = QueryValue::Source::Ram;
    q.ref = detail::parseManifestLabelField(r, v, p, "label", true);
    q.size = int(r.integer(v, p, "size", 1, 2, 1));
    const std::string endian = r.string(v, p, "endian", "little");
    if (r.ok() && endian != "little" && endian != "big")
      r.fail(JsonReader::join(p, "endian"), "\"" + endian + "\" is not little or big");
    q.bigEndian = endian == "big";
    return q;
  }
  if (v.is_number_integer() || (v.is_string() && parseNumberText(v.get<std::string>()))) {
    q.source = QueryValue::Source::Number;
    q.number = int(r.element(v, p, 0, 0xFFFF));
    return q;
  }
  if (!v.is_string()) {
    r.fail(p, "expected a register, \"ram:LABEL\", \"field:NAME\" or a number");
    return q;
  }
  const std::string s = v.get<std::string>();
  if (s.rfind("ram:", 0) == 0) {
    q.source = QueryValue::Source::Ram;
    q.ref = detail::parseManifestLabel(r, json(s.substr(4)), p);
  } else if (s.rfind("field:", 0) == 0) {
    q.source = QueryValue::Source::Field;
    q.field = s.substr(6);
    if (!m.fields.count(q.field)) r.fail(p, "\"" + q.field + "\" is not one of entity.fields");
  } else if (presetRegisterBits(m.cpu, s) > 0) {
    q.source = QueryValue::Source::Register;
    q.reg = s;
  } else {
    r.fail(p, "\"" + s + "\" is not a " + cpuName(m.cpu) +
                  " register, \"ram:LABEL\", \"field:NAME\" or a number");
  }
  return q;
}

// The answer: "carry", "zero", a register, "ram:LABEL", or an object
// ({"from": ..., "mask": N}, {"lo": "X", "hi": "Y"}, {"label": ..., "size": 2},
// {"left": ..., "right": ..., "top": ..., "bottom": ...}).
void readAnswer(JsonReader& r, const json& v, const std::string& p, const RoutineManifest& m,
                QueryAnswer& a) {
  const json* from = &v;
  if (v.is_object()) {
    if (v.contains("left") || v.contains("right") || v.contains("top") || v.contains("bottom")) {
      a.source = QueryAnswer::Source::Sides;
      for (size_t s = 0; s < 4 && r.ok(); ++s) {
        const std::string sp = JsonReader::join(p, kSideNames[s]);
        const json* sv = r.field(v, p, kSideNames[s], true);
        if (!sv) return;
        if (sv->is_object() && sv->contains("mask")) {
          a.sideMask[s] = uint8_t(r.integer(*sv, sp, "mask", 1, 255));
          json copy = *sv;
          copy.erase("mask");
          a.side[s] = readValue(r, copy, sp, m);
        } else {
          a.side[s] = readValue(r, *sv, sp, m);
        }
        if (r.ok() && a.side[s].source == QueryValue::Source::Number)
          r.fail(sp, "a side flag is read from a register or RAM, not a number");
      }
      return;
    }
    if (v.contains("lo") || v.contains("hi")) {
      a.source = QueryAnswer::Source::Register;
      a.reg = r.string(v, p, "lo");
      a.regHi = r.string(v, p, "hi");
      for (const std::string* reg : {&a.reg, &a.regHi})
        if (r.ok() && presetRegisterBits(m.cpu, *reg) != 8)
          r.fail(JsonReader::join(p, reg == &a.reg ? "lo" : "hi"),
                 "\"" + *reg + "\" is not an 8-bit " + cpuName(m.cpu) + " register");
      return;
    }
    if (v.contains("label")) {
      a.source = QueryAnswer::Source::Ram;
      json copy = v;
      if (copy.contains("mask")) {
        a.mask = uint8_t(r.integer(v, p, "mask", 1, 255));
        copy.erase("mask");
      }
      a.ram = readValue(r, copy, p, m);
      return;
    }
    from = r.field(v, p, "from", true);
    if (!from) return;
    if (v.contains("mask")) a.mask = uint8_t(r.integer(v, p, "mask", 1, 255));
  }
  const std::string fp = v.is_object() ? JsonReader::join(p, "from") : p;
  if (!from->is_string()) {
    r.fail(fp, "expected carry, zero, a register or \"ram:LABEL\"");
    return;
  }
  const std::string s = from->get<std::string>();
  if (s == "carry") {
    a.source = QueryAnswer::Source::Carry;
  } else if (s == "zero") {
    a.source = QueryAnswer::Source::Zero;
  } else if (s.rfind("ram:", 0) == 0) {
    a.source = QueryAnswer::Source::Ram;
    a.ram = readValue(r, *from, fp, m);
  } else if (presetRegisterBits(m.cpu, s) > 0) {
    a.source = QueryAnswer::Source::Register;
    a.reg = s;
  } else {
    r.fail(fp,
           "\"" + s + "\" is not carry, zero, a " + cpuName(m.cpu) + " register or \"ram:LABEL\"");
  }
}

// The inputs each kind needs, and answers that fit the kind and meaning.
void checkQuery(JsonReader& r, const QuerySpec& q) {
  const bool positional = q.kind != QueryKind::Tile;
  if (positional && (!q.x.given() || !q.y.given()))
    r.fail("query.inputs", std::string("a ") + queryKindName(q.kind) + " query needs x and y");
  else if (q.kind == QueryKind::Tile && !q.tile.given())
    r.fail("query.inputs", "a tile query needs tile");
  else if ((q.kind == QueryKind::Box) != (q.answer.source == QueryAnswer::Source::Sides))
    r.fail("query.answer",
           q.kind == QueryKind::Box
               ? "a box query answers with four side flags (left, right, top, bottom)"
               : "side flags are the answer of a box query only");
  else if ((q.kind == QueryKind::Cell) != (q.means == QueryMeaning::Address))
    r.fail("query.means", q.kind == QueryKind::Cell ? "a cell query means \"address\""
                                                    : "\"address\" is the meaning of a cell query");
  else if (q.means == QueryMeaning::Bits && q.kind != QueryKind::Tile)
    r.fail("query.means", "\"bits\" is the meaning of a tile query");
  else if (q.means == QueryMeaning::Address && (q.answer.source == QueryAnswer::Source::Carry ||
                                                q.answer.source == QueryAnswer::Source::Zero))
    r.fail("query.answer", "an address is in a register pair or RAM, not a flag");
  else if (q.kind == QueryKind::Box && q.means != QueryMeaning::Solid &&
           q.means != QueryMeaning::Free)
    r.fail("query.means", "a box query's side flags mean \"solid\" or \"free\"");
}

}  // namespace

std::shared_ptr<const QuerySpec> manifestQuery(const RoutineManifest& m) {
  if (m.path.empty()) return nullptr;
  QueryRegistry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.byPath.find(m.path);
  return it == r.byPath.end() ? nullptr : it->second;
}

namespace detail {

void readQuery(JsonReader& r, const json& j, const RoutineManifest& m) {
  if (!r.ok()) return;
  const json* qj = r.object(j, "", "query", false);
  if (!qj) {
    keepQuery(m.path, nullptr);
    return;
  }
  auto q = std::make_shared<QuerySpec>();
  const std::string kind = r.string(*qj, "query", "kind");
  if (kind == "point")
    q->kind = QueryKind::Point;
  else if (kind == "box")
    q->kind = QueryKind::Box;
  else if (kind == "tile")
    q->kind = QueryKind::Tile;
  else if (kind == "cell")
    q->kind = QueryKind::Cell;
  else if (r.ok())
    r.fail("query.kind", "\"" + kind + "\" is not point, box, tile or cell");
  q->entry = r.string(*qj, "query", "entry", m.entry);
  if (const json* in = r.object(*qj, "query", "inputs")) {
    for (auto it = in->begin(); it != in->end() && r.ok(); ++it) {
      const std::string p = JsonReader::join("query.inputs", it.key());
      QueryValue* slot = it.key() == "x"      ? &q->x
                         : it.key() == "y"    ? &q->y
                         : it.key() == "w"    ? &q->w
                         : it.key() == "h"    ? &q->h
                         : it.key() == "tile" ? &q->tile
                                              : nullptr;
      if (!slot) {
        r.fail(p, "is not an input (x, y, w, h, tile)");
        break;
      }
      *slot = readValue(r, *it, p, m);
    }
  }
  const std::string means =
      r.string(*qj, "query", "means", q->kind == QueryKind::Cell ? "address" : "solid");
  if (means == "solid")
    q->means = QueryMeaning::Solid;
  else if (means == "free")
    q->means = QueryMeaning::Free;
  else if (means == "bits")
    q->means = QueryMeaning::Bits;
  else if (means == "address")
    q->means = QueryMeaning::Address;
  else if (r.ok())
    r.fail("query.means", "\"" + means + "\" is not solid, free, bits or address");
  if (const json* a = r.field(*qj, "query", "answer", true))
    readAnswer(r, *a, "query.answer", m, q->answer);
  const std::string probe = r.string(*qj, "query", "probe", "outside");
  if (probe == "edge")
    q->probe = SideProbe::Edge;
  else if (probe != "outside" && r.ok())
    r.fail("query.probe", "\"" + probe + "\" is not outside or edge");
  q->sidesFreeWhenSet = q->means == QueryMeaning::Free;
  if (r.ok()) checkQuery(r, *q);
  if (r.ok()) keepQuery(m.path, std::move(q));
}

}  // namespace detail

}  // namespace core
