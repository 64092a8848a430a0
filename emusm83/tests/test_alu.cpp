// ALU rules checked exhaustively where the conformance vectors only sample: DAA
// after every BCD add and subtract, and the flag rules of ADD/SUB/INC/DEC.
#include <gtest/gtest.h>

#include "emusm83/alu.h"

namespace emusm83 {
namespace {

unsigned toBcd(unsigned v) {
  return (v / 10) << 4 | (v % 10);
}

TEST(Sm83Alu, DaaAfterEveryBcdAddAndSubtract) {
  for (unsigned x = 0; x < 100; ++x) {
    for (unsigned y = 0; y < 100; ++y) {
      for (unsigned carry = 0; carry < 2; ++carry) {
        const uint8_t f = carry ? kFlagC : 0;
        const auto a = static_cast<uint8_t>(toBcd(x)), b = static_cast<uint8_t>(toBcd(y));
        alu::Result sum = alu::op8(1, a, b, f);  // adc
        sum = alu::daa(sum.value, sum.f);
        const unsigned want = x + y + carry;
        ASSERT_EQ(sum.value, toBcd(want % 100)) << x << "+" << y << "+" << carry;
        ASSERT_EQ((sum.f & kFlagC) != 0, want >= 100);
        ASSERT_EQ((sum.f & kFlagZ) != 0, want % 100 == 0);
        ASSERT_EQ(sum.f & (kFlagH | kFlagN), 0);

        alu::Result diff = alu::op8(3, a, b, f);  // sbc
        diff = alu::daa(diff.value, diff.f);
        const int d = static_cast<int>(x) - static_cast<int>(y) - static_cast<int>(carry);
        ASSERT_EQ(diff.value, toBcd(static_cast<unsigned>((d + 100) % 100)))
            << x << "-" << y << "-" << carry;
        ASSERT_EQ((diff.f & kFlagC) != 0, d < 0);
        ASSERT_TRUE(diff.f & kFlagN);
      }
    }
  }
}

TEST(Sm83Alu, AddSubFlags) {
  EXPECT_EQ(alu::op8(0, 0x0F, 0x01, 0).f, kFlagH);
  EXPECT_EQ(alu::op8(0, 0xFF, 0x01, 0).f, kFlagZ | kFlagH | kFlagC);
  EXPECT_EQ(alu::op8(2, 0x10, 0x01, 0).f, kFlagN | kFlagH);
  EXPECT_EQ(alu::op8(2, 0x00, 0x01, 0).f, kFlagN | kFlagH | kFlagC);
  EXPECT_EQ(alu::op8(7, 0x42, 0x42, 0).value, 0x42);  // CP keeps A
  EXPECT_EQ(alu::op8(7, 0x42, 0x42, 0).f, kFlagZ | kFlagN);
  EXPECT_EQ(alu::op8(4, 0xF0, 0x0F, 0).f, kFlagZ | kFlagH);
  EXPECT_EQ(alu::inc8(0xFF, kFlagC).f, kFlagZ | kFlagH | kFlagC);
  EXPECT_EQ(alu::dec8(0x10, 0).f, kFlagN | kFlagH);
  EXPECT_EQ(alu::addSpFlags(0x00FF, 0x01), kFlagH | kFlagC);
  EXPECT_EQ(alu::addSpFlags(0xFFF0, 0xFF), kFlagC);
  EXPECT_EQ(alu::rotateA(0, 0x80, 0).f, kFlagC);  // RLCA never sets Z
  EXPECT_EQ(alu::shift(0, 0x00, 0).f, kFlagZ);
  EXPECT_EQ(alu::shift(6, 0xA5, kFlagC).value, 0x5A);  // SWAP clears C
  EXPECT_EQ(alu::shift(6, 0xA5, kFlagC).f, 0);
}

}  // namespace
}  // namespace emusm83
