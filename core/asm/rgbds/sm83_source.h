// Splits rgbds-syntax source text into logical lines for the built-in SM83
// assembler (internal, see rgbasm.h): `/* */` block comments become spaces (they
// may span lines), a backslash at the end of a line joins it with the next, and
// every line keeps its original 1-based number.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace core::sm83 {

struct SrcLine {
  std::string text;
  int file = 0;
  int line = 0;
};

using SrcLines = std::vector<SrcLine>;

// Also reports the line of an unterminated block comment (0 when none).
std::shared_ptr<const SrcLines> splitSource(std::string_view text, int file,
                                            int* unterminatedCommentLine);

}  // namespace core::sm83
