// The symbols of one unit of the built-in SM83 assembler (internal, see rgbasm.h):
// labels (global, local, anonymous), EQU/SET/= constants, EQUS strings and the _RS
// counter, the label scope that completes `.local` names, and the evaluation of
// expressions while assembling (labels in fixed sections are known, those in floating
// sections are section-relative). Symbols live in the unit's table in the Program.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/asm/rgbds/sm83_expr.h"
#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_reporter.h"

namespace core::sm83 {

class Symbols {
 public:
  Symbols(Program& prog, Reporter& rep) : prog_(prog), rep_(rep) {}
  // Starts `unit` with the predeclared __RGBDS_*__ symbols and the -D strings.
  void beginUnit(Unit& unit, const std::vector<std::pair<std::string, std::string>>& defines);
  // Reports anonymous references that never found their label.
  void endUnit();

  Symbol& at(int idx) { return unit_->symbols[static_cast<size_t>(idx)]; }
  const Symbol& at(int idx) const { return unit_->symbols[static_cast<size_t>(idx)]; }
  // The index of a symbol by its full name, or -1; get() adds an undefined one.
  int find(std::string_view fullName) const;
  int get(std::string_view fullName);
  // `name` with the label scope before a leading '.'.
  bool fullName(std::string_view name, std::string& out, std::string& err) const;
  const std::string& scope() const { return scope_; }
  void setScope(std::string scope) {
    scope_ = std::move(scope);
    localScope_.clear();
  }

  // A label at `offset` in `section` (-1: outside of any section, an error).
  void defineLabel(std::string_view name, bool exported, int col, int section, int32_t offset);
  void defineAnonLabel(int col, int section, int32_t offset);
  void defineConstant(const std::string& full, SymKind kind, int32_t value, std::string text,
                      bool redef, int col);
  // The FOR variable's value for the next iteration.
  void setVariable(int idx, int32_t value);
  // PURGE of a constant or string; false (reported) when it cannot be purged.
  bool purge(const std::string& full, int col);
  void exportSymbol(const std::string& full) { at(get(full)).exported = true; }

  // _RS, and `name RB/RW/RL count`: `name` takes _RS, which grows by count * width.
  int32_t rs() const { return rs_; }
  void setRs(int32_t v) { rs_ = v; }
  void defineRs(const std::string& full, int width, int32_t count, int col);

  // The text of a string symbol (and __FILE__, __SCOPE__), or nullptr.
  const std::string* equs(std::string_view name) const;
  // The op for a symbol's name in an expression (a constant's value, or the symbol).
  bool symbolOp(std::string_view name, int col, ExprOp& out, std::string& err);
  bool anonOp(int distance, int col, ExprOp& out, std::string& err);
  // The op for BANK(name) of a label.
  bool bankOp(std::string_view name, int col, ExprOp& out, std::string& err);
  bool isDefined(std::string_view name) const;

  EvalResult eval(const Expr& e) const;
  // Why `r` (the result of evaluating `e`) is not a constant, and the column to say it at.
  std::string whyNotConstant(const Expr& e, const EvalResult& r, int& col) const;

 private:
  Program& prog_;
  Reporter& rep_;
  Unit* unit_ = nullptr;
  std::string scope_;       // the current global label
  std::string localScope_;  // the current local label ("Global.local"), "" after a global one
  int anonCount_ = 0;
  int32_t rs_ = 0;
  int equsCount_ = 0;            // string symbols defined (none: no lookup per identifier)
  mutable std::string dynamic_;  // __FILE__ / __SCOPE__ as last asked for
};

}  // namespace core::sm83
