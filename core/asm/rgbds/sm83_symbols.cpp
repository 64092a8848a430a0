// Symbols of the built-in SM83 assembler: keywords, label definitions, name
// resolution for expressions (locals, anonymous labels, @, _NARG) and
// assembly-time evaluation.
#include <cctype>

#include "core/asm/rgbds/sm83_assembler.h"

namespace core::sm83 {

namespace {

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

Kw keyword(std::string_view w) {
  if (w.empty() || w.size() > 13) return Kw::None;
  char buf[16];
  for (size_t i = 0; i < w.size(); ++i)
    buf[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[i])));
  static const std::unordered_map<std::string_view, Kw> kTable = {
      {"ADC", Kw::ADC},
      {"ADD", Kw::ADD},
      {"AND", Kw::AND},
      {"BIT", Kw::BIT},
      {"CALL", Kw::CALL},
      {"CCF", Kw::CCF},
      {"CP", Kw::CP},
      {"CPL", Kw::CPL},
      {"DAA", Kw::DAA},
      {"DEC", Kw::DEC},
      {"DI", Kw::DI},
      {"EI", Kw::EI},
      {"HALT", Kw::HALT},
      {"INC", Kw::INC},
      {"JP", Kw::JP},
      {"JR", Kw::JR},
      {"LD", Kw::LD},
      {"LDH", Kw::LDH},
      {"LDI", Kw::LDI},
      {"LDD", Kw::LDD},
      {"LDHL", Kw::LDHL},
      {"NOP", Kw::NOP},
      {"OR", Kw::OR},
      {"POP", Kw::POP},
      {"PUSH", Kw::PUSH},
      {"RES", Kw::RES},
      {"RET", Kw::RET},
      {"RETI", Kw::RETI},
      {"RL", Kw::RL},
      {"RLA", Kw::RLA},
      {"RLC", Kw::RLC},
      {"RLCA", Kw::RLCA},
      {"RR", Kw::RR},
      {"RRA", Kw::RRA},
      {"RRC", Kw::RRC},
      {"RRCA", Kw::RRCA},
      {"RST", Kw::RST},
      {"SBC", Kw::SBC},
      {"SCF", Kw::SCF},
      {"SET", Kw::SET},
      {"SLA", Kw::SLA},
      {"SRA", Kw::SRA},
      {"SRL", Kw::SRL},
      {"STOP", Kw::STOP},
      {"SUB", Kw::SUB},
      {"SWAP", Kw::SWAP},
      {"XOR", Kw::XOR},
      {"SECTION", Kw::SECTION},
      {"DB", Kw::DB},
      {"DW", Kw::DW},
      {"DL", Kw::DL},
      {"DS", Kw::DS},
      {"EQU", Kw::EQU},
      {"EQUS", Kw::EQUS},
      {"DEF", Kw::DEF},
      {"REDEF", Kw::REDEF},
      {"PURGE", Kw::PURGE},
      {"IF", Kw::IF},
      {"ELIF", Kw::ELIF},
      {"ELSE", Kw::ELSE},
      {"ENDC", Kw::ENDC},
      {"REPT", Kw::REPT},
      {"FOR", Kw::FOR},
      {"ENDR", Kw::ENDR},
      {"BREAK", Kw::BREAK},
      {"MACRO", Kw::MACRO},
      {"ENDM", Kw::ENDM},
      {"SHIFT", Kw::SHIFT},
      {"INCLUDE", Kw::INCLUDE},
      {"INCBIN", Kw::INCBIN},
      {"ASSERT", Kw::ASSERT},
      {"STATIC_ASSERT", Kw::STATIC_ASSERT},
      {"EXPORT", Kw::EXPORT},
      {"GLOBAL", Kw::GLOBAL},
      {"PRINT", Kw::PRINT},
      {"PRINTLN", Kw::PRINTLN},
      {"PRINTT", Kw::PRINTT},
      {"PRINTV", Kw::PRINTV},
      {"PRINTI", Kw::PRINTI},
      {"PRINTF", Kw::PRINTF},
      {"WARN", Kw::WARN},
      {"FAIL", Kw::FAIL},
      {"OPT", Kw::OPT},
      {"PUSHO", Kw::PUSHO},
      {"POPO", Kw::POPO},
      {"PUSHS", Kw::PUSHS},
      {"POPS", Kw::POPS},
      {"ENDSECTION", Kw::ENDSECTION},
      {"CHARMAP", Kw::CHARMAP},
      {"NEWCHARMAP", Kw::NEWCHARMAP},
      {"SETCHARMAP", Kw::SETCHARMAP},
      {"PUSHC", Kw::PUSHC},
      {"POPC", Kw::POPC},
      {"RSRESET", Kw::RSRESET},
      {"RSSET", Kw::RSSET},
      {"RB", Kw::RB},
      {"RW", Kw::RW},
      {"LOAD", Kw::LOAD},
      {"ENDL", Kw::ENDL},
      {"UNION", Kw::UNION},
      {"NEXTU", Kw::NEXTU},
      {"ENDU", Kw::ENDU},
      {"ROM0", Kw::ROM0},
      {"ROMX", Kw::ROMX},
      {"VRAM", Kw::VRAM},
      {"SRAM", Kw::SRAM},
      {"WRAM0", Kw::WRAM0},
      {"WRAMX", Kw::WRAMX},
      {"OAM", Kw::OAM},
      {"HRAM", Kw::HRAM},
      {"BANK", Kw::BANK},
      {"ALIGN", Kw::ALIGN},
      {"FRAGMENT", Kw::FRAGMENT},
  };
  auto it = kTable.find(std::string_view(buf, w.size()));
  return it == kTable.end() ? Kw::None : it->second;
}

