// Mode and block directives of the built-in SM83 assembler's statement dispatcher
// (internal, see rgbasm.h): OPT/PUSHO/POPO, LOAD, the ALIGN directive and the
// charmap directives. Each is parsed here; the state it changes belongs to the
// lexer (digits), the context stack (nesting limit), Sections or Charmaps.
#include <algorithm>
#include <optional>

#include "core/asm/rgbds/sm83_assembler.h"

namespace core::sm83 {

namespace {

std::string_view trimView(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// rgbasm's whole numbers in options (`OPT p`, `OPT r`): decimal, or `$`/`0x` hex,
// `&`/`0o` octal, `%`/`0b` binary; nothing may follow the digits.
std::optional<uint64_t> optionNumber(std::string_view s) {
  int base = 10;
  if (!s.empty() && (s[0] == '$' || s[0] == '&' || s[0] == '%')) {
    base = s[0] == '$' ? 16 : s[0] == '&' ? 8 : 2;
    s.remove_prefix(1);
  } else if (s.size() > 1 && s[0] == '0' && std::string_view("xXoObB").find(s[1]) != s.npos) {
    base = s[1] == 'x' || s[1] == 'X' ? 16 : s[1] == 'o' || s[1] == 'O' ? 8 : 2;
    s.remove_prefix(2);
  }
  if (s.empty()) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : 99;
    if (d >= base) return std::nullopt;
    v = std::min<uint64_t>(v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d), 1ull << 40);
  }
  return v;
}

}  // namespace

