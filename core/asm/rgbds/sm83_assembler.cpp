#include "core/asm/rgbds/sm83_assembler.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/util/files.h"
#include "core/util/text.h"

namespace core::sm83 {

namespace {

constexpr int kMaxErrors = 200;
constexpr const char* kSubstituted = "its macro arguments are substituted";
constexpr const char* kInterpolated = "{symbols} are interpolated";

std::string_view firstWord(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  size_t j = i;
  while (j < s.size() && Lexer::isIdentChar(s[j])) ++j;
  return s.substr(i, j - i);
}

// Blanks around a token as rgbasm skips them (a line's trailing CR included).
std::string_view trim(std::string_view s) {
  return trimView(s, " \t\r");
}

// Resolves expressions during assembly: labels in floating sections are
// section-relative, labels in fixed sections are absolute.
}  // namespace

Assembler::Assembler(const AsmConfig& cfg, Program& prog) : cfg_(cfg), prog_(prog) {}

// ---------------------------------------------------------------- sources

std::optional<std::string> Assembler::readFile(const std::string& path, uint64_t maxBytes) const {
  readError_.clear();
  std::optional<std::string> text =
      cfg_.readFile ? cfg_.readFile(path) : readTextFile(path, nullptr, maxBytes);
  if (text && text->size() > maxBytes) {
    readError_ = fileTooLarge(path, text->size(), maxBytes);
    return std::nullopt;
  }
  // Missing stays silent (the caller says "cannot find"); a file that is there
  // but refused says why.
  std::error_code ec;
  if (!text && std::filesystem::exists(path, ec))
    if (auto why = unreadableReason(path, maxBytes)) readError_ = *why;
  return text;
}

int Assembler::fileIndex(const std::string& path) {
  auto it = fileIndex_.find(path);
  if (it != fileIndex_.end()) return it->second;
  int idx = static_cast<int>(prog_.files.size());
  prog_.files.push_back(path);
  fileIndex_.emplace(path, idx);
  return idx;
}

std::optional<std::string> Assembler::resolveInclude(const std::string& name, std::string& resolved,
                                                     bool useCache, bool* cached,
                                                     uint64_t maxBytes) const {
  if (cached) *cached = false;
  std::vector<std::string> candidates{name};
  if (!name.empty() && name[0] != '/') {
    if (pos_.file >= 0) {
      const std::string& cur = prog_.files[static_cast<size_t>(pos_.file)];
      size_t slash = cur.rfind('/');
      if (slash != std::string::npos) candidates.push_back(cur.substr(0, slash + 1) + name);
    }
    for (const auto& d : cfg_.includeDirs)
      candidates.push_back(d.empty() || d.back() == '/' ? d + name : d + "/" + name);
  }
  for (const auto& c : candidates) {
    if (useCache && sourceCache_.count(c)) {
      resolved = c;
      if (cached) *cached = true;
      return std::string();
    }
    if (auto text = readFile(c, maxBytes)) {
      resolved = c;
      return text;
    }
    if (!readError_.empty()) return std::nullopt;  // found but refused: no other candidate
  }
  return std::nullopt;
}

std::shared_ptr<const SrcLines> Assembler::loadSource(const std::string& path,
                                                      const std::string* contents) {
  auto cached = sourceCache_.find(path);
  if (cached != sourceCache_.end()) return cached->second;
  std::optional<std::string> text;
  if (contents)
    text = *contents;
  else
    text = readFile(path, kMaxSourceBytes);
  if (!text) return nullptr;
  int file = fileIndex(path);
  if (const size_t nul = text->find('\0'); nul != std::string::npos) {
    // Binary data (graphics, a ROM, an object file): rgbasm would skip what hides in
    // a `;` comment and go on, ending in an empty ROM with no word of this file. Say
    // where the first NUL byte is, and assemble nothing of it.
    const size_t lineStart = text->rfind('\n', nul);
    const int line = 1 + static_cast<int>(std::count(text->begin(),
                                                     text->begin() + static_cast<long>(nul), '\n'));
    const int col =
        static_cast<int>(nul - (lineStart == std::string::npos ? 0 : lineStart + 1)) + 1;
    prog_.error(SrcPos{file, line, col}, "'" + path +
                                             "' is not a source file: a NUL byte here "
                                             "(binary data goes in with INCBIN)");
    if (pos_.file >= 0) prog_.diag(Diagnostic::Severity::Note, pos_, "in file included from here");
    auto empty = std::make_shared<const SrcLines>();
    sourceCache_.emplace(path, empty);
    return empty;
  }
  int badComment = 0;
  auto lines = splitSource(*text, file, &badComment);
  if (badComment) prog_.error(SrcPos{file, badComment, 0}, "unterminated /* comment");
  sourceCache_.emplace(path, lines);
  return lines;
}

// ---------------------------------------------------------------- units and contexts

void Assembler::assembleUnit(const std::string& path) {
  unitIdx_ = static_cast<int>(prog_.units.size());
  prog_.units.emplace_back();
  unit_ = &prog_.units.back();
  macros_.clear();
  contexts_.clear();
  ifs_.clear();
  skipNest_ = 0;
  capture_ = Capture{};
  section_ = -1;
  sectionStack_.clear();
  unions_.clear();
  load_ = LoadBlock{};
  optStack_.clear();
  maxDepth_ = kDefaultRecursionDepth;
  Lexer::Digits digits;
  digits.fixPrecision = cfg_.fixPrecision;
  lx_.setDigits(digits);
  scope_.clear();
  anonCount_ = 0;
  rs_ = 0;
  charmap_.clear();
  charmapMaxLen_ = 0;
  charmapName_ = "main";
  charmaps_.clear();
  charmapStack_.clear();
  equsCount_ = 0;
  fatal_ = false;
  pos_ = SrcPos{};

  // The rgbds release whose language this assembler follows (docs/rgbds.md);
  // hardware.inc and friends test these before using newer syntax.
  for (const auto& [name, value] : {std::pair<const char*, int32_t>{"__RGBDS_MAJOR__", kRgbdsMajor},
                                    {"__RGBDS_MINOR__", kRgbdsMinor},
                                    {"__RGBDS_PATCH__", kRgbdsPatch}}) {
    Symbol& s = symbolAt(getSymbol(name));
    s.kind = SymKind::Equ;
    s.value = value;
    s.builtin = true;
  }
  {
    Symbol& s = symbolAt(getSymbol("__RGBDS_VERSION__"));
    s.kind = SymKind::Equs;
    s.text = '"' + std::string(kRgbdsVersion) + '"';
    s.builtin = true;
    ++equsCount_;
  }
  for (const auto& [name, value] : cfg_.defines) {
    Symbol& s = symbolAt(getSymbol(name));
    s.kind = SymKind::Equs;
    s.text = value.empty() ? "1" : value;
    s.builtin = true;
    ++equsCount_;
  }

  auto lines = loadSource(path, nullptr);
  if (!lines) {
    prog_.diagnostics.push_back(
        Diagnostic{Diagnostic::Severity::Error, SourceLoc{path, 0, 0},
                   readError_.empty() ? "cannot open source file '" + path + "'" : readError_});
    return;
  }
  Context c;
  c.kind = CtxKind::File;
  c.lines = lines;
  pushContext(std::move(c), 0);
  if (!cfg_.preinclude.empty()) {
    // rgbasm -P: as if the source began with INCLUDE "preinclude".
    std::string resolved;
    bool cached = false;
    auto text = resolveInclude(cfg_.preinclude, resolved, true, &cached, kMaxSourceBytes);
    auto pre = text ? loadSource(resolved, cached ? nullptr : &*text) : nullptr;
    if (!pre) {
      prog_.diagnostics.push_back(
          Diagnostic{Diagnostic::Severity::Error, SourceLoc{path, 0, 0},
                     readError_.empty() ? "pre-include file '" + cfg_.preinclude + "' not found"
                                        : readError_});
      return;
    }
    Context p;
    p.kind = CtxKind::File;
    p.lines = pre;
    pushContext(std::move(p), 0);
  }
  run();

  if (load_.section >= 0) {
    prog_.error(load_.pos, "LOAD without ENDL");
    load_ = LoadBlock{};
  }
  for (const UnionFrame& u : unions_) prog_.error(u.pos, "UNION without ENDU");
  unions_.clear();
  // Anonymous references that never found their label.
  for (const Symbol& s : unit_->symbols)
    if (s.anonymous && s.kind == SymKind::Undefined)
      prog_.error(s.firstUse, "anonymous label reference ':+' has no label after it");
}

bool Assembler::pushContext(Context&& c, int col) {
  // As rgbasm -r counts: levels nested inside the source file itself.
  if (contexts_.size() > maxDepth_) {
    error(col, "recursion too deep (more than " + std::to_string(maxDepth_) +
                   " nested INCLUDE, macro or REPT levels)");
    return false;
  }
  c.ifDepth = ifs_.size();
  if (c.kind != CtxKind::File && section_ >= 0) {
    c.debugLine = static_cast<int>(prog_.lines.size());
    prog_.lines.push_back(LineRec{section_, prog_.sections[static_cast<size_t>(section_)].size, 0,
                                  pos_.file, pos_.line});
  }
  contexts_.push_back(std::move(c));
  return true;
}

void Assembler::run() {
  while (!fatal_) {
    const SrcLine* line = fetch();
    if (!line) break;
    if (++linesDone_ > cfg_.maxLines) {
      pos_ = SrcPos{line->file, line->line, 0};
      error(1, "assembly stopped after " + std::to_string(cfg_.maxLines) +
                   " lines: the line budget is spent (endless REPT or macro recursion?)");
      fatal_ = true;
      break;
    }
    if (capture_.kind != Capture::None) {
      captureLine(*line);
    } else if (!ifs_.empty() && !ifs_.back().active) {
      skipLine(*line);
    } else {
      processLine(*line);
    }
  }
  if (fatal_) {
    contexts_.clear();
    ifs_.clear();
    capture_ = Capture{};
  }
}

const SrcLine* Assembler::fetch() {
  while (!contexts_.empty() && !fatal_) {
    Context& c = contexts_.back();
    if (c.next < c.lines->size()) return &(*c.lines)[c.next++];
    if (capture_.kind != Capture::None && capture_.level == contexts_.size()) {
      prog_.error(capture_.pos, capture_.kind == Capture::Macro
                                    ? "unterminated MACRO '" + capture_.name + "' (missing ENDM)"
                                    : "unterminated REPT/FOR (missing ENDR)");
      ++errors_;
      capture_ = Capture{};
    }
    if (c.kind == CtxKind::Rept && c.remaining > 1) {
      // Counted apart from lines: an empty body yields none, but still spins.
      if (++iterationsDone_ > cfg_.maxIterations) {
        pos_ = c.callPos;
        error(c.callPos.col, "assembly stopped after " + std::to_string(cfg_.maxIterations) +
                                 " REPT/FOR iterations: the iteration budget is spent");
        fatal_ = true;
        break;
      }
      checkIfBalance(c.ifDepth);
      --c.remaining;
      c.next = 0;
      c.unique = ++uniqueCounter_;
      if (c.forSym >= 0) {
        c.forValue += c.forStep;
        symbolAt(c.forSym).kind = SymKind::Var;
        symbolAt(c.forSym).value = c.forValue;
      }
      continue;
    }
    endContext();
  }
  return nullptr;
}

void Assembler::endContext() {
  Context& c = contexts_.back();
  checkIfBalance(c.ifDepth);
  if (c.debugLine >= 0) {
    LineRec& r = prog_.lines[static_cast<size_t>(c.debugLine)];
    if (r.section == section_)
      r.size = prog_.sections[static_cast<size_t>(section_)].size - r.offset;
  }
  contexts_.pop_back();
}

void Assembler::checkIfBalance(size_t depth) {
  while (ifs_.size() > depth) {
    prog_.error(ifs_.back().pos, "unterminated IF (missing ENDC)");
    ++errors_;
    ifs_.pop_back();
  }
  skipNest_ = 0;
}

void Assembler::captureLine(const SrcLine& line) {
  Kw k = keyword(firstWord(line.text));
  if (capture_.kind == Capture::Macro) {
    if (k == Kw::ENDM) return finishCapture();
  } else if (k == Kw::REPT || k == Kw::FOR) {
    ++capture_.depth;
  } else if (k == Kw::ENDR) {
    if (capture_.depth == 0) return finishCapture();
    --capture_.depth;
  }
  capture_.body->push_back(line);
}

void Assembler::finishCapture() {
  Capture c = std::move(capture_);
  capture_ = Capture{};
  if (c.kind == Capture::Macro) {
    if (c.name != "!") macros_[c.name] = Macro{std::move(c.body), c.pos};
    return;
  }
  if (c.count == 0) return;
  Context ctx;
  ctx.kind = CtxKind::Rept;
  ctx.lines = std::move(c.body);
  ctx.args = contexts_.back().args;
  ctx.unique = ++uniqueCounter_;
  ctx.remaining = c.count;
  ctx.forSym = c.forSym;
  ctx.forValue = c.forStart;
  ctx.forStep = c.forStep;
  ctx.callPos = c.pos;
  if (c.forSym >= 0) {
    symbolAt(c.forSym).kind = SymKind::Var;
    symbolAt(c.forSym).value = c.forStart;
  }
  pos_ = c.pos;
  pushContext(std::move(ctx), c.pos.col);
}

void Assembler::skipLine(const SrcLine& line) {
  Kw k = keyword(firstWord(line.text));
  if (k == Kw::IF) {
    ++skipNest_;
  } else if (k == Kw::ENDC) {
    if (skipNest_ > 0)
      --skipNest_;
    else
      processLine(line);
  } else if ((k == Kw::ELIF || k == Kw::ELSE) && skipNest_ == 0) {
    processLine(line);
  }
}

// ---------------------------------------------------------------- lines

bool Assembler::substitute(std::string_view in, std::string& out) {
  out.clear();
  out.reserve(in.size() + 16);
  MacroArgs* args = currentArgs();
  const int64_t unique = contexts_.empty() ? -1 : contexts_.back().unique;
  bool ok = true;
  bool inStr = false, inChar = false;
  auto argAt = [&](size_t n, int col) {
    if (!args) {
      error(col, "macro argument \\" + std::to_string(n) + " used outside of a macro");
      ok = false;
      return;
    }
    size_t i = n - 1 + args->shift;
    if (n == 0 || i >= args->args.size()) {
      error(col, "macro argument \\" + std::to_string(n) + " not given");
      ok = false;
      return;
    }
    if (!inStr) {
      out += args->args[i];
      return;
    }
    // Inside a string literal rgbasm inserts the argument's characters as they
    // are: `"entry: \1"` with \1 = `"A"` holds the quotes.
    for (char ch : args->args[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
  };
  for (size_t i = 0; i < in.size(); ++i) {
    if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(i) + 1, kSubstituted);
    char c = in[i];
    if (c == '"' && !inChar) inStr = !inStr;
    if (c == '\'' && !inStr) inChar = !inChar;  // `cp ';'` is no comment
    // rgbasm never expands inside a comment: `; \1 = count` is documentation.
    if (c == ';' && !inStr && !inChar) {
      out.append(in.substr(i));
      break;
    }
    if (c != '\\' || i + 1 >= in.size()) {
      out += c;
      continue;
    }
    char n = in[i + 1];
    int col = static_cast<int>(i) + 1;
    if (n >= '1' && n <= '9') {
      argAt(static_cast<size_t>(n - '0'), col);
      ++i;
    } else if (n == '@') {
      if (unique < 0) {
        error(col, "\\@ used outside of a macro or REPT");
        ok = false;
      } else {
        out += "_u" + std::to_string(unique);
      }
      ++i;
    } else if (n == '#') {
      if (args)
        for (size_t a = args->shift; a < args->args.size(); ++a) {
          if (a > args->shift) out += ", ";
          out += args->args[a];
        }
      ++i;
    } else if (n == '<') {
      size_t close = in.find('>', i + 2);
      if (close == std::string_view::npos) {
        out += c;
        continue;
      }
      std::string_view num = in.substr(i + 2, close - i - 2);
      size_t v = 0;
      bool digits = !num.empty() && num.size() < 6;
      for (char d : num) digits = digits && d >= '0' && d <= '9', v = v * 10 + (d - '0');
      if (digits) {
        argAt(v, col);
      } else {
        // \<NAME>: the argument whose number a numeric symbol holds.
        int idx = findSymbol(num);
        if (idx >= 0 &&
            (symbolAt(idx).kind == SymKind::Equ || symbolAt(idx).kind == SymKind::Var) &&
            symbolAt(idx).value > 0) {
          argAt(static_cast<size_t>(symbolAt(idx).value), col);
        } else {
          error(col, "bad macro argument \\<" + std::string(num) + ">");
          ok = false;
        }
      }
      i = close;
    } else {
      out += c;
      out += n;
      ++i;
    }
  }
  if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(in.size()), kSubstituted);
  return ok;
}

bool Assembler::interpolate(std::string_view in, std::string& out) {
  out.clear();
  bool inStr = false;
  for (size_t i = 0; i < in.size(); ++i) {
    if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(i) + 1, kInterpolated);
    char c = in[i];
    if (c == '\\' && i + 1 < in.size()) {
      out += c;
      out += in[++i];
      continue;
    }
    if (c == '"') inStr = !inStr;
    if (c == ';' && !inStr) {
      out.append(in.substr(i));
      break;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (!inStr) {
      if (!interpolation(in, i, out, 0)) return false;
      continue;
    }
    // Inside a string literal the value's characters are taken as they are.
    std::string value;
    if (!interpolation(in, i, value, 0)) return false;
    for (char ch : value) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
  }
  if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(in.size()), kInterpolated);
  return true;
}

