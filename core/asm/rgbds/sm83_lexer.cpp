#include "core/asm/rgbds/sm83_lexer.h"

#include <algorithm>
#include <cmath>

#include "core/asm/rgbds/sm83_keywords.h"

namespace core::sm83 {

namespace {

constexpr int kMaxExpansions = 256;

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

}  // namespace

Op compoundBase(Op op) {
  switch (op) {
    case Op::AddAssign:
      return Op::Plus;
    case Op::SubAssign:
      return Op::Minus;
    case Op::MulAssign:
      return Op::Mul;
    case Op::DivAssign:
      return Op::Div;
    case Op::ModAssign:
      return Op::Mod;
    case Op::ShlAssign:
      return Op::Shl;
    case Op::ShrAssign:
      return Op::Shr;
    case Op::AndAssign:
      return Op::And;
    case Op::OrAssign:
      return Op::Or;
    case Op::XorAssign:
      return Op::Xor;
    default:
      return Op::None;
  }
}

int readEscape(std::string_view s, size_t i, std::string& out) {
  if (i >= s.size()) return -1;
  switch (s[i]) {
    case 'n':
      out += '\n';
      break;
    case 'r':
      out += '\r';
      break;
    case 't':
      out += '\t';
      break;
    case '0':
      out += '\0';
      break;
    case '\\':
      out += '\\';
      break;
    case '"':
      out += '"';
      break;
    case '\'':
      out += '\'';
      break;
    case ',':
      out += ',';
      break;
    case '{':
      out += '{';
      break;
    case '}':
      out += '}';
      break;
    default:
      return -1;
  }
  return static_cast<int>(i + 1);
}

bool Lexer::isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
}

bool Lexer::isIdentChar(char c) {
  return isIdentStart(c) || (c >= '0' && c <= '9') || c == '#' || c == '@' || c == '$';
}

void Lexer::reset(std::string_view text, const EqusSource* equs) {
  buf_.assign(text);
  pos_ = 0;
  lastValue_ = false;
  hasPeek_ = false;
  expand_ = true;
  expansions_ = 0;
  expandedBytes_ = 0;
  equs_ = equs;
}

void Lexer::unpeek() {
  if (!hasPeek_) return;
  pos_ = peekStart_;
  lastValue_ = peekLastValue_;
  hasPeek_ = false;
}

Token Lexer::next() {
  if (hasPeek_) {
    hasPeek_ = false;
    return std::move(peek_);
  }
  return lex();
}

const Token& Lexer::peek() {
  if (!hasPeek_) {
    // Remember where the peeked token started so unpeek can rewind and re-lex it in the
    // same context.
    peekStart_ = pos_;
    peekLastValue_ = lastValue_;
    peek_ = lex();
    hasPeek_ = true;
  }
  return peek_;
}

std::string_view Lexer::rest() {
  unpeek();
  size_t p = pos_;
  while (p < buf_.size() && (buf_[p] == ' ' || buf_[p] == '\t')) ++p;
  return std::string_view(buf_).substr(p);
}

Lexer::State Lexer::save() {
  unpeek();
  return State{pos_, lastValue_};
}

void Lexer::restore(const State& s) {
  hasPeek_ = false;
  pos_ = s.pos;
  lastValue_ = s.lastValue;
}

void Lexer::setExpand(bool on) {
  unpeek();
  expand_ = on;
}

Token Lexer::error(uint32_t start, std::string msg) {
  Token t;
  t.kind = Tok::Error;
  t.pos = start;
  t.end = pos_;
  t.str = std::move(msg);
  return t;
}

Token Lexer::lexNumber(uint32_t start, int base, uint32_t digitsFrom) {
  uint32_t v = 0;
  uint32_t p = digitsFrom;
  int digits = 0;
  while (p < buf_.size()) {
    char c = buf_[p];
    if (c == '_' && digits > 0) {
      ++p;
      continue;
    }
    int d = digitValue(c);
    if (d >= base) break;
    v = v * static_cast<uint32_t>(base) + static_cast<uint32_t>(d);
    ++digits;
    ++p;
  }
  pos_ = p;
  if (digits == 0) return error(start, "malformed number");
  if (base == 10 && p + 1 < buf_.size() && buf_[p] == '.' && digitValue(buf_[p + 1]) < 10)
    return lexFixedPoint(start, v, p);
  if (p < buf_.size() && isIdentChar(buf_[p]) && buf_[p] != '.') {
    while (pos_ < buf_.size() && isIdentChar(buf_[pos_])) ++pos_;
    return error(start, "malformed number '" + buf_.substr(start, pos_ - start) + "'");
  }
  Token t;
  t.kind = Tok::Number;
  t.pos = start;
  t.end = pos_;
  t.value = static_cast<int32_t>(v);
  lastValue_ = true;
  return t;
}

