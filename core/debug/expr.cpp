#include "core/debug/expr.h"

#include <cctype>
#include <cstdint>

#include "core/util/text.h"

namespace core {

namespace {

enum class Op : uint8_t {
  Number,    // value
  Register,  // name
  Flag,      // value = bit index in flagBits
  Load8,
  Load16,
  LoadS8,
  LoadS16,
  Not,
  BitNot,
  Neg,
  Mul,
  Div,
  Mod,
  Add,
  Sub,
  Shl,
  Shr,
  BitAnd,
  BitXor,
  BitOr,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
};

}  // namespace

struct DebugExpr::Node {
  Op op;
  int64_t value = 0;
  std::string name;
};

namespace {

struct Token {
  enum Kind { End, Number, Name, Punct } kind = End;
  std::string text;
  int64_t value = 0;
  size_t col = 0;  // 1-based
};

class Parser {
 public:
  Parser(const std::string& text, Cpu cpu, const DebugInfo& dbg, std::vector<DebugExpr::Node>& out,
         std::string* error)
      : text_(text), cpu_(cpu), dbg_(dbg), out_(out), error_(error) {}

  bool parse() {
    next();
    if (tok_.kind == Token::End) return fail("type an expression, e.g. A == $10 && [x] > 40");
    if (!orExpr()) return false;
    if (tok_.kind != Token::End) return fail("unexpected '" + tok_.text + "'");
    return true;
  }

  // The expression was one address operand: a label, "$nnnn" or "label+N".
  std::optional<uint16_t> plainAddress;

 private:
  bool fail(const std::string& message) {
    if (error_ && error_->empty()) *error_ = "col " + std::to_string(tok_.col) + ": " + message;
    return false;
  }

