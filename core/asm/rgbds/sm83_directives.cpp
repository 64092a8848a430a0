// Directives of the built-in SM83 assembler's statement dispatcher: each is parsed
// here and handed to the owner of the state it changes (sections, symbols, the
// context stack, macros). OPT, LOAD, ALIGN and the charmap directives are in
// sm83_options.cpp.
#include <algorithm>

#include "core/asm/rgbds/sm83_assembler.h"
#include "core/util/files.h"
#include "core/util/text.h"

namespace core::sm83 {

namespace {

std::string hex(uint32_t v, int digits) {
  static const char* kDigits = "0123456789ABCDEF";
  std::string s = "$";
  for (int i = digits - 1; i >= 0; --i) s += kDigits[(v >> (i * 4)) & 15];
  return s;
}

}  // namespace

void Assembler::directive(Kw kw, const Token& t) {
  const int col = t.col();
  rep_.pos.col = col;
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
    case Kw::BREAK:
      if (!expectEnd()) return;
      if (!contexts_.breakRept()) return error(col, "BREAK used outside of a REPT or FOR block");
      return;
    case Kw::SHIFT: {
      int32_t n = 1;
      if (lx_.peek().kind != Tok::End && !constExpr(n, "SHIFT")) return;
      if (!expectEnd()) return;
      MacroArgs* a = contexts_.args();
      if (!a) return error(col, "SHIFT used outside of a macro");
      int64_t s = static_cast<int64_t>(a->shift) + n;
      if (s < 0 || s > static_cast<int64_t>(a->args.size()))
        return error(col, "cannot SHIFT past the macro arguments");
      a->shift = static_cast<size_t>(s);
      return;
    }
    case Kw::EXPORT:
    case Kw::GLOBAL:
    case Kw::PURGE:
      return dirSymbols(kw);
    case Kw::PRINT:
    case Kw::PRINTLN:
      return dirPrint(kw == Kw::PRINTLN);
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
      rep_.stop();
      return;
    }
    case Kw::PUSHS:
      if (expectEnd()) sections_.pushSection();
      return;
    case Kw::POPS:
      if (expectEnd()) sections_.popSection(col);
      return;
    case Kw::ENDSECTION:
      if (expectEnd()) sections_.endSection();
      return;
    case Kw::CHARMAP:
    case Kw::NEWCHARMAP:
    case Kw::SETCHARMAP:
    case Kw::PUSHC:
    case Kw::POPC:
      return dirCharmap(kw, col);
    case Kw::RSRESET:
      if (expectEnd()) syms_.setRs(0);
      return;
    case Kw::RSSET: {
      int32_t v = 0;
      if (constExpr(v, "RSSET") && expectEnd()) syms_.setRs(v);
      return;
    }
    case Kw::EQU:
    case Kw::EQUS:
    case Kw::RB:
    case Kw::RW:
      return error(col, std::string(lx_.text(t)) + " needs a symbol name before it");
    case Kw::UNION:
    case Kw::NEXTU:
    case Kw::ENDU:
      if (!expectEnd()) return;
      return sections_.unionBlock(kw == Kw::UNION, kw == Kw::ENDU, col);
    case Kw::ALIGN:
      return dirAlign(col);
    case Kw::LOAD:
      return dirLoad(col);
    case Kw::ENDL:
      if (!expectEnd()) return;
      if (!sections_.inLoad()) return error(col, "ENDL without LOAD");
      return sections_.endLoad();
    default:
      return error(col, "unexpected '" + std::string(lx_.text(t)) + "'");
  }
}

// ---------------------------------------------------------------- symbols

void Assembler::dirSymbols(Kw kw) {
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
    if (!syms_.fullName(name, full, err)) return;
    if (int idx = syms_.find(full); idx >= 0 && syms_.at(idx).kind != SymKind::Undefined)
      syms_.at(idx).exported = true;
    return;
  }
  lx_.setExpand(true);
  for (;;) {
    lx_.setExpand(false);
    Token n = lx_.next();
    lx_.setExpand(true);
    if (n.kind != Tok::Ident) return error(n.col(), "expected a symbol name");
    std::string full, err;
    if (!syms_.fullName(lx_.text(n), full, err)) return error(n.col(), err);
    if (kw == Kw::PURGE) {
      if (!macros_.purge(std::string(lx_.text(n))) && !syms_.purge(full, n.col())) return;
    } else {
      syms_.exportSymbol(full);
    }
    if (lx_.peek().kind != Tok::Comma) break;
    lx_.next();
    // A trailing comma, as rgbasm allows; looked at unexpanded, since the next name
    // may be a string symbol to PURGE.
    lx_.setExpand(false);
    const bool end = lx_.peek().kind == Tok::End;
    lx_.setExpand(true);
    if (end) break;
  }
  expectEnd();
}

