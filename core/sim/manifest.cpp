#include "core/sim/manifest.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>

#include "core/sim/manifest_tables.h"
#include "core/sim/query.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/text.h"

namespace core {

using nlohmann::json;

namespace {

using detail::readCellPreset;
using detail::readEntityRef;
using detail::readManifestHitbox;
using detail::readResults;
using detail::readTables;

constexpr int kManifestVersion = 2;

// A label is written "name" or "name+3".
LabelRef labelRef(JsonReader& r, const json& v, const std::string& path) {
  if (!v.is_string() || v.get<std::string>().empty()) {
    r.fail(path, "expected a label name");
    return {};
  }
  std::string s = v.get<std::string>();
  LabelRef ref{s, 0};
  if (auto plus = s.find('+'); plus != std::string::npos) {
    ref.label = s.substr(0, plus);
    auto n = parseNumberText(s.substr(plus + 1));
    if (!n || *n < 0 || *n > 0xFFFF)
      r.fail(path, "bad offset in \"" + s + "\"");
    else
      ref.offset = int(*n);
  }
  return ref;
}

LabelRef labelField(JsonReader& r, const json& obj, const std::string& path, const std::string& key,
                    bool required) {
  const json* v = r.field(obj, path, key, required);
  return v ? labelRef(r, *v, JsonReader::join(path, key)) : LabelRef{};
}

// A field at byte `offset` of each struct of the table's `base` array.
LabelRef structOffset(JsonReader& r, const LabelRef& base, int64_t offset, const std::string& p) {
  if (base.empty()) {
    r.fail(p, "an offset needs the table's \"base\" (the label of its array of structs)");
    return {};
  }
  return {base.label, base.offset + int(offset)};
}

// One entry of an entity's `fields` (this table's or, for `tables`, another's):
// a label, an offset into the table's `base` structs (a number), or an object
// with label/lo+hi/offset, size, endian, signed, frac, stride, default.
FieldBinding parseFieldBinding(JsonReader& r, const json& v, const std::string& p,
                               int defaultStride, const LabelRef& base = {}) {
  FieldBinding f;
  f.stride = defaultStride;
  if (v.is_string()) {
    f.ref = labelRef(r, v, p);
    return f;
  }
  if (v.is_number_integer()) {
    f.ref = structOffset(r, base, r.element(v, p, 0, 255), p);
    return f;
  }
  if (!v.is_object()) {
    r.fail(p,
           "expected a label, an offset into the table's base, or {\"label\": ...} / "
           "{\"offset\": ...} / {\"lo\": ..., \"hi\": ...}");
    return f;
  }
  const bool hasLabel = v.contains("label"), hasLo = v.contains("lo"), hasHi = v.contains("hi");
  const bool hasOffset = v.contains("offset");
  if (hasOffset && (hasLabel || hasLo || hasHi)) {
    r.fail(JsonReader::join(p, "offset"),
           "counts from the table's \"base\"; with a label write \"label+N\" instead");
    return f;
  }
  if (hasLabel && (hasLo || hasHi)) {
    r.fail(JsonReader::join(p, hasLo ? "lo" : "hi"),
           "a field is either one array (\"label\") or split (\"lo\" and \"hi\"), not both");
    return f;
  }
  if (hasLo != hasHi) {
    r.fail(JsonReader::join(p, hasLo ? "hi" : "lo"),
           std::string("missing: a split field needs both \"lo\" and \"hi\" (only \"") +
               (hasLo ? "lo" : "hi") + "\" is given)");
    return f;
  }
  if (hasLo) {
    f.ref = labelField(r, v, p, "lo", true);
    f.hi = labelField(r, v, p, "hi", true);
    // One byte in each array: the low and the high byte of a 16-bit value.
    f.size = int(r.integer(v, p, "size", 2, 2, 2));
    if (r.ok() && v.contains("endian"))
      r.fail(JsonReader::join(p, "endian"), "does not apply to a split field (\"lo\"/\"hi\")");
  } else {
    if (hasOffset)
      f.ref = structOffset(r, base, r.integer(v, p, "offset", 0, 255), JsonReader::join(p, "offset"));
    else
      f.ref = labelField(r, v, p, "label", true);
    f.size = int(r.integer(v, p, "size", 1, 3, 1));
    const std::string endian = r.string(v, p, "endian", "little");
    if (endian == "big")
      f.bigEndian = true;
    else if (r.ok() && endian != "little")
      r.fail(JsonReader::join(p, "endian"), "\"" + endian + "\" is not little or big");
  }
  f.stride = int(r.integer(v, p, "stride", 0, 256, defaultStride));
  f.isSigned = r.boolean(v, p, "signed", false);
  if (r.ok() && v.contains("frac")) {
    const int bits = 8 * f.size;
    const int64_t frac = r.integer(v, p, "frac", 0, 1000, 0);
    if (r.ok() && frac > bits)
      r.fail(JsonReader::join(p, "frac"), std::to_string(frac) + " fraction bits do not fit a " +
                                              std::to_string(f.size) + "-byte field");
    f.fracBits = int(frac);
  }
  if (r.ok() && r.field(v, p, "default", false)) {
    // Raw, in the field's own units; the low 8*size bits are written.
    const int64_t lo = f.size == 3 ? -(int64_t(1) << 23) : -32768;
    const int64_t hi = f.size == 3 ? (int64_t(1) << 24) - 1 : 65535;
    f.initial = int(r.integer(v, p, "default", lo, hi));
  }
  return f;
}

void readFields(JsonReader& r, const json& ent, RoutineManifest& m) {
  const json* fields = r.object(ent, "entity", "fields");
  if (!fields) return;
  int defaultStride = int(r.integer(ent, "entity", "stride", 0, 256, 0));
  LabelRef base;
  if (r.field(ent, "entity", "base", false)) base = labelField(r, ent, "entity", "base", true);
  for (auto it = fields->begin(); it != fields->end() && r.ok(); ++it)
    m.fields[it.key()] = parseFieldBinding(r, *it, JsonReader::join("entity.fields", it.key()),
                                           defaultStride, base);
  for (const char* need : {"x", "y"})
    if (r.ok() && !m.fields.count(need))
      r.fail("entity.fields", std::string("needs \"") + need + "\"");
}

// map.cells.entry: {"bytes": N, "id": K, "idBytes": 1}, entries of N bytes with the
// metatile id at byte K (id, attribute pairs; structs of a tile and its flags).
void readCellEntry(JsonReader& r, const json& c, CellLayout& cl) {
  const std::string p = "map.cells.entry";
  const json* e = r.object(c, "map.cells", "entry", false);
  if (!e || !r.ok()) return;
  if (c.contains("bytes")) {
    r.fail("map.cells.bytes", "goes in map.cells.entry.bytes when there is an entry block");
    return;
  }
  cl.bytes = int(r.integer(*e, p, "bytes", 1, 8));
  cl.idBytes = int(r.integer(*e, p, "idBytes", 1, 2, 1));
  cl.idOffset = int(r.integer(*e, p, "id", 0, 7, 0));
  if (r.ok() && cl.idOffset + cl.idBytes > cl.bytes)
    r.fail(p + ".id", "the id (" + std::to_string(cl.idBytes) + " byte(s) at " +
                          std::to_string(cl.idOffset) + ") does not fit an entry of " +
                          std::to_string(cl.bytes) + " byte(s)");
}

CellLayout readCells(JsonReader& r, const json& c) {
  const std::string p = "map.cells";
  CellLayout cl;
  cl.pointer = labelField(r, c, p, "pointer", false);
  if (const json* s = r.array(c, p, "screens", false)) {
    for (size_t i = 0; i < s->size() && r.ok(); ++i)
      cl.screens.push_back(labelRef(r, (*s)[i], JsonReader::join(p + ".screens", i)));
    if (r.ok() && cl.screens.empty()) r.fail(p + ".screens", "names no screen");
  }
  if (r.ok() && !cl.pointer.empty() && !cl.screens.empty())
    r.fail(p + ".screens", "cannot be combined with a pointer");
  // With a pointer, a label is where the simulation puts the table (and points the pointer).
  cl.ref = labelField(r, c, p, "label", cl.pointer.empty() && cl.screens.empty());
  if (r.ok() && !cl.ref.empty() && !cl.screens.empty())
    r.fail(p + ".label", "cannot be combined with screens");
  const std::string order = r.string(c, p, "order", "row-major");
  if (order == "column-major")
    cl.columnMajor = true;
  else if (order != "row-major")
    r.fail(p + ".order", "\"" + order + "\" is not row-major or column-major");
  cl.bytes = int(r.integer(c, p, "bytes", 1, 2, 1));
  readCellEntry(r, c, cl);
  const std::string endian = r.string(c, p, "endian", "little");
  if (endian == "big")
    cl.bigEndian = true;
  else if (endian != "little")
    r.fail(p + ".endian", "\"" + endian + "\" is not little or big");
  cl.maxWidth = int(r.integer(c, p, "width", 1, 1024));
  cl.maxHeight = int(r.integer(c, p, "height", 1, 1024));
  const int line = (cl.columnMajor ? cl.maxHeight : cl.maxWidth) * cl.bytes;
  cl.stride = int(r.integer(c, p, "stride", 1, 2048, line));
  if (r.ok() && cl.stride < line)
    r.fail(p + ".stride",
           cl.columnMajor && cl.bytes == 1
               ? "is smaller than the height (" + std::to_string(cl.maxHeight) + ")"
           : cl.bytes == 1
               ? "is smaller than the width (" + std::to_string(cl.maxWidth) + ")"
               : "is smaller than a line of entries (" + std::to_string(line) + " bytes)");
  cl.spacing = int(r.integer(c, p, "spacing", 1, 16, 1));
  cl.originCol = int(r.integer(c, p, "originColumn", 0, 1023, 0));
  cl.originRow = int(r.integer(c, p, "originRow", 0, 1023, 0));
  cl.scrollCol = int(r.integer(c, p, "scrollColumn", 0, 1023, 0));
  cl.scrollRow = int(r.integer(c, p, "scrollRow", 0, 1023, 0));
  if (r.ok() && cl.originCol + cl.spacing > cl.maxWidth)
    r.fail(p + ".originColumn", "leaves no room cell inside the table's width");
  if (r.ok() && cl.originRow + cl.spacing > cl.maxHeight)
    r.fail(p + ".originRow", "leaves no room cell inside the table's height");
  cl.rom = r.boolean(c, p, "rom", false);
  return cl;
}

void readMasks(JsonReader& r, const json& a, AttributeLayout& al) {
  const std::string p = "map.attributes.masks";
  al.format = AttributeFormat::Mask;
  const json* masks = r.object(a, "map.attributes", "masks", true);
  if (!masks) return;
  al.maskSolid = uint8_t(r.integer(*masks, p, "solid", 0, 255, 0));
  al.maskUp = uint8_t(r.integer(*masks, p, "up", 0, 255, 0));
  al.maskDown = uint8_t(r.integer(*masks, p, "down", 0, 255, 0));
  al.maskLeft = uint8_t(r.integer(*masks, p, "left", 0, 255, 0));
  al.maskRight = uint8_t(r.integer(*masks, p, "right", 0, 255, 0));
  if (r.ok() && !(al.maskSolid | al.maskUp | al.maskDown | al.maskLeft | al.maskRight))
    r.fail(p, "names no bit (solid, up, down, left, right)");
}

CollisionRule readRule(JsonReader& r, const json& j) {
  const std::string p = "map.rule";
  CollisionRule rule;
  const std::string kind = r.string(j, p, "kind");
  if (kind == "map") {
    rule.kind = CollisionRuleKind::Map;
  } else if (kind == "threshold") {
    rule.kind = CollisionRuleKind::Threshold;
    rule.threshold = int(r.integer(j, p, "solidFrom", 0, 65535));
  } else if (kind == "ids") {
    rule.kind = CollisionRuleKind::Ids;
    if (const json* ids = r.array(j, p, "solid"))
      for (size_t i = 0; i < ids->size() && r.ok(); ++i)
        rule.ids.push_back(int(r.element((*ids)[i], JsonReader::join(p + ".solid", i), 0, 65535)));
  } else if (kind == "lookup") {
    rule.kind = CollisionRuleKind::Lookup;
    rule.table = labelField(r, j, p, "label", true);
    rule.stride = int(r.integer(j, p, "stride", 1, 64, 1));
    rule.count = int(r.integer(j, p, "count", 1, 65536));
    rule.mask = uint8_t(r.integer(j, p, "mask", 1, 255, 255));
  } else if (kind == "predicate") {
    rule.kind = CollisionRuleKind::Predicate;
    rule.routine = r.string(j, p, "label");
    rule.inRegister = r.string(j, p, "in", "A");
    rule.answer = r.string(j, p, "answer", "carry");
    rule.solidWhenSet = r.string(j, p, "solidWhen", "set") == "set";
    if (r.ok()) {
      const std::string when = r.string(j, p, "solidWhen", "set");
      if (when != "set" && when != "clear")
        r.fail(p + ".solidWhen", "\"" + when + "\" is not set or clear");
    }
    rule.cycleBudget = uint64_t(r.integer(j, p, "cycleBudget", 1, 1000000, 2000));
  } else if (r.ok()) {
    r.fail(p + ".kind", "\"" + kind + "\" is not map, threshold, ids, lookup or predicate");
  }
  return rule;
}

// map.writes: [{"table": "cells", "byte": 1, "bits": "$01"}, ...], the map bytes
// (or bits) the game changes on purpose.
void readExpectedWrites(JsonReader& r, const json& map, RoutineManifest& m) {
  const json* ws = r.array(map, "map", "writes", false);
  if (!ws) return;
  for (size_t i = 0; i < ws->size() && r.ok(); ++i) {
    const std::string p = JsonReader::join("map.writes", i);
    const json& w = (*ws)[i];
    if (!w.is_object()) {
      r.fail(p, "expected {\"table\": \"cells\" or \"attributes\", \"byte\": N, \"bits\": M}");
      break;
    }
    ExpectedWrite e;
    const std::string table = r.string(w, p, "table", "cells");
    if (r.ok() && table != "cells" && table != "attributes")
      r.fail(p + ".table", "\"" + table + "\" is not cells or attributes");
    e.attributes = table == "attributes";
    if (r.ok() && !(e.attributes ? m.attributes.has_value() : m.cells.has_value()))
      r.fail(p + ".table", "the map has no " + table + " block to write into");
    if (!r.ok()) break;
    const int entry = e.attributes ? m.attributes->stride : m.cells->bytes;
    if (w.contains("byte")) e.byte = int(r.integer(w, p, "byte", 0, entry - 1));
    if (w.contains("bits")) e.bits = uint8_t(r.element(w["bits"], p + ".bits", 1, 255));
    m.expectedWrites.push_back(e);
  }
}

void readMap(JsonReader& r, const json& j, RoutineManifest& m) {
  const json* map = r.object(j, "", "map", false);
  if (!map) return;
  if (const json* c = r.object(*map, "map", "cells", false)) m.cells = readCells(r, *c);
  if (const json* a = r.object(*map, "map", "attributes", false)) {
    AttributeLayout al;
    al.ref = labelField(r, *a, "map.attributes", "label", true);
    al.stride = int(r.integer(*a, "map.attributes", "stride", 1, 64, 1));
    al.offset = int(r.integer(*a, "map.attributes", "offset", 0, 63, 0));
    al.tileOffset = int(r.integer(*a, "map.attributes", "tileOffset", -1, 63, -1));
    al.count = int(r.integer(*a, "map.attributes", "count", 1, 1024));
    std::string fmt = r.string(*a, "map.attributes", "format", "mrn");
    if (fmt == "mrn")
      al.format = AttributeFormat::Mrn;
    else if (fmt == "walkable")
      al.format = AttributeFormat::Walkable;
    else if (fmt == "solid-bit")
      al.format = AttributeFormat::SolidBit;
    else if (fmt == "mask")
      readMasks(r, *a, al);
    else
      r.fail("map.attributes.format", "\"" + fmt + "\" is not mrn, walkable, solid-bit or mask");
    m.attributes = al;
  }
  if (const json* rule = r.object(*map, "map", "rule", false)) {
    m.rule = readRule(r, *rule);
    const CollisionRule& cr = m.rule;
    if (r.ok() && cr.kind == CollisionRuleKind::Predicate) {
      if (presetRegisterBits(m.cpu, cr.inRegister) != 8)
        r.fail("map.rule.in",
               "\"" + cr.inRegister + "\" is not an 8-bit register of the " + cpuName(m.cpu));
      else if (cr.answer != "carry" && cr.answer != "zero" &&
               presetRegisterBits(m.cpu, cr.answer) != 8)
        r.fail("map.rule.answer", "\"" + cr.answer + "\" is not carry, zero or an 8-bit register");
    }
  }
  readExpectedWrites(r, *map, m);
  m.originX = int(r.integer(*map, "map", "originX", -4096, 4096, 0));
  m.originY = int(r.integer(*map, "map", "originY", -4096, 4096, 0));
}

// The ca65 segments as buildRoutine places them: ZEROPAGE up to $FF, BSS up to
// the end of the NES's 2 KiB RAM (none when bss is past it), CODE up to $FFFF.
// Overlapping segments would let ld65 put code over variables.
void checkLayout(JsonReader& r, const RoutineManifest& m) {
  struct Seg {
    const char* path;
    uint32_t begin, end;
  };
  const Seg segs[3] = {{"layout.zeropage", m.zeropage, 0x100},
                       {"layout.bss", m.bss, std::max<uint32_t>(m.bss, 0x800)},
                       {"layout.code", m.code, 0x10000}};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < i; ++k) {
      const Seg &a = segs[k], &b = segs[i];
      if (a.begin < a.end && b.begin < b.end && a.begin < b.end && b.begin < a.end) {
        r.fail(b.path, hexRange(b.begin, b.end) + " overlaps " + a.path + " (" +
                           hexRange(a.begin, a.end) + ")");
        return;
      }
    }
}

bool parseRole(const std::string& text, PairRole& out) {
  for (int i = 0; i < kPairRoleCount; ++i)
    if (text == pairRoleName(PairRole(i))) {
      out = PairRole(i);
      return true;
    }
  return false;
}

SweepInput readSweepInput(JsonReader& r, const json& v, const std::string& p) {
  SweepInput in;
  std::string role = r.string(v, p, "role");
  if (r.ok() && !parseRole(role, in.role))
    r.fail(p + ".role", "\"" + role + "\" is not x1, y1, w1, h1, x2, y2, w2, h2, a1, a2 or size");
  in.ref = labelField(r, v, p, "label", true);
  in.name = r.string(v, p, "name", role);
  in.initial = int(r.integer(v, p, "default", 0, 255, 0));
  return in;
}

// The roles must describe one whole check: the box axes present have all four
// of their roles, or the check is one-axis (a1, a2, size), never a mix.
void checkSweepRoles(JsonReader& r, const SweepSpec& sw) {
  std::array<int, kPairRoleCount> seen{};
  for (size_t i = 0; i < sw.inputs.size() && r.ok(); ++i) {
    const SweepInput& in = sw.inputs[i];
    if (seen[size_t(in.role)]++)
      r.fail(JsonReader::join("sweep.inputs", i) + ".role",
             std::string("\"") + pairRoleName(in.role) + "\" appears twice");
    for (size_t k = 0; k < i && r.ok(); ++k)
      if (sw.inputs[k].name == in.name)
        r.fail(JsonReader::join("sweep.inputs", i) + ".name", "\"" + in.name + "\" appears twice");
  }
  if (!r.ok()) return;
  auto count = [&](std::initializer_list<PairRole> roles) {
    int n = 0;
    for (PairRole role : roles) n += seen[size_t(role)];
    return n;
  };
  const int xs = count({PairRole::X1, PairRole::W1, PairRole::X2, PairRole::W2});
  const int ys = count({PairRole::Y1, PairRole::H1, PairRole::Y2, PairRole::H2});
  const int axis = count({PairRole::A1, PairRole::A2, PairRole::Size});
  if (axis > 0 && (xs > 0 || ys > 0))
    r.fail("sweep.inputs", "mixes box roles (x1 ... h2) with one-axis roles (a1, a2, size)");
  else if (axis > 0 && axis < 3)
    r.fail("sweep.inputs", "a one-axis check needs a1, a2 and size");
  else if ((xs > 0 && xs < 4) || (ys > 0 && ys < 4))
    r.fail("sweep.inputs", "each box axis needs all four roles (x1 w1 x2 w2, y1 h1 y2 h2)");
  else if (axis + xs + ys == 0)
    r.fail("sweep.inputs", "is empty");
}

void readSweep(JsonReader& r, const json& j, RoutineManifest& m) {
  const json* sw = r.object(j, "", "sweep", false);
  if (!sw) return;
  SweepSpec spec;
  spec.entry = r.string(*sw, "sweep", "entry");
  if (const json* ins = r.array(*sw, "sweep", "inputs")) {
    for (size_t i = 0; i < ins->size() && r.ok(); ++i) {
      const std::string p = JsonReader::join("sweep.inputs", i);
      if (!(*ins)[i].is_object())
        r.fail(p, "expected an object");
      else
        spec.inputs.push_back(readSweepInput(r, (*ins)[i], p));
    }
    checkSweepRoles(r, spec);
  }
  if (const json* ans = r.object(*sw, "sweep", "answer")) {
    if (r.field(*ans, "sweep.answer", "flag", false)) {
      std::string flag = r.string(*ans, "sweep.answer", "flag");
      if (r.ok() && flag != "carry") r.fail("sweep.answer.flag", "\"" + flag + "\" is not carry");
      spec.answer.carry = true;
    } else if (r.field(*ans, "sweep.answer", "label", false)) {
      spec.answer.ref = labelField(r, *ans, "sweep.answer", "label", true);
      spec.answer.mask = uint8_t(r.integer(*ans, "sweep.answer", "mask", 1, 255, 255));
    } else if (r.ok()) {
      r.fail("sweep.answer", "needs \"flag\": \"carry\" or a \"label\"");
    }
    std::string when = r.string(*ans, "sweep.answer", "hitWhen", "set");
    if (r.ok() && when != "set" && when != "clear")
      r.fail("sweep.answer.hitWhen", "\"" + when + "\" is not set or clear");
    spec.answer.hitWhenSet = when == "set";
  }
  if (const json* sl = r.array(*sw, "sweep", "slice", false)) {
    for (size_t i = 0; i < sl->size() && r.ok(); ++i) {
      const std::string p = JsonReader::join("sweep.slice", i);
      const json& v = (*sl)[i];
      bool known = false;
      for (const SweepInput& in : spec.inputs) known = known || (v.is_string() && v == in.name);
      if (!known)
        r.fail(p, "expected the name of one of sweep.inputs");
      else
        spec.slice.push_back(v.get<std::string>());
    }
  }
  m.sweep = std::move(spec);
}

// "includeDirs": ["inc"], "defines": {"_RED": ""}, "preinclude": "includes.asm",
// "linkerScript": "layout.link", like `rgbasm -I inc -D _RED -P includes.asm` and
// `rgblink -l layout.link`; paths are relative to the manifest.
void readAsmOptions(JsonReader& r, const json& j, RoutineManifest& m) {
  if (const json* dirs = r.array(j, "", "includeDirs", false)) {
    for (size_t i = 0; i < dirs->size() && r.ok(); ++i) {
      if (!(*dirs)[i].is_string())
        r.fail(JsonReader::join("includeDirs", i), "expected a directory name");
      else
        m.includeDirs.push_back(resolveRelative(m.path, (*dirs)[i].get<std::string>()));
    }
  }
  if (const json* defs = r.object(j, "", "defines", false)) {
    for (const auto& [name, value] : defs->items()) {
      if (!r.ok()) break;
      if (name.empty() || name.find_first_of(" \t=\"") != std::string::npos)
        r.fail(JsonReader::join("defines", name), "is not a symbol name");
      else if (!value.is_string())
        r.fail(JsonReader::join("defines", name), "expected a string value");
      else
        m.defines.emplace_back(name, value.get<std::string>());
    }
  }
  if (r.field(j, "", "preinclude", false)) {
    std::string pre = r.string(j, "", "preinclude");
    if (r.ok() && m.toolchain != "builtin")
      r.fail("preinclude", "only the builtin (rgbds) toolchain has a pre-include");
    else if (r.ok() && pre.empty())
      r.fail("preinclude", "is empty");
    else if (r.ok())
      m.preinclude = resolveRelative(m.path, pre);
  }
  // "linkerScript": "layout.link", like `rgblink -l layout.link`.
  if (r.field(j, "", "linkerScript", false)) {
    std::string script = r.string(j, "", "linkerScript");
    if (r.ok() && m.toolchain != "builtin")
      r.fail("linkerScript", "only the builtin (rgbds) toolchain takes an rgblink linker script");
    else if (r.ok() && script.empty())
      r.fail("linkerScript", "is empty");
    else if (r.ok())
      m.linkerScript = resolveRelative(m.path, script);
  }
}

// The version the "format" field names (already checked by JsonReader::format).
int formatVersion(const json& j) {
  const auto it = j.find("format");
  if (it == j.end() || !it->is_string()) return 0;
  const std::string f = it->get<std::string>();
  const auto slash = f.rfind('/');
  auto v = slash == std::string::npos ? std::nullopt : parseNumberText(f.substr(slash + 1));
  return v ? int(*v) : 0;
}

// game.span and game.velocityAt (frame mode, docs/game-mode.md "Spans").
void readFrameSpan(JsonReader& r, const json& g, GameSpec& spec) {
  if (!r.ok()) return;
  if (const json* span = r.field(g, "game", "span", false)) {
    if (span->is_string() && span->get<std::string>() == "call") {
      spec.span = GameSpec::Span::Call;
    } else if (span->is_string() && span->get<std::string>() == "frame") {
      spec.span = GameSpec::Span::Frame;
    } else if (span->is_object()) {
      spec.span = GameSpec::Span::Labels;
      spec.spanFrom = r.string(*span, "game.span", "from");
      spec.spanTo = r.string(*span, "game.span", "to");
      if (r.ok() && spec.spanFrom.empty()) r.fail("game.span.from", "expected a label name");
      if (r.ok() && spec.spanTo.empty()) r.fail("game.span.to", "expected a label name");
      for (auto it = span->begin(); it != span->end() && r.ok(); ++it)
        if (it.key() != "from" && it.key() != "to")
          r.fail("game.span." + it.key(), "unknown key (a span has \"from\" and \"to\")");
    } else {
      r.fail("game.span",
             "expected \"frame\", \"call\" or {\"from\": LABEL, \"to\": LABEL}, got " +
                 span->dump());
    }
  }
  if (!r.ok()) return;
  if (spec.noRoutines && (spec.mode != GameSpec::Mode::Frame || spec.span == GameSpec::Span::Call))
    r.fail("game.routines", "names no routine (an empty list needs a \"frame\" or label span)");
  if (!r.ok()) return;
  spec.velocityAt = r.string(g, "game", "velocityAt", "");
  const std::string intent = r.string(g, "game", "intent", "motion");
  if (r.ok() && intent == "game")
    spec.gameIntent = true;
  else if (r.ok() && intent != "motion")
    r.fail("game.intent", "expected \"game\" (or \"motion\": the manifest's motion block), got \"" +
                              intent + "\"");
  if (r.ok() && spec.gameIntent && spec.span != GameSpec::Span::Frame)
    r.fail("game.intent", "\"game\" goes with the span \"frame\" (the frame is re-run)");
  for (const char* key : {"span", "velocityAt", "intent"})
    if (r.ok() && spec.mode != GameSpec::Mode::Frame && g.contains(key))
      r.fail(std::string("game.") + key,
             "goes with \"mode\": \"frame\" (call mode calls the routine itself)");
}

// game.mode, game.routines, game.entitySlot (frame mode, docs/game-mode.md).
void readFrameMode(JsonReader& r, const json& g, const json& j, RoutineManifest& m,
                   GameSpec& spec) {
  const std::string mode = r.string(g, "game", "mode", "call");
  if (mode == "frame")
    spec.mode = GameSpec::Mode::Frame;
  else if (mode != "call" && r.ok())
    r.fail("game.mode", "expected \"call\" or \"frame\", got \"" + mode + "\"");
  if (const json* rs = r.array(g, "game", "routines", false)) {
    spec.noRoutines = rs->empty();  // refused below unless the span is not "call"
    for (size_t i = 0; i < rs->size() && r.ok(); ++i) {
      const json& v = (*rs)[i];
      if (!v.is_string() || v.get<std::string>().empty())
        r.fail(JsonReader::join("game.routines", i), "expected a label name");
      else
        spec.routines.push_back(v.get<std::string>());
    }
  }
  if (!r.ok()) return;
  if (spec.mode == GameSpec::Mode::Frame && !j.contains("entry") && !spec.routines.empty())
    m.entry = spec.routines.front();
  spec.entitySlot = r.string(g, "game", "entitySlot", "order");
  const std::string& es = spec.entitySlot;
  if (r.ok() && es != "order" && es.rfind("label:", 0) != 0 && presetRegisterBits(m.cpu, es) == 0)
    r.fail("game.entitySlot", "expected \"order\", a register of the " +
                                  std::string(cpuName(m.cpu)) + " or \"label:NAME\", got \"" + es +
                                  "\"");
  else if (r.ok() && es == "label:")
    r.fail("game.entitySlot", "\"label:\" needs a label name");
  readFrameSpan(r, g, spec);
}

void readGame(JsonReader& r, const json& j, RoutineManifest& m, int version) {
  const json* g = r.object(j, "", "game", false);
  if (!g) return;
  if (version < 2) {
    r.fail("game", "needs \"format\": \"collidoscope-routine/2\"");
    return;
  }
  // The code is the built ROM: nothing to assemble, nowhere to lay segments out.
  for (const char* key : {"sources", "toolchain", "layout"})
    if (r.ok() && j.contains(key))
      r.fail(key, "a game manifest has no \"" + std::string(key) +
                      "\": the code is the built ROM (game.rom)");
  GameSpec spec;
  std::string rom = r.string(*g, "game", "rom");
  if (r.ok() && rom.empty()) r.fail("game.rom", "is empty");
  if (r.ok()) spec.rom = resolveRelative(m.path, rom);
  if (const json* syms = r.array(*g, "game", "symbols", false)) {
    for (size_t i = 0; i < syms->size() && r.ok(); ++i) {
      const json& v = (*syms)[i];
      if (!v.is_string() || v.get<std::string>().empty())
        r.fail(JsonReader::join("game.symbols", i), "expected a file name");
      else
        spec.symbols.push_back(resolveRelative(m.path, v.get<std::string>()));
    }
  }
  spec.buildDirectory = resolveRelative(m.path, ".");
  if (const json* b = r.object(*g, "game", "build", false)) {
    spec.buildCommand = r.string(*b, "game.build", "command");
    if (r.ok() && spec.buildCommand.empty()) r.fail("game.build.command", "is empty");
    spec.buildDirectory = resolveRelative(m.path, r.string(*b, "game.build", "directory", "."));
    spec.buildTimeoutMs =
        int(r.integer(*b, "game.build", "timeoutMs", 1, 86400000, kDefaultBuildTimeoutMs));
  }
  if (const json* boot = r.object(*g, "game", "boot")) {
    const bool to = boot->contains("to"), frames = boot->contains("frames");
    if (to == frames) {
      r.fail("game.boot", "needs either \"to\" (a label) or \"frames\" (a count)");
    } else if (to) {
      spec.bootTo = r.string(*boot, "game.boot", "to");
      if (r.ok() && spec.bootTo.empty()) r.fail("game.boot.to", "expected a label name");
      spec.bootMaxFrames = int(r.integer(*boot, "game.boot", "maxFrames", 1, 36000, 120));
    } else {
      spec.bootFrames = int(r.integer(*boot, "game.boot", "frames", 0, 36000));
      if (boot->contains("maxFrames") && r.ok())
        r.fail("game.boot.maxFrames", "goes with \"to\", not with \"frames\"");
    }
  }
  readFrameMode(r, *g, j, m, spec);
  m.game = std::move(spec);
}

void readRegisters(JsonReader& r, const json& j, RoutineManifest& m, int version) {
  const json* regs = r.object(j, "", "registers", false);
  if (!regs) return;
  if (version < 2) {
    r.fail("registers", "needs \"format\": \"collidoscope-routine/2\"");
    return;
  }
  for (auto it = regs->begin(); it != regs->end() && r.ok(); ++it) {
    const std::string p = JsonReader::join("registers", it.key());
    RegisterPreset preset;
    preset.reg = it.key();
    const int bits = presetRegisterBits(m.cpu, preset.reg);
    if (bits == 0) {
      r.fail(p,
             std::string("is not a register of the ") + cpuName(m.cpu) +
                 (m.cpu == Cpu::M6502 ? " (A, X, Y)" : " (A, B, C, D, E, H, L, AF, BC, DE, HL)"));
      break;
    }
    if (it->is_number_integer()) {
      preset.value = int(r.element(*it, p, 0, (1 << bits) - 1));
    } else if (!it->is_string() || it->get<std::string>().empty()) {
      r.fail(
          p,
          "expected a number, \"slot\", \"field:NAME\", \"cell:x\", \"other:TABLE:N\" or a label");
    } else {
      const std::string text = it->get<std::string>();
      if (text == "slot") {
        preset.source = RegisterPreset::Source::Slot;
      } else if (text.rfind("cell:", 0) == 0) {
        readCellPreset(r, p, text, preset);
      } else if (text.rfind("other:", 0) == 0) {
        preset.source = RegisterPreset::Source::Other;
        preset.other = readEntityRef(r, p, text, m);
      } else if (text.rfind("field:", 0) == 0) {
        preset.source = RegisterPreset::Source::Field;
        preset.name = text.substr(6);
        if (!m.fields.count(preset.name))
          r.fail(p, "\"" + preset.name + "\" is not one of entity.fields");
      } else if (auto n = parseNumberText(text)) {
        if (*n < 0 || *n >= (int64_t(1) << bits))
          r.fail(p, "\"" + text + "\" does not fit in " + std::to_string(bits) + " bits");
        preset.value = int(*n);
      } else {
        preset.source = RegisterPreset::Source::Label;
        preset.name = text;
      }
    }
    m.registers.push_back(std::move(preset));
  }
}

// An entity field the motion block names: a key of entity.fields.
std::string intentFieldName(JsonReader& r, const json& obj, const std::string& path,
                            const std::string& key, const RoutineManifest& m,
                            std::optional<std::string> fallback = std::nullopt) {
  const std::string name = r.string(obj, path, key, fallback);
  if (r.ok() && !m.fields.count(name))
    r.fail(JsonReader::join(path, key), "\"" + name + "\" is not one of entity.fields");
  return name;
}

IntentField readIntentField(JsonReader& r, const json& mo, const std::string& key,
                            const RoutineManifest& m) {
  IntentField f;
  const std::string p = JsonReader::join("motion", key);
  const json* v = r.field(mo, "motion", key, true);
  if (!v) return f;
  if (v->is_string()) {
    f.field = intentFieldName(r, mo, "motion", key, m);
    // The field's own shape, when it declares one, says how to read it.
    if (r.ok()) f.fracBits = m.fields.at(f.field).fracBits;
    return f;
  }
  if (!v->is_object()) {
    r.fail(p, "expected a field name or {\"field\": ..., \"fracBits\": ..., \"signed\": ...}");
    return f;
  }
  f.field = intentFieldName(r, *v, p, "field", m);
  f.isSigned = r.boolean(*v, p, "signed", true);
  if (r.ok()) {
    const FieldBinding& fb = m.fields.at(f.field);
    f.fracBits = int(r.integer(*v, p, "fracBits", 0, 8 * fb.size - 1, fb.fracBits));
  }
  return f;
}

// The motion block (docs/manifest.md): where the oracle takes a call's intended move from.
void readMotion(JsonReader& r, const json& j, RoutineManifest& m) {
  MotionModel& mm = m.motion;
  const json* mo = r.object(j, "", "motion", false);
  // Version 1 before "from" existed: a "speed" field gave the magnitude.
  const bool legacySpeed = m.fields.count("speed") > 0;
  if (!mo) {
    if (legacySpeed) {
      mm.from = IntentSource::Speed;
      mm.speedField = "speed";
    }
    return;
  }
  mm.speed = int(r.integer(*mo, "motion", "speed", 1, 64, 1));
  if (const json* slots = r.array(*mo, "motion", "inputSlots", false)) {
    mm.inputSlots.clear();
    for (size_t i = 0; i < slots->size() && r.ok(); ++i)
      mm.inputSlots.push_back(
          int(r.element((*slots)[i], JsonReader::join("motion.inputSlots", i), 0, 255)));
  }
  if (const json* dirs = r.object(*mo, "motion", "directions", false)) {
    for (auto it = dirs->begin(); it != dirs->end() && r.ok(); ++it) {
      std::string p = JsonReader::join("motion.directions", it.key());
      auto key = parseNumberText(it.key());
      if (!key)
        r.fail(p, "key must be a number");
      else if (!it->is_array() || it->size() != 2)
        r.fail(p, "expected [dx, dy]");
      else
        mm.directions[int(*key)] = {int(r.element((*it)[0], p + "[0]", -1, 1)),
                                    int(r.element((*it)[1], p + "[1]", -1, 1))};
    }
  }
  const std::string from = r.string(*mo, "motion", "from", legacySpeed ? "speed" : "input");
  if (!r.ok()) return;
  if (from == "input") {
    mm.from = IntentSource::Input;
  } else if (from == "speed") {
    mm.from = IntentSource::Speed;
    mm.speedField = intentFieldName(r, *mo, "motion", "speedField", m, "speed");
  } else if (from == "velocity") {
    mm.from = IntentSource::Velocity;
    mm.dx = readIntentField(r, *mo, "dx", m);
    mm.dy = readIntentField(r, *mo, "dy", m);
    const std::string round = r.string(*mo, "motion", "rounding", "floor");
    if (r.ok() && round != "floor" && round != "toward-zero")
      r.fail("motion.rounding", "\"" + round + "\" is not floor or toward-zero");
    mm.rounding = round == "toward-zero" ? SubpixelRounding::TowardZero : SubpixelRounding::Floor;
  } else if (from == "requested") {
    mm.from = IntentSource::Requested;
    mm.requestedX = intentFieldName(r, *mo, "motion", "x", m);
    mm.requestedY = intentFieldName(r, *mo, "motion", "y", m);
  } else {
    r.fail("motion.from", "\"" + from + "\" is not input, speed, velocity or requested");
    return;
  }
  const std::string diag = r.string(*mo, "motion", "diagonal", "both");
  if (!r.ok()) return;
  if (diag == "both")
    mm.diagonal = DiagonalRule::Both;
  else if (diag == "one-axis")
    mm.diagonal = DiagonalRule::OneAxis;
  else if (diag == "last-pressed")
    mm.diagonal = DiagonalRule::LastPressed;
  else
    r.fail("motion.diagonal", "\"" + diag + "\" is not both, one-axis or last-pressed");
  if (const json* pr = r.array(*mo, "motion", "priority", false)) {
    if (pr->size() != 4) r.fail("motion.priority", "expected the four directions in order");
    std::array<bool, 4> seen{};
    for (size_t i = 0; i < pr->size() && i < 4 && r.ok(); ++i) {
      const std::string p = JsonReader::join("motion.priority", i);
      const json& v = (*pr)[i];
      int k = -1;
      for (int d = 0; d < 4; ++d)
        if (v.is_string() && v == padDirectionName(PadDirection(d))) k = d;
      if (k < 0)
        r.fail(p, "expected up, down, left or right");
      else if (seen[size_t(k)])
        r.fail(p, "\"" + v.get<std::string>() + "\" appears twice");
      if (k < 0 || !r.ok()) break;
      seen[size_t(k)] = true;
      mm.priority[i] = PadDirection(k);
    }
  }
}

}  // namespace