  void next() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    tok_ = Token{};
    tok_.col = pos_ + 1;
    if (pos_ >= text_.size()) return;
    const char c = text_[pos_];
    auto isWord = [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.' || ch == '@' ||
             ch == ':';
    };
    if (c == '$' || c == '%' || std::isdigit(static_cast<unsigned char>(c))) {
      int base = 10;
      size_t start = pos_;
      if (c == '$') {
        base = 16;
        ++pos_;
      } else if (c == '%') {
        base = 2;
        ++pos_;
      } else if (c == '0' && pos_ + 1 < text_.size() &&
                 (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X')) {
        base = 16;
        pos_ += 2;
      }
      size_t digits = pos_;
      int64_t v = 0;
      bool overflow = false;
      while (pos_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[pos_]))) {
        const char d = char(std::tolower(static_cast<unsigned char>(text_[pos_])));
        int n = d >= '0' && d <= '9' ? d - '0' : d >= 'a' && d <= 'f' ? d - 'a' + 10 : 99;
        if (n >= base) break;
        v = v * base + n;
        if (v > (int64_t(1) << 40)) overflow = true;
        ++pos_;
      }
      tok_.text = text_.substr(start, pos_ - start);
      if (pos_ == digits || overflow ||
          (pos_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[pos_])))) {
        while (pos_ < text_.size() && isWord(text_[pos_])) ++pos_;
        tok_.kind = Token::Punct;  // reported as unexpected by the caller
        tok_.text = text_.substr(start, pos_ - start);
        badNumber_ = true;
        return;
      }
      tok_.kind = Token::Number;
      tok_.value = v;
      return;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '@') {
      size_t start = pos_;
      while (pos_ < text_.size() && isWord(text_[pos_])) {
        // "label.w" is not a name: `.w` after ']' is handled separately.
        ++pos_;
      }
      tok_.kind = Token::Name;
      tok_.text = text_.substr(start, pos_ - start);
      return;
    }
    static const char* kTwo[] = {"==", "!=", "<=", ">=", "&&", "||", "<<", ">>"};
    for (const char* t : kTwo)
      if (text_.compare(pos_, 2, t) == 0) {
        tok_.kind = Token::Punct;
        tok_.text = t;
        pos_ += 2;
        return;
      }
    tok_.kind = Token::Punct;
    tok_.text = std::string(1, c);
    ++pos_;
  }

  bool is(const char* p) const { return tok_.kind == Token::Punct && tok_.text == p; }
  void emit(Op op, int64_t v = 0, std::string name = {}) {
    out_.push_back({op, v, std::move(name)});
  }
  void notPlain() { plainCandidate_ = false; }

  bool orExpr() {
    if (!andExpr()) return false;
    while (is("||")) {
      notPlain();
      next();
      if (!andExpr()) return false;
      emit(Op::Or);
    }
    return true;
  }
  bool andExpr() {
    if (!compare()) return false;
    while (is("&&")) {
      notPlain();
      next();
      if (!compare()) return false;
      emit(Op::And);
    }
    return true;
  }
  bool compare() {
    if (!bitOr()) return false;
    static const std::pair<const char*, Op> kOps[] = {{"==", Op::Eq}, {"!=", Op::Ne},
                                                      {"<=", Op::Le}, {">=", Op::Ge},
                                                      {"<", Op::Lt},  {">", Op::Gt}};
    for (const auto& [p, op] : kOps)
      if (is(p)) {
        notPlain();
        next();
        if (!bitOr()) return false;
        emit(op);
        if (tok_.kind == Token::Punct)
          for (const auto& [q, op2] : kOps)
            if (is(q)) return fail("comparisons do not chain: use && between them");
        return true;
      }
    if (is("=")) return fail("'=' is not a comparison: write '=='");
    return true;
  }
  template <class Next>
  bool binary(Next nextLevel, std::initializer_list<std::pair<const char*, Op>> ops) {
    if (!(this->*nextLevel)()) return false;
    for (;;) {
      bool matched = false;
      for (const auto& [p, op] : ops)
        if (is(p)) {
          // "&&" / "||" are single tokens, so '&' and '|' here are the bit operators.
          notPlainUnlessOffset(op);
          next();
          if (!(this->*nextLevel)()) return false;
          emit(op);
          matched = true;
          break;
        }
      if (!matched) return true;
    }
  }
  void notPlainUnlessOffset(Op op) {
    // "label+2" stays a plain address; anything else does not.
    if (op != Op::Add) notPlain();
  }
  bool bitOr() { return binary(&Parser::bitXor, {{"|", Op::BitOr}}); }
  bool bitXor() { return binary(&Parser::bitAnd, {{"^", Op::BitXor}}); }
  bool bitAnd() { return binary(&Parser::shift, {{"&", Op::BitAnd}}); }
  bool shift() { return binary(&Parser::additive, {{"<<", Op::Shl}, {">>", Op::Shr}}); }
  bool additive() { return binary(&Parser::multiplicative, {{"+", Op::Add}, {"-", Op::Sub}}); }
  bool multiplicative() {
    return binary(&Parser::unary, {{"*", Op::Mul}, {"/", Op::Div}, {"%", Op::Mod}});
  }
  bool unary() {
    static const std::pair<const char*, Op> kOps[] = {
        {"!", Op::Not}, {"~", Op::BitNot}, {"-", Op::Neg}};
    for (const auto& [p, op] : kOps)
      if (is(p)) {
        notPlain();
        next();
        if (!unary()) return false;
        emit(op);
        return true;
      }
    return primary();
  }

  bool primary() {
    if (badNumber_) return fail("\"" + tok_.text + "\" is not a number");
    switch (tok_.kind) {
      case Token::End:
        return fail("expected an operand at the end");
      case Token::Number:
        emit(Op::Number, tok_.value);
        ++operands_;
        next();
        return true;
      case Token::Name:
        return name();
      case Token::Punct:
        break;
    }
    if (is("(")) {
      notPlain();
      next();
      if (!orExpr()) return false;
      if (!is(")")) return fail("expected ')'");
      next();
      return true;
    }
    if (is("[")) {
      notPlain();
      next();
      if (!orExpr()) return false;
      if (!is("]")) return fail("expected ']'");
      // A width suffix right after ']' (no space): .b .w .sb .sw
      Op load = Op::Load8;
      size_t p = pos_;
      if (p < text_.size() && text_[p] == '.') {
        size_t e = p + 1;
        while (e < text_.size() && std::isalpha(static_cast<unsigned char>(text_[e]))) ++e;
        const std::string suffix = lower(text_.substr(p + 1, e - p - 1));
        if (suffix == "b")
          load = Op::Load8;
        else if (suffix == "w")
          load = Op::Load16;
        else if (suffix == "sb")
          load = Op::LoadS8;
        else if (suffix == "sw")
          load = Op::LoadS16;
        else {
          tok_.col = p + 1;
          return fail("\"." + suffix + "\" is not a width (.b .w .sb .sw)");
        }
        pos_ = e;
      }
      emit(load);
      next();
      return true;
    }
    return fail("expected an operand, found '" + tok_.text + "'");
  }

  bool name() {
    std::string n = tok_.text;
    const std::string upper = core::upper(n);
    // Registers first: a routine label called "a" would be unreachable, as in
    // every assembler where A is a register.
    for (const std::string& r : exprRegisterNames(cpu_))
      if (upper == r) {
        notPlain();
        emit(Op::Register, 0, r);
        next();
        return true;
      }
    if (int bit = flagBit(upper); bit >= 0) {
      notPlain();
      emit(Op::Flag, bit);
      next();
      return true;
    }
    const DebugSymbol* s = dbg_.symbol(n);
    if (!s) {
      std::string message = "no register, label or constant \"" + n + "\"";
      return fail(message);
    }
    if (!s->isLabel) notPlain();  // a constant is a value, not a place
    emit(Op::Number, s->address);
    ++operands_;
    next();
    return true;
  }

  // Bit index of a flag name in flagBits, or -1.
  int flagBit(const std::string& upper) const {
    if (cpu_ == Cpu::M6502) {
      static const char* k6502 = "CZIDB-VN";  // bit 0 .. 7 of P
      if (upper.size() == 1) {
        for (int b = 0; b < 8; ++b)
          if (k6502[b] == upper[0] && upper[0] != '-' && upper[0] != 'B') return b;
      }
      if (upper == "CF") return 0;
      if (upper == "ZF") return 1;
      if (upper == "VF") return 6;
      if (upper == "NF") return 7;
      return -1;
    }
    // SM83 flagBits is F >> 4: C bit 0, H 1, N 2, Z 3.
    if (upper == "CF") return 0;
    if (upper == "HF") return 1;
    if (upper == "NF") return 2;
    if (upper == "ZF") return 3;
    return -1;
  }

 public:
  bool plainCandidate_ = true;
  int operands_ = 0;

 private:
  const std::string& text_;
  Cpu cpu_;
  const DebugInfo& dbg_;
  std::vector<DebugExpr::Node>& out_;
  std::string* error_;
  size_t pos_ = 0;
  Token tok_;
  bool badNumber_ = false;
};

}  // namespace

