#include "core/util/text.h"

#include <cstdio>
#include <filesystem>

namespace core {

std::string hexDigits(uint32_t v, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%0*X", digits, unsigned(v));
  return buf;
}

std::string hex(uint32_t v, int digits) {
  return "$" + hexDigits(v, digits);
}

std::string hexRange(uint32_t begin, uint32_t end) {
  return hex(begin) + ".." + hex(end - 1);
}

std::string_view trimView(std::string_view s, std::string_view chars) {
  const size_t first = s.find_first_not_of(chars);
  if (first == std::string_view::npos) return s.substr(s.size());
  return s.substr(first, s.find_last_not_of(chars) - first + 1);
}

std::string trim(std::string_view s, std::string_view chars) {
  return std::string(trimView(s, chars));
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return out;
}

std::string lowerExtension(const std::string& path) {
  return lower(std::filesystem::path(path).extension().string());
}

}  // namespace core
