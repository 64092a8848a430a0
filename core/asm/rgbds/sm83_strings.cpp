// String expressions of the built-in SM83 assembler (internal, see rgbasm.h):
// rgbasm's string functions (STRCAT, STRSLICE, STRFMT ...), the `++` operator,
// and the format specs shared by STRFMT and `{spec:symbol}` interpolation.
// Strings are values only at assembly time, so every numeric argument of a
// string function must be a constant.
#include <cmath>
#include <cstdio>

#include "core/asm/rgbds/sm83_expr.h"

namespace core::sm83 {

namespace {

constexpr int kMaxDepth = 200;

struct FmtSpec {
  char sign = 0;  // '+' or ' '
  bool exact = false;
  bool left = false;
  bool zero = false;
  int width = 0;
  int frac = -1;
  char type = 0;
};

bool parseSpec(std::string_view f, FmtSpec& s, std::string& err) {
  size_t i = 0;
  if (i < f.size() && (f[i] == '+' || f[i] == ' ')) s.sign = f[i++];
  if (i < f.size() && f[i] == '#') s.exact = true, ++i;
  if (i < f.size() && f[i] == '-') s.left = true, ++i;
  if (i < f.size() && f[i] == '0') s.zero = true, ++i;
  while (i < f.size() && f[i] >= '0' && f[i] <= '9')
    s.width = std::min(255, s.width * 10 + (f[i++] - '0'));
  if (i < f.size() && f[i] == '.') {
    s.frac = 0;
    for (++i; i < f.size() && f[i] >= '0' && f[i] <= '9'; ++i)
      s.frac = std::min(255, s.frac * 10 + (f[i] - '0'));
  }
  if (i < f.size() && f[i] == 'q')
    for (++i; i < f.size() && f[i] >= '0' && f[i] <= '9';) ++i;
  if (i < f.size()) s.type = f[i++];
  if (i != f.size() ||
      (s.type && std::string_view("duxXbofs").find(s.type) == std::string_view::npos)) {
    err = "bad format spec '" + std::string(f) + "'";
    return false;
  }
  return true;
}

void pad(const FmtSpec& s, std::string body, size_t prefixLen, std::string& out) {
  size_t w = static_cast<size_t>(s.width);
  if (body.size() < w) {
    if (s.left)
      body.append(w - body.size(), ' ');
    else if (s.zero && s.type != 's')
      body.insert(prefixLen, w - body.size(), '0');
    else
      body.insert(0, w - body.size(), ' ');
  }
  out += body;
}

std::string inBase(uint32_t v, unsigned base, bool upper) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), digits[v % base]);
    v /= base;
  } while (v);
  return s;
}

// rgbasm indexes strings from the end with negative positions.
size_t clampIndex(int32_t i, size_t len) {
  if (i < 0) i += static_cast<int32_t>(len);
  if (i < 0) return 0;
  return std::min(static_cast<size_t>(i), len);
}

}  // namespace

bool formatNumber(std::string_view spec, int32_t value, std::string& out, std::string& err) {
  FmtSpec s;
  if (!parseSpec(spec, s, err)) return false;
  if (s.type == 's') {
    err = "format spec 's' needs a string, not a number";
    return false;
  }
  const uint32_t u = static_cast<uint32_t>(value);
  std::string body;
  switch (s.type) {
    case 0:
      body = "$" + inBase(u, 16, true);
      break;
    case 'd':
      body = value < 0 ? "-" + std::to_string(-static_cast<int64_t>(value)) : std::to_string(value);
      break;
    case 'u':
      body = std::to_string(u);
      break;
    case 'x':
    case 'X':
      body = (s.exact ? "$" : "") + inBase(u, 16, s.type == 'X');
      break;
    case 'b':
      body = (s.exact ? "%" : "") + inBase(u, 2, false);
      break;
    case 'o':
      body = (s.exact ? "&" : "") + inBase(u, 8, false);
      break;
    case 'f': {
      char buf[320];
      std::snprintf(buf, sizeof buf, "%.*f", s.frac < 0 ? 5 : s.frac, value / 65536.0);
      body = buf;
      if (s.exact) body += "q16";
      break;
    }
  }
  size_t prefix = 0;
  if ((s.type == 'd' || s.type == 'f') && body[0] != '-' && s.sign) body.insert(0, 1, s.sign);
  if (!body.empty() && (body[0] == '-' || body[0] == '+' || body[0] == ' ' || body[0] == '$' ||
                        body[0] == '%' || body[0] == '&'))
    prefix = 1;
  pad(s, std::move(body), prefix, out);
  return true;
}