namespace detail {

// The field and label parsers of this file, for manifest_tables.cpp.
FieldBinding parseManifestField(JsonReader& r, const json& v, const std::string& p,
                                int defaultStride, const LabelRef& base) {
  return parseFieldBinding(r, v, p, defaultStride, base);
}
LabelRef parseManifestLabel(JsonReader& r, const json& v, const std::string& p) {
  return labelRef(r, v, p);
}
LabelRef parseManifestLabelField(JsonReader& r, const json& obj, const std::string& p,
                                 const std::string& key, bool required) {
  return labelField(r, obj, p, key, required);
}

}  // namespace detail

int RoutineManifest::tableIndex(const std::string& name) const {
  if (name.empty() || name == "entity") return 0;
  for (size_t i = 0; i < tables.size(); ++i)
    if (tables[i].name == name) return int(i) + 1;
  return -1;
}

int presetRegisterBits(Cpu cpu, const std::string& reg) {
  static const char* const k6502[] = {"A", "X", "Y"};
  static const char* const kSm83x8[] = {"A", "B", "C", "D", "E", "H", "L"};
  static const char* const kSm83x16[] = {"AF", "BC", "DE", "HL"};
  if (cpu == Cpu::M6502) {
    for (const char* n : k6502)
      if (reg == n) return 8;
    return 0;
  }
  for (const char* n : kSm83x8)
    if (reg == n) return 8;
  for (const char* n : kSm83x16)
    if (reg == n) return 16;
  return 0;
}