void Assembler::definition(const Token& nameTok, std::string_view name, bool redef) {
  std::string full, err;
  if (!syms_.fullName(name, full, err)) return error(nameTok.col(), err);
  const int col = nameTok.col();
  Token k = lx_.next();
  lx_.setExpand(true);
  const Kw kk = k.kind == Tok::Ident ? keyword(lx_.text(k)) : Kw::None;
  int32_t v = 0;
  switch (kk) {
    case Kw::EQUS: {
      std::string text;
      if (readString(text, "EQUS") && expectEnd())
        syms_.defineConstant(full, SymKind::Equs, 0, std::move(text), redef, col);
      return;
    }
    case Kw::EQU:
      if (constExpr(v, "EQU") && expectEnd())
        syms_.defineConstant(full, SymKind::Equ, v, {}, redef, col);
      return;
    case Kw::SET:
      if (constExpr(v, "SET") && expectEnd())
        syms_.defineConstant(full, SymKind::Var, v, {}, redef, col);
      return;
    case Kw::RB:
    case Kw::RW:
    case Kw::RL: {
      int32_t count = 1;
      if (lx_.peek().kind != Tok::End && !constExpr(count, "RB/RW")) return;
      if (!expectEnd()) return;
      return syms_.defineRs(full, kk == Kw::RB ? 1 : kk == Kw::RW ? 2 : 4, count, col);
    }
    default:
      break;
  }
  if (k.kind == Tok::Op && k.op == Op::Assign) {
    if (constExpr(v, "=") && expectEnd())
      syms_.defineConstant(full, SymKind::Var, v, {}, redef, col);
    return;
  }
  if (k.kind == Tok::Op && compoundBase(k.op) != Op::None)
    return compoundAssignment(full, k, col, redef);
  error(k.col(), "expected EQU, EQUS, =, SET, RB or RW after '" + full + "'");
}

// `x op= value` is `x = x op (value)`, evaluated by the one expression evaluator
// (as rgbasm builds the same RPN for both), so `DEF x <<= -1` is `x << -1`.
void Assembler::compoundAssignment(const std::string& full, const Token& opTok, int col,
                                   bool redef) {
  int idx = syms_.find(full);
  if (idx < 0 || syms_.at(idx).kind != SymKind::Var)
    return error(col, "'" + full + "' must be a variable defined with = or SET first");
  Expr e;
  if (!parseExpr(e)) return;
  compoundExpr(e, syms_.at(idx).value, compoundBase(opTok.op), opTok.col());
  int32_t v = 0;
  if (constValueOf(e, v, "assignment") && expectEnd())
    syms_.defineConstant(full, SymKind::Var, v, {}, redef, col);
}

// ---------------------------------------------------------------- sections and data

bool Assembler::parseSection(bool fragment, Section& sec, int& nameCol) {
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
  auto fail = [&](int at, std::string msg) {
    error(at, std::move(msg));
    return false;
  };
  if (t.kind != Tok::String) return fail(t.col(), "SECTION needs a quoted name");
  nameCol = t.col();
  sec.name = t.str;
  if (lx_.next().kind != Tok::Comma) return fail(nameCol, "SECTION needs a type after the name");
  Token ty = lx_.next();
  const Kw tk = ty.kind == Tok::Ident ? keyword(lx_.text(ty)) : Kw::None;
  if (tk < Kw::ROM0 || tk > Kw::HRAM)
    return fail(ty.col(),
                "expected a section type (ROM0, ROMX, VRAM, SRAM, WRAM0, WRAMX, OAM, HRAM)");
  sec.type = static_cast<SectionType>(static_cast<int>(tk) - static_cast<int>(Kw::ROM0));
  sec.fragment = fragment;
  sec.pos = rep_.at(nameCol);
  const RegionInfo& region = regionInfo(sec.type);
  int32_t v = 0;
  if (lx_.peek().kind == Tok::LBracket) {
    lx_.next();
    int col = lx_.peek().col();
    if (!constExpr(v, "a section address")) return false;
    if (lx_.next().kind != Tok::RBracket) return fail(col, "expected ']'");
    if (v < static_cast<int32_t>(region.start) ||
        v >= static_cast<int32_t>(region.start + region.size))
      return fail(col, "address " + hex(static_cast<uint32_t>(v), 4) + " is outside " +
                           region.name + " (" + hex(region.start, 4) + "-" +
                           hex(region.start + region.size - 1, 4) + ")");
    sec.fixedAddress = v;
  }
  while (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    Token opt = lx_.next();
    const Kw ok = opt.kind == Tok::Ident ? keyword(lx_.text(opt)) : Kw::None;
    if ((ok != Kw::BANK && ok != Kw::ALIGN) || lx_.next().kind != Tok::LBracket)
      return fail(opt.col(), "expected BANK[n] or ALIGN[n]");
    if (!constExpr(v, ok == Kw::BANK ? "BANK[]" : "ALIGN[]")) return false;
    if (ok == Kw::BANK) {
      if (region.minBank == region.maxBank)
        return fail(opt.col(), std::string(region.name) + " sections cannot have a BANK");
      if (v < region.minBank || v > region.maxBank)
        return fail(opt.col(), "bank " + std::to_string(v) + " is outside " + region.name + " (" +
                                   std::to_string(region.minBank) + "-" +
                                   std::to_string(region.maxBank) + ")");
      sec.fixedBank = v;
    } else {
      if (v < 0 || v > 16) return fail(opt.col(), "ALIGN must be between 0 and 16");
      sec.alignBits = v;
      if (lx_.peek().kind == Tok::Comma) {
        lx_.next();
        if (!constExpr(v, "the ALIGN offset")) return false;
        if (v < 0 || v >= (1 << sec.alignBits))
          return fail(opt.col(), "ALIGN offset must be below the alignment");
        sec.alignOffset = static_cast<uint32_t>(v);
      }
    }
    if (lx_.next().kind != Tok::RBracket) return fail(opt.col(), "expected ']'");
  }
  if (!expectEnd()) return false;
  sec.isUnion = isUnion;
  return true;
}

