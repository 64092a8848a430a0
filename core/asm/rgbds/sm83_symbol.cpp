#include "core/asm/rgbds/sm83_symbol.h"

#include "core/asm/rgbds/sm83_config.h"

namespace core::sm83 {

namespace {

// Resolves expressions during assembly: labels in floating sections are
// section-relative, labels in fixed sections are absolute.
class AsmResolver : public ExprResolver {
 public:
  AsmResolver(const Program& p, const Unit& u) : p_(p), u_(u) {}
  ExprValue symbol(int32_t idx) const override {
    const Symbol& s = u_.symbols[static_cast<size_t>(idx)];
    if (s.kind == SymKind::Equ || s.kind == SymKind::Var) return {s.value, -1, true};
    if (s.kind == SymKind::Label) return pc(s.section, s.value);
    return {};
  }
  ExprValue pc(int32_t sec, int32_t off) const override {
    const Section& s = p_.sections[static_cast<size_t>(sec)];
    if (s.fixedAddress >= 0) return {s.fixedAddress + off, -1, true};
    return {off, sec, true};
  }
  ExprValue bankOfSymbol(int32_t idx) const override {
    const Symbol& s = u_.symbols[static_cast<size_t>(idx)];
    if (s.kind != SymKind::Label) return {};
    return bankOfSection(s.section);
  }
  ExprValue bankOfSection(int32_t sec) const override {
    const Section& s = p_.sections[static_cast<size_t>(sec)];
    const RegionInfo& r = regionInfo(s.type);
    if (r.minBank == r.maxBank) return {r.minBank, -1, true};
    if (s.fixedBank >= 0) return {s.fixedBank, -1, true};
    return {};
  }
  ExprValue sectionProperty(ExprKind kind, const std::string& name) const override {
    for (size_t i = 0; i < p_.sections.size(); ++i) {
      if (p_.sections[i].name != name) continue;
      if (kind == ExprKind::BankSec) return bankOfSection(static_cast<int32_t>(i));
      if (kind == ExprKind::StartofSec && p_.sections[i].fixedAddress >= 0)
        return {p_.sections[i].fixedAddress, -1, true};
      return {};
    }
    return {};
  }

