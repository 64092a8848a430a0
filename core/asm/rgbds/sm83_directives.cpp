// Directives of the built-in SM83 assembler: sections, data, symbols,
// conditionals, REPT/FOR, macros, files and assertions.
#include <algorithm>

#include "core/asm/rgbds/sm83_assembler.h"
#include "core/util/files.h"
#include "core/util/text.h"

namespace core::sm83 {

namespace {

int32_t applyCompound(Op op, int32_t a, int32_t b, bool& ok) {
  const uint32_t ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
  ok = true;
  switch (op) {
    case Op::Plus:
      return static_cast<int32_t>(ua + ub);
    case Op::Minus:
      return static_cast<int32_t>(ua - ub);
    case Op::Mul:
      return static_cast<int32_t>(ua * ub);
    case Op::Div:
    case Op::Mod: {
      if (b == 0) {
        ok = false;
        return a;
      }
      // Floor division, like rgbasm's `/` and `%`.
      int64_t q = static_cast<int64_t>(a) / b, m = static_cast<int64_t>(a) % b;
      if (m != 0 && ((m < 0) != (b < 0))) --q, m += b;
      return static_cast<int32_t>(static_cast<uint32_t>(op == Op::Div ? q : m));
    }
    case Op::Shl:
      return b >= 32 || b < 0 ? 0 : static_cast<int32_t>(ua << b);
    case Op::Shr:
      return b >= 32 || b < 0 ? (a < 0 ? -1 : 0) : a >> b;
    case Op::And:
      return a & b;
    case Op::Or:
      return a | b;
    case Op::Xor:
      return a ^ b;
    default:
      ok = false;
      return a;
  }
}

}  // namespace

const RegionInfo& regionInfo(SectionType t) {
  static const RegionInfo kRegions[] = {
      {"ROM0", 0x0000, 0x4000, 0, 0, true},   {"ROMX", 0x4000, 0x4000, 1, 511, true},
      {"VRAM", 0x8000, 0x2000, 0, 1, false},  {"SRAM", 0xA000, 0x2000, 0, 15, false},
      {"WRAM0", 0xC000, 0x1000, 0, 0, false}, {"WRAMX", 0xD000, 0x1000, 1, 7, false},
      {"OAM", 0xFE00, 0x00A0, 0, 0, false},   {"HRAM", 0xFF80, 0x007F, 0, 0, false},
  };
  return kRegions[static_cast<size_t>(t)];
}

void Assembler::directive(Kw kw, const Token& t) {
  const int col = t.col();
  pos_.col = col;
  switch (kw) {
    case Kw::SECTION:
      return dirSection(false);
    case Kw::DB:
      return dirData(1);
    case Kw::DW:
      return dirData(2);
    case Kw::DL:
      return dirData(4);
    case Kw::DS:
      return dirDs();
    case Kw::IF:
    case Kw::ELIF:
    case Kw::ELSE:
    case Kw::ENDC:
      return dirIf(kw, col);
    case Kw::REPT:
      return dirRept(false, col);
    case Kw::FOR:
      return dirRept(true, col);
    case Kw::ENDR:
      return error(col, "ENDR without REPT or FOR");
    case Kw::ENDM:
      return error(col, "ENDM without MACRO");
    case Kw::MACRO:
      return dirMacro(col);
    case Kw::INCLUDE:
      return dirInclude(col);
    case Kw::INCBIN:
      return dirIncbin(col);
    case Kw::ASSERT:
      return dirAssert(false, col);
    case Kw::STATIC_ASSERT:
      return dirAssert(true, col);
    case Kw::BREAK: {
      if (!expectEnd()) return;
      if (contexts_.empty() || contexts_.back().kind != CtxKind::Rept)
        return error(col, "BREAK used outside of a REPT or FOR block");
      Context& c = contexts_.back();
      ifs_.resize(std::min(ifs_.size(), c.ifDepth));
      skipNest_ = 0;
      c.remaining = 1;
      c.next = c.lines->size();
      return;
    }
    case Kw::SHIFT: {
      int32_t n = 1;
      if (lx_.peek().kind != Tok::End && !constExpr(n, "SHIFT")) return;
      if (!expectEnd()) return;
      MacroArgs* a = currentArgs();
      if (!a) return error(col, "SHIFT used outside of a macro");
      int64_t s = static_cast<int64_t>(a->shift) + n;
      if (s < 0 || s > static_cast<int64_t>(a->args.size()))
        return error(col, "cannot SHIFT past the macro arguments");
      a->shift = static_cast<size_t>(s);
      return;
    }
    case Kw::EXPORT:
    case Kw::GLOBAL:
    case Kw::PURGE: {
      lx_.setExpand(false);
      const Kw def = lx_.peek().kind == Tok::Ident ? keyword(lx_.text(lx_.peek())) : Kw::None;
      if (kw == Kw::EXPORT && (def == Kw::DEF || def == Kw::REDEF)) {
        // rgbds 1.0 `EXPORT DEF NAME EQU 5`: define, then export.
        lx_.next();
        Token n = lx_.next();
        if (n.kind != Tok::Ident) return error(n.col(), "expected a symbol name after DEF");
        const std::string name(lx_.text(n));
        definition(n, name, def == Kw::REDEF);
        std::string full, err;
        if (!fullName(name, full, err)) return;
        if (int idx = findSymbol(full); idx >= 0 && symbolAt(idx).kind != SymKind::Undefined)
          symbolAt(idx).exported = true;
        return;
      }
      lx_.setExpand(true);
      for (;;) {
        lx_.setExpand(false);
        Token n = lx_.next();
        lx_.setExpand(true);
        if (n.kind != Tok::Ident) return error(n.col(), "expected a symbol name");
        std::string full, err;
        if (!fullName(lx_.text(n), full, err)) return error(n.col(), err);
        if (kw == Kw::PURGE) {
          if (macros_.erase(std::string(lx_.text(n)))) {
            if (lx_.peek().kind != Tok::Comma) break;
            lx_.next();
            continue;
          }
          int idx = findSymbol(full);
          if (idx < 0 || symbolAt(idx).kind == SymKind::Undefined)
            return error(n.col(), "cannot PURGE '" + full + "': not defined");
          Symbol& s = symbolAt(idx);
          if (s.kind == SymKind::Label) return error(n.col(), "cannot PURGE label '" + full + "'");
          if (s.kind == SymKind::Equs) --equsCount_;
          s.kind = SymKind::Undefined;
          s.text.clear();
        } else {
          symbolAt(getSymbol(full)).exported = true;
        }
        if (lx_.peek().kind != Tok::Comma) break;
        lx_.next();
      }
      expectEnd();
      return;
    }
    case Kw::PRINT:
    case Kw::PRINTLN:
    case Kw::PRINTT:
    case Kw::PRINTV:
    case Kw::PRINTI:
    case Kw::PRINTF:
    case Kw::OPT:
    case Kw::PUSHO:
    case Kw::POPO:
      return dirOpt(kw, col);
    case Kw::WARN:
    case Kw::FAIL: {
      std::string msg;
      if (!readString(msg, kw == Kw::WARN ? "WARN" : "FAIL") || !expectEnd()) return;
      if (kw == Kw::WARN) return warning(col, msg);
      error(col, msg);
      fatal_ = true;
      return;
    }
    case Kw::PUSHS:
      if (!expectEnd()) return;
      sectionStack_.push_back(section_);
      section_ = -1;
      return;
    case Kw::POPS:
      if (!expectEnd()) return;
      if (sectionStack_.empty()) return error(col, "POPS without PUSHS");
      section_ = sectionStack_.back();
      sectionStack_.pop_back();
      return;
    case Kw::ENDSECTION:
      if (!expectEnd()) return;
      section_ = -1;
      return;
    case Kw::CHARMAP: {
      std::string from;
      int32_t v = 0;
      if (!readString(from, "CHARMAP")) return;
      if (lx_.next().kind != Tok::Comma) return error(col, "CHARMAP needs a string and a value");
      if (!constExpr(v, "CHARMAP") || !expectEnd()) return;
      if (from.empty()) return error(col, "CHARMAP needs a non-empty string");
      charmap_[from] = static_cast<uint8_t>(v);
      charmapMaxLen_ = std::max(charmapMaxLen_, from.size());
      return;
    }
    case Kw::RSRESET:
      if (expectEnd()) rs_ = 0;
      return;
    case Kw::RSSET: {
      int32_t v = 0;
      if (constExpr(v, "RSSET") && expectEnd()) rs_ = v;
      return;
    }
    case Kw::EQU:
    case Kw::EQUS:
    case Kw::RB:
    case Kw::RW:
      return error(col, std::string(lx_.text(t)) + " needs a symbol name before it");
    case Kw::NEWCHARMAP:
    case Kw::SETCHARMAP:
    case Kw::PUSHC:
    case Kw::POPC:
      return dirCharmapSwitch(kw, col);
    case Kw::UNION:
    case Kw::NEXTU:
    case Kw::ENDU:
      if (!expectEnd()) return;
      return dirUnion(kw, col);
    case Kw::ALIGN:
      return dirAlign(col);
    case Kw::LOAD:
      return dirLoad(col);
    case Kw::ENDL:
      if (!expectEnd()) return;
      if (load_.section < 0) return error(col, "ENDL without LOAD");
      return endLoad();
    default:
      return error(col, "unexpected '" + std::string(lx_.text(t)) + "'");
  }
}

bool Assembler::readString(std::string& out, const char* what) {
  ExprParser p(lx_, *this);
  const Token& next = lx_.peek();
  const bool raw = next.kind == Tok::Ident && next.pos > 0 && lx_.buffer()[next.pos - 1] == '#';
  if (raw || p.atString()) {
    if (p.parseString(out)) return true;
    error(p.errorCol(), p.error());
    return false;
  }
  Token t = lx_.next();
  if (t.kind == Tok::Error)
    error(t.col(), t.str);
  else
    error(t.col(), std::string(what) + " needs a quoted string");
  return false;
}

std::string Assembler::charmapped(const std::string& s) const {
  if (charmap_.empty()) return s;
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t len = std::min(charmapMaxLen_, s.size() - i);
    for (; len > 0; --len) {
      auto it = charmap_.find(std::string_view(s).substr(i, len));
      if (it != charmap_.end()) {
        out += static_cast<char>(it->second);
        break;
      }
    }
    if (len == 0) {
      out += s[i];
      len = 1;
    }
    i += len;
  }
  return out;
}

