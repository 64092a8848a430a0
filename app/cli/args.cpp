// Command-line value parsing shared by the commands.
#include <string>

#include "app/cli/command.h"

namespace app::cli {

std::optional<uint32_t> parseAddress(const std::string& text, uint32_t max) {
  std::string s = text;
  int base = 10;
  if (!s.empty() && s[0] == '$') {
    s = s.substr(1);
    base = 16;
  } else if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s = s.substr(2);
    base = 16;
  } else if (!s.empty() && (s.back() == 'h' || s.back() == 'H')) {
    s.pop_back();
    base = 16;
  }
  if (s.empty()) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    int d = c >= '0' && c <= '9'                  ? c - '0'
            : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10
            : base == 16 && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
    if (d < 0) return std::nullopt;
    v = v * base + d;
    if (v > max) return std::nullopt;
  }
  return static_cast<uint32_t>(v);
}

}  // namespace app::cli
