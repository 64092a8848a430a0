// A 5x7 pixel font for labels in images drawn with no GL (verdict names,
// entity names, op-code letters): upper-case letters (lower case is shown as
// upper case), digits and the punctuation labels use. Our own glyphs.
#pragma once

#include <array>
#include <cstdint>

namespace core {

// Rows top to bottom; bit 4 is the leftmost column. Unknown characters give a box.
const std::array<uint8_t, 7>& fontGlyph(char c);
inline constexpr int kFontWidth = 5, kFontHeight = 7, kFontAdvance = 6;

}  // namespace core
