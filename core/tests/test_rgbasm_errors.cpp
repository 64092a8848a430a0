// Errors of the built-in SM83 assembler: each one is a diagnostic with
// file:line:col, and bad input never crashes.
#include <gtest/gtest.h>

#include <random>

#include "core/tests/rgbasm_test_util.h"

using rgbasm_test::assemble;

namespace {

// Asserts that assembling `source` fails with a diagnostic containing `expected`.
void expectError(const std::string& source, const std::string& expected) {
  auto r = assemble(source);
  EXPECT_FALSE(r.ok) << source;
  EXPECT_NE(r.diagnosticsText().find(expected), std::string::npos)
      << "expected: " << expected << "\ngot:\n"
      << r.diagnosticsText();
}

}  // namespace

TEST(RgbasmErrors, UndefinedSymbol) {
  expectError("SECTION \"S\", ROM0\n    jp Nowhere\n",
              "main.asm:2:8: error: undefined symbol 'Nowhere'");
  expectError("SECTION \"S\", ROM0\nMain:\n    jr .missing\n",
              "main.asm:3:8: error: undefined symbol 'Main.missing'");
  expectError("SECTION \"S\", ROM0\n    IF UNKNOWN > 1\n    ENDC\n",
              "main.asm:2:8: error: IF needs a constant expression: 'UNKNOWN' is not defined");
  expectError("SECTION \"S\", ROM0\n    jr :+\n", "main.asm:2:8: error: anonymous label");
}

// A control or high byte is shown in hex: DEL was once shown as '\x127'.
TEST(RgbasmErrors, UnexpectedBytesAreShownInHex) {
  expectError("\x7F\n", "main.asm:1:1: error: unexpected character '\\x7F'");
  expectError("SECTION \"S\", ROM0\n  db 1 \x01\n",
              "main.asm:2:8: error: unexpected character '\\x01'");
  expectError("\xFF\n", "main.asm:1:1: error: unexpected character '\\xFF'");
}

TEST(RgbasmErrors, DuplicateLabelAndRedefinition) {
  expectError("SECTION \"S\", ROM0\nFoo:\nFoo:\n",
              "main.asm:3:1: error: duplicate label 'Foo' (already defined at main.asm:2)");
  expectError("SECTION \"S\", ROM0\nFoo:\n.x:\n.x:\n",
              "main.asm:4:1: error: duplicate label 'Foo.x'");
  expectError("X EQU 1\nX EQU 2\n", "main.asm:2:1: error: 'X' is already defined at main.asm:1");
  std::map<std::string, std::string> files{{"a.asm", "SECTION \"A\", ROM0\nShared::\n"},
                                           {"b.asm", "SECTION \"B\", ROM0\nShared::\n"}};
  auto r = rgbasm_test::assemble(files, {"a.asm", "b.asm"});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("b.asm:2:1: error: exported symbol 'Shared' is also exported"),
            std::string::npos)
      << r.diagnosticsText();
}

TEST(RgbasmErrors, ValuesOutOfRange) {
  expectError("SECTION \"S\", ROM0\nBack:\n    ds 200\n    jr Back\n",
              "main.asm:4:8: error: jr target out of range");
  expectError("SECTION \"S\", ROM0\n    jr Fwd\n    ds 200\nFwd:\n",
              "main.asm:2:8: error: jr target out of range");
  expectError("SECTION \"S\", ROM0\n    ld a, 300\n",
              "main.asm:2:11: error: value 300 does not fit in 8 bits");
  expectError("SECTION \"S\", ROM0\n    ld bc, $10000\n",
              "main.asm:2:12: error: value 65536 does not fit in 16 bits");
  expectError("SECTION \"S\", ROM0\n    ldh a, [$1234]\n",
              "main.asm:2:13: error: ldh address $1234 is not in $FF00-$FFFF");
  expectError("SECTION \"S\", ROM0\n    rst $39\n", "main.asm:2:9: error: rst vector $39");
  expectError("SECTION \"S\", ROM0\n    bit 8, a\n", "main.asm:2:9: error: bit number 8");
  expectError("SECTION \"S\", ROM0\n    db 1 / 0\n", "main.asm:2:10: error: division by zero");
  expectError("SECTION \"S\", ROM0\n    ld a, Far\nSECTION \"T\", ROM0[$300]\nFar:\n",
              "main.asm:2:11: error: value 768 does not fit in 8 bits");
}