// ---------------------------------------------------------------- symbols

void Assembler::defineConstant(const std::string& full, SymKind kind, int32_t value,
                               std::string text, bool redef, int col) {
  Symbol& s = symbolAt(getSymbol(full));
  auto where = [&]() {
    SourceLoc l = prog_.loc(s.defined);
    return l.file + ":" + std::to_string(l.line);
  };
  if (s.builtin && s.kind != SymKind::Undefined && !redef)
    return error(col, "'" + full + "' is already defined on the command line");
  switch (s.kind) {
    case SymKind::Undefined:
      break;
    case SymKind::Label:
      return error(col, "'" + full + "' is already defined as a label at " + where());
    case SymKind::Var:
      if (kind != SymKind::Var && !redef)
        return error(col, "'" + full + "' is already defined as a variable at " + where());
      break;
    case SymKind::Equ:
    case SymKind::Equs:
      if (!redef || kind != s.kind)
        return error(col, "'" + full + "' is already defined at " + where());
      break;
  }
  if (s.kind == SymKind::Equs) --equsCount_;
  if (kind == SymKind::Equs) ++equsCount_;
  s.kind = kind;
  s.value = value;
  s.text = std::move(text);
  s.defined = SrcPos{pos_.file, pos_.line, col};
}

void Assembler::definition(const Token& nameTok, std::string_view name, bool redef) {
  std::string full, err;
  if (!fullName(name, full, err)) return error(nameTok.col(), err);
  const int col = nameTok.col();
  Token k = lx_.next();
  lx_.setExpand(true);
  const Kw kk = k.kind == Tok::Ident ? keyword(lx_.text(k)) : Kw::None;
  int32_t v = 0;
  switch (kk) {
    case Kw::EQUS: {
      std::string text;
      if (readString(text, "EQUS") && expectEnd())
        defineConstant(full, SymKind::Equs, 0, std::move(text), redef, col);
      return;
    }
    case Kw::EQU:
      if (constExpr(v, "EQU") && expectEnd()) defineConstant(full, SymKind::Equ, v, {}, redef, col);
      return;
    case Kw::SET:
      if (constExpr(v, "SET") && expectEnd()) defineConstant(full, SymKind::Var, v, {}, redef, col);
      return;
    case Kw::RB:
      return dirRs(1, full, col);
    case Kw::RW:
      return dirRs(2, full, col);
    case Kw::RL:
      return dirRs(4, full, col);
    default:
      break;
  }
  if (k.kind == Tok::Op && k.op == Op::Assign) {
    if (constExpr(v, "=") && expectEnd()) defineConstant(full, SymKind::Var, v, {}, redef, col);
    return;
  }
  if (k.kind == Tok::Op && compoundBase(k.op) != Op::None) {
    int idx = findSymbol(full);
    if (idx < 0 || symbolAt(idx).kind != SymKind::Var)
      return error(col, "'" + full + "' must be a variable defined with = or SET first");
    if (!constExpr(v, "assignment") || !expectEnd()) return;
    bool ok = true;
    int32_t result = applyCompound(compoundBase(k.op), symbolAt(idx).value, v, ok);
    if (!ok) return error(k.col(), "division by zero");
    defineConstant(full, SymKind::Var, result, {}, redef, col);
    return;
  }
  error(k.col(), "expected EQU, EQUS, =, SET, RB or RW after '" + full + "'");
}

