// The small text helpers core and the app share, one definition each: numbers in
// hex as messages and views print them ("$0300", "$0300..$03FF"), white space
// trimmed, ASCII case folded.
//
//   error = "the table at " + hex(addr) + " runs past $FFFF";
//   std::string name = trim(input);
//   std::string_view word = trimView(line);        // a view into `line`
//   if (lowerExtension(path) == ".png") ...
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace core {

// "$0300": `v` in upper-case hex, at least `digits` digits (more when it needs them).
std::string hex(uint32_t v, int digits = 4);
// The same without the dollar sign: "0300".
std::string hexDigits(uint32_t v, int digits = 4);
// "$0300..$03FF": the range [begin, end) by its first and last address.
std::string hexRange(uint32_t begin, uint32_t end);

// `s` without the leading and trailing characters in `chars` (by default the
// white space of std::isspace in the C locale): a view into `s`, and a copy.
inline constexpr std::string_view kWhiteSpace = " \t\n\v\f\r";
std::string_view trimView(std::string_view s, std::string_view chars = kWhiteSpace);
std::string trim(std::string_view s, std::string_view chars = kWhiteSpace);
// ASCII case folding (other bytes unchanged).
std::string lower(std::string_view s);
std::string upper(std::string_view s);
// A file name's extension in lower case, with its dot: "map.TMX" -> ".tmx"; "" when none.
std::string lowerExtension(const std::string& path);

}  // namespace core
