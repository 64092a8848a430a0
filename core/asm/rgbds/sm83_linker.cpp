#include "core/asm/rgbds/sm83_linker.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/asm/rgbds/sm83_linker_script.h"
#include "core/util/text.h"

namespace core::sm83 {

namespace {

std::string where(const Program& p, const SrcPos& pos) {
  SourceLoc l = p.loc(pos);
  return l.file + ":" + std::to_string(l.line);
}

// Free space of one bank of one region, as sorted disjoint [start, end) ranges.
struct BankSpace {
  std::vector<std::pair<uint32_t, uint32_t>> free;
  std::vector<int> owners;  // sections placed here, for overlap messages
};

class Placer {
 public:
  explicit Placer(Program& p) : p_(p) {}

  void run() {
    std::vector<int> fixed, floating;
    for (size_t i = 0; i < p_.sections.size(); ++i) {
      const Section& s = p_.sections[i];
      if (s.merged) continue;
      if (const char* flag = excludedBy(s.type, p_.modes)) {
        sectionError(s, "section '" + s.name + "' is " + regionInfo(s.type).name +
                            ", which the linker's " + flag + " flag leaves out");
        continue;
      }
      if (s.size > region(s.type).size) {
        sectionError(s, "section '" + s.name + "' is too big (" + std::to_string(s.size) +
                            " bytes; " + region(s.type).name + " holds " +
                            std::to_string(region(s.type).size) + ")");
        continue;
      }
      (s.fixedAddress >= 0 && bankFixed(s) ? fixed : floating).push_back(static_cast<int>(i));
    }
    for (int i : fixed) placeFixed(i);
    // rgblink's order: by constraint (bank, then address, else alignment: bank+align,
    // bank, address, align, none; a region of one bank fixes the bank), then the
    // biggest first, and among sections of one size the one read last first (rgblink
    // inserts each before those of its size). The alignment's size plays no part.
    auto category = [&](const Section& s) {
      return (bankFixed(s) ? 4 : 0) + (s.fixedAddress >= 0 ? 2 : s.alignBits ? 1 : 0);
    };
    std::sort(floating.begin(), floating.end(), [&](int a, int b) {
      const Section& x = p_.sections[static_cast<size_t>(a)];
      const Section& y = p_.sections[static_cast<size_t>(b)];
      if (category(x) != category(y)) return category(x) > category(y);
      if (x.size != y.size) return x.size > y.size;
      return a > b;
    });
    for (int i : floating) placeFloating(i);
  }

 private:
  RegionInfo region(SectionType t) const { return linkRegion(t, p_.modes); }

  bool bankFixed(const Section& s) const {
    const RegionInfo r = region(s.type);
    return r.minBank == r.maxBank || s.fixedBank >= 0;
  }

  // At the SECTION line, plus where a linker script put it.
  void sectionError(const Section& s, std::string msg) {
    p_.error(s.pos, std::move(msg));
    if (!s.scriptLoc.file.empty())
      p_.diagnostics.push_back(
          Diagnostic{Diagnostic::Severity::Note, s.scriptLoc, "placed here by the linker script"});
  }

  BankSpace& space(SectionType t, int bank) {
    auto key = std::make_pair(static_cast<int>(t), bank);
    auto it = banks_.find(key);
    if (it != banks_.end()) return it->second;
    const RegionInfo r = region(t);
    BankSpace& b = banks_[key];
    b.free.push_back({r.start, r.start + r.size});
    return b;
  }

  // Takes [start, start+size) out of the free list; false if not entirely free.
  static bool take(BankSpace& b, uint32_t start, uint32_t size) {
    const uint32_t end = start + size;
    for (size_t i = 0; i < b.free.size(); ++i) {
      auto [fs, fe] = b.free[i];
      if (start < fs || end > fe) continue;
      b.free.erase(b.free.begin() + static_cast<long>(i));
      if (end < fe) b.free.insert(b.free.begin() + static_cast<long>(i), {end, fe});
      if (fs < start) b.free.insert(b.free.begin() + static_cast<long>(i), {fs, start});
      return true;
    }
    return size == 0;
  }