bool Assembler::interpolation(std::string_view in, size_t& i, std::string& out, int depth) {
  const int col = static_cast<int>(i) + 1;
  if (depth > 64) {
    error(col, "{interpolation} nested too deeply");
    return false;
  }
  std::string text;  // the braces' contents, inner interpolations done (`{{name}}`)
  size_t j = i + 1;
  for (; j < in.size() && in[j] != '}'; ++j) {
    if (in[j] == '{') {
      if (!interpolation(in, j, text, depth + 1)) return false;
      continue;
    }
    text += in[j];
  }
  if (j >= in.size()) {
    error(col, "missing '}' after '{'");
    return false;
  }
  i = j;
  std::string_view inner = trim(text);
  std::string_view spec;
  if (size_t colon = inner.find(':'); colon != std::string_view::npos) {
    spec = trim(inner.substr(0, colon));
    inner = trim(inner.substr(colon + 1));
  }
  std::string full, err;
  if (inner == "." || inner == "..") {
    // The current global label, and the current local one.
    size_t dot = scope_.find('.');
    std::string v = inner == "." ? scope_.substr(0, dot) : dot == std::string::npos ? "" : scope_;
    if (!formatString(spec, v, out, err)) error(col, err);
    return err.empty();
  }
  if (inner == "__SCOPE__" || inner == "__FILE__") {
    std::string v = *equs(inner);
    if (inner == "__FILE__") v = v.substr(1, v.size() - 2);
    if (!formatString(spec, v, out, err)) error(col, err);
    return err.empty();
  }
  if (inner == "_NARG" || inner == "_RS" || inner == "__LINE__") {
    ExprOp op;
    if (!nameOp(inner, col, op, err)) {
      error(col, err);
      return false;
    }
    if (!formatNumber(spec, op.a, out, err)) error(col, err);
    return err.empty();
  }
  int idx = fullName(inner, full, err) ? findSymbol(full) : -1;
  if (idx >= 0 && symbolAt(idx).kind == SymKind::Label) {
    // rgbasm interpolates a label's constant address; one in a floating section has
    // none yet, so its name stands in and `{{__SCOPE__}} - @` still folds.
    const Symbol& l = symbolAt(idx);
    const Section& sec = prog_.sections[static_cast<size_t>(l.section)];
    if (sec.fixedAddress < 0) {
      out += full;
      return true;
    }
    if (!formatNumber(spec, sec.fixedAddress + l.value, out, err)) error(col, err);
    return err.empty();
  }
  if (idx < 0 || symbolAt(idx).kind == SymKind::Undefined) {
    error(col,
          "interpolated symbol '" + std::string(inner) + "' is not a defined constant or string");
    return false;
  }
  const Symbol& s = symbolAt(idx);
  bool ok = s.kind == SymKind::Equs ? formatString(spec, s.text, out, err)
                                    : formatNumber(spec, s.value, out, err);
  if (!ok) error(col, err);
  return ok;
}

