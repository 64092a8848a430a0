// What the readers of text symbol files share (rgblink .sym and .map, FCEUX .nl,
// VICE / ld65 -Ln labels): walking the text line by line with line numbers,
// hex fields, errors located at file:line:col, and one cap on the symbols a
// file may hold, so a runaway file is an error rather than a memory hog.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/diagnostic.h"

namespace core {

inline constexpr size_t kMaxSymbolFileSymbols = 1000000;

// 1 to 8 hex digits, nothing else.
inline bool parseHexDigits(std::string_view s, uint32_t& v) {
  if (s.empty() || s.size() > 8) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
  return ec == std::errc() && p == s.data() + s.size();
}

// Calls f(lineNo, line) for each line of `text` (1-based numbers, the '\n'
// and a trailing '\r' removed) until f returns false.
template <class F>
void forEachLine(std::string_view text, F&& f) {
  size_t pos = 0;
  int lineNo = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!f(++lineNo, line)) return;
  }
}

// Error diagnostics of one file, counted.
struct LineErrors {
  std::vector<Diagnostic>& diags;
  const std::string& fileName;
  int count = 0;
  void operator()(int line, int col, const std::string& msg) {
    diags.push_back({Diagnostic::Severity::Error, {fileName, line, col}, msg});
    ++count;
  }
};

}  // namespace core
