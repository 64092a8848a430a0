// Expressions of the built-in SM83 assembler (internal, see rgbasm.h). An
// expression is parsed once into reverse Polish notation. The assembler
// evaluates it at once when every symbol is known; otherwise it keeps the RPN in
// a patch and the linker evaluates it after placing sections. Arithmetic is
// 32-bit two's complement, like rgbasm.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/rgbds/sm83_lexer.h"

namespace core::sm83 {

enum class ExprKind : uint8_t {
  Num,         // a = value
  Sym,         // a = symbol index in the unit
  Pc,          // a = section, b = offset (the `@` of an instruction)
  BankSym,     // a = symbol index
  BankPc,      // a = section
  BankSec,     // a = string index (BANK("section"))
  SizeofSec,   // a = string index
  StartofSec,  // a = string index
  Neg,
  Cpl,
  LNot,
  High,
  Low,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Pow,
  Shl,
  Shr,
  Ushr,
  And,
  Or,
  Xor,
  LAnd,
  LOr,
  Eq,
  Ne,
  Lt,
  Gt,
  Le,
  Ge,
};

struct ExprOp {
  ExprKind kind = ExprKind::Num;
  int32_t a = 0;
  int32_t b = 0;
  int32_t col = 0;  // 1-based column of the token, for messages
};

struct Expr {
  std::vector<ExprOp> ops;
  std::vector<std::string> strs;
  int col = 0;  // column where the expression starts
  void clear() {
    ops.clear();
    strs.clear();
    col = 0;
  }
};

// A value during evaluation. `section` >= 0 means "offset within that section",
// which lets `label2 - label1` in one floating section fold to a constant.
struct ExprValue {
  int32_t value = 0;
  int32_t section = -1;
  bool known = false;
};

class ExprResolver {
 public:
  virtual ~ExprResolver() = default;
  virtual ExprValue symbol(int32_t sym) const = 0;
  virtual ExprValue pc(int32_t section, int32_t offset) const = 0;
  virtual ExprValue bankOfSymbol(int32_t sym) const = 0;
  virtual ExprValue bankOfSection(int32_t section) const = 0;
  // BANK / SIZEOF / STARTOF of a section named by string.
  virtual ExprValue sectionProperty(ExprKind kind, const std::string& name) const = 0;
};

struct EvalResult {
  // Relative: `value` is an offset into `section` (not yet placed).
  enum Status { Known, Relative, Unknown, Error } status = Known;
  int32_t value = 0;
  int32_t section = -1;
  int failOp = -1;  // op index of the first unknown symbol / the failing operator
  std::string error;
};

EvalResult evaluate(const Expr& e, const ExprResolver& r);

// `x op y` for a binary operator of two constants, as evaluate() computes it; false,
// with `err` set, for division or modulo by zero and a negative exponent.
bool binaryValue(ExprKind op, int32_t x, int32_t y, int32_t& out, const char*& err);
// The operator of the binary token `op` (`+` is ExprKind::Add ...).
ExprKind binaryKind(Op op);
// Turns `rhs` into `lhs op (rhs)`, the value of the compound assignment `x op= rhs`
// when x holds `lhs`; the operator reports its errors at `col`.
void compoundExpr(Expr& rhs, int32_t lhs, Op op, int col);

// How the parser turns names into ops; the assembler implements it.
class ExprNames {
 public:
  virtual ~ExprNames() = default;
  // Fills `out` for an identifier in an expression (symbol, local, @, _NARG ...).
  virtual bool nameOp(std::string_view name, int col, ExprOp& out, std::string& err) = 0;
  virtual bool anonOp(int distance, int col, ExprOp& out, std::string& err) = 0;
  virtual bool bankOp(std::string_view name, int col, ExprOp& out, std::string& err) = 0;
  virtual bool isDefined(std::string_view name) = 0;
  // Strings in numeric context go through the charmap.
  virtual bool stringValue(const std::string& s, int32_t& out) = 0;
  // The value of an expression that must be known now (string function arguments).
  virtual bool constValue(const Expr& e, int32_t& out, std::string& err) = 0;
  // `s` after the charmap (CHARLEN, REVCHAR); one byte per unit.
  virtual std::string mapChars(const std::string& s) = 0;
  // `s` cut into charmap units as written (STRCHAR, CHARSUB).
  virtual std::vector<std::string> charUnits(const std::string& s) = 0;
  // The value of a string symbol (`#name` in a string expression), or nullptr.
  virtual const std::string* stringSymbol(std::string_view name) = 0;
  // STARTOF(type) / SIZEOF(type): the region of a section type as the linker's
  // -t, -w and -d make it; false when `name` is no section type.
  virtual bool sectionTypeRange(std::string_view name, int32_t& start, int32_t& size) = 0;
};

// rgbds format specs, shared by `{spec:symbol}` and STRFMT: [+ ][#][-][0][width][.frac]
// [q<prec>][type], type one of d u x X b o f s (none: `$` and upper-case hex for numbers).
bool formatNumber(std::string_view spec, int32_t value, std::string& out, std::string& err);
bool formatString(std::string_view spec, const std::string& value, std::string& out,
                  std::string& err);
// True for the functions that return a string (STRCAT, STRFMT ...).
bool isStringFunction(std::string_view name);

// True for register and condition names (a, hl, nz, ...), which can never be symbols.
bool isRegisterName(std::string_view name);
bool equalsIgnoreCase(std::string_view a, std::string_view b);

class ExprParser {
 public:
  ExprParser(Lexer& lx, ExprNames& names) : lx_(lx), names_(names) {}
  // Parses one expression into `out` (cleared first). On failure, err/errCol say why.
  // stopAtPlusC: stop before `+ c` (for [$ff00+c]).
  bool parse(Expr& out, bool stopAtPlusC = false);
  // Parses a string expression: a literal, a string function call, `a ++ b`.
  bool parseString(std::string& out);
  // True when the next tokens start a string expression (a literal or a string function).
  bool atString();
  const std::string& error() const { return err_; }
  int errorCol() const { return errCol_; }

 private:
  bool binary(int level);
  bool unary();
  bool power();
  bool primary();
  bool fail(int col, std::string msg);
  bool function(std::string_view name, int col);
  bool stringPrimary(std::string& out);
  bool stringFunction(std::string_view name, int col, std::string& out);
  bool stringArg(std::string& out);
  bool constArg(int32_t& out);
  bool comma();

  Lexer& lx_;
  ExprNames& names_;
  Expr* out_ = nullptr;
  std::string err_;
  int errCol_ = 0;
  int depth_ = 0;
  bool stopAtPlusC_ = false;
};

}  // namespace core::sm83
