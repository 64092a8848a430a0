#include "core/asm/rgbds/sym_reader.h"

#include <charconv>

namespace core {
namespace {

constexpr size_t kMaxSymbols = 1000000;

bool parseHex(std::string_view s, uint32_t& v) {
  if (s.empty() || s.size() > 8) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
  return ec == std::errc() && p == s.data() + s.size();
}

bool isSpace(char c) {
  return c == ' ' || c == '\t';
}

}  // namespace

bool parseRgblinkSym(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                     const std::string& fileName) {
  int errors = 0;
  auto error = [&](int line, int col, const std::string& msg) {
    diags.push_back({Diagnostic::Severity::Error, {fileName, line, col}, msg});
    ++errors;
  };
  size_t count = 0;
  size_t pos = 0;
  int lineNo = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    ++lineNo;
    if (size_t semi = line.find(';'); semi != std::string_view::npos) line = line.substr(0, semi);
    while (!line.empty() && (isSpace(line.back()) || line.back() == '\r')) line.remove_suffix(1);
    size_t first = 0;
    while (first < line.size() && isSpace(line[first])) ++first;
    if (first == line.size()) continue;
    size_t end = first;
    while (end < line.size() && !isSpace(line[end])) ++end;
    const std::string_view token0 = line.substr(first, end - first);
    size_t nameStart = end;
    while (nameStart < line.size() && isSpace(line[nameStart])) ++nameStart;
    const int col = int(first) + 1;
    if (nameStart == line.size()) {
      error(lineNo, col, "expected 'BANK:ADDRESS NAME', found '" + std::string(token0) + "'");
      continue;
    }
    std::string_view name = line.substr(nameStart);
    std::string_view where = token0;
    // Constants: rgblink writes `VALUE NAME` (no bank); `NAME EQU $VALUE` is read too.
    bool constant = false;
    if (size_t sp = name.find_first_of(" \t"); sp != std::string_view::npos) {
      std::string_view kw = name.substr(0, sp), value = name.substr(sp);
      while (!value.empty() && isSpace(value.front())) value.remove_prefix(1);
      if ((kw == "EQU" || kw == "equ") && !value.empty() &&
          value.find_first_of(" \t") == std::string_view::npos) {
        name = where;
        where = value.front() == '$' ? value.substr(1) : value;
        constant = true;
      } else {
        error(lineNo, int(nameStart + sp) + 1,
              "unexpected text after the symbol name: '" + std::string(value) + "'");
        continue;
      }
    }
    DebugSymbol s;
    s.name = std::string(name);
    const size_t colon = where.find(':');
    uint32_t bank = 0, value = 0;
    if (colon == std::string_view::npos) {
      if (!parseHex(where, value)) {
        error(lineNo, col,
              "expected 'BANK:ADDRESS NAME' or a constant 'VALUE NAME' (hex), found '" +
                  std::string(where) + "'");
        continue;
      }
      constant = true;
    } else {
      const std::string_view bankText = where.substr(0, colon);
      const std::string_view addrText = where.substr(colon + 1);
      if (bankText == "--" || bankText == "??") {
        constant = true;  // no bank: an absolute value
      } else if (!parseHex(bankText, bank) || bank > 0xFFFF) {
        error(lineNo, col, "bad bank '" + std::string(bankText) + "' (expected hex digits)");
        continue;
      }
      if (!parseHex(addrText, value) || value > 0xFFFF) {
        error(lineNo, col + int(colon) + 1,
              "bad address '" + std::string(addrText) + "' (expected 4 hex digits)");
        continue;
      }
    }
    if (++count > kMaxSymbols) {
      error(lineNo, col, "more than " + std::to_string(kMaxSymbols) + " symbols");
      break;
    }
    s.address = value;
    s.bank = int(bank);
    s.isLabel = !constant;
    if (size_t dot = s.name.find('.'); dot != std::string::npos && dot > 0)
      s.scope = s.name.substr(0, dot);
    out.symbols.push_back(std::move(s));
  }
  out.finalize();
  return errors == 0;
}

}  // namespace core
