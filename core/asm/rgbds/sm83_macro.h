// Macros and text expansion of the built-in SM83 assembler (internal, see
// rgbasm.h): the unit's macro definitions, the splitting of a call's arguments,
// and the two rewrites a line goes through before it is tokenized: macro arguments
// (`\1`, `\#`, `\<n>`, `\@`) and `{[spec:]symbol}` interpolation. Every expanded
// byte is charged to one budget, so a runaway expansion stops with a reason.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_reporter.h"
#include "core/asm/rgbds/sm83_source.h"
#include "core/asm/rgbds/sm83_symbol.h"

namespace core::sm83 {

// The arguments of one macro call; SHIFT moves `shift`.
struct MacroArgs {
  std::vector<std::string> args;
  size_t shift = 0;
  size_t count() const { return args.size() - std::min(shift, args.size()); }
};

struct Macro {
  std::shared_ptr<const SrcLines> body;
  SrcPos pos;
};

class Macros {
 public:
  Macros(uint64_t maxExpandedBytes, const Program& prog, Reporter& rep, const Symbols& syms)
      : maxExpandedBytes_(maxExpandedBytes), prog_(prog), rep_(rep), syms_(syms) {}
  void beginUnit() { macros_.clear(); }

  const Macro* find(std::string_view name) const {
    auto it = macros_.find(name);
    return it == macros_.end() ? nullptr : &it->second;
  }
  bool contains(std::string_view name) const { return macros_.find(name) != macros_.end(); }
  // May a macro called `name` be defined (not a keyword, not defined yet)? Reported if not.
  bool canDefine(const std::string& name, int col);
  void define(const std::string& name, std::shared_ptr<const SrcLines> body, SrcPos pos) {
    macros_[name] = Macro{std::move(body), pos};
  }
  bool purge(const std::string& name) { return macros_.erase(name) != 0; }

  // The arguments of `mac a, "b, c", (d, e)`: split at commas outside strings and parentheses.
  static std::shared_ptr<MacroArgs> splitArgs(std::string_view argText);

  // `in` with the macro arguments of `args` (nullptr outside a macro) and the `\@`
  // number `unique()` gives (asked only when an `\@` is expanded; -1 outside a macro
  // or REPT) put in; false (reported) on a bad one.
  bool substitute(std::string_view in, std::string& out, const MacroArgs* args,
                  const std::function<int64_t()>& unique);
  // `in` with its `{symbol}` interpolations done.
  bool interpolate(std::string_view in, std::string& out, const MacroArgs* args);
  // Charges `bytes` of expanded text to the budget; false (a fatal error) once it is spent.
  bool spendExpansion(uint64_t bytes, int col);

 private:
  // Expands the `{[spec:]name}` starting at in[i], inner braces first; i ends on its '}'.
  bool interpolation(std::string_view in, size_t& i, std::string& out, int depth,
                     const MacroArgs* args);
  // Reports a line expanded past kMaxLineBytes; always false.
  bool lineTooLong(int col, const char* how);

  const uint64_t maxExpandedBytes_;
  const Program& prog_;
  Reporter& rep_;
  const Symbols& syms_;
  StringMap<Macro> macros_;
  uint64_t expandedBytes_ = 0;  // over all units
};

}  // namespace core::sm83