// OPT / PUSHO / POPO, parsed as rgbasm 1.0 parses them (a leading `-` and blanks
// after the letter are allowed): `b` (binary digits), `g` (graphics digits), `Q`
// (fixed-point precision) and `r` (nesting depth) change what is assembled; `p`
// (padding) and `W` (warnings) are checked, then ignored. Any other letter is an
// error, as in rgbasm.
void Assembler::dirOpt(Kw kw, int col) {
  if (kw == Kw::POPO) {
    if (!expectEnd()) return;
    if (optStack_.empty()) return error(col, "POPO without PUSHO");
    lx_.setDigits(optStack_.back().digits);
    contexts_.setMaxDepth(optStack_.back().maxDepth);
    optStack_.pop_back();
    return;
  }
  if (kw == Kw::PUSHO) optStack_.push_back(OptState{lx_.digits(), contexts_.maxDepth()});
  std::string_view rest = lx_.rest();
  rest = trimView(rest.substr(0, rest.find(';')));
  if (rest.empty()) {
    if (kw == Kw::OPT) error(col, "OPT needs an option");
    return;
  }
  Lexer::Digits d = lx_.digits();
  size_t depth = contexts_.maxDepth();
  size_t at = 0;
  while (at <= rest.size()) {
    size_t comma = rest.find(',', at);
    std::string_view o =
        trimView(rest.substr(at, comma == std::string_view::npos ? comma : comma - at));
    const std::string text(o);
    if (o.empty() && comma == std::string_view::npos && at > 0) break;  // a trailing comma
    if (!o.empty() && o[0] == '-') o.remove_prefix(1);
    if (o.empty()) return error(col, "empty OPT option");
    const char letter = o[0];
    const std::string_view arg = trimView(o.substr(1));
    auto bad = [&](const std::string& why) { error(col, "bad OPT '" + text + "': " + why); };
    switch (letter) {
      case 'b':
        if (arg.size() != 2) return bad("b takes exactly 2 characters");
        d.bin[0] = arg[0], d.bin[1] = arg[1];
        break;
      case 'g':
        if (arg.size() != 4) return bad("g takes exactly 4 characters");
        std::copy(arg.begin(), arg.end(), d.gfx);
        break;
      case 'Q': {
        // OPT Q8 / OPT Q.8: the default precision of fixed-point literals (rgbasm -Q).
        auto q = optionNumber(arg.substr(!arg.empty() && arg[0] == '.' ? 1 : 0));
        if (!q || *q < 1 || *q > 31) return bad("Q takes a precision from 1 to 31");
        d.fixPrecision = static_cast<int>(*q);
        break;
      }
      case 'p': {
        auto p = optionNumber(arg);
        if (!p || *p > 0xFF) return bad("p takes a pad byte from 0 to $FF");
        break;
      }
      case 'r': {
        auto r = optionNumber(arg);
        if (!r) return bad("r takes a nesting depth (a whole number)");
        if (*r > kMaxRecursionDepth)
          return bad("this assembler nests at most " + std::to_string(kMaxRecursionDepth) +
                     " levels");
        if (contexts_.depth() > *r + 1)
          return bad("already nested " + std::to_string(contexts_.depth() - 1) + " levels deep");
        depth = static_cast<size_t>(*r);
        break;
      }
      case 'W':
        if (arg.empty()) return bad("W takes a warning flag");
        break;
      default:
        return error(col, "unknown OPT option '" + std::string(1, letter) + "' in '" + text +
                              "' (rgbasm's are b, g, p, Q, r and W)");
    }
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  lx_.setDigits(d);
  contexts_.setMaxDepth(depth);
}

// LOAD "name", TYPE[...]: the bytes go on into the current ROM section while the
// labels (and `@`) take addresses in the named section, e.g. code copied to HRAM.
void Assembler::dirLoad(int col) {
  if (!sections_.canLoad(col)) return;
  Section target;
  int nameCol = 0;
  if (parseSection(false, target, nameCol)) sections_.beginLoad(std::move(target), nameCol);
}

// `ALIGN bits[, offset]`: the current position must be aligned.
void Assembler::dirAlign(int col) {
  if (!sections_.open()) return error(col, "ALIGN outside of a SECTION");
  int32_t bits = 0, ofs = 0;
  if (!constExpr(bits, "ALIGN")) return;
  if (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    if (!constExpr(ofs, "the ALIGN offset")) return;
  }
  if (!expectEnd()) return;
  sections_.align(bits, ofs, col);
}

// CHARMAP, NEWCHARMAP, SETCHARMAP, PUSHC [name], POPC.
void Assembler::dirCharmap(Kw kw, int col) {
  if (kw == Kw::CHARMAP) {
    std::string from;
    int32_t v = 0;
    if (!readString(from, "CHARMAP")) return;
    if (lx_.next().kind != Tok::Comma) return error(col, "CHARMAP needs a string and a value");
    if (!constExpr(v, "CHARMAP") || !expectEnd()) return;
    return charmaps_.add(from, v, col);
  }
  if (kw == Kw::PUSHC && lx_.peek().kind == Tok::Ident) {
    lx_.setExpand(false);
    Token n = lx_.next();
    lx_.setExpand(true);
    const std::string name(lx_.text(n));
    if (!expectEnd()) return;
    return charmaps_.pushAndSelect(name, n.col());
  }
  if (kw == Kw::PUSHC || kw == Kw::POPC) {
    if (!expectEnd()) return;
    if (kw == Kw::PUSHC) return charmaps_.push();
    return charmaps_.pop(col);
  }
  lx_.setExpand(false);
  Token n = lx_.next();
  lx_.setExpand(true);
  if (n.kind != Tok::Ident) return error(n.col(), "expected a charmap name");
  const std::string name(lx_.text(n));
  std::string base;
  if (kw == Kw::NEWCHARMAP && lx_.peek().kind == Tok::Comma) {
    lx_.next();
    Token b = lx_.next();
    if (b.kind != Tok::Ident) return error(b.col(), "expected a charmap name");
    base = std::string(lx_.text(b));
  }
  if (!expectEnd()) return;
  if (kw == Kw::SETCHARMAP) return charmaps_.select(name, n.col());
  charmaps_.create(name, base, n.col(), col);
}

}  // namespace core::sm83
