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
  expectError("SECTION \"S\", ROM0\n    ldh a, [$1234]\n",
              "main.asm:2:13: error: ldh address $1234 is not in $FF00-$FFFF");
  expectError("SECTION \"S\", ROM0\n    rst $39\n", "main.asm:2:9: error: rst vector $39");
  expectError("SECTION \"S\", ROM0\n    bit 8, a\n", "main.asm:2:9: error: bit number 8");
  expectError("SECTION \"S\", ROM0\n    db 1 / 0\n", "main.asm:2:10: error: division by zero");
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
  auto r = assemble("MACRO bad\n    ldh a, [\\1]\nENDM\nSECTION \"S\", ROM0\n    bad $1234\n");
  EXPECT_FALSE(r.ok);
  const std::string text = r.diagnosticsText();
  EXPECT_NE(text.find("main.asm:2:13: error: ldh address $1234 is not in $FF00-$FFFF"),
            std::string::npos)
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
  int refused = 0;
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
    // Never a silent failure: a refused source says why, and every message has text.
    if (!r.ok) {
      ++refused;
      EXPECT_TRUE(core::hasErrors(r.diagnostics)) << text;
    }
    for (const auto& d : r.diagnostics) EXPECT_FALSE(d.message.empty()) << text;
  }
  EXPECT_GT(refused, 0);  // the soup is mostly not a program
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

// Issue 33: OPT takes rgbasm 1.0's letters only (b, g, p, Q, r, W), each with a
// well-formed argument; `OPT Zxyz` was accepted and ignored.
TEST(RgbasmErrors, OptRefusesUnknownLettersAndBadArguments) {
  expectError("SECTION \"S\", ROM0\nOPT Zxyz\n",
              "main.asm:2:1: error: unknown OPT option 'Z' in 'Zxyz' (rgbasm's are b, g, p, Q, "
              "r and W)");
  expectError("PUSHO b01, x\n", "main.asm:1:1: error: unknown OPT option 'x'");
  expectError("OPT b0\n", "main.asm:1:1: error: bad OPT 'b0': b takes exactly 2 characters");
  expectError("OPT g012\n", "main.asm:1:1: error: bad OPT 'g012': g takes exactly 4 characters");
  expectError("OPT p 300\n",
              "main.asm:1:1: error: bad OPT 'p 300': p takes a pad byte from 0 to $FF");
  expectError("OPT pzz\n", "main.asm:1:1: error: bad OPT 'pzz': p takes a pad byte");
  expectError("OPT r\n", "main.asm:1:1: error: bad OPT 'r': r takes a nesting depth");
  expectError("OPT r 99999\n", "bad OPT 'r 99999': this assembler nests at most 4096 levels");
  expectError("OPT W\n", "main.asm:1:1: error: bad OPT 'W': W takes a warning flag");
  expectError("OPT\n", "main.asm:1:1: error: OPT needs an option");
  // A trailing comma is fine (rgbasm's trailing-commas test); an empty option between two is not.
  expectError("OPT b01,,g0123\n", "main.asm:1:1: error: empty OPT option");

  // rgbasm's own spellings all pass: a leading '-', blanks after the letter, any base.
  auto ok = assemble(
      "OPT -b.X, g0123, p$ff, p 0, Wall, -Wno-truncation, Q.8, r 80, r0x40\n"
      "PUSHO\nPOPO\nPUSHO\nSECTION \"S\", ROM0\n    db %..XX\n");
  EXPECT_TRUE(ok.ok) << ok.diagnosticsText();
  EXPECT_EQ(rgbasm_test::firstChunk(ok), std::vector<uint8_t>{0x03});
}

// OPT r is the nesting depth (rgbasm -r): honoured, saved by PUSHO, and no lower
// than the depth already reached.
TEST(RgbasmErrors, OptRSetsTheNestingDepth) {
  expectError("OPT r 2\nMACRO m\n    m\nENDM\nSECTION \"S\", ROM0\n    m\n",
              "main.asm:3:5: error: recursion too deep (more than 2 nested INCLUDE, macro or "
              "REPT levels)");
  // Three levels under r 3: fine. PUSHO/POPO bring r 3 back after r 1.
  auto ok = assemble(
      "OPT r 3\nMACRO m\n    IF \\1 > 0\n        m \\1 - 1\n    ENDC\nENDM\nPUSHO r 1\nPOPO\n"
      "SECTION \"S\", ROM0\n    m 2\n    nop\n");
  EXPECT_TRUE(ok.ok) << ok.diagnosticsText();
  expectError("MACRO m\n    OPT r 0\nENDM\nSECTION \"S\", ROM0\n    m\n",
              "main.asm:2:5: error: bad OPT 'r 0': already nested 1 levels deep");
}