  void place(Section& s, int idx, int bank, uint32_t address, BankSpace& b) {
    s.placed = true;
    s.bank = bank;
    s.address = address;
    b.owners.push_back(idx);
  }

  void placeFixed(int idx) {
    Section& s = p_.sections[static_cast<size_t>(idx)];
    const RegionInfo r = region(s.type);
    const int bank = s.fixedBank >= 0 ? s.fixedBank : r.minBank;
    const uint32_t addr = static_cast<uint32_t>(s.fixedAddress);
    BankSpace& b = space(s.type, bank);
    if (addr + s.size > r.start + r.size) {
      sectionError(s, "section '" + s.name + "' (" + std::to_string(s.size) + " bytes at " +
                          hex(addr, 4) + ") overflows " + r.name + " (ends at " +
                          hex(r.start + r.size - 1, 4) + ")");
      return;
    }
    if (!take(b, addr, s.size)) {
      std::string other = "another section";
      for (int o : b.owners) {
        const Section& os = p_.sections[static_cast<size_t>(o)];
        if (addr < os.address + os.size && os.address < addr + s.size) {
          other = "section '" + os.name + "' (" + hex(os.address, 4) + "-" +
                  hex(os.address + std::max(os.size, 1u) - 1, 4) + ", " + where(p_, os.pos) + ")";
          break;
        }
      }
      sectionError(s, "section '" + s.name + "' (" + hex(addr, 4) + "-" +
                          hex(addr + s.size - 1, 4) + ") overlaps " + other);
      return;
    }
    place(s, idx, bank, addr, b);
  }

  void placeFloating(int idx) {
    Section& s = p_.sections[static_cast<size_t>(idx)];
    const RegionInfo r = region(s.type);
    const int first = s.fixedBank >= 0 ? s.fixedBank : r.minBank;
    const int last = s.fixedBank >= 0 ? s.fixedBank : r.maxBank;
    const uint32_t align = 1u << s.alignBits;
    if (s.size == 0) {
      // As rgblink: an empty section overlaps nothing; it goes to its address, else the
      // region's start, in its bank, else the first.
      const uint32_t at = s.fixedAddress >= 0 ? static_cast<uint32_t>(s.fixedAddress) : r.start;
      return place(s, idx, first, at, space(s.type, first));
    }
    for (int bank = first; bank <= last; ++bank) {
      BankSpace& b = space(s.type, bank);
      if (s.fixedAddress >= 0) {
        if (take(b, static_cast<uint32_t>(s.fixedAddress), s.size))
          return place(s, idx, bank, static_cast<uint32_t>(s.fixedAddress), b);
        continue;
      }
      for (size_t i = 0; i < b.free.size(); ++i) {
        auto [fs, fe] = b.free[i];
        uint32_t start = (fs & ~(align - 1)) + s.alignOffset;
        if (start < fs) start += align;
        if (start + s.size <= fe) {
          take(b, start, s.size);
          return place(s, idx, bank, start, b);
        }
      }
    }
    sectionError(s, "section '" + s.name + "' (" + std::to_string(s.size) +
                        " bytes) does not fit in " + r.name +
                        (s.fixedBank >= 0 ? " bank " + std::to_string(s.fixedBank) : "") +
                        ": not enough free space");
  }

  Program& p_;
  std::map<std::pair<int, int>, BankSpace> banks_;
};

class LinkResolver : public ExprResolver {
 public:
  LinkResolver(const Program& p, const std::map<std::string, std::pair<int, int>>& exports)
      : p_(p), exports_(exports) {}
  void setUnit(int u) { unit_ = u; }