TEST(RgbasmErrors, BadOperands) {
  expectError("SECTION \"S\", ROM0\n    ld [bc], b\n",
              "main.asm:2:8: error: invalid operands for 'ld'");
  expectError("SECTION \"S\", ROM0\n    ld a, [sp]\n",
              "main.asm:2:12: error: bad operand: [sp] cannot be addressed");
  expectError("SECTION \"S\", ROM0\n    inc af\n",
              "main.asm:2:9: error: invalid operands for 'inc'");
  expectError("SECTION \"S\", ROM0\n    push sp\n",
              "main.asm:2:10: error: invalid operands for 'push'");
  expectError("SECTION \"S\", ROM0\n    ld [hl], [hl]\n", "error: invalid operands for 'ld'");
  expectError("SECTION \"S\", ROM0\n    nop a\n", "main.asm:2:5: error: 'nop' takes 0 operands");
  expectError("SECTION \"S\", ROM0\n    ld a,\n", "main.asm:2:10: error: expected an expression");
  expectError("SECTION \"S\", ROM0\n    ld a, b c\n", "main.asm:2:13: error: unexpected 'c'");
  expectError("SECTION \"S\", ROM0\n    frobnicate a\n",
              "main.asm:2:5: error: unknown instruction, directive or macro 'frobnicate'");
  expectError("SECTION \"S\", ROM0\n    ld a, [hl+1]\n", "main.asm:2:15: error: expected ']'");
}

TEST(RgbasmErrors, UnterminatedBlocks) {
  expectError("MACRO foo\n    nop\n",
              "main.asm:1:1: error: unterminated MACRO 'foo' (missing ENDM)");
  expectError("bar: MACRO\n    nop\n", "main.asm:1:1: error: unterminated MACRO 'bar'");
  expectError("SECTION \"S\", ROM0\n    IF 1\n    nop\n",
              "main.asm:2:5: error: unterminated IF (missing ENDC)");
  expectError("SECTION \"S\", ROM0\n    IF 0\n    nop\n", "main.asm:2:5: error: unterminated IF");
  expectError("SECTION \"S\", ROM0\n    REPT 2\n    nop\n",
              "main.asm:2:5: error: unterminated REPT/FOR (missing ENDR)");
  expectError("    ENDC\n", "main.asm:1:5: error: ENDC without IF");
  expectError("IF 1\nELSE\nELSE\nENDC\n", "main.asm:3:1: error: ELSE after ELSE");
  expectError("    ENDM\n", "main.asm:1:5: error: ENDM without MACRO");
  expectError("SECTION \"S\", ROM0\n    db \"abc\n", "main.asm:2:8: error: unterminated string");
  // An IF opened in a macro must close in it.
  expectError("MACRO m\n    IF 1\nENDM\nSECTION \"S\", ROM0\n    m\n    ENDC\n",
              "main.asm:2:5: error: unterminated IF");
}

TEST(RgbasmErrors, MissingIncludeAndRecursion) {
  expectError("    INCLUDE \"nope.inc\"\n",
              "main.asm:1:13: error: generated file missing: include file 'nope.inc' not found "
              "(a build step makes it, or it is not in the include paths)");
  expectError("SECTION \"S\", ROM0\n    INCBIN \"nope.bin\"\n",
              "main.asm:2:12: error: generated file missing: INCBIN file 'nope.bin' not found "
              "(a build step makes it, or it is not in the include paths)");
  expectError("MACRO recurse\n    recurse\nENDM\nSECTION \"S\", ROM0\n    recurse\n",
              "main.asm:2:5: error: recursion too deep");
  auto r = rgbasm_test::assemble({{"self.asm", "    INCLUDE \"self.asm\"\n"}}, {"self.asm"});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("self.asm:1:5: error: recursion too deep"), std::string::npos)
      << r.diagnosticsText();
  auto missing = core::assembleSm83({"/nonexistent/dir/x.asm"});
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.diagnosticsText().find("cannot open source file"), std::string::npos);
  // An endless REPT stops at the line budget instead of hanging.
  core::Sm83AsmOptions opts;
  opts.maxLines = 10000;
  auto endless = rgbasm_test::assemble(
      {{"main.asm", "MACRO again\n    REPT 2\n    again\n    ENDR\nENDM\n    again\n"}},
      {"main.asm"}, opts);
  EXPECT_FALSE(endless.ok);
}

TEST(RgbasmErrors, ErrorInsideMacroNamesTheCall) {
  auto r = assemble("MACRO bad\n    ld a, \\1\nENDM\nSECTION \"S\", ROM0\n    bad 999\n");
  EXPECT_FALSE(r.ok);
  const std::string text = r.diagnosticsText();
  EXPECT_NE(text.find("main.asm:2:11: error: value 999 does not fit in 8 bits"), std::string::npos)
      << text;
  EXPECT_NE(text.find("main.asm:5:5: note: in expansion of macro 'bad'"), std::string::npos)
      << text;
  expectError("MACRO two\n    db \\2\nENDM\nSECTION \"S\", ROM0\n    two 1\n",
              "main.asm:2:8: error: macro argument \\2 not given");
}