void Assembler::dirSection(bool fragment) {
  if (sections_.inLoad()) sections_.endLoad();
  Section sec;
  int nameCol = 0;
  if (parseSection(fragment, sec, nameCol)) sections_.openSection(std::move(sec), nameCol);
}

void Assembler::dirData(int width) {
  const int col = rep_.pos.col;
  if (!sections_.open()) return error(col, "data outside of a SECTION");
  const Section& sec = sections_.cur();
  const bool rom = regionInfo(sec.type).rom;
  if (lx_.peek().kind == Tok::End) {
    sections_.grow(static_cast<uint32_t>(width), col);  // reserves (RAM) or pads with zeros (ROM)
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
    // As rgbasm, `@` in an item is that item's own address: `dw @, @` gives two.
    sections_.beginStatement();
    if (ExprParser p(lx_, *this); p.atString()) {
      Lexer::State s = lx_.save();
      const int strCol = lx_.peek().col();
      std::string str;
      if (!p.parseString(str)) return error(p.errorCol(), p.error());
      Tok after = lx_.peek().kind;
      if (after == Tok::Comma || after == Tok::End) {
        for (char c : charmaps_.map(str)) {
          e.clear();
          e.ops.push_back({ExprKind::Num, static_cast<uint8_t>(c), 0, strCol});
          sections_.emitValue(kind, e, strCol);
        }
      } else {
        lx_.restore(s);
        if (!parseExpr(e)) return;
        sections_.emitValue(kind, e, e.col);
      }
    } else {
      if (!parseExpr(e)) return;
      sections_.emitValue(kind, e, e.col);
    }
    if (rep_.fatal()) return;
    if (lx_.peek().kind != Tok::Comma) break;
    lx_.next();
    if (lx_.peek().kind == Tok::End) break;  // a trailing comma, as rgbasm allows
  }
  expectEnd();
}

// PRINT / PRINTLN: strings as they are, numbers as rgbasm prints them ($ and upper-case hex).
void Assembler::dirPrint(bool newline) {
  std::string out;
  while (lx_.peek().kind != Tok::End) {
    if (ExprParser p(lx_, *this); p.atString()) {
      std::string str;
      if (!p.parseString(str)) return error(p.errorCol(), p.error());
      out += str;
    } else {
      int32_t v = 0;
      if (!constExpr(v, newline ? "PRINTLN" : "PRINT")) return;
      out += core::hex(static_cast<uint32_t>(v), 1);
    }
    if (lx_.peek().kind != Tok::Comma) break;
    lx_.next();
  }
  if (!expectEnd()) return;
  if (newline) out += '\n';
  prog_.printed += out;
}

void Assembler::dirDs() {
  const int col = rep_.pos.col;
  if (!sections_.open()) return error(col, "ds outside of a SECTION");
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
    if (!sections_.alignPadding(bits, ofs, countCol, count)) return;
  } else if (!constExpr(count, "ds")) {
    return;
  }
  if (count < 0) return error(countCol, "ds count must not be negative");
  std::vector<Expr> fill;
  while (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    if (lx_.peek().kind == Tok::End) break;  // a trailing comma
    fill.emplace_back();
    if (!parseExpr(fill.back())) return;
  }
  if (!expectEnd()) return;
  if (fill.empty() || count == 0) {
    sections_.grow(static_cast<uint32_t>(count), col);
    return;
  }
  if (!regionInfo(sections_.cur().type).rom)
    return error(col, "ds in a RAM section cannot have fill values");
  for (int32_t i = 0; i < count && !rep_.fatal(); ++i)
    sections_.emitValue(PatchKind::Byte, fill[static_cast<size_t>(i) % fill.size()], fill[0].col);
}