  const Symbol* resolve(int32_t idx) const {
    const Symbol* s = &p_.units[static_cast<size_t>(unit_)].symbols[static_cast<size_t>(idx)];
    if (s->kind == SymKind::Undefined && !s->anonymous) {
      auto it = exports_.find(s->name);
      if (it != exports_.end())
        s = &p_.units[static_cast<size_t>(it->second.first)]
                 .symbols[static_cast<size_t>(it->second.second)];
    }
    return s;
  }
  ExprValue symbol(int32_t idx) const override {
    const Symbol* s = resolve(idx);
    if (s->kind == SymKind::Equ || s->kind == SymKind::Var) return {s->value, -1, true};
    if (s->kind == SymKind::Label) return pc(s->section, s->value);
    return {};
  }
  ExprValue pc(int32_t sec, int32_t off) const override {
    const Section& s = p_.sections[static_cast<size_t>(sec)];
    if (!s.placed) return {};
    return {static_cast<int32_t>(s.address) + off, -1, true};
  }
  ExprValue bankOfSymbol(int32_t idx) const override {
    const Symbol* s = resolve(idx);
    if (s->kind != SymKind::Label) return {};
    return bankOfSection(s->section);
  }
  ExprValue bankOfSection(int32_t sec) const override {
    const Section& s = p_.sections[static_cast<size_t>(sec)];
    if (!s.placed) return {};
    return {s.bank, -1, true};
  }
  ExprValue sectionProperty(ExprKind kind, const std::string& name) const override {
    for (const Section& s : p_.sections) {
      if (s.name != name || !s.placed) continue;
      if (kind == ExprKind::BankSec) return {s.bank, -1, true};
      if (kind == ExprKind::StartofSec) return {static_cast<int32_t>(s.address), -1, true};
      return {static_cast<int32_t>(s.size), -1, true};
    }
    return {};
  }

  // Why an expression could not be evaluated, for the message.
  std::string explain(const Expr& e, int failOp, int& col) const {
    if (failOp < 0 || failOp >= static_cast<int>(e.ops.size()))
      return "expression cannot be resolved";
    const ExprOp& op = e.ops[static_cast<size_t>(failOp)];
    col = op.col;
    switch (op.kind) {
      case ExprKind::Sym:
      case ExprKind::BankSym: {
        const Symbol* s = resolve(op.a);
        const Symbol& local =
            p_.units[static_cast<size_t>(unit_)].symbols[static_cast<size_t>(op.a)];
        if (local.anonymous) return "anonymous label reference has no target";
        if (s->kind == SymKind::Undefined) {
          for (size_t u = 0; u < p_.units.size(); ++u) {
            if (static_cast<int>(u) == unit_) continue;
            auto it = p_.units[u].byName.find(local.name);
            if (it != p_.units[u].byName.end() &&
                p_.units[u].symbols[static_cast<size_t>(it->second)].kind != SymKind::Undefined)
              return "undefined symbol '" + local.name + "' (defined in " +
                     where(p_, p_.units[u].symbols[static_cast<size_t>(it->second)].defined) +
                     " but not exported; use '::' or EXPORT)";
          }
          return "undefined symbol '" + local.name + "'";
        }
        if (op.kind == ExprKind::BankSym) return "BANK() needs a label, '" + s->name + "' is not";
        return "symbol '" + s->name + "' is in a section that could not be placed";
      }
      case ExprKind::BankSec:
      case ExprKind::SizeofSec:
      case ExprKind::StartofSec:
        return "unknown section \"" + e.strs[static_cast<size_t>(op.a)] + "\"";
      default:
        return "expression refers to a section that could not be placed";
    }
  }

