#include "core/game/fceux_nl.h"

#include <string_view>

#include "core/asm/symbol_text.h"

namespace core::game {

int fceuxNlBank(const std::string& path) {
  // "x.nes.3.nl": the part between the last two dots, in hex as FCEUX writes it.
  if (path.size() < 3 || path.compare(path.size() - 3, 3, ".nl") != 0) return 0;
  const std::string stem = path.substr(0, path.size() - 3);
  const size_t dot = stem.rfind('.');
  const size_t slash = stem.find_last_of("/\\");
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return 0;
  uint32_t bank = 0;
  if (!parseHexDigits(std::string_view(stem).substr(dot + 1), bank) || bank > 0xFFFF) return 0;
  return int(bank);
}

bool parseFceuxNl(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                  const std::string& fileName, int bank) {
  LineErrors error{diags, fileName};
  size_t count = 0;
  forEachLine(text, [&](int lineNo, std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    if (line.empty() || line.front() == '\\') return true;  // a comment's continuation line
    if (line.front() != '$') {
      error(lineNo, 1, "expected '$ADDRESS#name#comment'");
      return true;
    }
    const size_t hash = line.find('#');
    if (hash == std::string_view::npos) {
      error(lineNo, 1, "expected '#' after the address");
      return true;
    }
    std::string_view addrText = line.substr(1, hash - 1);
    uint32_t size = 0;
    if (size_t slash = addrText.find('/'); slash != std::string_view::npos) {
      if (!parseHexDigits(addrText.substr(slash + 1), size) || size > 0x10000) {
        error(lineNo, int(slash) + 3,
              "bad array size '" + std::string(addrText.substr(slash + 1)) + "'");
        return true;
      }
      addrText = addrText.substr(0, slash);
    }
    uint32_t addr = 0;
    if (!parseHexDigits(addrText, addr) || addr > 0xFFFF) {
      error(lineNo, 2, "bad address '" + std::string(addrText) + "' (expected hex digits)");
      return true;
    }
    std::string_view name = line.substr(hash + 1);
    if (size_t end = name.find('#'); end != std::string_view::npos) name = name.substr(0, end);
    if (name.empty()) return true;  // a comment with no name
    if (name.find_first_of(" \t") != std::string_view::npos) {
      error(lineNo, int(hash) + 2, "a name has no spaces: '" + std::string(name) + "'");
      return true;
    }
    if (++count > kMaxSymbolFileSymbols) {
      error(lineNo, 1, "more than " + std::to_string(kMaxSymbolFileSymbols) + " symbols");
      return false;
    }
    DebugSymbol s;
    s.name = std::string(name);
    s.address = addr;
    s.size = size;
    // RAM labels ($0000-$7FFF) are never banked, whatever file they came from.
    s.bank = addr >= 0x8000 ? bank : 0;
    out.symbols.push_back(std::move(s));
    return true;
  });
  out.finalize();
  return error.count == 0;
}

}  // namespace core::game