void Assembler::processLine(const SrcLine& line) {
  pos_ = SrcPos{line.file, line.line, 0};
  std::string_view text = line.text;
  // An ELIF after a taken branch is never evaluated, and rgbasm does not expand its
  // macro arguments either: `IF _NARG < 2 ... ELIF \2` works with one argument.
  if (!contexts_.empty() && ifs_.size() > contexts_.back().ifDepth && ifs_.back().taken &&
      !ifs_.back().seenElse && keyword(firstWord(text)) == Kw::ELIF) {
    ifs_.back().active = false;
    return;
  }
  if (text.find('\\') != std::string_view::npos) {
    if (!substitute(text, lineBuf_) || !spendExpansion(lineBuf_.size(), 1)) return;
    text = lineBuf_;
  }
  if (text.find('{') != std::string_view::npos) {
    if (!interpolate(text, lineBuf2_) || !spendExpansion(lineBuf2_.size(), 1)) return;
    text = lineBuf2_;
  }
  lx_.reset(text, this);
  lx_.setExpand(false);
  const int startSection = section_;
  const uint32_t startSize = section_ >= 0 ? prog_.sections[static_cast<size_t>(section_)].size : 0;
  stmtStart_ = startSize;
  statement(lx_.next());
  if (!spendExpansion(lx_.expandedBytes(), 1)) return;
  if (section_ >= 0 && section_ == startSection) {
    uint32_t size = prog_.sections[static_cast<size_t>(section_)].size - startSize;
    if (size > 0) prog_.lines.push_back(LineRec{section_, startSize, size, line.file, line.line});
  }
}

