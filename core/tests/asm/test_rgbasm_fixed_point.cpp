// rgbasm(5) fixed-point numbers (rgbds 1.0): literals with the default Q16 or
// their own `qN`, OPT Q / -Q, the fixed-point functions with an optional
// precision, and BITWIDTH/TZCOUNT. Values are the ones rgbasm 1.0 computes
// (through double, rounded to nearest, saturated).
#include <gtest/gtest.h>

#include "core/tests/rgbasm_test_util.h"

using rgbasm_test::assemble;
using rgbasm_test::firstChunk;
using Bytes = std::vector<uint8_t>;

namespace {

std::string firstError(const core::AsmResult& r) {
  for (const auto& d : r.diagnostics)
    if (d.severity == core::Diagnostic::Severity::Error) return d.str();
  return "";
}

// The 32-bit little-endian values of `dl` lines.
std::vector<int32_t> longs(const core::AsmResult& r) {
  std::vector<int32_t> out;
  Bytes b = firstChunk(r);
  for (size_t i = 0; i + 4 <= b.size(); i += 4)
    out.push_back(static_cast<int32_t>(b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) |
                                       (static_cast<uint32_t>(b[i + 3]) << 24)));
  return out;
}

}  // namespace

TEST(RgbasmFixedPoint, LiteralsUseQ16OrTheirOwnPrecision) {
  auto r = assemble(R"(
SECTION "F", ROM0[0]
    dl 1.5, 789.25q8, 0.1, 3.000_5, 1.5q.8, 12.0 / 1.0, 123 * 1.0, -2.25
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(longs(r), (std::vector<int32_t>{0x18000, 0x031540, 6554, 0x30021, 0x180, 12, 123 << 16,
                                            -0x24000}));
}

TEST(RgbasmFixedPoint, OptQAndPushoPopoChangeTheDefaultPrecision) {
  auto r = assemble(R"(
SECTION "F", ROM0[0]
    OPT Q8
    dl 2.5
    PUSHO
    OPT Q.4
    dl 2.5, TZCOUNT(1.0)
    POPO
    dl 2.5, 1.0q16
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(longs(r), (std::vector<int32_t>{0x280, 0x28, 4, 0x280, 0x10000}));
}

TEST(RgbasmFixedPoint, CommandLinePrecision) {
  core::Sm83AsmOptions opts;
  opts.fixPrecision = 8;
  auto r = rgbasm_test::assemble({{"main.asm", "SECTION \"F\", ROM0[0]\n dl 1.5, TZCOUNT(1.0)\n"}},
                                 {"main.asm"}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(longs(r), (std::vector<int32_t>{0x180, 8}));
}

TEST(RgbasmFixedPoint, ArithmeticFunctions) {
  auto r = assemble(R"(
SECTION "F", ROM0[0]
    dl MUL(2.0, 3.5), DIV(1.0, 3.0), DIV(1.0, 0), DIV(-1.0, 0), FMOD(-5.5, 2.0)
    dl POW(2.0, 10.0), LOG(8.0, 2.0), MUL(6.0q8, 7.0q8, 8)
    dl ROUND(2.5), ROUND(-2.5), CEIL(1.25), FLOOR(-1.25), ROUND(1.25)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(longs(r), (std::vector<int32_t>{0x70000, 0x5555, INT32_MAX, INT32_MIN, -0x18000,
                                            0x4000000, 0x30000, 42 << 8, 0x30000, -0x30000, 0x20000,
                                            -0x20000, 0x10000}));
}

TEST(RgbasmFixedPoint, TrigonometryInTurns) {
  auto r = assemble(R"(
SECTION "F", ROM0[0]
    dl SIN(0.25), COS(0.5), TAN(0.125), ASIN(1.0), ACOS(0.0), ATAN(1.0)
    dl ATAN2(1.0, 0.0), ATAN2(-1.0, -1.0), SIN(0.25q8, 8)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(longs(r), (std::vector<int32_t>{0x10000, -0x10000, 0x10000, 0x4000, 0x4000, 0x2000,
                                            0x4000, -0x6000, 0x100}));
}

TEST(RgbasmFixedPoint, SineTableFromTheManual) {
  // rgbasm(5)'s example: 128 values of sin over half a turn, scaled to 0..128.
  auto r = assemble(R"(
SECTION "Sine", ROM0[0]
FOR angle, 0.0, 0.5, 0.5 / 128
    db MUL(SIN(angle) + 1.0, 128.0 / 2) / 1.0
ENDR
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  Bytes b = firstChunk(r);
  ASSERT_EQ(b.size(), 128u);
  EXPECT_EQ(b[0], 64);
  EXPECT_EQ(b[32], 109);  // 64 * (1 + sin(45 degrees)) = 109.25
  EXPECT_EQ(b[64], 128);
  EXPECT_EQ(b[127], 65);  // 64 * (1 + sin(178.6 degrees)) = 65.57
}

TEST(RgbasmFixedPoint, BitFunctions) {
  auto r = assemble(R"(
SECTION "F", ROM0[0]
    db BITWIDTH(255), BITWIDTH(256), BITWIDTH(0), TZCOUNT($80), TZCOUNT(0), BITWIDTH(-1)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{8, 9, 0, 7, 32, 32}));
}

TEST(RgbasmFixedPoint, ErrorsAreLocated) {
  struct Case {
    std::string line, error;
  };
  const Case cases[] = {
      {" dl 1.5q0", "main.asm:2:5: error: fixed-point precision must be between 1 and 31"},
      {" dl 1.5q", "main.asm:2:5: error: fixed-point constant needs digits after 'q'"},
      {" dl 65536.0", "main.asm:2:5: error: fixed-point constant 65536.0 is too large for Q16"},
      {" dl 1.5x", "main.asm:2:5: error: malformed number '1.5x'"},
      {" OPT Q40", "main.asm:2:2: error: bad OPT 'Q40': Q takes a precision from 1 to 31"},
      // Found by fuzz_rgbasm: the digits were summed past int's range (UBSan).
      {" OPT Q12345678901234567890",
       "main.asm:2:2: error: bad OPT 'Q12345678901234567890': Q takes a precision from 1 to 31"},
      {" dl MUL(1.0)", "main.asm:2:12: error: expected ','"},
      {" dl SIN(1.0, 0)", "main.asm:2:14: error: fixed-point precision must be between 1 and 31"},
      {" dl SIN(Label)", "main.asm:2:9: error: "},
  };
  for (const Case& c : cases) {
    auto r = assemble("SECTION \"F\", ROM0\n" + c.line + "\nLabel:\n");
    EXPECT_FALSE(r.ok) << c.line;
    EXPECT_EQ(firstError(r).substr(0, c.error.size()), c.error) << c.line;
  }
}
