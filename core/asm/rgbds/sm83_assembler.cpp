#include "core/asm/rgbds/sm83_assembler.h"

#include "core/util/files.h"

namespace core::sm83 {

Assembler::Assembler(const AsmConfig& cfg, Program& prog)
    : cfg_(cfg),
      prog_(prog),
      rep_(prog),
      syms_(prog, rep_),
      charmaps_(rep_),
      sections_(prog, rep_, syms_),
      macros_(cfg.maxExpandedBytes, prog, rep_, syms_),
      contexts_(cfg, prog, rep_, syms_, macros_, sections_) {
  rep_.setContexts(&contexts_);
}

// ---------------------------------------------------------------- units

void Assembler::assembleUnit(const std::string& path) {
  const int unitIdx = static_cast<int>(prog_.units.size());
  prog_.units.emplace_back();
  rep_.beginUnit();
  syms_.beginUnit(prog_.units.back(), cfg_.defines);
  charmaps_.beginUnit();
  sections_.beginUnit(unitIdx);
  macros_.beginUnit();
  contexts_.beginUnit();
  optStack_.clear();
  Lexer::Digits digits;
  digits.fixPrecision = cfg_.fixPrecision;
  lx_.setDigits(digits);

  auto lines = contexts_.loadSource(path, nullptr);
  if (!lines) {
    prog_.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, SourceLoc{path, 0, 0},
                                           contexts_.readError().empty()
                                               ? "cannot open source file '" + path + "'"
                                               : contexts_.readError()});
    return;
  }
  Context c;
  c.kind = CtxKind::File;
  c.lines = lines;
  contexts_.push(std::move(c), 0);
  if (!cfg_.preinclude.empty()) {
    // rgbasm -P: as if the source began with INCLUDE "preinclude".
    std::string resolved;
    bool cached = false;
    auto text = contexts_.resolveInclude(cfg_.preinclude, resolved, true, &cached, kMaxSourceBytes);
    auto pre = text ? contexts_.loadSource(resolved, cached ? nullptr : &*text) : nullptr;
    if (!pre) {
      prog_.diagnostics.push_back(Diagnostic{
          Diagnostic::Severity::Error, SourceLoc{path, 0, 0},
          contexts_.readError().empty() ? "pre-include file '" + cfg_.preinclude + "' not found"
                                        : contexts_.readError()});
      return;
    }
    Context p;
    p.kind = CtxKind::File;
    p.lines = pre;
    contexts_.push(std::move(p), 0);
  }
  run();
  sections_.endUnit();
  syms_.endUnit();
}

void Assembler::run() {
  while (!rep_.fatal()) {
    const SrcLine* line = contexts_.fetch();
    if (!line || !contexts_.countLine(*line)) break;
    if (contexts_.capturing())
      contexts_.captureLine(*line);
    else if (!contexts_.skipping() || contexts_.skipLine(*line))
      processLine(*line);
  }
  if (rep_.fatal()) contexts_.clear();
}

// ---------------------------------------------------------------- lines

void Assembler::processLine(const SrcLine& line) {
  rep_.pos = SrcPos{line.file, line.line, 0};
  std::string_view text = line.text;
  // An ELIF after a taken branch is never evaluated, and rgbasm does not expand its
  // macro arguments either: `IF _NARG < 2 ... ELIF \2` works with one argument.
  if (!contexts_.empty() && contexts_.inIf() && contexts_.lastIf().taken &&
      !contexts_.lastIf().seenElse && firstKeyword(text) == Kw::ELIF) {
    contexts_.lastIf().active = false;
    return;
  }
  if (text.find('\\') != std::string_view::npos) {
    if (!macros_.substitute(text, lineBuf_, contexts_.args(),
                           [this] { return contexts_.unique(); }) ||
        !macros_.spendExpansion(lineBuf_.size(), 1))
      return;
    text = lineBuf_;
  }
  if (text.find('{') != std::string_view::npos) {
    if (!macros_.interpolate(text, lineBuf2_, contexts_.args()) ||
        !macros_.spendExpansion(lineBuf2_.size(), 1))
      return;
    text = lineBuf2_;
  }
  lx_.reset(text, this);
  lx_.setExpand(false);
  const int startSection = sections_.current();
  const uint32_t startSize = sections_.size();
  sections_.beginStatement();
  statement(lx_.next());
  if (!macros_.spendExpansion(lx_.expandedBytes(), 1)) return;
  sections_.recordLine(startSection, startSize, line.file, line.line);
}