 private:
  const Program& p_;
  const std::map<std::string, std::pair<int, int>>& exports_;
  int unit_ = 0;
};

}  // namespace

bool storePatchValue(std::vector<uint8_t>& data, uint32_t offset, PatchKind kind, int32_t v,
                     std::string& err, std::string& warn) {
  auto byte = [&](uint32_t at, int32_t x) {
    if (at < data.size()) data[at] = static_cast<uint8_t>(x);
  };
  switch (kind) {
    case PatchKind::Byte:
      // Like rgbasm: -256..-129 (`and ~$80`) only trips -Wtruncation=2, which is off.
      if (v < -256 || v > 255)
        warn = "value " + std::to_string(v) + " does not fit in 8 bits: truncated to " +
               hex(static_cast<uint32_t>(v) & 0xFF, 2) + "; use LOW() to force 8-bit [-Wtruncation]";
      byte(offset, v);
      return true;
    case PatchKind::Signed8:
      if (v < -128 || v > 255) {
        err = "offset " + std::to_string(v) + " does not fit in a signed byte";
        return false;
      }
      byte(offset, v);
      return true;
    case PatchKind::Word:
      if (v < -65536 || v > 65535)
        warn = "value " + std::to_string(v) + " does not fit in 16 bits: truncated to " +
               hex(static_cast<uint32_t>(v) & 0xFFFF, 4) + " [-Wtruncation]";
      byte(offset, v);
      byte(offset + 1, v >> 8);
      return true;
    case PatchKind::Long:
      for (uint32_t i = 0; i < 4; ++i) byte(offset + i, v >> (8 * i));
      return true;
    case PatchKind::Jr:
      if (v < -128 || v > 127) {
        err = "jr target out of range (" + std::to_string(v) +
              " bytes away; jr reaches -128..127, use jp)";
        return false;
      }
      byte(offset, v);
      return true;
    case PatchKind::Ldh:
      if (v >= 0xFF00 && v <= 0xFFFF) v -= 0xFF00;
      if (v < 0 || v > 0xFF) {
        err = "ldh address " + hex(static_cast<uint32_t>(v) & 0xFFFFFFFF, 4) +
              " is not in $FF00-$FFFF";
        return false;
      }
      byte(offset, v);
      return true;
    case PatchKind::Rst:
      if (v < 0 || v > 0x38 || (v & 7)) {
        err =
            "rst vector " + hex(static_cast<uint32_t>(v), 2) + " must be one of $00, $08, ..., $38";
        return false;
      }
      byte(offset, 0xC7 | v);
      return true;
    case PatchKind::Bit:
      if (v < 0 || v > 7) {
        err = "bit number " + std::to_string(v) + " must be 0-7";
        return false;
      }
      if (offset < data.size()) data[offset] = static_cast<uint8_t>(data[offset] | (v << 3));
      return true;
  }
  return false;
}

RegionInfo linkRegion(SectionType t, const LinkModes& m) {
  RegionInfo r = regionInfo(t);
  if (m.tiny && t == SectionType::Rom0) r.size = 0x8000;
  if ((m.wram0 || m.dmg) && t == SectionType::Wram0) r.size = 0x2000;
  if (m.dmg && t == SectionType::Vram) r.maxBank = 0;
  return r;
}

const char* excludedBy(SectionType t, const LinkModes& m) {
  if (m.tiny && t == SectionType::Romx) return "-t (--tiny)";
  if (m.dmg && t == SectionType::Wramx) return "-d (--dmg)";
  if (m.wram0 && t == SectionType::Wramx) return "-w (--wramx)";
  return nullptr;
}

// rgblink joins the FRAGMENT pieces of one name from several files into one
// section, in file order: later pieces move to the end of the first, with their
// labels, patches, line records and every expression that points into them.
void mergeFragments(Program& prog) {
  std::map<std::string, int> head;
  std::vector<std::pair<int, uint32_t>> moved(prog.sections.size(), {-1, 0});
  bool any = false;
  for (size_t i = 0; i < prog.sections.size(); ++i) {
    Section& s = prog.sections[i];
    if (!s.fragment) continue;
    auto [it, first] = head.emplace(s.name, static_cast<int>(i));
    if (first) continue;
    Section& h = prog.sections[static_cast<size_t>(it->second)];
    const uint32_t off = h.size;
    moved[i] = {it->second, off};
    any = true;
    h.data.insert(h.data.end(), s.data.begin(), s.data.end());
    h.size += s.size;
    for (Patch& p : s.patches) {
      p.offset += off;
      p.pcOffset += off;
      h.patches.push_back(std::move(p));
    }
    s.patches.clear();
    s.data.clear();
    s.size = 0;
    s.merged = true;
  }
  if (!any) return;
  auto remap = [&](Expr& e) {
    for (ExprOp& op : e.ops) {
      if ((op.kind != ExprKind::Pc && op.kind != ExprKind::BankPc) || op.a < 0) continue;
      const auto [to, off] = moved[static_cast<size_t>(op.a)];
      if (to < 0) continue;
      op.a = to;
      if (op.kind == ExprKind::Pc) op.b += static_cast<int32_t>(off);
    }
  };
  for (Section& s : prog.sections)
    for (Patch& p : s.patches) remap(p.expr);
  for (Assertion& a : prog.assertions) remap(a.expr);
  for (Unit& u : prog.units)
    for (Symbol& sym : u.symbols)
      if (sym.kind == SymKind::Label && sym.section >= 0)
        if (const auto [to, off] = moved[static_cast<size_t>(sym.section)]; to >= 0) {
          sym.section = to;
          sym.value += static_cast<int32_t>(off);
        }
  for (LineRec& l : prog.lines)
    if (l.section >= 0)
      if (const auto [to, off] = moved[static_cast<size_t>(l.section)]; to >= 0) {
        l.section = to;
        l.offset += off;
      }
}

void link(Program& prog, AsmResult& out, const LinkOptions& opts) {
  prog.modes = opts.modes;
  mergeFragments(prog);
  for (Section& s : prog.sections)
    if (s.isUnion) s.size = std::max(s.size, s.unionMax);
  if (!opts.linkerScript.empty()) {
    applyLinkerScript(prog, opts.linkerScript, opts.readFile);
    if (hasErrors(prog.diagnostics)) {
      out.debug.files = prog.files;
      return;
    }
  }
  Placer(prog).run();

  // Exported symbols, visible to every unit.
  std::map<std::string, std::pair<int, int>> exports;
  for (size_t u = 0; u < prog.units.size(); ++u) {
    const Unit& unit = prog.units[u];
    for (size_t i = 0; i < unit.symbols.size(); ++i) {
      const Symbol& s = unit.symbols[i];
      if (!s.exported || s.kind == SymKind::Undefined || s.kind == SymKind::Equs) continue;
      auto [it, fresh] =
          exports.emplace(s.name, std::make_pair(static_cast<int>(u), static_cast<int>(i)));
      if (!fresh) {
        const Symbol& o = prog.units[static_cast<size_t>(it->second.first)]
                              .symbols[static_cast<size_t>(it->second.second)];
        prog.error(s.defined, "exported symbol '" + s.name + "' is also exported from " +
                                  where(prog, o.defined));
      }
    }
  }

  LinkResolver resolver(prog, exports);
  for (Section& sec : prog.sections) {
    if (!sec.placed) continue;
    for (const Patch& p : sec.patches) {
      resolver.setUnit(p.unit);
      EvalResult r = evaluate(p.expr, resolver);
      SrcPos pos = p.pos;
      if (r.status == EvalResult::Error) {
        if (r.failOp >= 0) pos.col = p.expr.ops[static_cast<size_t>(r.failOp)].col;
        prog.error(pos, r.error);
        continue;
      }
      if (r.status != EvalResult::Known) {
        std::string why = resolver.explain(p.expr, r.failOp, pos.col);
        prog.error(pos, why);
        continue;
      }
      int32_t v = r.value;
      if (p.kind == PatchKind::Jr) v -= static_cast<int32_t>(sec.address + p.pcOffset + 2);
      std::string err, warn;
      if (!storePatchValue(sec.data, p.offset, p.kind, v, err, warn)) prog.error(pos, err);
      if (!warn.empty()) prog.diag(Diagnostic::Severity::Warning, pos, warn);
    }
  }
  for (const Assertion& a : prog.assertions) {
    resolver.setUnit(a.unit);
    EvalResult r = evaluate(a.expr, resolver);
    if (r.status == EvalResult::Known && r.value != 0) continue;
    SrcPos pos = a.pos;
    std::string msg = r.status == EvalResult::Known
                          ? "assertion failed" + (a.message.empty() ? "" : ": " + a.message)
                      : r.status == EvalResult::Error ? r.error
                                                      : resolver.explain(a.expr, r.failOp, pos.col);
    prog.diag(a.level == Assertion::Warn && r.status == EvalResult::Known
                  ? Diagnostic::Severity::Warning
                  : Diagnostic::Severity::Error,
              pos, msg);
  }

  // Image chunks, in address order.
  std::vector<const Section*> placed;
  for (const Section& s : prog.sections)
    if (s.placed && s.size > 0) placed.push_back(&s);
  std::stable_sort(placed.begin(), placed.end(), [](const Section* a, const Section* b) {
    bool ra = regionInfo(a->type).rom, rb = regionInfo(b->type).rom;
    if (ra != rb) return ra;
    if (a->bank != b->bank) return a->bank < b->bank;
    return a->address < b->address;
  });
  for (const Section* s : placed) {
    ImageChunk c;
    c.name = s->name;
    c.address = s->address;
    c.bank = s->bank;
    c.ram = !regionInfo(s->type).rom;
    c.size = s->size;
    if (!c.ram) c.bytes = s->data;
    out.chunks.push_back(std::move(c));
    out.debug.segments.push_back(DebugSegment{s->name, s->address, s->size, s->bank});
  }

  // Debug info: files, lines, labels and scopes.
  DebugInfo& dbg = out.debug;
  dbg.files = prog.files;
  for (const LineRec& l : prog.lines) {
    if (l.section < 0 || l.size == 0) continue;
    const Section& s = prog.sections[static_cast<size_t>(l.section)];
    if (!s.placed) continue;
    dbg.lines.push_back(DebugLine{s.address + l.offset, l.size, s.bank, l.file, l.line});
  }
  for (const Unit& unit : prog.units) {
    // Label sizes run to the next label of the same section (or its end).
    std::vector<const Symbol*> labels;
    for (const Symbol& s : unit.symbols)
      if (s.kind == SymKind::Label && !s.anonymous &&
          prog.sections[static_cast<size_t>(s.section)].placed)
        labels.push_back(&s);
    std::stable_sort(labels.begin(), labels.end(), [](const Symbol* a, const Symbol* b) {
      return a->section != b->section ? a->section < b->section : a->value < b->value;
    });
    for (size_t i = 0; i < labels.size(); ++i) {
      const Symbol& s = *labels[i];
      const Section& sec = prog.sections[static_cast<size_t>(s.section)];
      uint32_t end = sec.size;
      uint32_t scopeEnd = sec.size;
      bool haveEnd = false;
      for (size_t j = i + 1; j < labels.size() && labels[j]->section == s.section; ++j) {
        if (!haveEnd && labels[j]->value > s.value) {
          end = static_cast<uint32_t>(labels[j]->value);
          haveEnd = true;
        }
        if (labels[j]->scope.empty() && labels[j]->value > s.value) {
          scopeEnd = static_cast<uint32_t>(labels[j]->value);
          break;
        }
      }
      const uint32_t addr = sec.address + static_cast<uint32_t>(s.value);
      dbg.symbols.push_back(
          DebugSymbol{s.name, addr, sec.bank, end - static_cast<uint32_t>(s.value), s.scope});
      if (s.scope.empty())
        dbg.scopes.push_back(
            DebugScope{s.name, std::string(), addr, scopeEnd - static_cast<uint32_t>(s.value)});
    }
  }
  // Exported numeric constants (EXPORT, DEF ... EQU with `::`-style export), which
  // rgblink lists in the .sym after the labels.
  std::set<std::string> constants;
  for (const Unit& unit : prog.units)
    for (const Symbol& s : unit.symbols)
      if (s.kind == SymKind::Equ && s.exported && constants.insert(s.name).second) {
        DebugSymbol c;
        c.name = s.name;
        c.address = static_cast<uint32_t>(s.value);
        c.isLabel = false;
        dbg.symbols.push_back(std::move(c));
      }
  dbg.finalize();
}

}  // namespace core::sm83