void Assembler::dirRs(int width, const std::string& name, int col) {
  int32_t count = 1;
  if (lx_.peek().kind != Tok::End && !constExpr(count, "RB/RW")) return;
  if (!expectEnd()) return;
  defineConstant(name, SymKind::Equ, rs_, {}, false, col);
  // _RS wraps at 32 bits, with the arithmetic `+=` and `*=` use (a huge count is no crash).
  bool ok = true;
  rs_ = applyCompound(Op::Plus, rs_, applyCompound(Op::Mul, count, width, ok), ok);
}

// ---------------------------------------------------------------- sections and data

void Assembler::dirSection(bool fragment) {
  if (load_.section >= 0) endLoad();
  Token t = lx_.next();
  bool isUnion = false;
  if (t.kind == Tok::Ident && keyword(lx_.text(t)) == Kw::UNION) {
    isUnion = true;
    t = lx_.next();
  }
  if (t.kind == Tok::Ident && keyword(lx_.text(t)) == Kw::FRAGMENT) {
    fragment = true;
    t = lx_.next();
  }
  if (t.kind != Tok::String) return error(t.col(), "SECTION needs a quoted name");
  const std::string name = t.str;
  const int nameCol = t.col();
  if (lx_.next().kind != Tok::Comma) return error(nameCol, "SECTION needs a type after the name");
  Token ty = lx_.next();
  const Kw tk = ty.kind == Tok::Ident ? keyword(lx_.text(ty)) : Kw::None;
  if (tk < Kw::ROM0 || tk > Kw::HRAM)
    return error(ty.col(),
                 "expected a section type (ROM0, ROMX, VRAM, SRAM, WRAM0, WRAMX, OAM, HRAM)");
  Section sec;
  sec.name = name;
  sec.type = static_cast<SectionType>(static_cast<int>(tk) - static_cast<int>(Kw::ROM0));
  sec.unit = unitIdx_;
  sec.fragment = fragment;
  sec.pos = SrcPos{pos_.file, pos_.line, nameCol};
  const RegionInfo& region = regionInfo(sec.type);
  int32_t v = 0;
  if (lx_.peek().kind == Tok::LBracket) {
    lx_.next();
    int col = lx_.peek().col();
    if (!constExpr(v, "a section address")) return;
    if (lx_.next().kind != Tok::RBracket) return error(col, "expected ']'");
    if (v < static_cast<int32_t>(region.start) ||
        v >= static_cast<int32_t>(region.start + region.size))
      return error(col, "address " + hex(static_cast<uint32_t>(v), 4) + " is outside " +
                            region.name + " (" + hex(region.start, 4) + "-" +
                            hex(region.start + region.size - 1, 4) + ")");
    sec.fixedAddress = v;
  }
  while (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    Token opt = lx_.next();
    const Kw ok = opt.kind == Tok::Ident ? keyword(lx_.text(opt)) : Kw::None;
    if ((ok != Kw::BANK && ok != Kw::ALIGN) || lx_.next().kind != Tok::LBracket)
      return error(opt.col(), "expected BANK[n] or ALIGN[n]");
    if (!constExpr(v, ok == Kw::BANK ? "BANK[]" : "ALIGN[]")) return;
    if (ok == Kw::BANK) {
      if (region.minBank == region.maxBank)
        return error(opt.col(), std::string(region.name) + " sections cannot have a BANK");
      if (v < region.minBank || v > region.maxBank)
        return error(opt.col(), "bank " + std::to_string(v) + " is outside " + region.name + " (" +
                                    std::to_string(region.minBank) + "-" +
                                    std::to_string(region.maxBank) + ")");
      sec.fixedBank = v;
    } else {
      if (v < 0 || v > 16) return error(opt.col(), "ALIGN must be between 0 and 16");
      sec.alignBits = v;
      if (lx_.peek().kind == Tok::Comma) {
        lx_.next();
        if (!constExpr(v, "the ALIGN offset")) return;
        if (v < 0 || v >= (1 << sec.alignBits))
          return error(opt.col(), "ALIGN offset must be below the alignment");
        sec.alignOffset = static_cast<uint32_t>(v);
      }
    }
    if (lx_.next().kind != Tok::RBracket) return error(opt.col(), "expected ']'");
  }
  if (!expectEnd()) return;
  if (isUnion && regionInfo(sec.type).rom)
    return error(nameCol, std::string("SECTION UNION is only allowed in RAM, not ") +
                              regionInfo(sec.type).name);
  sec.isUnion = isUnion;
  if (sec.fixedAddress >= 0 && sec.alignBits > 0 &&
      (static_cast<uint32_t>(sec.fixedAddress) & ((1u << sec.alignBits) - 1)) != sec.alignOffset)
    return error(nameCol, "section address " + hex(static_cast<uint32_t>(sec.fixedAddress), 4) +
                              " does not satisfy its ALIGN");
  for (size_t i = 0; i < prog_.sections.size(); ++i) {
    Section& other = prog_.sections[i];
    if (other.name != name) continue;
    if (fragment && other.fragment && other.type == sec.type) {
      // Another file's piece is a separate Section here; the linker appends it.
      if (other.unit != unitIdx_) continue;
      section_ = static_cast<int>(i);
      return;
    }
    if (isUnion && other.isUnion && other.type == sec.type) {
      // Every SECTION UNION piece starts at the union's start; it ends at the biggest.
      other.unionMax = std::max(other.unionMax, other.size);
      other.size = 0;
      section_ = static_cast<int>(i);
      return;
    }
    SourceLoc l = prog_.loc(other.pos);
    error(nameCol,
          "section '" + name + "' is already defined at " + l.file + ":" + std::to_string(l.line));
    break;
  }
  section_ = static_cast<int>(prog_.sections.size());
  prog_.sections.push_back(std::move(sec));
}