 private:
  const Program& p_;
  const Unit& u_;
};

}  // namespace

// ---------------------------------------------------------------- units

void Symbols::beginUnit(Unit& unit,
                        const std::vector<std::pair<std::string, std::string>>& defines) {
  unit_ = &unit;
  scope_.clear();
  localScope_.clear();
  anonCount_ = 0;
  rs_ = 0;
  equsCount_ = 0;
  // The rgbds release whose language this assembler follows (docs/rgbds.md);
  // hardware.inc and friends test these before using newer syntax.
  for (const auto& [name, value] : {std::pair<const char*, int32_t>{"__RGBDS_MAJOR__", kRgbdsMajor},
                                    {"__RGBDS_MINOR__", kRgbdsMinor},
                                    {"__RGBDS_PATCH__", kRgbdsPatch}}) {
    Symbol& s = at(get(name));
    s.kind = SymKind::Equ;
    s.value = value;
    s.builtin = true;
  }
  {
    Symbol& s = at(get("__RGBDS_VERSION__"));
    s.kind = SymKind::Equs;
    s.text = '"' + std::string(kRgbdsVersion) + '"';
    s.builtin = true;
    ++equsCount_;
  }
  for (const auto& [name, value] : defines) {
    Symbol& s = at(get(name));
    s.kind = SymKind::Equs;
    s.text = value.empty() ? "1" : value;
    s.builtin = true;
    ++equsCount_;
  }
}

void Symbols::endUnit() {
  for (const Symbol& s : unit_->symbols)
    if (s.anonymous && s.kind == SymKind::Undefined)
      prog_.error(s.firstUse, "anonymous label reference ':+' has no label after it");
}

// ---------------------------------------------------------------- names

int Symbols::find(std::string_view fullName) const {
  auto it = unit_->byName.find(fullName);
  return it == unit_->byName.end() ? -1 : it->second;
}

int Symbols::get(std::string_view fullName) {
  std::string key(fullName);
  auto it = unit_->byName.find(key);
  if (it != unit_->byName.end()) return it->second;
  int idx = static_cast<int>(unit_->symbols.size());
  Symbol s;
  s.name = key;
  s.firstUse = rep_.pos;
  unit_->symbols.push_back(std::move(s));
  unit_->byName.emplace(std::move(key), idx);
  return idx;
}

bool Symbols::fullName(std::string_view name, std::string& out, std::string& err) const {
  if (!name.empty() && name[0] == '.') {
    if (scope_.empty()) {
      err = "local label '" + std::string(name) + "' has no global label before it";
      return false;
    }
    out = scope_;
    out += name;
    return true;
  }
  out.assign(name);
  return true;
}

// ---------------------------------------------------------------- definitions

void Symbols::defineLabel(std::string_view name, bool exported, int col, int section,
                          int32_t offset) {
  std::string full, err;
  if (!fullName(name, full, err)) return rep_.error(col, err);
  size_t dot = full.find('.');
  if (dot == std::string::npos)
    scope_ = full, localScope_.clear();
  else
    localScope_ = full;
  if (section < 0) return rep_.error(col, "label '" + full + "' defined outside of a SECTION");
  Symbol& s = at(get(full));
  if (s.kind != SymKind::Undefined) {
    SourceLoc where = prog_.loc(s.defined);
    return rep_.error(col, "duplicate label '" + full + "' (already defined at " + where.file +
                               ":" + std::to_string(where.line) + ")");
  }
  s.kind = SymKind::Label;
  s.section = section;
  s.value = offset;
  s.defined = rep_.at(col);
  s.exported = s.exported || exported;
  s.scope = dot == std::string::npos ? std::string() : full.substr(0, dot);
}

void Symbols::defineAnonLabel(int col, int section, int32_t offset) {
  if (section < 0) return rep_.error(col, "anonymous label defined outside of a SECTION");
  Symbol& s = at(get("!" + std::to_string(anonCount_++)));
  s.kind = SymKind::Label;
  s.anonymous = true;
  s.section = section;
  s.value = offset;
  s.defined = rep_.at(col);
}

void Symbols::defineConstant(const std::string& full, SymKind kind, int32_t value, std::string text,
                             bool redef, int col) {
  Symbol& s = at(get(full));
  auto where = [&]() {
    SourceLoc l = prog_.loc(s.defined);
    return l.file + ":" + std::to_string(l.line);
  };
  if (s.builtin && s.kind != SymKind::Undefined && !redef)
    return rep_.error(col, "'" + full + "' is already defined on the command line");
  switch (s.kind) {
    case SymKind::Undefined:
      break;
    case SymKind::Label:
      return rep_.error(col, "'" + full + "' is already defined as a label at " + where());
    case SymKind::Var:
      if (kind != SymKind::Var && !redef)
        return rep_.error(col, "'" + full + "' is already defined as a variable at " + where());
      break;
    case SymKind::Equ:
    case SymKind::Equs:
      if (!redef || kind != s.kind)
        return rep_.error(col, "'" + full + "' is already defined at " + where());
      break;
  }
  if (s.kind == SymKind::Equs) --equsCount_;
  if (kind == SymKind::Equs) ++equsCount_;
  s.kind = kind;
  s.value = value;
  s.text = std::move(text);
  s.defined = rep_.at(col);
}

void Symbols::setVariable(int idx, int32_t value) {
  at(idx).kind = SymKind::Var;
  at(idx).value = value;
}

bool Symbols::purge(const std::string& full, int col) {
  int idx = find(full);
  if (idx < 0 || at(idx).kind == SymKind::Undefined) {
    rep_.error(col, "cannot PURGE '" + full + "': not defined");
    return false;
  }
  Symbol& s = at(idx);
  if (s.kind == SymKind::Label) {
    rep_.error(col, "cannot PURGE label '" + full + "'");
    return false;
  }
  if (s.kind == SymKind::Equs) --equsCount_;
  s.kind = SymKind::Undefined;
  s.text.clear();
  return true;
}

void Symbols::defineRs(const std::string& full, int width, int32_t count, int col) {
  defineConstant(full, SymKind::Equ, rs_, {}, false, col);
  // _RS wraps at 32 bits, with the expressions' arithmetic (a huge count is no crash).
  int32_t bytes = 0;
  const char* err = nullptr;
  if (binaryValue(ExprKind::Mul, count, width, bytes, err))
    binaryValue(ExprKind::Add, rs_, bytes, rs_, err);
}

// ---------------------------------------------------------------- expressions

const std::string* Symbols::equs(std::string_view name) const {
  if (name == "__FILE__") {
    dynamic_ =
        "\"" + (rep_.pos.file >= 0 ? prog_.files[static_cast<size_t>(rep_.pos.file)] : "") + "\"";
    return &dynamic_;
  }
  if (name == "__SCOPE__") {
    // rgbasm 1.0: the innermost scope level, "" (none), "." (global) or ".." (local).
    dynamic_ = !localScope_.empty() ? ".." : scope_.empty() ? "" : ".";
    return &dynamic_;
  }
  if (name == "." || name == "..") {
    // The current global label, and the current local one ("" when there is none):
    // `#{__SCOPE__}` is the name of the innermost label.
    dynamic_ = name == "." ? scope_ : localScope_;
    return &dynamic_;
  }
  if (equsCount_ == 0) return nullptr;
  auto it = unit_->byName.find(name);
  if (it == unit_->byName.end()) return nullptr;
  const Symbol& s = unit_->symbols[static_cast<size_t>(it->second)];
  return s.kind == SymKind::Equs ? &s.text : nullptr;
}

bool Symbols::symbolOp(std::string_view name, int col, ExprOp& out, std::string& err) {
  out.col = col;
  std::string full;
  if (!fullName(name, full, err)) return false;
  int idx = get(full);
  const Symbol& s = at(idx);
  if (s.kind == SymKind::Equ || s.kind == SymKind::Var) {
    out.kind = ExprKind::Num;
    out.a = s.value;
    return true;
  }
  if (s.kind == SymKind::Equs) {
    err = "string symbol '" + full + "' used as a number";
    return false;
  }
  out.kind = ExprKind::Sym;
  out.a = idx;
  return true;
}

bool Symbols::anonOp(int distance, int col, ExprOp& out, std::string& err) {
  int target = distance < 0 ? anonCount_ + distance : anonCount_ + distance - 1;
  if (target < 0) {
    err = "no anonymous label before this reference";
    return false;
  }
  out.kind = ExprKind::Sym;
  out.col = col;
  out.a = get("!" + std::to_string(target));
  Symbol& s = at(out.a);
  s.anonymous = true;
  if (s.kind == SymKind::Undefined) s.firstUse = rep_.at(col);
  return true;
}

bool Symbols::bankOp(std::string_view name, int col, ExprOp& out, std::string& err) {
  out.col = col;
  std::string full;
  if (!fullName(name, full, err)) return false;
  out.kind = ExprKind::BankSym;
  out.a = get(full);
  const Symbol& s = at(out.a);
  if (s.kind != SymKind::Undefined && s.kind != SymKind::Label) {
    err = "BANK() needs a label, '" + full + "' is a constant";
    return false;
  }
  return true;
}

bool Symbols::isDefined(std::string_view name) const {
  if (name == "_RS" || name == "__LINE__" || name == "__FILE__" || name == "@") return true;
  std::string full, err;
  if (!fullName(name, full, err)) return false;
  int idx = find(full);
  return idx >= 0 && at(idx).kind != SymKind::Undefined;
}

EvalResult Symbols::eval(const Expr& e) const {
  return evaluate(e, AsmResolver(prog_, *unit_));
}

std::string Symbols::whyNotConstant(const Expr& e, const EvalResult& r, int& col) const {
  col = e.col;
  if (r.failOp < 0) return "it is not known until link time";
  const ExprOp& op = e.ops[static_cast<size_t>(r.failOp)];
  col = op.col;
  if (op.kind != ExprKind::Sym && op.kind != ExprKind::BankSym)
    return "it is not known until link time";
  const Symbol& s = at(op.a);
  return s.kind == SymKind::Undefined
             ? "'" + (s.anonymous ? std::string("anonymous label") : s.name) +
                   "' is not defined (yet)"
             : "'" + s.name + "' is not constant at assembly time";
}

}  // namespace core::sm83