TEST(RgbasmErrors, SectionsOverlapOverflowAndMisuse) {
  expectError("SECTION \"A\", ROM0[$100]\n    ds 16\nSECTION \"B\", ROM0[$108]\n    nop\n",
              "main.asm:3:9: error: section 'B' ($0108-$0108) overlaps section 'A' "
              "($0100-$010F, main.asm:1)");
  expectError("SECTION \"Big\", HRAM\n    ds 200\n",
              "main.asm:2:5: error: section 'Big' grew too big (200 bytes; HRAM holds 127)");
  expectError("SECTION \"W1\", WRAM0\n    ds $801\nSECTION \"W2\", WRAM0\n    ds $801\n",
              "does not fit in WRAM0");
  expectError("SECTION \"End\", HRAM[$FFF0]\n    ds 32\n",
              "main.asm:1:9: error: section 'End' (32 bytes at $FFF0) overflows HRAM");
  expectError("SECTION \"V\", WRAM0\n    db 1\n",
              "main.asm:2:8: error: cannot put data in a RAM section (WRAM0 'V')");
  expectError("SECTION \"V\", WRAM0\n    nop\n",
              "main.asm:2:5: error: cannot put code or data in a RAM section");
  expectError("    nop\n", "main.asm:1:5: error: code or data outside of a SECTION");
  expectError("Label:\n", "main.asm:1:1: error: label 'Label' defined outside of a SECTION");
  expectError("SECTION \"A\", ROM0\nSECTION \"A\", ROM0\n",
              "main.asm:2:9: error: section 'A' is already defined at main.asm:1");
  expectError("SECTION \"A\", ROM0[$4000]\n",
              "main.asm:1:19: error: address $4000 is outside ROM0");
  expectError("SECTION \"A\", ROM0, BANK[1]\n", "ROM0 sections cannot have a BANK");
  expectError("SECTION \"A\", WRAMX, BANK[9]\n", "bank 9 is outside WRAMX (1-7)");
}

TEST(RgbasmErrors, GarbageNeverCrashes) {
  const char* samples[] = {
      "",
      "\n\n\n",
      "::::",
      ":+",
      "[[[[",
      "ld",
      "ld a, [",
      "ld a, [hl",
      "db \"\\q\"",
      "SECTION",
      "SECTION \"x\"",
      "SECTION \"x\", ROMX[",
      "MACRO",
      "REPT",
      "FOR",
      "IF",
      "DEF",
      "DEF x",
      "DEF x EQUS",
      "x = ",
      "PURGE",
      "SHIFT",
      "\\1 \\@",
      "{",
      "{x}",
      "SECTION \"S\", ROM0\n db ((((((((((1",
      "SECTION \"S\", ROM0\n ds -1",
      "SECTION \"S\", ROM0\n db -",
      "SECTION \"S\", ROM0\n jr @",
      "ASSERT",
      "/* open",
      "SECTION \"S\", ROM0\n ld hl, sp+",
      "SECTION \"S\", ROM0\n INCBIN \"x\", -1",
      "DEF S EQUS \"S S\"\nSECTION \"T\", ROM0\n db S",
      "BREAK",
      "x: MACRO\nENDM\nx\nx",
  };
  for (const char* s : samples) {
    auto r = assemble(s);
    for (const auto& d : r.diagnostics) EXPECT_FALSE(d.message.empty()) << s;
  }
  // Random bytes and random token soup.
  std::mt19937 rng(1234);
  const char* tokens[] = {"ld",
                          "a",
                          ",",
                          "[",
                          "]",
                          "hl+",
                          "$ff",
                          "MACRO",
                          "ENDM",
                          "REPT 3",
                          "ENDR",
                          "IF 1",
                          "ENDC",
                          "\\1",
                          "SECTION \"s\", ROM0",
                          ":",
                          ":+",
                          ".x:",
                          "x:",
                          "db",
                          "\"s\"",
                          "(",
                          ")",
                          "+",
                          "*",
                          "\n",
                          "\n",
                          "INCLUDE \"main.asm\"",
                          "jr",
                          "{",
                          "}",
                          "EQUS",
                          "DEF",
                          "=",
                          "@"};
  for (int round = 0; round < 300; ++round) {
    std::string text;
    int n = static_cast<int>(rng() % 60);
    for (int i = 0; i < n; ++i) {
      if (rng() % 4 == 0)
        text += static_cast<char>(rng() % 256);
      else
        text += std::string(tokens[rng() % (sizeof(tokens) / sizeof(tokens[0]))]) + " ";
    }
    auto r = assemble(text);
    (void)r;
  }
  SUCCEED();
}

// The range is in the message, so a tool standing in for a generated file knows how
// long to make it (scripts/rgbds_compat.py --link).
TEST(RgbasmErrors, IncbinRangeOutsideTheFileSaysWhichRange) {
  auto r = rgbasm_test::assemble(
      {{"main.asm", "SECTION \"S\", ROM0\n    INCBIN \"four.bin\", 2, 3\n"}, {"four.bin", "abcd"}});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find(
                "main.asm:2:12: error: INCBIN range 2+3 is outside 'four.bin' (4 bytes)"),
            std::string::npos)
      << r.diagnosticsText();
}