bool formatString(std::string_view spec, const std::string& value, std::string& out,
                  std::string& err) {
  FmtSpec s;
  if (!parseSpec(spec, s, err)) return false;
  if (s.type && s.type != 's') {
    err = std::string("format spec '") + s.type + "' needs a number, not a string";
    return false;
  }
  std::string body;
  if (s.exact) {
    for (char c : value) {
      if (c == '"' || c == '\\' || c == '{' || c == '}') body += '\\';
      body += c;
    }
  } else {
    body = value;
  }
  pad(s, std::move(body), 0, out);
  return true;
}

bool isStringFunction(std::string_view name) {
  for (const char* f : {"STRCAT", "STRUPR", "STRLWR", "STRSUB", "STRSLICE", "STRRPL", "STRFMT",
                        "STRCHAR", "CHARSUB", "REVCHAR"})
    if (equalsIgnoreCase(name, f)) return true;
  return false;
}

bool ExprParser::atString() {
  const Token& t = lx_.peek();
  if (t.kind == Tok::String) return true;
  // `#name` of a string symbol (only raw names reach here unexpanded).
  if (t.kind == Tok::Ident && t.pos > 0 && lx_.buffer()[t.pos - 1] == '#' &&
      names_.stringSymbol(lx_.text(t)))
    return true;
  if (t.kind != Tok::Ident || !isStringFunction(lx_.text(t))) return false;
  Lexer::State s = lx_.save();
  lx_.next();
  bool call = lx_.peek().kind == Tok::LParen;
  lx_.restore(s);
  return call;
}

bool ExprParser::parseString(std::string& out) {
  out.clear();
  if (!stringPrimary(out)) return false;
  // `"a" ++ "b"`: the lexer sees two pluses.
  for (;;) {
    Lexer::State s = lx_.save();
    Token a = lx_.next();
    if (a.kind == Tok::Op && a.op == Op::Plus) {
      Token b = lx_.next();
      if (b.kind == Tok::Op && b.op == Op::Plus && b.pos == a.end) {
        std::string more;
        if (!stringPrimary(more)) return false;
        out += more;
        continue;
      }
    }
    lx_.restore(s);
    return true;
  }
}

bool ExprParser::stringPrimary(std::string& out) {
  Token t = lx_.next();
  if (t.kind == Tok::String) {
    out = t.str;
    return true;
  }
  if (t.kind == Tok::Error) return fail(t.col(), t.str);
  if (t.kind == Tok::Ident && lx_.peek().kind == Tok::LParen && isStringFunction(lx_.text(t)))
    return stringFunction(lx_.text(t), t.col(), out);
  if (t.kind == Tok::Ident) {
    if (const std::string* v = names_.stringSymbol(lx_.text(t))) {
      out = *v;
      return true;
    }
    // `#Label` of a non-string symbol: its name (pokered's `EQUS #{__SCOPE__}`).
    if (t.pos > 0 && lx_.buffer()[t.pos - 1] == '#') {
      out = std::string(lx_.text(t));
      return true;
    }
  }
  if (t.kind == Tok::End) return fail(t.col(), "expected a string");
  return fail(t.col(), "expected a string, not '" + std::string(lx_.text(t)) + "'");
}

bool ExprParser::stringArg(std::string& out) {
  if (++depth_ > kMaxDepth) return fail(lx_.peek().col(), "expression nested too deeply");
  bool ok = parseString(out);
  --depth_;
  return ok;
}

bool ExprParser::constArg(int32_t& out) {
  ExprParser sub(lx_, names_);
  Expr e;
  if (!sub.parse(e)) return fail(sub.errorCol(), sub.error());
  std::string err;
  if (!names_.constValue(e, out, err)) return fail(e.col, err);
  return true;
}

bool ExprParser::comma() {
  Token t = lx_.next();
  if (t.kind != Tok::Comma) return fail(t.col(), "expected ','");
  return true;
}