// Issue 33: a LOAD inside a LOAD ends the first block (rgbds 1.0; older releases
// refused it) and now says so, naming the open block.
TEST(RgbasmErrors, LoadInsideLoadWarnsAndEndsTheFirstBlock) {
  auto r = assemble(
      "SECTION \"S\", ROM0\nLOAD \"x\", WRAM0\nFirst:\n    nop\nLOAD \"y\", HRAM\nSecond:\n"
      "    nop\nENDL\n");
  EXPECT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_NE(r.diagnosticsText().find(
                "main.asm:5:1: warning: LOAD inside the LOAD block of line 2 ends that block "
                "(LOAD blocks do not nest; close it with ENDL)"),
            std::string::npos)
      << r.diagnosticsText();
  EXPECT_EQ(rgbasm_test::firstChunk(r), (std::vector<uint8_t>{0x00, 0x00}));
  // The outer block in another file is named by file and line.
  auto inc = rgbasm_test::assemble({{"main.asm",
                                     "SECTION \"S\", ROM0\nINCLUDE \"l.inc\"\n"
                                     "LOAD \"y\", HRAM\n    nop\nENDL\n"},
                                    {"l.inc", "LOAD \"x\", WRAM0\n    nop\n"}});
  EXPECT_NE(inc.diagnosticsText().find("main.asm:3:1: warning: LOAD inside the LOAD block of "
                                       "l.inc:1 ends that block"),
            std::string::npos)
      << inc.diagnosticsText();
}

// Issue 33: `INCBIN "d.bin", 0, -1` took -1 as "to the end"; a negative start or
// length is an error at the number, as rgbasm refuses them.
TEST(RgbasmErrors, IncbinNegativeStartOrLengthIsRefused) {
  const std::map<std::string, std::string> bin{{"d.bin", "abcd"}};
  auto with = [&](const std::string& line) {
    auto files = bin;
    files["main.asm"] = "SECTION \"S\", ROM0\n" + line + "\n";
    return rgbasm_test::assemble(files);
  };
  auto r = with("    INCBIN \"d.bin\", 0, -1");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("main.asm:2:24: error: INCBIN length -1 is negative"),
            std::string::npos)
      << r.diagnosticsText();
  r = with("    INCBIN \"d.bin\", -2");
  EXPECT_NE(r.diagnosticsText().find("main.asm:2:21: error: INCBIN start -2 is negative"),
            std::string::npos)
      << r.diagnosticsText();
  // Without a length, the rest of the file; an explicit 0 is no bytes.
  r = with("    INCBIN \"d.bin\", 1\n    INCBIN \"d.bin\", 0, 0");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(rgbasm_test::firstChunk(r), (std::vector<uint8_t>{'b', 'c', 'd'}));
}

// Issue 33: INCLUDE of a binary file whose garbage hid in a `;` comment assembled
// to nothing and ended in "no ROM sections to write" with no location. A NUL byte
// marks a file that is not source text: the error points at it, once.
TEST(RgbasmErrors, IncludeOfABinaryFileNamesItsFirstNulByte) {
  auto r = rgbasm_test::assemble(
      {{"main.asm", "SECTION \"S\", ROM0\n    nop\n    INCLUDE \"gfx.2bpp\"\n"},
       {"gfx.2bpp", std::string("; \x01\x02\n\x7F\xFF\x00\x00\x03 ", 11)}});
  EXPECT_FALSE(r.ok);
  const std::string text = r.diagnosticsText();
  EXPECT_NE(text.find("gfx.2bpp:2:3: error: 'gfx.2bpp' is not a source file: a NUL byte here "
                      "(binary data goes in with INCBIN)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("main.asm:3:"), std::string::npos) << text;  // the INCLUDE's note
  EXPECT_EQ(text.find("unexpected character"), std::string::npos) << text;
  // A source with no ROM section at all names the sources instead of nothing.
  core::Sm83AsmOptions opts;
  opts.buildRom = true;
  r = rgbasm_test::assemble({{"main.asm", "; only a comment\n"}}, {"main.asm"}, opts);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("main.asm: error: no ROM sections to write: main.asm defines "
                                     "no ROM0 or ROMX section, so the ROM would be blank"),
            std::string::npos)
      << r.diagnosticsText();
}

// ENDSECTION inside a LOAD block leaves no section for labels: a label there is an
// error, not an address in the LOAD section (pins today's behaviour; the split of the
// assembler by state owner lost it once, and a differential run against the old
// assembler caught it).
TEST(RgbasmErrors, ALabelAfterEndsectionInALoadBlockIsOutsideOfASection) {
  expectError("SECTION \"C\", ROM0\n    LOAD \"R\", HRAM\n    ENDSECTION\nLate:\n",
              "main.asm:4:1: error: label 'Late' defined outside of a SECTION");
  expectError("SECTION \"C\", ROM0\n    LOAD \"R\", HRAM\n    ENDSECTION\n:\n",
              "main.asm:4:1: error: anonymous label defined outside of a SECTION");
}