void Assembler::statement(Token t) {
  if (t.kind == Tok::Error) return error(t.col(), t.str);
  if (t.kind == Tok::Colon) {
    defineAnonLabel(t.col());
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
      defineLabel(name, exported, t.col());
      lx_.setExpand(true);
      t = lx_.next();
    } else if (kw == Kw::None) {
      Kw k2 = t2.kind == Tok::Ident ? keyword(lx_.text(t2)) : Kw::None;
      bool defOp = t2.kind == Tok::Op && (t2.op == Op::Assign || compoundBase(t2.op) != Op::None);
      // A macro's name starts a call even before `rb` or `equ` (`new_field rb, 1` in
      // rgbds-structs): rgbds 0.8+ defines symbols only with DEF.
      if (defOp || (!macros_.count(name) && (k2 == Kw::EQU || k2 == Kw::EQUS || k2 == Kw::SET ||
                                             k2 == Kw::RB || k2 == Kw::RW || k2 == Kw::RL)))
        return definition(t, name, false);
      // Legacy label without a colon: a name at column 1, or a `.local`, before an
      // instruction or nothing.
      if ((t.pos == 0 || name[0] == '.') && !macros_.count(name) && !equs(name) &&
          (t2.kind == Tok::End || k2 != Kw::None)) {
        defineLabel(name, false, t.col());
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
      lines->push_back(
          SrcLine{text.substr(a, b == std::string::npos ? b : b - a), pos_.file, pos_.line});
      if (b == std::string::npos) break;
      a = b + 1;
    }
    Context c;
    c.kind = CtxKind::Rept;
    c.remaining = 1;
    c.lines = std::move(lines);
    if (!contexts_.empty()) {
      c.args = contexts_.back().args;
      c.unique = contexts_.back().unique;
    }
    c.callPos = SrcPos{pos_.file, pos_.line, t.col()};
    c.name = std::string(lx_.text(t));
    pushContext(std::move(c), t.col());
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
  auto m = macros_.find(word);
  if (m != macros_.end()) {
    std::string name(word);
    Macro macro = m->second;
    return invokeMacro(name, macro, lx_.rest(), t.col());
  }
  error(t.col(), "unknown instruction, directive or macro '" + std::string(word) + "'");
}

void Assembler::invokeMacro(const std::string& name, const Macro& m, std::string_view argText,
                            int col) {
  auto args = std::make_shared<MacroArgs>();
  std::string cur;
  int paren = 0;
  bool inStr = false;
  for (size_t i = 0; i < argText.size(); ++i) {
    char c = argText[i];
    if (inStr) {
      cur += c;
      if (c == '\\' && i + 1 < argText.size())
        cur += argText[++i];
      else if (c == '"')
        inStr = false;
      continue;
    }
    if (c == '"') {
      inStr = true;
    } else if (c == '\\' && i + 1 < argText.size() && argText[i + 1] == ',') {
      cur += ',';
      ++i;
      continue;
    } else if (c == ';') {
      break;
    } else if (c == '(') {
      ++paren;
    } else if (c == ')') {
      --paren;
    } else if (c == ',' && paren <= 0) {
      args->args.emplace_back(trim(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  // rgbasm drops an empty last argument: `mac a, \#` with nothing left to shift
  // passes one argument, not two.
  if (!trim(cur).empty()) args->args.emplace_back(trim(cur));
  Context c;
  c.kind = CtxKind::Macro;
  c.lines = m.body;
  c.args = std::move(args);
  c.unique = ++uniqueCounter_;
  c.callPos = SrcPos{pos_.file, pos_.line, col};
  c.name = name;
  pushContext(std::move(c), col);
}

bool Assembler::lineTooLong(int col, const char* how) {
  error(col, "line grows past " + std::to_string(kMaxLineBytes) + " bytes when " + how +
                 ": the per-line expansion budget is spent");
  return false;
}

bool Assembler::spendExpansion(uint64_t bytes, int col) {
  expandedBytes_ += bytes;
  if (expandedBytes_ <= cfg_.maxExpandedBytes) return true;
  if (!fatal_)
    error(col, "assembly stopped after expanding " + std::to_string(expandedBytes_) +
                   " bytes of text: the expansion budget (" + byteSize(cfg_.maxExpandedBytes) +
                   ") is spent");
  fatal_ = true;
  return false;
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

void Assembler::error(int col, std::string msg) {
  if (fatal_) return;
  prog_.error(SrcPos{pos_.file, pos_.line, col}, std::move(msg));
  notes();
  if (++errors_ >= kMaxErrors) {
    prog_.error(SrcPos{pos_.file, pos_.line, 0}, "too many errors, stopping");
    fatal_ = true;
  }
}

void Assembler::warning(int col, std::string msg) {
  prog_.diag(Diagnostic::Severity::Warning, SrcPos{pos_.file, pos_.line, col}, std::move(msg));
  notes();
}

void Assembler::notes() {
  int shown = 0;
  for (auto it = contexts_.rbegin(); it != contexts_.rend() && shown < 8; ++it) {
    if (it->kind == CtxKind::Macro) {
      prog_.diag(Diagnostic::Severity::Note, it->callPos,
                 "in expansion of macro '" + it->name + "'");
      ++shown;
    } else if (it->kind == CtxKind::File && it->callPos.file >= 0) {
      prog_.diag(Diagnostic::Severity::Note, it->callPos, "in file included from here");
      ++shown;
    }
  }
}

Assembler::MacroArgs* Assembler::currentArgs() const {
  return contexts_.empty() ? nullptr : contexts_.back().args.get();
}

}  // namespace core::sm83