void Assembler::dirData(int width) {
  const int col = pos_.col;
  if (section_ < 0) return error(col, "data outside of a SECTION");
  const Section& sec = prog_.sections[static_cast<size_t>(section_)];
  const bool rom = regionInfo(sec.type).rom;
  if (lx_.peek().kind == Tok::End) {
    grow(static_cast<uint32_t>(width), col);  // reserves (RAM) or pads with zeros (ROM)
    return;
  }
  if (!rom)
    return error(lx_.peek().col(), std::string("cannot put data in a RAM section (") +
                                       regionInfo(sec.type).name + " '" + sec.name +
                                       "'): use ds or a bare db/dw to reserve space");
  const PatchKind kind = width == 1   ? PatchKind::Byte
                         : width == 2 ? PatchKind::Word
                                      : PatchKind::Long;
  Expr e;
  for (;;) {
    if (ExprParser p(lx_, *this); p.atString()) {
      Lexer::State s = lx_.save();
      const int strCol = lx_.peek().col();
      std::string str;
      if (!p.parseString(str)) return error(p.errorCol(), p.error());
      Tok after = lx_.peek().kind;
      if (after == Tok::Comma || after == Tok::End) {
        for (char c : charmapped(str)) {
          e.clear();
          e.ops.push_back({ExprKind::Num, static_cast<uint8_t>(c), 0, strCol});
          emitValue(kind, e, strCol);
        }
      } else {
        lx_.restore(s);
        if (!parseExpr(e)) return;
        emitValue(kind, e, e.col);
      }
    } else {
      if (!parseExpr(e)) return;
      emitValue(kind, e, e.col);
    }
    if (fatal_) return;
    if (lx_.peek().kind != Tok::Comma) break;
    lx_.next();
  }
  expectEnd();
}