const char* padDirectionName(PadDirection d) {
  static const char* const kNames[4] = {"up", "down", "left", "right"};
  return kNames[size_t(d)];
}

const char* pairRoleName(PairRole r) {
  static const char* const kNames[kPairRoleCount] = {"x1", "y1", "w1", "h1", "x2",  "y2",
                                                     "w2", "h2", "a1", "a2", "size"};
  return kNames[size_t(r)];
}

bool loadManifest(const std::string& path, RoutineManifest& out, std::string* error) {
  auto parsed = readJsonFile(path, error);
  if (!parsed) return false;
  const json& j = *parsed;
  JsonReader r(j, error);
  RoutineManifest m;
  m.path = path;
  if (r.format(j, "collidoscope-routine", kManifestVersion)) {
    m.name = r.string(j, "", "name", "routine");
    std::string cpu = r.string(j, "", "cpu");
    if (cpu == "6502")
      m.cpu = Cpu::M6502;
    else if (cpu == "sm83")
      m.cpu = Cpu::Sm83;
    else if (r.ok())
      r.fail("cpu", "\"" + cpu + "\" is not 6502 or sm83");
    const int version = formatVersion(j);
    readGame(r, j, m, version);
    if (!m.game) {
      m.toolchain = r.string(j, "", "toolchain", m.cpu == Cpu::M6502 ? "ca65" : "builtin");
      if (r.ok() && m.toolchain != "ca65" && m.toolchain != "builtin")
        r.fail("toolchain", "\"" + m.toolchain + "\" is not ca65 or builtin");
      if (r.ok() && (m.toolchain == "ca65") != (m.cpu == Cpu::M6502))
        r.fail("toolchain", m.toolchain + " does not assemble for " + cpu);
      if (const json* src = r.array(j, "", "sources")) {
        if (src->empty()) r.fail("sources", "is empty");
        for (size_t i = 0; i < src->size() && r.ok(); ++i) {
          if (!(*src)[i].is_string())
            r.fail(JsonReader::join("sources", i), "expected a file name");
          else
            m.sources.push_back(resolveRelative(path, (*src)[i].get<std::string>()));
          // A source that is there but cannot be read whole (a device, a FIFO, a folder,
          // over the size cap) is refused here, naming the manifest's field, and is never
          // opened. A missing one is left to the assembler: a routine may be loaded
          // before its sources are written or generated.
          std::error_code ec;
          if (r.ok() && std::filesystem::exists(m.sources.back(), ec))
            if (auto why = unreadableReason(m.sources.back(), kMaxSourceBytes))
              r.fail(JsonReader::join("sources", i), *why);
        }
      }
      if (const json* lay = r.object(j, "", "layout", false)) {
        m.zeropage = uint16_t(r.integer(*lay, "layout", "zeropage", 0, 0xFF, 0));
        m.bss = uint16_t(r.integer(*lay, "layout", "bss", 0, 0xFFFF, 0x200));
        m.code = uint16_t(r.integer(*lay, "layout", "code", 0, 0xFFFF, 0x8000));
        if (r.ok()) checkLayout(r, m);
      }
      if (r.ok()) readAsmOptions(r, j, m);
    }
    // A frame-mode manifest may name its routines alone: the first is the entry.
    const bool routinesOnly = m.game && m.game->mode == GameSpec::Mode::Frame &&
                              !j.contains("entry") && !m.game->routines.empty();
    // `"routines": []` (frame mode, a frame or label span): no routine, no entry.
    const bool none = m.game && m.game->noRoutines && !j.contains("entry");
    if (!routinesOnly && !none) m.entry = r.string(j, "", "entry");
    if (none) m.entry.clear();
    if (m.game && m.game->routines.empty() && !none) m.game->routines.push_back(m.entry);
    m.cycleBudget = uint64_t(
        r.integer(j, "", "cycleBudget", 100, 100000000, m.cpu == Cpu::M6502 ? 29780 : 17556));
    if (const json* ent = r.object(j, "", "entity")) {
      if (r.field(*ent, "entity", "slot", false))
        m.slot = labelField(r, *ent, "entity", "slot", true);
      readFields(r, *ent, m);
    }
    if (const json* in = r.object(j, "", "input", false)) {
      InputBinding ib;
      std::string enc = r.string(*in, "input", "encoding", "nes-buttons");
      if (enc == "nes-buttons")
        ib.encoding = InputBinding::Encoding::NesButtons;
      else if (enc == "gb-buttons")
        ib.encoding = InputBinding::Encoding::GbButtons;
      else if (enc == "dxdy")
        ib.encoding = InputBinding::Encoding::DxDy;
      else
        r.fail("input.encoding", "\"" + enc + "\" is not nes-buttons, gb-buttons or dxdy");
      ib.ref = labelField(r, *in, "input", "label", true);
      if (ib.encoding == InputBinding::Encoding::DxDy)
        ib.dy = labelField(r, *in, "input", "dyLabel", true);
      ib.slot = int(r.integer(*in, "input", "slot", -1, 255, 0));
      m.input = ib;
    }
    readMap(r, j, m);
    readSweep(r, j, m);
    readTables(r, j, m, version);
    readRegisters(r, j, m, version);
    if (const json* hb = r.object(j, "", "hitbox", false))
      m.hitbox = readManifestHitbox(r, *hb, "hitbox");
    readMotion(r, j, m);
    readResults(r, j, m, version);
    detail::readQuery(r, j, m);
  }
  if (!r.ok()) {
    *error = path + ": " + *error;
    return false;
  }
  out = std::move(m);
  return true;
}

}  // namespace core