// ---------------------------------------------------------------- control

void Assembler::dirIf(Kw kw, int col) {
  if (kw == Kw::IF) {
    int32_t v = 0;
    bool ok = constExpr(v, "IF") && expectEnd();
    IfFrame f;
    f.active = f.taken = ok && v != 0;
    f.pos = rep_.at(col);
    contexts_.pushIf(f);
    return;
  }
  const char* name = kw == Kw::ELIF ? "ELIF" : kw == Kw::ELSE ? "ELSE" : "ENDC";
  if (!contexts_.inIf()) return error(col, std::string(name) + " without IF");
  IfFrame& f = contexts_.lastIf();
  if (kw == Kw::ENDC) {
    contexts_.popIf();
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
  c.pos = rep_.at(col);
  c.level = contexts_.depth();
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
    if (!syms_.fullName(lx_.text(name), full, err)) return error(name.col(), err);
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
    int idx = syms_.get(full);
    SymKind k = syms_.at(idx).kind;
    if (k != SymKind::Undefined && k != SymKind::Var)
      return error(name.col(), "FOR variable '" + full + "' is already defined as a constant");
    c.count = static_cast<uint32_t>(std::min<int64_t>(count, UINT32_MAX));
    c.forSym = idx;
    c.forStart = static_cast<int32_t>(start);
    c.forStep = static_cast<int32_t>(step);
  }
  contexts_.beginCapture(std::move(c));
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
  c.pos = rep_.at(col);
  c.level = contexts_.depth();
  c.body = std::make_shared<SrcLines>();
  if (!macros_.canDefine(name, col)) c.name = "!";  // still capture the body so it is skipped
  contexts_.beginCapture(std::move(c));
}

// ---------------------------------------------------------------- files and assertions

void Assembler::dirInclude(int col) {
  Token t = lx_.next();
  if (t.kind != Tok::String) return error(t.col(), "INCLUDE needs a quoted file name");
  if (!expectEnd()) return;
  std::string resolved;
  bool cached = false;
  auto text = contexts_.resolveInclude(t.str, resolved, true, &cached, kMaxSourceBytes);
  if (!text)
    return error(t.col(),
                 contexts_.readError().empty()
                     ? "generated file missing: include file '" + t.str +
                           "' not found (a build step makes it, or it is not in the include paths)"
                     : contexts_.readError());
  auto lines = contexts_.loadSource(resolved, cached ? nullptr : &*text);
  if (!lines) return error(t.col(), "cannot read include file '" + t.str + "'");
  Context c;
  c.kind = CtxKind::File;
  c.lines = std::move(lines);
  // As rgbasm: an INCLUDE inside a macro sees its arguments and its \@.
  if (const Context* top = contexts_.top()) {
    c.args = top->args;
    c.unique = top->unique;
  }
  c.callPos = rep_.at(col);
  contexts_.push(std::move(c), col);
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
  if (!expectEnd() || !sections_.needCode(col)) return;
  std::string resolved;
  auto data = contexts_.resolveInclude(t.str, resolved, false, nullptr, kMaxBinaryBytes);
  if (!data)
    return error(t.col(),
                 contexts_.readError().empty()
                     ? "generated file missing: INCBIN file '" + t.str +
                           "' not found (a build step makes it, or it is not in the include paths)"
                     : contexts_.readError());
  const int64_t size = static_cast<int64_t>(data->size());
  if (length < 0) length = static_cast<int32_t>(std::max<int64_t>(0, size - start));
  if (start < 0 || start > size || static_cast<int64_t>(start) + length > size)
    return error(t.col(), "INCBIN range " + std::to_string(start) + "+" + std::to_string(length) +
                              " is outside '" + t.str + "' (" + std::to_string(size) + " bytes)");
  sections_.emitBytes(*data, static_cast<size_t>(start), static_cast<size_t>(length), col);
}

void Assembler::dirAssert(bool isStatic, int col) {
  Assertion a;
  a.unit = sections_.unit();
  a.pos = rep_.at(col);
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
  EvalResult r = syms_.eval(a.expr);
  if (r.status == EvalResult::Error) return error(col, r.error);
  if (r.status == EvalResult::Known) {
    if (r.value != 0) return;
    std::string msg = "assertion failed" + (a.message.empty() ? "" : ": " + a.message);
    if (a.level == Assertion::Warn) return warning(col, msg);
    error(col, msg);
    if (a.level == Assertion::Fatal) rep_.stop();
    return;
  }
  if (isStatic) return error(col, "STATIC_ASSERT needs a constant expression");
  prog_.assertions.push_back(std::move(a));
}

}  // namespace core::sm83