void Assembler::dirDs() {
  const int col = pos_.col;
  if (section_ < 0) return error(col, "ds outside of a SECTION");
  int32_t count = 0;
  const Token& first = lx_.peek();
  const int countCol = first.col();
  if (first.kind == Tok::Ident && keyword(lx_.text(first)) == Kw::ALIGN) {
    lx_.next();
    if (lx_.next().kind != Tok::LBracket) return error(countCol, "expected ALIGN[n]");
    int32_t bits = 0, ofs = 0;
    if (!constExpr(bits, "ALIGN[]")) return;
    if (lx_.peek().kind == Tok::Comma) {
      lx_.next();
      if (!constExpr(ofs, "the ALIGN offset")) return;
    }
    if (lx_.next().kind != Tok::RBracket) return error(countCol, "expected ']'");
    if (bits < 0 || bits > 16 || ofs < 0 || ofs >= (1 << bits))
      return error(countCol, "bad ALIGN in ds");
    const Section& sec = prog_.sections[static_cast<size_t>(section_)];
    uint32_t base;
    if (sec.fixedAddress >= 0)
      base = static_cast<uint32_t>(sec.fixedAddress);
    else if (sec.alignBits >= bits)
      base = sec.alignOffset;
    else
      return error(countCol, "ds ALIGN needs a fixed-address section or one aligned as much");
    const uint32_t mask = (1u << bits) - 1;
    count = static_cast<int32_t>((static_cast<uint32_t>(ofs) - (base + sec.size)) & mask);
  } else if (!constExpr(count, "ds")) {
    return;
  }
  if (count < 0) return error(countCol, "ds count must not be negative");
  std::vector<Expr> fill;
  while (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    fill.emplace_back();
    if (!parseExpr(fill.back())) return;
  }
  if (!expectEnd()) return;
  const Section& sec = prog_.sections[static_cast<size_t>(section_)];
  if (fill.empty() || count == 0) {
    grow(static_cast<uint32_t>(count), col);
    return;
  }
  if (!regionInfo(sec.type).rom) return error(col, "ds in a RAM section cannot have fill values");
  for (int32_t i = 0; i < count && !fatal_; ++i)
    emitValue(PatchKind::Byte, fill[static_cast<size_t>(i) % fill.size()], fill[0].col);
}