DebugExpr::DebugExpr() = default;
DebugExpr::~DebugExpr() = default;
DebugExpr::DebugExpr(const DebugExpr&) = default;
DebugExpr& DebugExpr::operator=(const DebugExpr&) = default;
DebugExpr::DebugExpr(DebugExpr&&) noexcept = default;
DebugExpr& DebugExpr::operator=(DebugExpr&&) noexcept = default;

std::vector<std::string> exprRegisterNames(Cpu cpu) {
  if (cpu == Cpu::M6502) return {"A", "X", "Y", "S", "SP", "P", "PC"};
  return {"A", "F", "B", "C", "D", "E", "H", "L", "AF", "BC", "DE", "HL", "SP", "PC"};
}

std::optional<DebugExpr> DebugExpr::parse(const std::string& text, Cpu cpu, const DebugInfo& dbg,
                                          std::string* error) {
  DebugExpr e;
  e.text_ = text;
  std::string err;
  Parser p(text, cpu, dbg, e.nodes_, &err);
  if (!p.parse()) {
    if (error) *error = err;
    return std::nullopt;
  }
  if (p.plainCandidate_ && p.operands_ >= 1) {
    // Operands and '+' only: a label or address with an offset.
    bool hasLabelOrHex = false;
    for (const Node& n : e.nodes_)
      if (n.op == Op::Number) hasLabelOrHex = true;
    ExprContext none;
    if (hasLabelOrHex) {
      int64_t v = e.eval(none);
      if (v >= 0 && v <= 0xFFFF) e.plainAddress_ = uint16_t(v);
    }
  }
  return e;
}