void Assembler::statement(Token t) {
  if (t.kind == Tok::Error) return error(t.col(), t.str);
  if (t.kind == Tok::Colon) {
    syms_.defineAnonLabel(t.col(), sections_.labelSection(), sections_.labelOffset());
    lx_.setExpand(true);
    t = lx_.next();
  } else if (t.kind == Tok::Ident) {
    const std::string name(lx_.text(t));
    const Kw kw = keyword(name);
    if (kw == Kw::DEF || kw == Kw::REDEF) {
      Token n = lx_.next();
      if (n.kind != Tok::Ident) return error(n.col(), "expected a symbol name after DEF");
      return definition(n, std::string(lx_.text(n)), kw == Kw::REDEF);
    }
    const Token& t2 = lx_.peek();
    if ((t2.kind == Tok::Colon || t2.kind == Tok::DoubleColon) && kw == Kw::None) {
      const bool exported = t2.kind == Tok::DoubleColon;
      lx_.next();
      const Token& t3 = lx_.peek();
      if (t3.kind == Tok::Ident && keyword(lx_.text(t3)) == Kw::MACRO) {
        // Legacy `Name: MACRO`.
        lx_.next();
        if (!expectEnd()) return;
        return beginMacro(name, t.col());
      }
      syms_.defineLabel(name, exported, t.col(), sections_.labelSection(), sections_.labelOffset());
      lx_.setExpand(true);
      t = lx_.next();
    } else if (kw == Kw::None) {
      Kw k2 = t2.kind == Tok::Ident ? keyword(lx_.text(t2)) : Kw::None;
      bool defOp = t2.kind == Tok::Op && (t2.op == Op::Assign || compoundBase(t2.op) != Op::None);
      // A macro's name starts a call even before `rb` or `equ` (`new_field rb, 1` in
      // rgbds-structs): rgbds 0.8+ defines symbols only with DEF.
      if (defOp || (!macros_.contains(name) && (k2 == Kw::EQU || k2 == Kw::EQUS || k2 == Kw::SET ||
                                                k2 == Kw::RB || k2 == Kw::RW || k2 == Kw::RL)))
        return definition(t, name, false);
      // Legacy label without a colon: a name at column 1, or a `.local`, before an
      // instruction or nothing.
      if ((t.pos == 0 || name[0] == '.') && !macros_.contains(name) && !equs(name) &&
          (t2.kind == Tok::End || k2 != Kw::None)) {
        syms_.defineLabel(name, false, t.col(), sections_.labelSection(), sections_.labelOffset());
        lx_.setExpand(true);
        t = lx_.next();
      }
    }
  }
  lx_.setExpand(true);
  if (t.kind == Tok::Ident && keyword(lx_.text(t)) == Kw::None && equs(lx_.text(t)) &&
      equs(lx_.text(t))->find('\n') != std::string::npos) {
    // An EQUS of several lines (a `"""` string) runs as those lines, like rgbasm.
    const std::string text = *equs(lx_.text(t));
    auto lines = std::make_shared<SrcLines>();
    for (size_t a = 0;;) {
      size_t b = text.find('\n', a);
      lines->push_back(SrcLine{text.substr(a, b == std::string::npos ? b : b - a), rep_.pos.file,
                               rep_.pos.line});
      if (b == std::string::npos) break;
      a = b + 1;
    }
    Context c;
    c.kind = CtxKind::Rept;
    c.remaining = 1;
    c.lines = std::move(lines);
    if (const Context* top = contexts_.top()) {
      c.args = top->args;
      c.unique = top->unique;
    }
    c.callPos = rep_.at(t.col());
    c.name = std::string(lx_.text(t));
    contexts_.push(std::move(c), t.col());
    return;
  }
  if (t.kind == Tok::Ident && keyword(lx_.text(t)) == Kw::None && equs(lx_.text(t))) {
    lx_.restore(Lexer::State{t.pos, false});
    t = lx_.next();
  }
  if (t.kind == Tok::End) return;
  if (t.kind == Tok::Error) return error(t.col(), t.str);
  if (t.kind != Tok::Ident)
    return error(t.col(), "expected an instruction, directive or macro, got '" +
                              std::string(lx_.text(t)) + "'");
  const std::string_view word = lx_.text(t);
  const Kw kw = keyword(word);
  if (isMnemonic(kw)) return instruction(kw, t);
  if (kw != Kw::None) return directive(kw, t);
  if (const Macro* m = macros_.find(word)) {
    std::string name(word);
    Macro macro = *m;
    return invokeMacro(name, macro, lx_.rest(), t.col());
  }
  error(t.col(), "unknown instruction, directive or macro '" + std::string(word) + "'");
}

