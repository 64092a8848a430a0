// Tokenizer for one logical line of rgbds-syntax SM83 source (internal to the
// built-in assembler, see rgbasm.h). The assembler hands it a line after macro
// arguments were substituted; the lexer then expands EQUS symbols in place when
// it meets their names, unless the parser turned expansion off (symbol names
// being defined). Tokens refer to the line by byte offsets, never by pointers,
// because an expansion rewrites the buffer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace core::sm83 {

enum class Tok : uint8_t {
  End,
  Ident,
  Number,
  String,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Comma,
  Colon,
  DoubleColon,
  AnonRef,  // :+ :++ :- :-- (value = +n / -n)
  Op,
  Error,  // str holds the message
};

enum class Op : uint8_t {
  None,
  Plus,
  Minus,
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
  LNot,
  Cpl,
  Eq,
  Ne,
  Lt,
  Gt,
  Le,
  Ge,
  Assign,
  // compound assignments (DEF x += 1); the binary op is compoundBase()
  AddAssign,
  SubAssign,
  MulAssign,
  DivAssign,
  ModAssign,
  ShlAssign,
  ShrAssign,
  AndAssign,
  OrAssign,
  XorAssign,
};

// The binary operator of a compound assignment, or Op::None.
Op compoundBase(Op op);

struct Token {
  Tok kind = Tok::End;
  Op op = Op::None;
  uint32_t pos = 0;  // byte range in the lexer buffer
  uint32_t end = 0;
  int32_t value = 0;  // Number value, AnonRef distance
  std::string str;    // String contents (escapes applied) or Error message
  int col() const { return static_cast<int>(pos) + 1; }
};

// Looks up an EQUS symbol by name; returns its text or nullptr.
class EqusSource {
 public:
  virtual ~EqusSource() = default;
  virtual const std::string* equs(std::string_view name) const = 0;
};

// The longest a line may grow by expansion (macro arguments, {interpolation},
// EQUS): a string that doubles itself would otherwise grow without bound.
inline constexpr size_t kMaxLineBytes = size_t(1) << 16;

class Lexer {
 public:
  void reset(std::string_view text, const EqusSource* equs);
  // Bytes of EQUS text spliced into the current line (for the assembler's expansion budget).
  uint64_t expandedBytes() const { return expandedBytes_; }

  Token next();
  const Token& peek();
  std::string_view text(const Token& t) const {
    return std::string_view(buf_).substr(t.pos, t.end - t.pos);
  }
  // The raw text from the next unread token to the end of the line (a pending peek is undone).
  std::string_view rest();
  const std::string& buffer() const { return buf_; }

  struct State {
    uint32_t pos = 0;
    bool lastValue = false;
  };
  State save();  // undoes a pending peek first
  void restore(const State& s);

  // Turns EQUS expansion of identifiers on or off; a pending peek is re-read.
  void setExpand(bool on);
  bool expanding() const { return expand_; }

  // OPT b / OPT g: the characters of binary (`%`) and graphics (`) literals.
  // OPT Q (rgbasm -Q): the fraction bits of fixed-point literals without a `q` suffix.
  // Kept here so PUSHO/POPO save and restore it with the digits.
  struct Digits {
    char bin[2] = {'0', '1'};
    char gfx[4] = {'0', '1', '2', '3'};
    int fixPrecision = 16;
  };
  void setDigits(const Digits& d) { digits_ = d; }
  const Digits& digits() const { return digits_; }

  static bool isIdentStart(char c);
  static bool isIdentChar(char c);

 private:
  Token lex();
  Token lexNumber(uint32_t start, int base, uint32_t digitsFrom);
  Token lexFixedPoint(uint32_t start, uint32_t integer, uint32_t dot);
  Token lexString(uint32_t start, char quote);
  Token error(uint32_t start, std::string msg);
  void unpeek();

  std::string buf_;
  uint32_t pos_ = 0;
  bool lastValue_ = false;  // previous token ends a value: `%`/`&` are then operators
  bool hasPeek_ = false;
  Token peek_;
  uint32_t peekStart_ = 0;
  bool peekLastValue_ = false;
  bool expand_ = true;
  int expansions_ = 0;
  uint64_t expandedBytes_ = 0;
  const EqusSource* equs_ = nullptr;
  Digits digits_;
};

// Reads one escape sequence after a backslash at s[i] (i indexes the char after '\').
// Appends the character to out and returns the index after it; -1 if not a string escape.
int readEscape(std::string_view s, size_t i, std::string& out);

}  // namespace core::sm83
