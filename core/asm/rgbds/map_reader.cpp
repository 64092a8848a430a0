#include "core/asm/rgbds/map_reader.h"

#include <cctype>
#include <string_view>

#include "core/asm/symbol_text.h"
#include "core/util/text.h"

namespace core {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t';
}

// `$4000` at the start of `s`; advances past it.
bool takeHex(std::string_view& s, uint32_t& v) {
  if (s.empty() || s.front() != '$') return false;
  s.remove_prefix(1);
  size_t n = 0;
  while (n < s.size() && n < 9 && std::isxdigit(static_cast<unsigned char>(s[n]))) ++n;
  if (n == 0 || n > 8) return false;
  std::from_chars(s.data(), s.data() + n, v, 16);
  s.remove_prefix(n);
  return true;
}

bool startsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

}  // namespace

bool parseRgblinkMap(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                     const std::string& fileName) {
  LineErrors error{diags, fileName};
  int bank = 0;
  bool inBank = false;     // under a "ROMX bank #1:" header (not SUMMARY)
  bool inSection = false;  // symbols belong to the last SECTION line
  std::string section;
  size_t count = 0;
  forEachLine(text, [&](int lineNo, std::string_view raw) {
    const std::string_view line = trimView(raw, " \t\r");
    if (line.empty() || line.front() == ';') return true;
    const int col = int(raw.find_first_not_of(" \t")) + 1;
    if (!isSpace(raw.front())) {
      // A region header: "ROMX bank #1:", "ROM Bank #0 (HOME):", "HRAM:", "SUMMARY:".
      if (line.back() != ':') {
        error(lineNo, 1, "expected a region header such as 'ROMX bank #1:'");
        return true;
      }
      inSection = false;
      inBank = !startsWith(line, "SUMMARY");
      bank = 0;
      if (size_t hash = line.find('#'); hash != std::string_view::npos) {
        std::string_view digits = line.substr(hash + 1);
        unsigned v = 0;
        auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
        if (ec != std::errc() || p == digits.data() || v > 0xFFFF) {
          error(lineNo, int(hash) + 2, "bad bank number in '" + std::string(line) + "'");
          inBank = false;
          return true;
        }
        bank = int(v);
      }
      return true;
    }
    if (!inBank) return true;  // the summary's "ROM0: N bytes used / M free"
    if (startsWith(line, "SECTION:")) {
      std::string_view rest = trimView(line.substr(8), " \t\r");
      uint32_t start = 0, last = 0;
      if (!takeHex(rest, start) || start > 0xFFFF) {
        error(lineNo, col, "expected 'SECTION: $START-$END ($SIZE bytes) [\"name\"]'");
        inSection = false;
        return true;
      }
      bool hasEnd = false;
      if (!rest.empty() && rest.front() == '-') {
        rest.remove_prefix(1);
        if (!takeHex(rest, last) || last > 0xFFFF || last < start) {
          error(lineNo, col, "bad end address in a SECTION line");
          inSection = false;
          return true;
        }
        hasEnd = true;
      }
      const size_t open = rest.find("[\"");
      const size_t close = rest.rfind("\"]");
      if (open == std::string_view::npos || close == std::string_view::npos || close < open + 2) {
        error(lineNo, col, "a SECTION line ends with its name in [\"...\"]");
        inSection = false;
        return true;
      }
      section = std::string(rest.substr(open + 2, close - open - 2));
      const uint32_t size = hasEnd ? last - start + 1 : 0;
      if (size) out.segments.push_back({section, start, size, bank});
      inSection = true;
      return true;
    }
    if (line.front() == '$') {
      std::string_view rest = line;
      uint32_t addr = 0;
      if (!takeHex(rest, addr) || addr > 0xFFFF) {
        error(lineNo, col, "expected '$ADDRESS = NAME'");
        return true;
      }
      rest = trimView(rest, " \t\r");
      if (rest.empty() || rest.front() != '=') {
        error(lineNo, col, "expected '$ADDRESS = NAME'");
        return true;
      }
      const std::string_view name = trimView(rest.substr(1), " \t\r");
      if (name.empty() || name.find_first_of(" \t") != std::string_view::npos) {
        error(lineNo, col, "bad symbol name '" + std::string(name) + "'");
        return true;
      }
      if (!inSection) {
        error(lineNo, col, "symbol '" + std::string(name) + "' outside a SECTION");
        return true;
      }
      if (++count > kMaxSymbolFileSymbols) {
        error(lineNo, col, "more than " + std::to_string(kMaxSymbolFileSymbols) + " symbols");
        return false;
      }
      DebugSymbol s;
      s.name = std::string(name);
      s.address = addr;
      s.bank = bank;
      if (size_t dot = s.name.find('.'); dot != std::string::npos && dot > 0)
        s.scope = s.name.substr(0, dot);
      out.symbols.push_back(std::move(s));
      return true;
    }
    // EMPTY, TOTAL EMPTY, SLACK, "; Next union" and whatever later versions add.
    return true;
  });
  out.finalize();
  return error.count == 0;
}

}  // namespace core