int64_t DebugExpr::eval(const ExprContext& ctx) const {
  std::vector<int64_t> st;
  st.reserve(nodes_.size());
  auto read = [&](int64_t a) -> unsigned { return ctx.read ? ctx.read(uint16_t(a)) : 0u; };
  auto pop = [&]() {
    int64_t v = st.back();
    st.pop_back();
    return v;
  };
  for (const Node& n : nodes_) {
    switch (n.op) {
      case Op::Number:
        st.push_back(n.value);
        break;
      case Op::Register: {
        int64_t v = 0;
        bool found = false;
        for (const RegisterValue& r : ctx.registers)
          if (n.name == r.name) {
            v = r.value;
            found = true;
          }
        if (!found) {
          // Pairs and aliases the machine does not list by that name.
          auto reg = [&](const char* name) -> int64_t {
            for (const RegisterValue& r : ctx.registers)
              if (std::string(r.name) == name) return r.value;
            return 0;
          };
          if (n.name == "SP")
            v = reg("S");
          else if (n.name == "AF")
            v = reg("A") << 8 | reg("F");
          else if (n.name == "B")
            v = reg("BC") >> 8;
          else if (n.name == "C")
            v = reg("BC") & 0xFF;
          else if (n.name == "D")
            v = reg("DE") >> 8;
          else if (n.name == "E")
            v = reg("DE") & 0xFF;
          else if (n.name == "H")
            v = reg("HL") >> 8;
          else if (n.name == "L")
            v = reg("HL") & 0xFF;
        }
        st.push_back(v);
        break;
      }
      case Op::Flag:
        st.push_back(ctx.flags >> n.value & 1);
        break;
      case Op::Load8:
        st.push_back(read(pop()));
        break;
      case Op::LoadS8:
        st.push_back(int8_t(read(pop())));
        break;
      case Op::Load16: {
        int64_t a = pop();
        st.push_back(read(a) | read(uint16_t(a + 1)) << 8);
        break;
      }
      case Op::LoadS16: {
        int64_t a = pop();
        st.push_back(int16_t(read(a) | read(uint16_t(a + 1)) << 8));
        break;
      }
      case Op::Not:
        st.back() = !st.back();
        break;
      case Op::BitNot:
        st.back() = ~st.back();
        break;
      case Op::Neg:
        st.back() = int64_t(0 - uint64_t(st.back()));
        break;
      default: {
        int64_t b = pop(), a = pop(), r = 0;
        switch (n.op) {
          case Op::Mul:
            r = int64_t(uint64_t(a) * uint64_t(b));
            break;
          case Op::Div:
            r = b == 0 || (b == -1 && a == INT64_MIN) ? 0 : a / b;
            break;
          case Op::Mod:
            r = b == 0 || b == -1 ? 0 : a % b;
            break;
          case Op::Add:
            r = int64_t(uint64_t(a) + uint64_t(b));
            break;
          case Op::Sub:
            r = int64_t(uint64_t(a) - uint64_t(b));
            break;
          case Op::Shl:
            r = b < 0 || b > 62 ? 0 : int64_t(uint64_t(a) << b);
            break;
          case Op::Shr:
            r = b < 0 || b > 62 ? 0 : a >> b;
            break;
          case Op::BitAnd:
            r = a & b;
            break;
          case Op::BitXor:
            r = a ^ b;
            break;
          case Op::BitOr:
            r = a | b;
            break;
          case Op::Eq:
            r = a == b;
            break;
          case Op::Ne:
            r = a != b;
            break;
          case Op::Lt:
            r = a < b;
            break;
          case Op::Le:
            r = a <= b;
            break;
          case Op::Gt:
            r = a > b;
            break;
          case Op::Ge:
            r = a >= b;
            break;
          case Op::And:
            r = a && b;
            break;
          case Op::Or:
            r = a || b;
            break;
          default:
            break;
        }
        st.push_back(r);
      }
    }
  }
  return st.empty() ? 0 : st.back();
}

}  // namespace core