// `12.375`, `1.5q8` (rgbasm(5) "Fixed-point expressions"): the integer part shifted
// left by the precision, or'ed with the rounded fraction, exactly as rgbasm 1.0 does.
Token Lexer::lexFixedPoint(uint32_t start, uint32_t integer, uint32_t dot) {
  uint64_t dividend = 0, divisor = 1;
  uint32_t p = dot + 1;
  bool lastSep = false;
  for (; p < buf_.size(); ++p) {
    const char c = buf_[p];
    if (c == '_') {
      lastSep = true;
      continue;
    }
    if (digitValue(c) >= 10) break;
    lastSep = false;
    if (divisor <= 0xFFFFFFFFull / 10) {  // rgbasm drops digits past 32-bit precision
      dividend = dividend * 10 + static_cast<uint64_t>(digitValue(c));
      divisor *= 10;
    }
  }
  int precision = digits_.fixPrecision;
  if (p < buf_.size() && (buf_[p] == 'q' || buf_[p] == 'Q')) {
    ++p;
    if (p < buf_.size() && buf_[p] == '.') ++p;
    int q = 0, n = 0;
    while (p < buf_.size() && digitValue(buf_[p]) < 10) {
      q = std::min(q * 10 + digitValue(buf_[p]), 255);
      ++n;
      ++p;
    }
    pos_ = p;
    if (n == 0) return error(start, "fixed-point constant needs digits after 'q'");
    precision = q;
  } else if (lastSep) {
    pos_ = p;
    return error(start, "fixed-point constant ends with '_'");
  }
  pos_ = p;
  if (p < buf_.size() && isIdentChar(buf_[p])) {
    while (pos_ < buf_.size() && isIdentChar(buf_[pos_])) ++pos_;
    return error(start, "malformed number '" + buf_.substr(start, pos_ - start) + "'");
  }
  if (precision < 1 || precision > 31)
    return error(start, "fixed-point precision must be between 1 and 31");
  if (integer >= (1ull << (32 - precision)))
    return error(start, "fixed-point constant " + buf_.substr(start, pos_ - start) +
                            " is too large for Q" + std::to_string(precision));
  const auto fraction = static_cast<uint32_t>(
      std::llround(static_cast<double>(dividend) / static_cast<double>(divisor) *
                   static_cast<double>(1ull << precision)));
  Token t;
  t.kind = Tok::Number;
  t.pos = start;
  t.end = pos_;
  t.value = static_cast<int32_t>((integer << precision) | fraction);
  lastValue_ = true;
  return t;
}

Token Lexer::lexString(uint32_t start, char quote) {
  std::string out;
  uint32_t p = start + 1;
  // `"""text"""` may hold quotes and newlines.
  const bool triple = quote == '"' && buf_.compare(start, 3, "\"\"\"") == 0;
  if (triple) p = start + 3;
  auto atEnd = [&]() { return triple ? buf_.compare(p, 3, "\"\"\"") == 0 : buf_[p] == quote; };
  while (p < buf_.size() && !atEnd()) {
    if (buf_[p] == '\\') {
      int n = readEscape(buf_, p + 1, out);
      if (n < 0) {
        pos_ = p + 2 <= buf_.size() ? p + 2 : p + 1;
        return error(p, "illegal escape sequence in string");
      }
      p = static_cast<uint32_t>(n);
      continue;
    }
    out += buf_[p++];
  }
  if (p >= buf_.size()) {
    pos_ = p;
    return error(start, quote == '"' ? "unterminated string" : "unterminated character literal");
  }
  pos_ = p + (triple ? 3 : 1);
  Token t;
  t.pos = start;
  t.end = pos_;
  lastValue_ = true;
  // A character literal (`'0'`, `'<LV>'`, `'¥'`) is the value it maps to in the
  // current charmap, as in rgbasm: the charmap turns the string into its value where
  // a number is expected, so `ld [hl], '0'` follows a `CHARMAP "0", $F6`.
  if (quote == '\'' && out.empty()) return error(start, "character literal must hold one character");
  t.kind = Tok::String;
  t.str = std::move(out);
  return t;
}

