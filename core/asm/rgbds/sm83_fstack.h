// The context stack of the built-in SM83 assembler (internal, see rgbasm.h), like
// rgbasm's fstack: the files, macro expansions and REPT/FOR iterations that lines
// come from, innermost last; the IF frames open in them; the body of a MACRO or
// REPT being captured; where INCLUDE and INCBIN find files (as named, beside the
// including file, then the include paths), and the cache of split sources. The
// line and iteration budgets stop a runaway REPT or recursion with a reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/rgbds/sm83_config.h"
#include "core/asm/rgbds/sm83_macro.h"
#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_reporter.h"
#include "core/asm/rgbds/sm83_section.h"
#include "core/asm/rgbds/sm83_source.h"
#include "core/asm/rgbds/sm83_symbol.h"

namespace core::sm83 {

enum class CtxKind : uint8_t { File, Macro, Rept };

struct Context {
  CtxKind kind = CtxKind::File;
  std::shared_ptr<const SrcLines> lines;
  size_t next = 0;
  std::shared_ptr<MacroArgs> args;  // shared with REPTs nested inside a macro
  // The \@ number: null outside macros and REPT; 0 until the first \@ asks for one
  // (rgbasm numbers them lazily, so a REPT iteration without \@ uses none up).
  // INCLUDE shares its parent's, so an \@ made inside it is the parent's too.
  std::shared_ptr<int64_t> unique;
  uint32_t remaining = 0;           // REPT iterations left, including the current one
  int forSym = -1;
  int32_t forValue = 0;
  int32_t forStep = 0;
  bool broken = false;  // BREAK ended the loop: the FOR variable keeps its value
  size_t ifDepth = 0;
  SrcPos callPos;
  std::string name;
  int debugLine = -1;  // Program::lines entry that covers the whole expansion
};

struct IfFrame {
  bool active = true;
  bool taken = true;
  bool seenElse = false;
  SrcPos pos;
};

// The MACRO or REPT/FOR body being read (lines are kept, not assembled, until its end).
struct Capture {
  enum Kind { None, Macro, Rept } kind = None;
  std::string name;  // "!" for a macro that may not be defined (its body is skipped)
  SrcPos pos;
  int depth = 0;
  size_t level = 0;  // context depth that owns the captured lines
  std::shared_ptr<SrcLines> body;
  uint32_t count = 0;
  int forSym = -1;
  int32_t forStart = 0;
  int32_t forStep = 0;
};

class ContextStack {
 public:
  ContextStack(const AsmConfig& cfg, Program& prog, Reporter& rep, Symbols& syms, Macros& macros,
               const Sections& sections)
      : cfg_(cfg), prog_(prog), rep_(rep), syms_(syms), macros_(macros), sections_(sections) {}
  void beginUnit();

  // --- files
  // Splits (and caches) a source file; `text` is its contents when already read.
  std::shared_ptr<const SrcLines> loadSource(const std::string& path, const std::string* text);
  // Finds an INCLUDE/INCBIN file: as named, beside the including file, then in includeDirs.
  // Returns its contents (empty with `cached` set when a source of that path is cached).
  std::optional<std::string> resolveInclude(const std::string& name, std::string& resolved,
                                            bool useCache, bool* cached, uint64_t maxBytes) const;
  // Why the last file read refused a file that exists (empty: none, or it is missing).
  const std::string& readError() const { return readError_; }

  // --- contexts
  bool push(Context&& c, int col);
  // The next line to assemble (nullptr at the end of the unit, or once stopped).
  const SrcLine* fetch();
  // Counts a line against the budget; false (fatal, reported) once it is spent.
  bool countLine(const SrcLine& line);
  // Drops every context, IF and capture (after a fatal error).
  void clear();
  bool empty() const { return contexts_.empty(); }
  size_t depth() const { return contexts_.size(); }
  const Context* top() const { return contexts_.empty() ? nullptr : &contexts_.back(); }
  // The arguments of the innermost macro call (nullptr outside a macro).
  MacroArgs* args() const { return contexts_.empty() ? nullptr : contexts_.back().args.get(); }
  // The innermost context's \@ number, made now if it has none yet; -1 outside
  // macros and REPT.
  int64_t unique() {
    if (contexts_.empty() || !contexts_.back().unique) return -1;
    int64_t& id = *contexts_.back().unique;
    if (id == 0) id = ++uniqueCounter_;
    return id;
  }
  // BREAK: ends the innermost REPT/FOR after this line; false when not in one.
  bool breakRept();
  // The nesting limit (OPT r, rgbasm -r).
  size_t maxDepth() const { return maxDepth_; }
  void setMaxDepth(size_t d) { maxDepth_ = d; }
  // Notes for a diagnostic: the macro calls and INCLUDEs that led here.
  void notes(Program& prog) const;

  // --- conditionals
  bool skipping() const { return !ifs_.empty() && !ifs_.back().active; }
  // Is an IF of the innermost context open?
  bool inIf() const { return ifs_.size() > (contexts_.empty() ? 0 : contexts_.back().ifDepth); }
  IfFrame& lastIf() { return ifs_.back(); }
  void pushIf(const IfFrame& f) { ifs_.push_back(f); }
  void popIf() { ifs_.pop_back(); }
  // A line inside a skipped IF branch: true when it must be assembled (its ELIF,
  // ELSE or ENDC).
  bool skipLine(const SrcLine& line);

  // --- MACRO and REPT bodies
  bool capturing() const { return capture_.kind != Capture::None; }
  void beginCapture(Capture&& c) { capture_ = std::move(c); }
  void captureLine(const SrcLine& line);

 private:
  std::optional<std::string> readFile(const std::string& path, uint64_t maxBytes) const;
  int fileIndex(const std::string& path);
  void endContext();
  void checkIfBalance(size_t depth);
  void finishCapture();

  const AsmConfig& cfg_;
  Program& prog_;
  Reporter& rep_;
  Symbols& syms_;
  Macros& macros_;
  const Sections& sections_;
  StringMap<int> fileIndex_;
  StringMap<std::shared_ptr<const SrcLines>> sourceCache_;
  mutable std::string readError_;  // why the last readFile() refused a file that exists

  std::vector<Context> contexts_;
  std::vector<IfFrame> ifs_;
  int skipNest_ = 0;
  Capture capture_;
  size_t maxDepth_ = kDefaultRecursionDepth;
  int64_t uniqueCounter_ = 0;
  uint64_t linesDone_ = 0;
  uint64_t iterationsDone_ = 0;
};

}  // namespace core::sm83