void Assembler::invokeMacro(const std::string& name, const Macro& m, std::string_view argText,
                            int col) {
  Context c;
  c.kind = CtxKind::Macro;
  c.lines = m.body;
  c.args = Macros::splitArgs(argText);
  c.unique = std::make_shared<int64_t>(0);
  c.callPos = rep_.at(col);
  c.name = name;
  contexts_.push(std::move(c), col);
}

bool Assembler::expectEnd() {
  Token t = lx_.next();
  if (t.kind == Tok::End) return true;
  if (t.kind == Tok::Error)
    error(t.col(), t.str);
  else
    error(t.col(), "unexpected '" + std::string(lx_.text(t)) + "'");
  return false;
}

// ---------------------------------------------------------------- expressions

bool Assembler::nameOp(std::string_view name, int col, ExprOp& out, std::string& err) {
  out.col = col;
  if (name == "@") return sections_.pcOp(col, out, err);
  if (name == "_NARG") {
    const MacroArgs* a = contexts_.args();
    if (!a) {
      err = "_NARG used outside of a macro";
      return false;
    }
    out.kind = ExprKind::Num;
    out.a = static_cast<int32_t>(a->count());
    return true;
  }
  if (name == "_RS" || name == "__LINE__") {
    out.kind = ExprKind::Num;
    out.a = name == "_RS" ? syms_.rs() : rep_.pos.line;
    return true;
  }
  return syms_.symbolOp(name, col, out, err);
}

bool Assembler::bankOp(std::string_view name, int col, ExprOp& out, std::string& err) {
  if (name == "@") return sections_.bankPcOp(col, out, err);
  return syms_.bankOp(name, col, out, err);
}

bool Assembler::isDefined(std::string_view name) {
  if (name == "_NARG") return contexts_.args() != nullptr;
  return syms_.isDefined(name);
}

bool Assembler::sectionTypeRange(std::string_view name, int32_t& start, int32_t& size) {
  for (int t = 0; t <= static_cast<int>(SectionType::Hram); ++t) {
    const RegionInfo r = linkRegion(static_cast<SectionType>(t), prog_.modes);
    if (!equalsIgnoreCase(name, r.name)) continue;
    start = static_cast<int32_t>(r.start);
    size = static_cast<int32_t>(r.size);
    return true;
  }
  return false;
}

bool Assembler::stringValue(const std::string& s, int32_t& out) {
  std::string m = charmaps_.map(s);
  if (m.size() != 1) return false;
  out = static_cast<uint8_t>(m[0]);
  return true;
}

bool Assembler::constValue(const Expr& e, int32_t& out, std::string& err) {
  EvalResult r = syms_.eval(e);
  if (r.status == EvalResult::Known) {
    out = r.value;
    return true;
  }
  err = r.status == EvalResult::Error ? r.error : "expected a constant expression";
  return false;
}

bool Assembler::parseExpr(Expr& e, bool stopAtPlusC) {
  ExprParser p(lx_, *this);
  if (p.parse(e, stopAtPlusC)) return true;
  error(p.errorCol(), p.error());
  return false;
}

bool Assembler::constExpr(int32_t& out, const char* what) {
  Expr e;
  return parseExpr(e) && constValueOf(e, out, what);
}

bool Assembler::constValueOf(const Expr& e, int32_t& out, const char* what) {
  EvalResult r = syms_.eval(e);
  if (r.status == EvalResult::Known) {
    out = r.value;
    return true;
  }
  if (r.status == EvalResult::Error) {
    error(r.failOp >= 0 ? e.ops[static_cast<size_t>(r.failOp)].col : e.col, r.error);
    return false;
  }
  int col = e.col;
  const std::string why = syms_.whyNotConstant(e, r, col);
  error(col, std::string(what) + " needs a constant expression: " + why);
  return false;
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

}  // namespace core::sm83