Token Lexer::lex() {
  for (;;) {
    while (pos_ < buf_.size() && (buf_[pos_] == ' ' || buf_[pos_] == '\t' || buf_[pos_] == '\r'))
      ++pos_;
    const uint32_t start = pos_;
    Token t;
    t.pos = start;
    if (pos_ >= buf_.size() || buf_[pos_] == ';') {
      pos_ = static_cast<uint32_t>(buf_.size());
      t.kind = Tok::End;
      t.pos = t.end = pos_;
      return t;
    }
    const char c = buf_[pos_];
    const char n = pos_ + 1 < buf_.size() ? buf_[pos_ + 1] : '\0';
    auto op = [&](Op o, int len) {
      pos_ += len;
      t.kind = Tok::Op;
      t.op = o;
      t.end = pos_;
      lastValue_ = false;
      return t;
    };
    auto punct = [&](Tok k, bool endsValue) {
      ++pos_;
      t.kind = k;
      t.end = pos_;
      lastValue_ = endsValue;
      return t;
    };

    if (c == '#' && isIdentStart(n)) {
      // `#name`: a raw symbol name, never expanded (rgbds 0.9+), e.g. STRLEN(#str).
      uint32_t p = pos_ + 2;
      while (p < buf_.size() && isIdentChar(buf_[p])) ++p;
      pos_ = p;
      t.kind = Tok::Ident;
      t.pos = start + 1;
      t.end = p;
      lastValue_ = true;
      return t;
    }
    if (c == '#' && n == '"') {
      // `#"raw string"`: no escapes.
      const bool triple = buf_.compare(start + 1, 3, "\"\"\"") == 0;
      const uint32_t from = start + (triple ? 4 : 2);
      size_t close = buf_.find(triple ? "\"\"\"" : "\"", from);
      if (close == std::string::npos) {
        pos_ = static_cast<uint32_t>(buf_.size());
        return error(start, "unterminated string");
      }
      t.kind = Tok::String;
      t.str = buf_.substr(from, close - from);
      pos_ = static_cast<uint32_t>(close + (triple ? 3 : 1));
      t.end = pos_;
      lastValue_ = true;
      return t;
    }
    if (isIdentStart(c) || (c == '@' && !isIdentChar(n))) {
      uint32_t p = pos_ + 1;
      if (c != '@')
        while (p < buf_.size() && isIdentChar(buf_[p])) ++p;
      pos_ = p;
      if (expand_ && equs_ && c != '@') {
        if (const std::string* s = equs_->equs(std::string_view(buf_).substr(start, p - start))) {
          if (++expansions_ > kMaxExpansions || buf_.size() + s->size() > kMaxLineBytes)
            return error(start, "EQUS expansion nested too deeply");
          buf_.replace(start, p - start, *s);
          expandedBytes_ += s->size();
          pos_ = start;
          continue;
        }
      }
      t.kind = Tok::Ident;
      t.end = pos_;
      // rgbds 1.0's quiet marker (`MACRO?`, `REPT?`, `INCLUDE?`, `mac?`) only trims
      // backtraces; the name stays the same.
      if (pos_ < buf_.size() && buf_[pos_] == '?') ++pos_;
      // A mnemonic or directive (`db`, `EQU`, `and`) starts an operand: `%1010`
      // after it is a binary number, not a modulo.
      lastValue_ = keyword(std::string_view(buf_).substr(start, p - start)) == Kw::None;
      return t;
    }
    if (c >= '0' && c <= '9') {
      if (c == '0' && (n == 'x' || n == 'X')) return lexNumber(start, 16, start + 2);
      if (c == '0' && (n == 'b' || n == 'B')) return lexNumber(start, 2, start + 2);
      if (c == '0' && (n == 'o' || n == 'O')) return lexNumber(start, 8, start + 2);
      return lexNumber(start, 10, start);
    }
    switch (c) {
      case '$':
        return lexNumber(start, 16, start + 1);
      case '%':
        if (!lastValue_ && (digits_.bin[0] != '0' || digits_.bin[1] != '1') &&
            (n == digits_.bin[0] || n == digits_.bin[1])) {
          // OPT b: custom binary digits (`%..XX..` with `OPT b.X`).
          uint32_t p = pos_ + 1, v = 0;
          while (p < buf_.size() && (buf_[p] == digits_.bin[0] || buf_[p] == digits_.bin[1] ||
                                     (buf_[p] == '_' && p > pos_ + 1)))
            if (buf_[p++] != '_') v = (v << 1) | (buf_[p - 1] == digits_.bin[1] ? 1 : 0);
          pos_ = p;
          t.kind = Tok::Number;
          t.end = pos_;
          t.value = static_cast<int32_t>(v);
          lastValue_ = true;
          return t;
        }
        if (!lastValue_ && (n == '0' || n == '1')) return lexNumber(start, 2, start + 1);
        return n == '=' ? op(Op::ModAssign, 2) : op(Op::Mod, 1);
      case '&':
        if (!lastValue_ && n >= '0' && n <= '7') return lexNumber(start, 8, start + 1);
        if (n == '&') return op(Op::LAnd, 2);
        return n == '=' ? op(Op::AndAssign, 2) : op(Op::And, 1);
      case '`': {
        // Game Boy 2bpp graphics literal: 8 pixels 0-3 -> low plane | high plane << 8.
        uint32_t p = pos_ + 1, lo = 0, hi = 0;
        int px = 0;
        auto gfx = [&](char ch) {
          for (int i = 0; i < 4; ++i)
            if (ch == digits_.gfx[i]) return i;
          return -1;
        };
        while (p < buf_.size() && gfx(buf_[p]) >= 0) {
          int v = gfx(buf_[p]);
          lo = (lo << 1) | (v & 1);
          hi = (hi << 1) | (v >> 1);
          ++px;
          ++p;
        }
        pos_ = p;
        if (px == 0 || px > 8) return error(start, "malformed graphics literal");
        t.kind = Tok::Number;
        t.end = pos_;
        t.value = static_cast<int32_t>(((hi & 0xFF) << 8) | (lo & 0xFF));
        lastValue_ = true;
        return t;
      }
      case '"':
      case '\'':
        return lexString(start, c);
      case '[':
        return punct(Tok::LBracket, false);
      case ']':
        return punct(Tok::RBracket, true);
      case '(':
        return punct(Tok::LParen, false);
      case ')':
        return punct(Tok::RParen, true);
      case ',':
        return punct(Tok::Comma, false);
      case ':': {
        if (n == ':') {
          pos_ += 2;
          t.kind = Tok::DoubleColon;
          t.end = pos_;
          lastValue_ = false;
          return t;
        }
        if (n == '+' || n == '-') {
          uint32_t p = pos_ + 1;
          int count = 0;
          while (p < buf_.size() && buf_[p] == n) ++p, ++count;
          pos_ = p;
          t.kind = Tok::AnonRef;
          t.end = pos_;
          t.value = n == '+' ? count : -count;
          lastValue_ = true;
          return t;
        }
        return punct(Tok::Colon, false);
      }
      case '+':
        return n == '=' ? op(Op::AddAssign, 2) : op(Op::Plus, 1);
      case '-':
        return n == '=' ? op(Op::SubAssign, 2) : op(Op::Minus, 1);
      case '*':
        if (n == '*') return op(Op::Pow, 2);
        return n == '=' ? op(Op::MulAssign, 2) : op(Op::Mul, 1);
      case '/':
        return n == '=' ? op(Op::DivAssign, 2) : op(Op::Div, 1);
      case '|':
        if (n == '|') return op(Op::LOr, 2);
        return n == '=' ? op(Op::OrAssign, 2) : op(Op::Or, 1);
      case '^':
        return n == '=' ? op(Op::XorAssign, 2) : op(Op::Xor, 1);
      case '~':
        return op(Op::Cpl, 1);
      case '!':
        return n == '=' ? op(Op::Ne, 2) : op(Op::LNot, 1);
      case '=':
        return n == '=' ? op(Op::Eq, 2) : op(Op::Assign, 1);
      case '<':
        if (n == '<') {
          if (pos_ + 2 < buf_.size() && buf_[pos_ + 2] == '=') return op(Op::ShlAssign, 3);
          return op(Op::Shl, 2);
        }
        return n == '=' ? op(Op::Le, 2) : op(Op::Lt, 1);
      case '>':
        if (n == '>') {
          char n2 = pos_ + 2 < buf_.size() ? buf_[pos_ + 2] : '\0';
          if (n2 == '>') return op(Op::Ushr, 3);
          if (n2 == '=') return op(Op::ShrAssign, 3);
          return op(Op::Shr, 2);
        }
        return n == '=' ? op(Op::Ge, 2) : op(Op::Gt, 1);
      default:
        break;
    }
    ++pos_;
    static const char kHex[] = "0123456789ABCDEF";
    const auto byte = static_cast<uint8_t>(c);
    std::string shown = (c >= 32 && c < 127)
                            ? std::string(1, c)
                            : std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
    return error(start, "unexpected character '" + shown + "'");
  }
}

}  // namespace core::sm83
