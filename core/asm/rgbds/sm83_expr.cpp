#include "core/asm/rgbds/sm83_expr.h"

#include <bit>
#include <cctype>
#include <climits>
#include <cmath>

namespace core::sm83 {

namespace {

constexpr int kMaxDepth = 200;
constexpr size_t kMaxStack = 4096;

int binaryLevel(Op op) {
  switch (op) {
    case Op::LOr:
    case Op::LAnd:
      return 1;
    case Op::Eq:
    case Op::Ne:
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
      return 2;
    case Op::Plus:
    case Op::Minus:
      return 3;
    case Op::And:
    case Op::Or:
    case Op::Xor:
      return 4;
    case Op::Shl:
    case Op::Shr:
    case Op::Ushr:
      return 5;
    case Op::Mul:
    case Op::Div:
    case Op::Mod:
      return 6;
    default:
      return 0;
  }
}
constexpr int kMaxLevel = 6;

int32_t wrap(int64_t v) {
  return static_cast<int32_t>(static_cast<uint32_t>(v));
}

int32_t shiftLeft(int32_t a, int32_t b) {
  if (b < 0) return b <= -32 ? (a < 0 ? -1 : 0) : a >> -b;
  if (b >= 32) return 0;
  return wrap(static_cast<int64_t>(static_cast<uint32_t>(a) << b));
}

int32_t shiftRight(int32_t a, int32_t b) {
  if (b < 0) return b <= -32 ? 0 : wrap(static_cast<int64_t>(static_cast<uint32_t>(a) << -b));
  if (b >= 32) return a < 0 ? -1 : 0;
  return a >> b;
}

}  // namespace

ExprKind binaryKind(Op op) {
  switch (op) {
    case Op::LOr:
      return ExprKind::LOr;
    case Op::LAnd:
      return ExprKind::LAnd;
    case Op::Eq:
      return ExprKind::Eq;
    case Op::Ne:
      return ExprKind::Ne;
    case Op::Lt:
      return ExprKind::Lt;
    case Op::Gt:
      return ExprKind::Gt;
    case Op::Le:
      return ExprKind::Le;
    case Op::Ge:
      return ExprKind::Ge;
    case Op::Plus:
      return ExprKind::Add;
    case Op::Minus:
      return ExprKind::Sub;
    case Op::And:
      return ExprKind::And;
    case Op::Or:
      return ExprKind::Or;
    case Op::Xor:
      return ExprKind::Xor;
    case Op::Shl:
      return ExprKind::Shl;
    case Op::Shr:
      return ExprKind::Shr;
    case Op::Ushr:
      return ExprKind::Ushr;
    case Op::Mul:
      return ExprKind::Mul;
    case Op::Div:
      return ExprKind::Div;
    case Op::Mod:
      return ExprKind::Mod;
    default:
      return ExprKind::Add;
  }
}

void compoundExpr(Expr& rhs, int32_t lhs, Op op, int col) {
  rhs.ops.insert(rhs.ops.begin(), ExprOp{ExprKind::Num, lhs, 0, col});
  rhs.ops.push_back(ExprOp{binaryKind(op), 0, 0, col});
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool isRegisterName(std::string_view n) {
  if (n.empty() || n.size() > 3) return false;
  char buf[4] = {};
  for (size_t i = 0; i < n.size(); ++i)
    buf[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(n[i])));
  std::string_view l(buf, n.size());
  static constexpr std::string_view kNames[] = {"a",   "b",   "c",  "d",  "e",  "h",
                                                "l",   "af",  "bc", "de", "hl", "sp",
                                                "hli", "hld", "z",  "nz", "nc"};
  for (auto k : kNames)
    if (k == l) return true;
  return false;
}

bool ExprParser::fail(int col, std::string msg) {
  if (err_.empty()) {
    err_ = std::move(msg);
    errCol_ = col;
  }
  return false;
}

bool ExprParser::parse(Expr& out, bool stopAtPlusC) {
  out.clear();
  out_ = &out;
  err_.clear();
  errCol_ = 0;
  depth_ = 0;
  stopAtPlusC_ = stopAtPlusC;
  out.col = lx_.peek().col();
  return binary(1);
}

bool ExprParser::binary(int level) {
  if (level > kMaxLevel) return unary();
  if (!binary(level + 1)) return false;
  for (;;) {
    const Token& t = lx_.peek();
    if (t.kind == Tok::Error) return fail(t.col(), t.str);
    if (t.kind != Tok::Op || binaryLevel(t.op) != level) return true;
    if (stopAtPlusC_ && t.op == Op::Plus) {
      // `[$ff00 + c]`: the `+ c` belongs to the operand, not to the expression.
      Lexer::State s = lx_.save();
      lx_.next();
      Token r = lx_.next();
      bool isC = r.kind == Tok::Ident && equalsIgnoreCase(lx_.text(r), "c");
      lx_.restore(s);
      if (isC) return true;
    }
    Token op = lx_.next();
    if (!binary(level + 1)) return false;
    out_->ops.push_back({binaryKind(op.op), 0, 0, op.col()});
  }
}

bool ExprParser::unary() {
  const Token& t = lx_.peek();
  if (t.kind == Tok::Op &&
      (t.op == Op::Minus || t.op == Op::Plus || t.op == Op::Cpl || t.op == Op::LNot)) {
    if (++depth_ > kMaxDepth) return fail(t.col(), "expression nested too deeply");
    Token op = lx_.next();
    if (!unary()) return false;
    --depth_;
    if (op.op == Op::Minus) out_->ops.push_back({ExprKind::Neg, 0, 0, op.col()});
    if (op.op == Op::Cpl) out_->ops.push_back({ExprKind::Cpl, 0, 0, op.col()});
    if (op.op == Op::LNot) out_->ops.push_back({ExprKind::LNot, 0, 0, op.col()});
    return true;
  }
  return power();
}

bool ExprParser::power() {
  if (!primary()) return false;
  while (lx_.peek().kind == Tok::Op && lx_.peek().op == Op::Pow) {
    Token op = lx_.next();
    if (++depth_ > kMaxDepth) return fail(op.col(), "expression nested too deeply");
    if (!unary()) return false;
    --depth_;
    out_->ops.push_back({ExprKind::Pow, 0, 0, op.col()});
  }
  return true;
}

namespace {

// rgbasm's fixed-point math: through double, rounded to nearest, saturated.
double fixToDouble(int32_t v, int32_t q) {
  return v / std::pow(2.0, q);
}

int32_t doubleToFix(double d, int32_t q) {
  if (std::isnan(d)) return 0;
  if (std::isinf(d)) return d < 0 ? INT32_MIN : INT32_MAX;
  const double v = std::round(d * std::pow(2.0, q));
  return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : static_cast<int32_t>(v);
}

// 1 or 2 for the fixed-point functions (a precision may follow), 0 for the rest.
int fixedPointArity(std::string_view name) {
  for (const char* n : {"DIV", "MUL", "FMOD", "POW", "LOG", "ATAN2"})
    if (equalsIgnoreCase(name, n)) return 2;
  for (const char* n : {"ROUND", "CEIL", "FLOOR", "SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN"})
    if (equalsIgnoreCase(name, n)) return 1;
  return 0;
}

// Angles are in turns (1.0 = a full circle), as in rgbasm.
int32_t fixedPoint(std::string_view name, int32_t a, int32_t b, int32_t q) {
  constexpr double kTau = 6.283185307179586476925286766559;
  const double x = fixToDouble(a, q), y = fixToDouble(b, q);
  auto is = [&](const char* n) { return equalsIgnoreCase(name, n); };
  if (is("MUL")) return doubleToFix(x * y, q);
  if (is("DIV")) {
    if (y == 0) return x < 0 ? INT32_MIN : x > 0 ? INT32_MAX : 0;
    return doubleToFix(x / y, q);
  }
  if (is("FMOD")) return y == 0 ? 0 : doubleToFix(std::fmod(x, y), q);
  if (is("POW")) return doubleToFix(std::pow(x, y), q);
  if (is("LOG")) {
    const double base = std::log(y);
    if (std::isnan(base) || std::isinf(base)) return 0;
    if (base == 0) return INT32_MAX;
    return doubleToFix(std::log(x) / base, q);
  }
  if (is("ROUND")) return doubleToFix(std::round(x), q);
  if (is("CEIL")) return doubleToFix(std::ceil(x), q);
  if (is("FLOOR")) return doubleToFix(std::floor(x), q);
  if (is("SIN")) return doubleToFix(std::sin(x * kTau), q);
  if (is("COS")) return doubleToFix(std::cos(x * kTau), q);
  if (is("TAN")) return doubleToFix(std::tan(x * kTau), q);
  if (is("ASIN")) return doubleToFix(std::asin(x) / kTau, q);
  if (is("ACOS")) return doubleToFix(std::acos(x) / kTau, q);
  if (is("ATAN")) return doubleToFix(std::atan(x) / kTau, q);
  return doubleToFix(std::atan2(x, y) / kTau, q);  // ATAN2(y, x)
}

}  // namespace

bool ExprParser::function(std::string_view name, int col) {
  auto expectClose = [&]() {
    Token r = lx_.next();
    if (r.kind != Tok::RParen) return fail(r.col(), "expected ')'");
    return true;
  };
  Lexer::State beforeName = lx_.save();
  lx_.next();  // '('
  if (equalsIgnoreCase(name, "HIGH") || equalsIgnoreCase(name, "LOW")) {
    if (++depth_ > kMaxDepth) return fail(col, "expression nested too deeply");
    if (!binary(1)) return false;
    --depth_;
    out_->ops.push_back(
        {equalsIgnoreCase(name, "HIGH") ? ExprKind::High : ExprKind::Low, 0, 0, col});
    return expectClose();
  }
  if (equalsIgnoreCase(name, "DEF")) {
    bool wasExpanding = lx_.expanding();
    lx_.setExpand(false);
    Token n = lx_.next();
    lx_.setExpand(wasExpanding);
    if (n.kind != Tok::Ident) return fail(n.col(), "DEF() expects a symbol name");
    out_->ops.push_back({ExprKind::Num, names_.isDefined(lx_.text(n)) ? 1 : 0, 0, col});
    return expectClose();
  }
  if (equalsIgnoreCase(name, "BANK") || equalsIgnoreCase(name, "SIZEOF") ||
      equalsIgnoreCase(name, "STARTOF")) {
    Token a = lx_.next();
    ExprOp op;
    if (a.kind == Tok::Ident && !equalsIgnoreCase(name, "BANK") &&
        names_.sectionTypeRange(lx_.text(a), op.a, op.b)) {
      // STARTOF(WRAM0) / SIZEOF(OAM): the memory region of a section type.
      out_->ops.push_back({ExprKind::Num, equalsIgnoreCase(name, "STARTOF") ? op.a : op.b, 0, col});
      return expectClose();
    }
    if (a.kind == Tok::String) {
      op.kind = equalsIgnoreCase(name, "BANK")     ? ExprKind::BankSec
                : equalsIgnoreCase(name, "SIZEOF") ? ExprKind::SizeofSec
                                                   : ExprKind::StartofSec;
      op.a = static_cast<int32_t>(out_->strs.size());
      op.col = col;
      out_->strs.push_back(a.str);
    } else if (a.kind == Tok::Ident && equalsIgnoreCase(name, "BANK")) {
      std::string err;
      if (!names_.bankOp(lx_.text(a), a.col(), op, err)) return fail(a.col(), err);
    } else {
      return fail(a.col(), std::string(name) + "() expects a " +
                               (equalsIgnoreCase(name, "BANK") ? "label or " : "") +
                               "section name");
    }
    out_->ops.push_back(op);
    return expectClose();
  }
  if (isStringFunction(name)) {
    // A string function where a number is expected: one character, like a literal.
    lx_.restore(beforeName);
    std::string str;
    if (++depth_ > kMaxDepth) return fail(col, "expression nested too deeply");
    if (!stringFunction(name, col, str)) return false;
    --depth_;
    int32_t v = 0;
    if (!names_.stringValue(str, v))
      return fail(col, "string used as a number must be one character");
    out_->ops.push_back({ExprKind::Num, v, 0, col});
    return true;
  }
  if (equalsIgnoreCase(name, "ISCONST")) {
    ExprParser sub(lx_, names_);
    Expr e;
    if (!sub.parse(e)) return fail(sub.errorCol(), sub.error());
    int32_t v = 0;
    std::string err;
    out_->ops.push_back({ExprKind::Num, names_.constValue(e, v, err) ? 1 : 0, 0, col});
    return expectClose();
  }
  // Functions of strings that return numbers.
  auto numeric = [&](int32_t v) {
    out_->ops.push_back({ExprKind::Num, v, 0, col});
    return expectClose();
  };
  std::string a, b;
  if (equalsIgnoreCase(name, "STRLEN") || equalsIgnoreCase(name, "BYTELEN")) {
    if (!stringArg(a)) return false;
    return numeric(static_cast<int32_t>(a.size()));
  }
  if (equalsIgnoreCase(name, "CHARLEN")) {
    if (!stringArg(a)) return false;
    return numeric(static_cast<int32_t>(names_.mapChars(a).size()));
  }
  if (equalsIgnoreCase(name, "CHARVAL")) {
    if (!stringArg(a)) return false;
    std::string m = names_.mapChars(a);
    if (m.size() != 1) return fail(col, "CHARVAL() needs a single charmap entry");
    return numeric(static_cast<uint8_t>(m[0]));
  }
  const bool cmp = equalsIgnoreCase(name, "STRCMP");
  const bool find = equalsIgnoreCase(name, "STRFIND") || equalsIgnoreCase(name, "STRIN");
  const bool rfind = equalsIgnoreCase(name, "STRRFIND") || equalsIgnoreCase(name, "STRRIN");
  if (cmp || find || rfind) {
    if (!stringArg(a) || !comma() || !stringArg(b)) return false;
    if (cmp) return numeric(a < b ? -1 : a > b ? 1 : 0);
    size_t at = find ? a.find(b) : a.rfind(b);
    // STRIN/STRRIN are 1-based with 0 for "absent"; STRFIND/STRRFIND 0-based with -1.
    const bool oneBased = equalsIgnoreCase(name, "STRIN") || equalsIgnoreCase(name, "STRRIN");
    int32_t v = at == std::string::npos ? -1 : static_cast<int32_t>(at);
    return numeric(oneBased ? v + 1 : v);
  }
  if (equalsIgnoreCase(name, "BITWIDTH") || equalsIgnoreCase(name, "TZCOUNT")) {
    int32_t v = 0;
    if (!constArg(v)) return false;
    const auto u = static_cast<uint32_t>(v);
    return numeric(equalsIgnoreCase(name, "BITWIDTH") ? std::bit_width(u) : std::countr_zero(u));
  }
  if (int arity = fixedPointArity(name)) {
    // rgbasm(5): constant arguments, then an optional precision (default OPT Q).
    int32_t args[3] = {0, 0, lx_.digits().fixPrecision};
    for (int i = 0; i < arity; ++i)
      if ((i > 0 && !comma()) || !constArg(args[i])) return false;
    if (lx_.peek().kind == Tok::Comma) {
      lx_.next();
      const int qCol = lx_.peek().col();
      if (!constArg(args[2])) return false;
      if (args[2] < 1 || args[2] > 31)
        return fail(qCol, "fixed-point precision must be between 1 and 31");
    }
    return numeric(fixedPoint(name, args[0], args[1], args[2]));
  }
  return fail(col, "unknown function '" + std::string(name) + "'");
}

bool ExprParser::primary() {
  if (atString()) {
    const int col = lx_.peek().col();
    std::string a;
    if (!stringArg(a)) return false;
    // rgbds 1.0 string comparison: `"\1" === "north"`, `!==`; the lexer sees `==` `=`.
    Lexer::State s = lx_.save();
    Token op = lx_.next();
    if (op.kind == Tok::Op && (op.op == Op::Eq || op.op == Op::Ne)) {
      Token eq = lx_.next();
      if (eq.kind == Tok::Op && eq.op == Op::Assign && eq.pos == op.end) {
        std::string b;
        if (!stringArg(b)) return false;
        out_->ops.push_back({ExprKind::Num, (a == b) == (op.op == Op::Eq) ? 1 : 0, 0, op.col()});
        return true;
      }
    }
    lx_.restore(s);
    int32_t v = 0;
    if (!names_.stringValue(a, v))
      return fail(col, "string used as a number must be one character");
    out_->ops.push_back({ExprKind::Num, v, 0, col});
    return true;
  }
  Token t = lx_.next();
  switch (t.kind) {
    case Tok::Number:
      out_->ops.push_back({ExprKind::Num, t.value, 0, t.col()});
      return true;
    case Tok::String: {
      int32_t v = 0;
      if (!names_.stringValue(t.str, v))
        return fail(t.col(), "string used as a number must be one character");
      out_->ops.push_back({ExprKind::Num, v, 0, t.col()});
      return true;
    }
    case Tok::LParen: {
      if (++depth_ > kMaxDepth) return fail(t.col(), "expression nested too deeply");
      bool saved = stopAtPlusC_;
      stopAtPlusC_ = false;
      if (!binary(1)) return false;
      stopAtPlusC_ = saved;
      --depth_;
      Token r = lx_.next();
      if (r.kind != Tok::RParen) return fail(r.col(), "expected ')'");
      return true;
    }
    case Tok::AnonRef: {
      ExprOp op;
      std::string err;
      if (!names_.anonOp(t.value, t.col(), op, err)) return fail(t.col(), err);
      out_->ops.push_back(op);
      return true;
    }
    case Tok::Ident: {
      // A copy: lexing on (the peek, a function's arguments) may expand an EQUS,
      // which rewrites the line buffer that lx_.text() points into.
      const std::string name(lx_.text(t));
      if (lx_.peek().kind == Tok::LParen) return function(name, t.col());
      if (isRegisterName(name)) return fail(t.col(), "register '" + name + "' is not allowed here");
      ExprOp op;
      std::string err;
      if (!names_.nameOp(name, t.col(), op, err)) return fail(t.col(), err);
      out_->ops.push_back(op);
      return true;
    }
    case Tok::Error:
      return fail(t.col(), t.str);
    case Tok::End:
      return fail(t.col(), "expected an expression");
    default:
      return fail(t.col(), "unexpected '" + std::string(lx_.text(t)) + "' in expression");
  }
}

bool binaryValue(ExprKind op, int32_t x, int32_t y, int32_t& out, const char*& err) {
  switch (op) {
    case ExprKind::Add:
      out = wrap(static_cast<int64_t>(x) + y);
      break;
    case ExprKind::Sub:
      out = wrap(static_cast<int64_t>(x) - y);
      break;
    case ExprKind::Mul:
      out = wrap(static_cast<int64_t>(x) * y);
      break;
    case ExprKind::Div:
    case ExprKind::Mod: {
      if (y == 0) {
        err = op == ExprKind::Div ? "division by zero" : "modulo by zero";
        return false;
      }
      // rgbasm rounds the quotient toward negative infinity.
      int64_t q = static_cast<int64_t>(x) / y;
      int64_t m = static_cast<int64_t>(x) % y;
      if (m != 0 && ((m < 0) != (y < 0))) {
        --q;
        m += y;
      }
      out = op == ExprKind::Div ? wrap(q) : wrap(m);
      break;
    }
    case ExprKind::Pow: {
      if (y < 0) {
        err = "negative exponent";
        return false;
      }
      uint32_t base = static_cast<uint32_t>(x), acc = 1;
      for (int32_t n = y; n > 0; n >>= 1) {
        if (n & 1) acc *= base;
        base *= base;
      }
      out = static_cast<int32_t>(acc);
      break;
    }
    case ExprKind::Shl:
      out = shiftLeft(x, y);
      break;
    case ExprKind::Shr:
      out = shiftRight(x, y);
      break;
    case ExprKind::Ushr:
      out = (y >= 32 || y <= -32) ? 0
            : y >= 0              ? static_cast<int32_t>(static_cast<uint32_t>(x) >> y)
                                  : shiftLeft(x, -y);
      break;
    case ExprKind::And:
      out = x & y;
      break;
    case ExprKind::Or:
      out = x | y;
      break;
    case ExprKind::Xor:
      out = x ^ y;
      break;
    case ExprKind::LAnd:
      out = (x != 0 && y != 0);
      break;
    case ExprKind::LOr:
      out = (x != 0 || y != 0);
      break;
    case ExprKind::Eq:
      out = x == y;
      break;
    case ExprKind::Ne:
      out = x != y;
      break;
    case ExprKind::Lt:
      out = x < y;
      break;
    case ExprKind::Gt:
      out = x > y;
      break;
    case ExprKind::Le:
      out = x <= y;
      break;
    case ExprKind::Ge:
      out = x >= y;
      break;
    default:
      out = 0;
      break;
  }
  return true;
}

EvalResult evaluate(const Expr& e, const ExprResolver& r) {
  EvalResult res;
  ExprValue stackBuf[64];
  std::vector<ExprValue> heap;
  ExprValue* st = stackBuf;
  size_t cap = 64, sp = 0;
  auto push = [&](ExprValue v) {
    if (sp == cap) {
      heap.assign(st, st + sp);
      heap.resize(cap * 2);
      cap *= 2;
      st = heap.data();
    }
    st[sp++] = v;
  };
  auto unknown = [&](int i) {
    if (res.failOp < 0) res.failOp = i;
    return ExprValue{};
  };
  if (e.ops.size() > kMaxStack * 16) {
    res.status = EvalResult::Error;
    res.error = "expression too long";
    return res;
  }
  for (size_t i = 0; i < e.ops.size(); ++i) {
    const ExprOp& op = e.ops[i];
    const int idx = static_cast<int>(i);
    ExprValue v;
    switch (op.kind) {
      case ExprKind::Num:
        v = {op.a, -1, true};
        break;
      case ExprKind::Sym:
        v = r.symbol(op.a);
        break;
      case ExprKind::Pc:
        v = r.pc(op.a, op.b);
        break;
      case ExprKind::BankSym:
        v = r.bankOfSymbol(op.a);
        break;
      case ExprKind::BankPc:
        v = r.bankOfSection(op.a);
        break;
      case ExprKind::BankSec:
      case ExprKind::SizeofSec:
      case ExprKind::StartofSec:
        v = r.sectionProperty(op.kind, e.strs[static_cast<size_t>(op.a)]);
        break;
      default:
        break;
    }
    if (op.kind <= ExprKind::StartofSec) {
      if (!v.known) unknown(idx);
      push(v);
      continue;
    }
    if (op.kind <= ExprKind::Low) {
      if (sp < 1) {
        res.status = EvalResult::Error;
        res.error = "malformed expression";
        return res;
      }
      ExprValue& a = st[sp - 1];
      if (!a.known || a.section >= 0) {
        if (a.known) unknown(idx);
        a = ExprValue{};
        continue;
      }
      switch (op.kind) {
        case ExprKind::Neg:
          a.value = wrap(-static_cast<int64_t>(a.value));
          break;
        case ExprKind::Cpl:
          a.value = ~a.value;
          break;
        case ExprKind::LNot:
          a.value = a.value == 0;
          break;
        case ExprKind::High:
          a.value = (a.value >> 8) & 0xFF;
          break;
        default:
          a.value &= 0xFF;
          break;
      }
      continue;
    }
    if (sp < 2) {
      res.status = EvalResult::Error;
      res.error = "malformed expression";
      return res;
    }
    ExprValue b = st[--sp];
    ExprValue& a = st[sp - 1];
    if (!a.known || !b.known) {
      a = ExprValue{};
      continue;
    }
    // Section-relative values survive only `rel + abs`, `rel - abs` and `rel - rel` (same section).
    if (a.section >= 0 || b.section >= 0) {
      if (op.kind == ExprKind::Add && (a.section < 0 || b.section < 0)) {
        a = {wrap(static_cast<int64_t>(a.value) + b.value), a.section >= 0 ? a.section : b.section,
             true};
      } else if (op.kind == ExprKind::Sub && b.section < 0) {
        a.value = wrap(static_cast<int64_t>(a.value) - b.value);
      } else if (op.kind == ExprKind::Sub && a.section == b.section) {
        a = {wrap(static_cast<int64_t>(a.value) - b.value), -1, true};
      } else {
        unknown(idx);
        a = ExprValue{};
      }
      continue;
    }
    const char* err = nullptr;
    if (!binaryValue(op.kind, a.value, b.value, a.value, err)) {
      res.status = EvalResult::Error;
      res.failOp = idx;
      res.error = err;
      return res;
    }
  }
  if (sp != 1) {
    res.status = EvalResult::Error;
    res.error = "malformed expression";
    return res;
  }
  if (!st[0].known) {
    res.status = EvalResult::Unknown;
    if (res.failOp < 0) res.failOp = 0;
    return res;
  }
  if (st[0].section >= 0) {
    res.status = EvalResult::Relative;
    res.section = st[0].section;
  }
  res.value = st[0].value;
  return res;
}

}  // namespace core::sm83