// ---------------------------------------------------------------- control

void Assembler::dirIf(Kw kw, int col) {
  const size_t base = contexts_.empty() ? 0 : contexts_.back().ifDepth;
  if (kw == Kw::IF) {
    int32_t v = 0;
    bool ok = constExpr(v, "IF") && expectEnd();
    IfFrame f;
    f.active = f.taken = ok && v != 0;
    f.pos = SrcPos{pos_.file, pos_.line, col};
    ifs_.push_back(f);
    return;
  }
  const char* name = kw == Kw::ELIF ? "ELIF" : kw == Kw::ELSE ? "ELSE" : "ENDC";
  if (ifs_.size() <= base) return error(col, std::string(name) + " without IF");
  IfFrame& f = ifs_.back();
  if (kw == Kw::ENDC) {
    ifs_.pop_back();
    expectEnd();
    return;
  }
  if (f.seenElse) return error(col, std::string(name) + " after ELSE");
  if (kw == Kw::ELSE) {
    f.seenElse = true;
    f.active = !f.taken;
    f.taken = true;
    expectEnd();
    return;
  }
  if (f.taken) {
    f.active = false;
    return;
  }
  int32_t v = 0;
  bool ok = constExpr(v, "ELIF") && expectEnd();
  f.active = f.taken = ok && v != 0;
}