// ---------------------------------------------------------------- symbols

int Assembler::findSymbol(std::string_view fullName) const {
  auto it = unit_->byName.find(fullName);
  return it == unit_->byName.end() ? -1 : it->second;
}

int Assembler::getSymbol(std::string_view fullName) {
  std::string key(fullName);
  auto it = unit_->byName.find(key);
  if (it != unit_->byName.end()) return it->second;
  int idx = static_cast<int>(unit_->symbols.size());
  Symbol s;
  s.name = key;
  s.firstUse = pos_;
  unit_->symbols.push_back(std::move(s));
  unit_->byName.emplace(std::move(key), idx);
  return idx;
}

bool Assembler::fullName(std::string_view name, std::string& out, std::string& err) const {
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

void Assembler::defineLabel(std::string_view name, bool exported, int col) {
  std::string full, err;
  if (!fullName(name, full, err)) return error(col, err);
  size_t dot = full.find('.');
  if (dot == std::string::npos) scope_ = full;
  if (section_ < 0) return error(col, "label '" + full + "' defined outside of a SECTION");
  Symbol& s = symbolAt(getSymbol(full));
  if (s.kind != SymKind::Undefined) {
    SourceLoc where = prog_.loc(s.defined);
    return error(col, "duplicate label '" + full + "' (already defined at " + where.file + ":" +
                          std::to_string(where.line) + ")");
  }
  s.kind = SymKind::Label;
  s.section = section_;
  s.value = static_cast<int32_t>(prog_.sections[static_cast<size_t>(section_)].size);
  if (load_.section >= 0) {
    s.section = load_.section;
    s.value = static_cast<int32_t>(loadOffset(prog_.sections[static_cast<size_t>(section_)].size));
  }
  s.defined = SrcPos{pos_.file, pos_.line, col};
  s.exported = s.exported || exported;
  s.scope = dot == std::string::npos ? std::string() : full.substr(0, dot);
}

void Assembler::defineAnonLabel(int col) {
  if (section_ < 0) return error(col, "anonymous label defined outside of a SECTION");
  Symbol& s = symbolAt(getSymbol("!" + std::to_string(anonCount_++)));
  s.kind = SymKind::Label;
  s.anonymous = true;
  s.section = section_;
  s.value = static_cast<int32_t>(prog_.sections[static_cast<size_t>(section_)].size);
  if (load_.section >= 0) {
    s.section = load_.section;
    s.value = static_cast<int32_t>(loadOffset(prog_.sections[static_cast<size_t>(section_)].size));
  }
  s.defined = SrcPos{pos_.file, pos_.line, col};
}

const std::string* Assembler::equs(std::string_view name) const {
  if (name == "__FILE__") {
    auto& self = const_cast<Assembler&>(*this);
    self.fileName_ =
        "\"" + (pos_.file >= 0 ? prog_.files[static_cast<size_t>(pos_.file)] : "") + "\"";
    return &fileName_;
  }
  if (name == "__SCOPE__") {
    auto& self = const_cast<Assembler&>(*this);
    self.fileName_ = scope_;
    return &fileName_;
  }
  if (equsCount_ == 0) return nullptr;
  auto it = unit_->byName.find(name);
  if (it == unit_->byName.end()) return nullptr;
  const Symbol& s = unit_->symbols[static_cast<size_t>(it->second)];
  return s.kind == SymKind::Equs ? &s.text : nullptr;
}

bool Assembler::nameOp(std::string_view name, int col, ExprOp& out, std::string& err) {
  out.col = col;
  if (name == "@") {
    if (section_ < 0) {
      err = "'@' used outside of a SECTION";
      return false;
    }
    out.kind = ExprKind::Pc;
    out.a = load_.section >= 0 ? load_.section : section_;
    out.b = static_cast<int32_t>(load_.section >= 0 ? loadOffset(stmtStart_) : stmtStart_);
    return true;
  }
  if (name == "_NARG") {
    MacroArgs* a = currentArgs();
    if (!a) {
      err = "_NARG used outside of a macro";
      return false;
    }
    out.kind = ExprKind::Num;
    out.a = static_cast<int32_t>(a->args.size() - std::min(a->shift, a->args.size()));
    return true;
  }
  if (name == "_RS" || name == "__LINE__") {
    out.kind = ExprKind::Num;
    out.a = name == "_RS" ? rs_ : pos_.line;
    return true;
  }
  std::string full;
  if (!fullName(name, full, err)) return false;
  int idx = getSymbol(full);
  const Symbol& s = symbolAt(idx);
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

bool Assembler::anonOp(int distance, int col, ExprOp& out, std::string& err) {
  int target = distance < 0 ? anonCount_ + distance : anonCount_ + distance - 1;
  if (target < 0) {
    err = "no anonymous label before this reference";
    return false;
  }
  out.kind = ExprKind::Sym;
  out.col = col;
  out.a = getSymbol("!" + std::to_string(target));
  Symbol& s = symbolAt(out.a);
  s.anonymous = true;
  if (s.kind == SymKind::Undefined) s.firstUse = SrcPos{pos_.file, pos_.line, col};
  return true;
}

bool Assembler::bankOp(std::string_view name, int col, ExprOp& out, std::string& err) {
  out.col = col;
  if (name == "@") {
    if (section_ < 0) {
      err = "'@' used outside of a SECTION";
      return false;
    }
    out.kind = ExprKind::BankPc;
    out.a = section_;
    return true;
  }
  std::string full;
  if (!fullName(name, full, err)) return false;
  out.kind = ExprKind::BankSym;
  out.a = getSymbol(full);
  const Symbol& s = symbolAt(out.a);
  if (s.kind != SymKind::Undefined && s.kind != SymKind::Label) {
    err = "BANK() needs a label, '" + full + "' is a constant";
    return false;
  }
  return true;
}

bool Assembler::isDefined(std::string_view name) {
  if (name == "_NARG") return currentArgs() != nullptr;
  if (name == "_RS" || name == "__LINE__" || name == "__FILE__" || name == "@") return true;
  std::string full, err;
  if (!fullName(name, full, err)) return false;
  int idx = findSymbol(full);
  return idx >= 0 && symbolAt(idx).kind != SymKind::Undefined;
}

bool Assembler::stringValue(const std::string& s, int32_t& out) {
  std::string m = charmapped(s);
  if (m.size() != 1) return false;
  out = static_cast<uint8_t>(m[0]);
  return true;
}

bool Assembler::constValue(const Expr& e, int32_t& out, std::string& err) {
  EvalResult r = eval(e);
  if (r.status == EvalResult::Known) {
    out = r.value;
    return true;
  }
  err = r.status == EvalResult::Error ? r.error : "expected a constant expression";
  return false;
}

// ---------------------------------------------------------------- expressions

EvalResult Assembler::eval(const Expr& e) const {
  return evaluate(e, AsmResolver(prog_, *unit_));
}

bool Assembler::parseExpr(Expr& e, bool stopAtPlusC) {
  ExprParser p(lx_, *this);
  if (p.parse(e, stopAtPlusC)) return true;
  error(p.errorCol(), p.error());
  return false;
}

bool Assembler::constExpr(int32_t& out, const char* what) {
  Expr e;
  if (!parseExpr(e)) return false;
  EvalResult r = eval(e);
  if (r.status == EvalResult::Known) {
    out = r.value;
    return true;
  }
  if (r.status == EvalResult::Error) {
    error(r.failOp >= 0 ? e.ops[static_cast<size_t>(r.failOp)].col : e.col, r.error);
    return false;
  }
  int col = e.col;
  std::string why = "it is not known until link time";
  if (r.failOp >= 0) {
    const ExprOp& op = e.ops[static_cast<size_t>(r.failOp)];
    col = op.col;
    if (op.kind == ExprKind::Sym || op.kind == ExprKind::BankSym) {
      const Symbol& s = symbolAt(op.a);
      why = s.kind == SymKind::Undefined
                ? "'" + (s.anonymous ? std::string("anonymous label") : s.name) +
                      "' is not defined (yet)"
                : "'" + s.name + "' is not constant at assembly time";
    }
  }
  error(col, std::string(what) + " needs a constant expression: " + why);
  return false;
}

}  // namespace core::sm83
