#include "core/game/fceux_nl.h"

#include <charconv>
#include <string_view>

namespace core::game {
namespace {

constexpr size_t kMaxSymbols = 1000000;

bool parseHex(std::string_view s, uint32_t& v) {
  if (s.empty() || s.size() > 8) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

int fceuxNlBank(const std::string& path) {
  // "x.nes.3.nl": the part between the last two dots, in hex as FCEUX writes it.
  if (path.size() < 3 || path.compare(path.size() - 3, 3, ".nl") != 0) return 0;
  const std::string stem = path.substr(0, path.size() - 3);
  const size_t dot = stem.rfind('.');
  const size_t slash = stem.find_last_of("/\\");
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return 0;
  uint32_t bank = 0;
  if (!parseHex(std::string_view(stem).substr(dot + 1), bank) || bank > 0xFFFF) return 0;
  return int(bank);
}

bool parseFceuxNl(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                  const std::string& fileName, int bank) {
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
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    if (line.empty() || line.front() == '\\') continue;  // a comment's continuation line
    if (line.front() != '$') {
      error(lineNo, 1, "expected '$ADDRESS#name#comment'");
      continue;
    }
    const size_t hash = line.find('#');
    if (hash == std::string_view::npos) {
      error(lineNo, 1, "expected '#' after the address");
      continue;
    }
    std::string_view addrText = line.substr(1, hash - 1);
    uint32_t size = 0;
    if (size_t slash = addrText.find('/'); slash != std::string_view::npos) {
      if (!parseHex(addrText.substr(slash + 1), size) || size > 0x10000) {
        error(lineNo, int(slash) + 3,
              "bad array size '" + std::string(addrText.substr(slash + 1)) + "'");
        continue;
      }
      addrText = addrText.substr(0, slash);
    }
    uint32_t addr = 0;
    if (!parseHex(addrText, addr) || addr > 0xFFFF) {
      error(lineNo, 2, "bad address '" + std::string(addrText) + "' (expected hex digits)");
      continue;
    }
    std::string_view name = line.substr(hash + 1);
    if (size_t end = name.find('#'); end != std::string_view::npos) name = name.substr(0, end);
    if (name.empty()) continue;  // a comment with no name
    if (name.find_first_of(" \t") != std::string_view::npos) {
      error(lineNo, int(hash) + 2, "a name has no spaces: '" + std::string(name) + "'");
      continue;
    }
    if (++count > kMaxSymbols) {
      error(lineNo, 1, "more than " + std::to_string(kMaxSymbols) + " symbols");
      break;
    }
    DebugSymbol s;
    s.name = std::string(name);
    s.address = addr;
    s.size = size;
    // RAM labels ($0000-$7FFF) are never banked, whatever file they came from.
    s.bank = addr >= 0x8000 ? bank : 0;
    out.symbols.push_back(std::move(s));
  }
  out.finalize();
  return errors == 0;
}

}  // namespace core::game