void Assembler::dirRept(bool isFor, int col) {
  Capture c;
  c.kind = Capture::Rept;
  c.pos = SrcPos{pos_.file, pos_.line, col};
  c.level = contexts_.size();
  c.body = std::make_shared<SrcLines>();
  if (!isFor) {
    int32_t n = 0;
    if (!constExpr(n, "REPT") || !expectEnd()) return;
    if (n < 0) return error(col, "REPT count must not be negative");
    c.count = static_cast<uint32_t>(n);
  } else {
    lx_.setExpand(false);
    Token name = lx_.next();
    lx_.setExpand(true);
    if (name.kind != Tok::Ident) return error(name.col(), "FOR needs a variable name");
    std::string full, err;
    if (!fullName(lx_.text(name), full, err)) return error(name.col(), err);
    int32_t v[3] = {0, 0, 1};
    int n = 0;
    while (lx_.peek().kind == Tok::Comma && n < 3) {
      lx_.next();
      if (!constExpr(v[n++], "FOR")) return;
    }
    if (n == 0 || !expectEnd()) return error(col, "FOR needs: name, [start,] stop [, step]");
    int64_t start = n == 1 ? 0 : v[0], stop = n == 1 ? v[0] : v[1], step = n == 3 ? v[2] : 1;
    if (step == 0) return error(col, "FOR step must not be zero");
    int64_t count = 0;
    if (step > 0 && stop > start) count = (stop - start + step - 1) / step;
    if (step < 0 && stop < start) count = (start - stop - step - 1) / -step;
    int idx = getSymbol(full);
    SymKind k = symbolAt(idx).kind;
    if (k != SymKind::Undefined && k != SymKind::Var)
      return error(name.col(), "FOR variable '" + full + "' is already defined as a constant");
    c.count = static_cast<uint32_t>(std::min<int64_t>(count, UINT32_MAX));
    c.forSym = idx;
    c.forStart = static_cast<int32_t>(start);
    c.forStep = static_cast<int32_t>(step);
  }
  capture_ = std::move(c);
}

void Assembler::dirMacro(int col) {
  lx_.setExpand(false);
  Token name = lx_.next();
  if (name.kind != Tok::Ident) return error(name.col(), "MACRO needs a name");
  std::string n(lx_.text(name));
  lx_.setExpand(true);
  if (!expectEnd()) return;
  beginMacro(n, col);
}

void Assembler::beginMacro(const std::string& name, int col) {
  Capture c;
  c.kind = Capture::Macro;
  c.name = name;
  c.pos = SrcPos{pos_.file, pos_.line, col};
  c.level = contexts_.size();
  c.body = std::make_shared<SrcLines>();
  if (keyword(name) != Kw::None) {
    error(col, "'" + name + "' is a keyword and cannot name a macro");
    c.name = "!";  // still capture the body so it is not assembled
  } else if (macros_.count(name)) {
    SourceLoc l = prog_.loc(macros_[name].pos);
    error(col,
          "macro '" + name + "' is already defined at " + l.file + ":" + std::to_string(l.line));
    c.name = "!";
  }
  capture_ = std::move(c);
}

// ---------------------------------------------------------------- files and assertions

