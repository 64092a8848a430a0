// The shared text helpers (core/util/text.h): hex as messages print it (at
// least the digits asked for, never truncated), ranges by their last address,
// trimming with views into the argument, and ASCII-only case folding.
#include <gtest/gtest.h>

#include "core/util/text.h"

namespace core {
namespace {

TEST(Text, HexPadsToTheDigitsAndNeverTruncates) {
  EXPECT_EQ(hex(0x300), "$0300");
  EXPECT_EQ(hex(0xAB, 2), "$AB");
  EXPECT_EQ(hex(0x5, 2), "$05");
  EXPECT_EQ(hex(0xbeef), "$BEEF");  // upper case
  EXPECT_EQ(hex(0x12345), "$12345");
  EXPECT_EQ(hex(0x123, 2), "$123");
  EXPECT_EQ(hex(0xFFFFFFFFu, 8), "$FFFFFFFF");
  EXPECT_EQ(hexDigits(0x1F, 4), "001F");
  EXPECT_EQ(hexDigits(0, 1), "0");
}

TEST(Text, HexRangeNamesTheLastAddress) {
  EXPECT_EQ(hexRange(0x0300, 0x0400), "$0300..$03FF");
  EXPECT_EQ(hexRange(0xFF00, 0x10000), "$FF00..$FFFF");
  EXPECT_EQ(hexRange(0x10, 0x11), "$0010..$0010");
}

TEST(Text, TrimDropsWhiteSpaceAtBothEnds) {
  EXPECT_EQ(trim("  a b \t\r\n"), "a b");
  EXPECT_EQ(trim("\v\fx"), "x");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim("none"), "none");
  // Only the characters asked for: a tab stays when only spaces go.
  EXPECT_EQ(trim(" \ta ", " "), "\ta");
}

TEST(Text, TrimViewPointsIntoItsArgument) {
  const std::string line = "  label:  ";
  const std::string_view v = trimView(line);
  EXPECT_EQ(v, "label:");
  EXPECT_EQ(v.data(), line.data() + 2);
  EXPECT_TRUE(trimView("   ").empty());
}

TEST(Text, CaseFoldingIsAsciiOnly) {
  EXPECT_EQ(lower("MixED 123_Z"), "mixed 123_z");
  EXPECT_EQ(upper("ld a, [hl+]"), "LD A, [HL+]");
  // UTF-8 bytes are left alone ("É" is C3 89).
  EXPECT_EQ(lower("\xC3\x89T\xC3\x89"), "\xC3\x89t\xC3\x89");
  EXPECT_EQ(upper("\xC3\xA9t\xC3\xA9"), "\xC3\xA9T\xC3\xA9");
}

TEST(Text, LowerExtensionKeepsTheDot) {
  EXPECT_EQ(lowerExtension("maps/Room.TMX"), ".tmx");
  EXPECT_EQ(lowerExtension("a.b/c.PnG"), ".png");
  EXPECT_EQ(lowerExtension("Makefile"), "");
  EXPECT_EQ(lowerExtension("dir.d/noext"), "");
}

}  // namespace
}  // namespace core
