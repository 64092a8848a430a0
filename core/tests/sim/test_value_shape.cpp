// The one value shape (core/sim/value_shape.h) that fields, watches and the
// binding preview read bytes with: each size, sign and byte order decoded from
// the same bytes, ranges, wrapping, and names that parse back to their shape.
#include <gtest/gtest.h>

#include <vector>

#include "core/sim/value_shape.h"

namespace core {
namespace {

TEST(ValueShape, DecodesEachSizeSignAndByteOrder) {
  const std::vector<uint8_t> mem = {0xFE, 0x12, 0x80};
  auto peek = [&](uint16_t a) { return mem[a % mem.size()]; };
  EXPECT_EQ(kU8.read(peek, 0), 0xFE);
  EXPECT_EQ(kS8.read(peek, 0), -2);
  EXPECT_EQ(kU16.read(peek, 0), 0x12FE);
  EXPECT_EQ((ValueShape{2, false, true}.read(peek, 0)), 0xFE12);
  EXPECT_EQ((ValueShape{2, true, true}.read(peek, 0)), int32_t(0xFE12) - 0x10000);
  EXPECT_EQ((ValueShape{3, false}.read(peek, 0)), 0x8012FE);
  EXPECT_EQ((ValueShape{3, true}.read(peek, 0)), 0x8012FE - 0x1000000);
  EXPECT_EQ((ValueShape{3, false, true}.read(peek, 0)), 0xFE1280);
  // Fraction bits do not change the raw value, only what it means.
  EXPECT_EQ((ValueShape{2, false, false, 8}.read(peek, 0)), 0x12FE);
}

TEST(ValueShape, ReadsWrapPastTheLastAddress) {
  std::vector<uint8_t> mem(0x10000, 0);
  mem[0xFFFF] = 0x34;
  mem[0x0000] = 0x12;
  auto peek = [&](uint16_t a) { return mem[a]; };
  EXPECT_EQ(kU16.read(peek, 0xFFFF), 0x1234);
  EXPECT_EQ((ValueShape{2, false, true}.read(peek, 0xFFFF)), 0x3412);
}

TEST(ValueShape, RangesAndWrapping) {
  EXPECT_EQ(kU8.minRaw(), 0);
  EXPECT_EQ(kU8.maxRaw(), 255);
  EXPECT_EQ(kS8.minRaw(), -128);
  EXPECT_EQ(kS16.maxRaw(), 32767);
  EXPECT_EQ((ValueShape{3, true}.minRaw()), -(1 << 23));
  EXPECT_EQ((ValueShape{3, false}.maxRaw()), (1 << 24) - 1);
  EXPECT_EQ(kS8.wrap(0xFF), -1);
  EXPECT_EQ(kS8.wrap(128), -128);
  EXPECT_EQ(kU8.wrap(-1), 255);
  EXPECT_EQ(kU8.wrap(0x1234), 0x34);
  EXPECT_EQ(kS16.wrap(0x18000), -32768);
  EXPECT_EQ((ValueShape{3, true}.wrap(-5)), -5);
}

TEST(ValueShape, EncodeWritesTheBytesDecodeReads) {
  for (const ValueShape s : {kU8, kS8, kU16, kS16, ValueShape{2, false, true},
                             ValueShape{3, true, true}, ValueShape{3, false, false, 8}}) {
    for (int32_t raw : {0, 1, -1, 127, -128, 0x1234, -0x1234, 0x7FFFFF, 0x123456}) {
      uint8_t bytes[3] = {0xAA, 0xAA, 0xAA};
      s.encode(raw, [&](int i, uint8_t b) { bytes[i] = b; });
      EXPECT_EQ(s.decode([&](int i) { return bytes[i]; }), s.wrap(raw))
          << valueShapeName(s) << " " << raw;
      for (int i = s.size; i < 3; ++i) EXPECT_EQ(bytes[i], 0xAA);  // no byte past the size
    }
  }
  uint8_t be[2];
  ValueShape{2, false, true}.encode(0x1234, [&](int i, uint8_t b) { be[i] = b; });
  EXPECT_EQ(be[0], 0x34);  // byte 0 is the least significant whatever the order
  EXPECT_EQ(be[1], 0x12);
}

TEST(ValueShape, NamesParseBackToTheirShape) {
  EXPECT_EQ(valueShapeName(kU8), "u8");
  EXPECT_EQ(valueShapeName(kS16), "s16");
  EXPECT_EQ(valueShapeName(ValueShape{2, false, true}), "u16be");
  EXPECT_EQ(valueShapeName(ValueShape{1, false, true}), "u8");  // one byte has no order
  EXPECT_EQ(valueShapeName(ValueShape{3, true, false, 8}), "s24 16.8");
  int shapes = 0;
  for (int size = 1; size <= 3; ++size)
    for (bool sign : {false, true})
      for (bool big : {false, true})
        for (int frac = 0; frac <= 8 * size; ++frac) {
          if (size == 1 && big) continue;
          const ValueShape s{size, sign, big, frac};
          const auto back = parseValueShape(valueShapeName(s));
          ASSERT_TRUE(back) << valueShapeName(s);
          EXPECT_EQ(*back, s) << valueShapeName(s);
          ++shapes;
        }
  EXPECT_EQ(shapes, 2 * 9 + 4 * 17 + 4 * 25);
  EXPECT_EQ(parseValueShape(" S16BE "), (ValueShape{2, true, true}));
  EXPECT_EQ(parseValueShape("w"), kU16);
  for (const char* bad : {"", "u32", "s", "u8be", "x16", "u16 9.8", "u16 8.9", "u16  8.8"})
    EXPECT_FALSE(parseValueShape(bad)) << bad;
}

TEST(ValueShape, Texts) {
  EXPECT_EQ(valueHex(kS8, -2), "$FE");
  EXPECT_EQ(valueHex(kS16, -2), "$FFFE");
  EXPECT_EQ(valueHex(ValueShape{3, false}, 0x1234), "$001234");
  EXPECT_EQ(valueDecimal(kS8, -2), "-2");
  EXPECT_EQ(valueDecimal(ValueShape{2, false, false, 8}, 0x0180), "1.500");
  EXPECT_EQ(valueDecimal(ValueShape{2, true, false, 4}, -8), "-0.500");
  EXPECT_EQ(valueFraction(ValueShape{2, true, false, 4}, 0x0125), "18.5/16");
  EXPECT_EQ(valueFraction(ValueShape{2, true, false, 4}, -1), "-1.15/16");  // floor, remainder
  EXPECT_EQ(valueFraction(kU8, 200), "200");
}

}  // namespace
}  // namespace core