void Assembler::dirInclude(int col) {
  Token t = lx_.next();
  if (t.kind != Tok::String) return error(t.col(), "INCLUDE needs a quoted file name");
  if (!expectEnd()) return;
  std::string resolved;
  bool cached = false;
  auto text = resolveInclude(t.str, resolved, true, &cached, kMaxSourceBytes);
  if (!text)
    return error(t.col(),
                 readError_.empty()
                     ? "generated file missing: include file '" + t.str +
                           "' not found (a build step makes it, or it is not in the include paths)"
                     : readError_);
  auto lines = loadSource(resolved, cached ? nullptr : &*text);
  if (!lines) return error(t.col(), "cannot read include file '" + t.str + "'");
  Context c;
  c.kind = CtxKind::File;
  c.lines = std::move(lines);
  c.args = nullptr;
  c.callPos = SrcPos{pos_.file, pos_.line, col};
  pushContext(std::move(c), col);
}

void Assembler::dirIncbin(int col) {
  Token t = lx_.next();
  if (t.kind != Tok::String) return error(t.col(), "INCBIN needs a quoted file name");
  int32_t start = 0, length = -1;  // -1: to the end of the file
  if (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    const int startCol = lx_.peek().col();
    if (!constExpr(start, "INCBIN")) return;
    if (start < 0) return error(startCol, "INCBIN start " + std::to_string(start) + " is negative");
    if (lx_.peek().kind == Tok::Comma) {
      lx_.next();
      const int lengthCol = lx_.peek().col();
      if (!constExpr(length, "INCBIN")) return;
      if (length < 0)
        return error(lengthCol, "INCBIN length " + std::to_string(length) + " is negative");
    }
  }
  if (!expectEnd() || !needCode(col)) return;
  std::string resolved;
  auto data = resolveInclude(t.str, resolved, false, nullptr, kMaxBinaryBytes);
  if (!data)
    return error(t.col(),
                 readError_.empty()
                     ? "generated file missing: INCBIN file '" + t.str +
                           "' not found (a build step makes it, or it is not in the include paths)"
                     : readError_);
  const int64_t size = static_cast<int64_t>(data->size());
  if (length < 0) length = static_cast<int32_t>(std::max<int64_t>(0, size - start));
  if (start < 0 || start > size || static_cast<int64_t>(start) + length > size)
    return error(t.col(), "INCBIN range " + std::to_string(start) + "+" + std::to_string(length) +
                              " is outside '" + t.str + "' (" + std::to_string(size) + " bytes)");
  Section& sec = prog_.sections[static_cast<size_t>(section_)];
  const uint32_t at = sec.size;
  if (!grow(static_cast<uint32_t>(length), col)) return;
  std::copy(data->begin() + start, data->begin() + start + length, sec.data.begin() + at);
}

void Assembler::dirAssert(bool isStatic, int col) {
  Assertion a;
  a.unit = unitIdx_;
  a.pos = SrcPos{pos_.file, pos_.line, col};
  const Token& first = lx_.peek();
  if (first.kind == Tok::Ident) {
    std::string_view w = lx_.text(first);
    Assertion::Level lvl = Assertion::Error;
    bool isLevel = true;
    if (equalsIgnoreCase(w, "WARN"))
      lvl = Assertion::Warn;
    else if (equalsIgnoreCase(w, "FAIL"))
      lvl = Assertion::Error;
    else if (equalsIgnoreCase(w, "FATAL"))
      lvl = Assertion::Fatal;
    else
      isLevel = false;
    if (isLevel) {
      Lexer::State s = lx_.save();
      lx_.next();
      if (lx_.peek().kind == Tok::Comma) {
        lx_.next();
        a.level = lvl;
      } else {
        lx_.restore(s);
      }
    }
  }
  if (!parseExpr(a.expr)) return;
  if (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    if (!readString(a.message, "ASSERT")) return;
  }
  if (!expectEnd()) return;
  EvalResult r = eval(a.expr);
  if (r.status == EvalResult::Error) return error(col, r.error);
  if (r.status == EvalResult::Known) {
    if (r.value != 0) return;
    std::string msg = "assertion failed" + (a.message.empty() ? "" : ": " + a.message);
    if (a.level == Assertion::Warn) return warning(col, msg);
    error(col, msg);
    if (a.level == Assertion::Fatal) fatal_ = true;
    return;
  }
  if (isStatic) return error(col, "STATIC_ASSERT needs a constant expression");
  prog_.assertions.push_back(std::move(a));
}

}  // namespace core::sm83
