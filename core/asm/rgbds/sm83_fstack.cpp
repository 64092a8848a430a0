#include "core/asm/rgbds/sm83_fstack.h"

#include <algorithm>
#include <filesystem>

#include "core/asm/rgbds/sm83_keywords.h"
#include "core/util/files.h"

namespace core::sm83 {

void ContextStack::beginUnit() {
  contexts_.clear();
  ifs_.clear();
  skipNest_ = 0;
  capture_ = Capture{};
  maxDepth_ = kDefaultRecursionDepth;
  uniqueCounter_ = 0;  // each source is one rgbasm run: its \@ numbers start at _u1
}

// ---------------------------------------------------------------- files

std::optional<std::string> ContextStack::readFile(const std::string& path,
                                                  uint64_t maxBytes) const {
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

int ContextStack::fileIndex(const std::string& path) {
  auto it = fileIndex_.find(path);
  if (it != fileIndex_.end()) return it->second;
  int idx = static_cast<int>(prog_.files.size());
  prog_.files.push_back(path);
  fileIndex_.emplace(path, idx);
  return idx;
}

std::optional<std::string> ContextStack::resolveInclude(const std::string& name,
                                                        std::string& resolved, bool useCache,
                                                        bool* cached, uint64_t maxBytes) const {
  if (cached) *cached = false;
  std::vector<std::string> candidates{name};
  if (!name.empty() && name[0] != '/') {
    if (rep_.pos.file >= 0) {
      const std::string& cur = prog_.files[static_cast<size_t>(rep_.pos.file)];
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

std::shared_ptr<const SrcLines> ContextStack::loadSource(const std::string& path,
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
    if (rep_.pos.file >= 0)
      prog_.diag(Diagnostic::Severity::Note, rep_.pos, "in file included from here");
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

// ---------------------------------------------------------------- contexts

bool ContextStack::push(Context&& c, int col) {
  // As rgbasm -r counts: levels nested inside the source file itself.
  if (contexts_.size() > maxDepth_) {
    rep_.error(col, "recursion too deep (more than " + std::to_string(maxDepth_) +
                        " nested INCLUDE, macro or REPT levels)");
    return false;
  }
  c.ifDepth = ifs_.size();
  if (c.kind != CtxKind::File && sections_.open()) {
    c.debugLine = static_cast<int>(prog_.lines.size());
    prog_.lines.push_back(
        LineRec{sections_.current(), sections_.size(), 0, rep_.pos.file, rep_.pos.line});
  }
  contexts_.push_back(std::move(c));
  return true;
}

bool ContextStack::countLine(const SrcLine& line) {
  if (++linesDone_ <= cfg_.maxLines) return true;
  rep_.pos = SrcPos{line.file, line.line, 0};
  rep_.error(1, "assembly stopped after " + std::to_string(cfg_.maxLines) +
                    " lines: the line budget is spent (endless REPT or macro recursion?)");
  rep_.stop();
  return false;
}

void ContextStack::clear() {
  contexts_.clear();
  ifs_.clear();
  capture_ = Capture{};
}

const SrcLine* ContextStack::fetch() {
  while (!contexts_.empty() && !rep_.fatal()) {
    Context& c = contexts_.back();
    if (c.next < c.lines->size()) return &(*c.lines)[c.next++];
    if (capture_.kind != Capture::None && capture_.level == contexts_.size()) {
      rep_.errorAt(capture_.pos, capture_.kind == Capture::Macro
                                     ? "unterminated MACRO '" + capture_.name + "' (missing ENDM)"
                                     : "unterminated REPT/FOR (missing ENDR)");
      capture_ = Capture{};
    }
    if (c.kind == CtxKind::Rept && c.remaining > 1) {
      // Counted apart from lines: an empty body yields none, but still spins.
      if (++iterationsDone_ > cfg_.maxIterations) {
        rep_.pos = c.callPos;
        rep_.error(c.callPos.col, "assembly stopped after " + std::to_string(cfg_.maxIterations) +
                                      " REPT/FOR iterations: the iteration budget is spent");
        rep_.stop();
        break;
      }
      checkIfBalance(c.ifDepth);
      --c.remaining;
      c.next = 0;
      *c.unique = 0;  // a new iteration, a new \@ when one is asked for
      if (c.forSym >= 0) {
        c.forValue = static_cast<int32_t>(static_cast<uint32_t>(c.forValue) +
                                          static_cast<uint32_t>(c.forStep));  // wraps, as rgbasm
        syms_.setVariable(c.forSym, c.forValue);
      }
      continue;
    }
    // As rgbasm, the last iteration steps the variable too: after `FOR I, 4` I is 4.
    if (c.kind == CtxKind::Rept && c.forSym >= 0 && !c.broken)
      syms_.setVariable(c.forSym, static_cast<int32_t>(static_cast<uint32_t>(c.forValue) +
                                                       static_cast<uint32_t>(c.forStep)));
    endContext();
  }
  return nullptr;
}

void ContextStack::endContext() {
  Context& c = contexts_.back();
  checkIfBalance(c.ifDepth);
  if (c.debugLine >= 0) {
    LineRec& r = prog_.lines[static_cast<size_t>(c.debugLine)];
    if (r.section == sections_.current()) r.size = sections_.size() - r.offset;
  }
  contexts_.pop_back();
}

bool ContextStack::breakRept() {
  if (contexts_.empty() || contexts_.back().kind != CtxKind::Rept) return false;
  Context& c = contexts_.back();
  ifs_.resize(std::min(ifs_.size(), c.ifDepth));
  skipNest_ = 0;
  c.remaining = 1;
  c.broken = true;
  c.next = c.lines->size();
  return true;
}

void ContextStack::notes(Program& prog) const {
  int shown = 0;
  for (auto it = contexts_.rbegin(); it != contexts_.rend() && shown < 8; ++it) {
    if (it->kind == CtxKind::Macro) {
      prog.diag(Diagnostic::Severity::Note, it->callPos,
                "in expansion of macro '" + it->name + "'");
      ++shown;
    } else if (it->kind == CtxKind::File && it->callPos.file >= 0) {
      prog.diag(Diagnostic::Severity::Note, it->callPos, "in file included from here");
      ++shown;
    }
  }
}

// ---------------------------------------------------------------- conditionals

void ContextStack::checkIfBalance(size_t depth) {
  while (ifs_.size() > depth) {
    rep_.errorAt(ifs_.back().pos, "unterminated IF (missing ENDC)");
    ifs_.pop_back();
  }
  skipNest_ = 0;
}

bool ContextStack::skipLine(const SrcLine& line) {
  Kw k = firstKeyword(line.text);
  if (k == Kw::IF) {
    ++skipNest_;
  } else if (k == Kw::ENDC) {
    if (skipNest_ == 0) return true;
    --skipNest_;
  } else if ((k == Kw::ELIF || k == Kw::ELSE) && skipNest_ == 0) {
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- MACRO and REPT bodies

void ContextStack::captureLine(const SrcLine& line) {
  Kw k = firstKeyword(line.text);
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

void ContextStack::finishCapture() {
  Capture c = std::move(capture_);
  capture_ = Capture{};
  if (c.kind == Capture::Macro) {
    if (c.name != "!") macros_.define(c.name, std::move(c.body), c.pos);
    return;
  }
  // rgbasm defines the FOR variable even when the loop runs no iteration.
  if (c.forSym >= 0) syms_.setVariable(c.forSym, c.forStart);
  if (c.count == 0) return;
  Context ctx;
  ctx.kind = CtxKind::Rept;
  ctx.lines = std::move(c.body);
  ctx.args = contexts_.back().args;
  ctx.unique = std::make_shared<int64_t>(0);
  ctx.remaining = c.count;
  ctx.forSym = c.forSym;
  ctx.forValue = c.forStart;
  ctx.forStep = c.forStep;
  ctx.callPos = c.pos;
  rep_.pos = c.pos;
  push(std::move(ctx), c.pos.col);
}

}  // namespace core::sm83
