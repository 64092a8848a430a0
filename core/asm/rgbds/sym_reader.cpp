#include "core/asm/rgbds/sym_reader.h"

#include "core/asm/symbol_text.h"

namespace core {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t';
}

}  // namespace

bool parseRgblinkSym(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                     const std::string& fileName) {
  LineErrors error{diags, fileName};
  size_t count = 0;
  forEachLine(text, [&](int lineNo, std::string_view line) {
    if (size_t semi = line.find(';'); semi != std::string_view::npos) line = line.substr(0, semi);
    while (!line.empty() && (isSpace(line.back()) || line.back() == '\r')) line.remove_suffix(1);
    size_t first = 0;
    while (first < line.size() && isSpace(line[first])) ++first;
    if (first == line.size()) return true;
    size_t end = first;
    while (end < line.size() && !isSpace(line[end])) ++end;
    const std::string_view token0 = line.substr(first, end - first);
    size_t nameStart = end;
    while (nameStart < line.size() && isSpace(line[nameStart])) ++nameStart;
    const int col = int(first) + 1;
    if (nameStart == line.size()) {
      error(lineNo, col, "expected 'BANK:ADDRESS NAME', found '" + std::string(token0) + "'");
      return true;
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
        return true;
      }
    }
    DebugSymbol s;
    s.name = std::string(name);
    const size_t colon = where.find(':');
    uint32_t bank = 0, value = 0;
    if (colon == std::string_view::npos) {
      if (!parseHexDigits(where, value)) {
        error(lineNo, col,
              "expected 'BANK:ADDRESS NAME' or a constant 'VALUE NAME' (hex), found '" +
                  std::string(where) + "'");
        return true;
      }
      constant = true;
    } else {
      const std::string_view bankText = where.substr(0, colon);
      const std::string_view addrText = where.substr(colon + 1);
      if (bankText == "--" || bankText == "??") {
        constant = true;  // no bank: an absolute value
      } else if (!parseHexDigits(bankText, bank) || bank > 0xFFFF) {
        error(lineNo, col, "bad bank '" + std::string(bankText) + "' (expected hex digits)");
        return true;
      }
      if (!parseHexDigits(addrText, value) || value > 0xFFFF) {
        error(lineNo, col + int(colon) + 1,
              "bad address '" + std::string(addrText) + "' (expected 4 hex digits)");
        return true;
      }
    }
    if (++count > kMaxSymbolFileSymbols) {
      error(lineNo, col, "more than " + std::to_string(kMaxSymbolFileSymbols) + " symbols");
      return false;
    }
    s.address = value;
    s.bank = int(bank);
    s.isLabel = !constant;
    if (size_t dot = s.name.find('.'); dot != std::string::npos && dot > 0)
      s.scope = s.name.substr(0, dot);
    out.symbols.push_back(std::move(s));
    return true;
  });
  out.finalize();
  return error.count == 0;
}

}  // namespace core