bool ExprParser::stringFunction(std::string_view name, int col, std::string& out) {
  lx_.next();  // '('
  auto is = [&](const char* n) { return equalsIgnoreCase(name, n); };
  auto close = [&]() {
    Token r = lx_.next();
    if (r.kind != Tok::RParen) return fail(r.col(), "expected ')'");
    return true;
  };
  std::string a;
  if (is("STRCAT")) {
    out.clear();
    if (lx_.peek().kind == Tok::RParen) return close();
    for (;;) {
      if (!stringArg(a)) return false;
      out += a;
      if (lx_.peek().kind != Tok::Comma) return close();
      lx_.next();
    }
  }
  if (is("REVCHAR")) {
    out.clear();
    for (;;) {
      int32_t v = 0;
      if (!constArg(v)) return false;
      out += static_cast<char>(v);
      if (lx_.peek().kind != Tok::Comma) return close();
      lx_.next();
    }
  }
  if (!stringArg(a)) return false;
  if (is("STRUPR") || is("STRLWR")) {
    for (char& c : a)
      c = static_cast<char>(is("STRUPR") ? std::toupper(static_cast<unsigned char>(c))
                                         : std::tolower(static_cast<unsigned char>(c)));
    out = a;
    return close();
  }
  if (is("STRRPL")) {
    std::string from, to;
    if (!comma() || !stringArg(from) || !comma() || !stringArg(to)) return false;
    out.clear();
    if (from.empty()) {
      out = a;
      return close();
    }
    for (size_t i = 0;;) {
      size_t f = a.find(from, i);
      out.append(a, i, f == std::string::npos ? std::string::npos : f - i);
      if (f == std::string::npos) break;
      out += to;
      i = f + from.size();
    }
    return close();
  }
  if (is("STRFMT")) {
    out.clear();
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] != '%') {
        out += a[i];
        continue;
      }
      if (i + 1 < a.size() && a[i + 1] == '%') {
        out += '%';
        ++i;
        continue;
      }
      size_t end = i + 1;
      while (end < a.size() && std::string_view("duxXbofs").find(a[end]) == std::string_view::npos)
        ++end;
      if (end >= a.size()) return fail(col, "STRFMT: unterminated format spec in \"" + a + "\"");
      std::string_view spec = std::string_view(a).substr(i + 1, end - i);
      if (!comma()) return fail(col, "STRFMT: not enough arguments for \"" + a + "\"");
      std::string err;
      if (a[end] == 's') {
        std::string v;
        if (!stringArg(v)) return false;
        if (!formatString(spec, v, out, err)) return fail(col, err);
      } else {
        int32_t v = 0;
        if (!constArg(v)) return false;
        if (!formatNumber(spec, v, out, err)) return fail(col, err);
      }
      i = end;
    }
    if (lx_.peek().kind == Tok::Comma) return fail(col, "STRFMT: too many arguments");
    return close();
  }
  // STRSUB(s, pos[, len]) and CHARSUB are 1-based; STRSLICE(s, start[, stop]) and
  // STRCHAR 0-based with an exclusive stop.
  const bool slice = is("STRSLICE") || is("STRCHAR");
  // STRCHAR and CHARSUB count charmap units and return the unit as written
  // (`STRCHAR("<BOLD_V>x", 0)` is "<BOLD_V>", which CHARVAL then maps), as rgbasm does.
  const bool byUnit = is("CHARSUB") || is("STRCHAR");
  std::vector<std::string> unitList;
  if (byUnit) unitList = names_.charUnits(a);
  int32_t start = 0, second = 0;
  if (!comma() || !constArg(start)) return false;
  bool hasSecond = false;
  if ((is("STRSUB") || is("STRSLICE")) && lx_.peek().kind == Tok::Comma) {
    lx_.next();
    if (!constArg(second)) return false;
    hasSecond = true;
  }
  size_t len = byUnit ? unitList.size() : a.size();
  size_t from = 0, to = len;
  if (slice) {
    from = clampIndex(start, len);
    to = is("STRCHAR") ? std::min(len, from + 1) : hasSecond ? clampIndex(second, len) : len;
  } else {
    from =
        start > 0 ? std::min<size_t>(static_cast<size_t>(start) - 1, len) : clampIndex(start, len);
    to = is("CHARSUB") ? std::min(len, from + 1)
         : hasSecond   ? std::min(len, from + static_cast<size_t>(std::max(second, 0)))
                       : len;
  }
  out.clear();
  if (from < to) {
    if (byUnit)
      for (size_t k = from; k < to; ++k) out += unitList[k];
    else
      out = a.substr(from, to - from);
  }
  return close();
}

}  // namespace core::sm83
