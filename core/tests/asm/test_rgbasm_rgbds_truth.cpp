// The built-in SM83 assembler against real rgbds: every expected byte, symbol and
// printed line here is what rgbasm and rgblink 1.0.3 (built from gbdev/rgbds) gave for
// the same source (external truth, checked with `rgbasm -o x.o src.asm && rgblink -o
// x.gb -n x.sym x.o`; the sources are the probes of issue 39).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/tests/rgbasm_test_util.h"

using rgbasm_test::assemble;
using rgbasm_test::bytesAt;

namespace {

using Bytes = std::vector<uint8_t>;

core::AsmResult ok(const std::string& source) {
  core::AsmResult r = assemble(source);
  EXPECT_TRUE(r.ok) << r.diagnosticsText();
  return r;
}

bool hasSymbol(const core::AsmResult& r, const std::string& name, uint32_t address) {
  for (const auto& s : r.debug.symbols)
    if (s.name == name && s.address == address && s.isLabel) return true;
  return false;
}

}  // namespace

// rgbasm: a character literal is the value its character maps to in the current
// charmap; a string used as a number too.
TEST(RgbdsTruth, CharacterLiteralsGoThroughTheCharmap) {
  auto r =
      ok("SECTION \"S\", ROM0[$0]\n  ld a, 'A'\n  CHARMAP \"0\", $F6\n  ld [hl], '0'\n"
         "  db '0', \"0\", 'A'\n");
  EXPECT_EQ(bytesAt(r, 0, 7), (Bytes{0x3E, 0x41, 0x36, 0xF6, 0xF6, 0xF6, 0x41}));
  // rgbasm warns for 'A', which the (non-empty) charmap does not map.
  EXPECT_NE(r.diagnosticsText().find("warning: unmapped character 'A'"), std::string::npos)
      << r.diagnosticsText();
}

// After the loop the variable holds the value that ended it; BREAK keeps the value
// it broke at; a loop of no iteration still defines it.
TEST(RgbdsTruth, ForVariableAfterTheLoop) {
  auto r =
      ok("SECTION \"S\", ROM0[$0]\nFOR I, 4\nENDR\n  db I\nFOR K, 10, 0, -3\nENDR\n  db K\n"
         "FOR J, 5, 5\nENDR\n  db J\nFOR V, 0, 10\n  IF V == 2\n    BREAK\n  ENDC\nENDR\n  db V\n");
  EXPECT_EQ(bytesAt(r, 0, 4), (Bytes{0x04, 0xFE, 0x05, 0x02}));
}

// \@ numbers are handed out when first used: REPT iterations that use none use none up.
TEST(RgbdsTruth, UniqueIdsAreNumberedWhenUsed) {
  auto r =
      ok("SECTION \"S\", ROM0[$0]\nREPT 3\n  nop\nENDR\nMACRO m\nLab\\@:\n  db 0\nENDM\n  m\n  m\n"
         "REPT 2\nRep\\@:\n  db 1\nENDR\n");
  EXPECT_TRUE(hasSymbol(r, "Lab_u1", 3));
  EXPECT_TRUE(hasSymbol(r, "Lab_u2", 4));
  EXPECT_TRUE(hasSymbol(r, "Rep_u3", 5));
  EXPECT_TRUE(hasSymbol(r, "Rep_u4", 6));
}

// Each source is its own rgbasm run: its \@ numbers start at _u1 again.
TEST(RgbdsTruth, UniqueIdsStartAgainInEachSource) {
  const std::string src = "SECTION \"S\", ROM0\nMACRO m\nLab\\@:\n  db 0\nENDM\n  m\n";
  auto r = assemble(
      {{"a.asm", src}, {"b.asm", "SECTION \"T\", ROM0\nMACRO m\nOther\\@:\n  db 1\nENDM\n  m\n"}},
      {"a.asm", "b.asm"});
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  bool lab = false, other = false;
  for (const auto& s : r.debug.symbols) lab |= s.name == "Lab_u1", other |= s.name == "Other_u1";
  EXPECT_TRUE(lab && other);
}

// STRCHAR returns a charmap unit as written, which CHARVAL maps (pokered's
// ld_hli_a_string "<BOLD_V><BOLD_S>"; rgbasm gives $69 $6A $50).
TEST(RgbdsTruth, StrcharReturnsTheUnitAsWritten) {
  auto r = ok(
      "SECTION \"S\", ROM0[$0]\nCHARMAP \"<BOLD_V>\", $69\nCHARMAP \"<BOLD_S>\", $6A\n"
      "CHARMAP \"@\", $50\nCHARMAP \"P\", $8F\n"
      "  db CHARVAL(STRCHAR(\"<BOLD_V><BOLD_S>\", 0)), CHARVAL(STRCHAR(\"<BOLD_V><BOLD_S>\", 1))\n"
      "  db CHARVAL(STRCHAR(\"GHOST@\", CHARLEN(\"GHOST@\") - 1))\n");
  EXPECT_EQ(bytesAt(r, 0, 3), (Bytes{0x69, 0x6A, 0x50}));
}

// `@` in a data list is each item's own address.
TEST(RgbdsTruth, AtInADataListIsEachItemsAddress) {
  auto r = ok("SECTION \"S\", ROM0[$100]\n  dw @, @, @\n  db LOW(@), LOW(@)\n");
  EXPECT_EQ(bytesAt(r, 0x100, 8), (Bytes{0x00, 0x01, 0x02, 0x01, 0x04, 0x01, 0x06, 0x07}));
}

TEST(RgbdsTruth, PrintAndPrintln) {
  auto r = ok("SECTION \"S\", ROM0[$0]\n  PRINT \"a\", 10\n  PRINTLN \" b\", $1F\n  PRINTLN\n");
  EXPECT_EQ(r.printed, "a$A b$1F\n\n");
}

// Out-of-range values are warnings (-Wtruncation) and the bytes are truncated.
TEST(RgbdsTruth, TruncationWarnsAndTruncates) {
  auto r = ok("SECTION \"S\", ROM0[$0]\n  db 256\n  ld a, 300\n  dw -16 >>> 2\n");
  EXPECT_EQ(bytesAt(r, 0, 5), (Bytes{0x00, 0x3E, 0x2C, 0xFC, 0xFF}));
  const std::string text = r.diagnosticsText();
  EXPECT_NE(text.find("main.asm:2:"), std::string::npos) << text;
  EXPECT_NE(text.find("warning: value 256 does not fit in 8 bits"), std::string::npos) << text;
  EXPECT_NE(text.find("warning: value 300 does not fit in 8 bits"), std::string::npos) << text;
  EXPECT_NE(text.find("does not fit in 16 bits"), std::string::npos) << text;
  // A label placed by the linker is checked there, with the same warning.
  auto far = ok("SECTION \"S\", ROM0\n  ld a, Far\nSECTION \"T\", ROM0[$300]\nFar:\n");
  EXPECT_NE(far.diagnosticsText().find("warning: value 768 does not fit in 8 bits"),
            std::string::npos)
      << far.diagnosticsText();
}

TEST(RgbdsTruth, TrailingCommaInADataList) {
  auto r = ok("SECTION \"S\", ROM0[$0]\n  db 1, 2,\n  dw 3,\n");
  EXPECT_EQ(bytesAt(r, 0, 4), (Bytes{0x01, 0x02, 0x03, 0x00}));
}

TEST(RgbdsTruth, LocalLabelWithoutColonBeforeData) {
  auto r =
      ok("SECTION \"S\", ROM0[$0]\nGlob:\n.local1 db 3\n.local2: db 4\n  dw .local1, .local2\n");
  EXPECT_EQ(bytesAt(r, 0, 6), (Bytes{0x03, 0x04, 0x00, 0x00, 0x01, 0x00}));
  EXPECT_TRUE(hasSymbol(r, "Glob.local1", 0));
  EXPECT_TRUE(hasSymbol(r, "Glob.local2", 1));
}

// rgbasm 1.0: __SCOPE__ is the innermost scope level, "", "." or "..".
TEST(RgbdsTruth, ScopeIsTheLevel) {
  auto r = ok(
      "SECTION \"S\", ROM0[$0]\n  PRINTLN \"[{__SCOPE__}]\"\nGlob:\n  PRINTLN \"[{__SCOPE__}]\"\n"
      ".loc:\n  PRINTLN \"[{__SCOPE__}]\"\n  db STRLEN(#__SCOPE__)\n");
  EXPECT_EQ(r.printed, "[]\n[.]\n[..]\n");
  EXPECT_EQ(bytesAt(r, 0, 1), (Bytes{0x02}));
}

// Compound assignment computes as the binary operator does (a negative shift turns).
TEST(RgbdsTruth, CompoundShiftByANegativeCount) {
  auto r =
      ok("SECTION \"S\", ROM0[$0]\nDEF x = 8\nDEF x <<= -1\n  db x, 8 << -1\nDEF y = 8\n"
         "DEF y >>= -1\n  db y, 8 >> -1\n");
  EXPECT_EQ(bytesAt(r, 0, 4), (Bytes{0x04, 0x04, 0x10, 0x10}));
}

// STARTOF/SIZEOF of a section type follow the linker's -t, -w and -d.
TEST(RgbdsTruth, SizeofSectionTypeFollowsTheLinkModes) {
  const std::string src =
      "SECTION \"S\", ROM0[$0]\n  dw SIZEOF(WRAM0), STARTOF(WRAMX), SIZEOF(ROM0)\n";
  auto r = ok(src);
  EXPECT_EQ(bytesAt(r, 0, 6), (Bytes{0x00, 0x10, 0x00, 0xD0, 0x00, 0x40}));
  core::Sm83AsmOptions opts;
  opts.tiny = true;
  opts.wramx0 = true;
  auto modes =
      assemble({{"main.asm", "SECTION \"S\", ROM0[$0]\n  dw SIZEOF(WRAM0), SIZEOF(ROM0)\n"}},
               {"main.asm"}, opts);
  ASSERT_TRUE(modes.ok) << modes.diagnosticsText();
  // rgblink -t -w: ROM0 is 32 KiB and WRAM0 8 KiB.
  EXPECT_EQ(bytesAt(modes, 0, 4), (Bytes{0x00, 0x20, 0x00, 0x80}));
}

// rgblink places the most constrained first, then the biggest, and of one size the one
// read last first; small sections fill the gaps between fixed ones.
TEST(RgbdsTruth, FloatingSectionOrder) {
  auto r =
      ok("SECTION \"A\", ROMX\n  ds 16, 1\nSECTION \"B\", ROMX\n  ds 16, 2\nSECTION \"C\", ROM0\n"
         "  db 3\nSECTION \"D\", ROM0\n  db 4\nSECTION \"E\", ROM0[$0]\n  db 5\n"
         "SECTION \"F\", ROM0[$8]\n  db 6\nSECTION \"G\", ROM0\n  db 7, 7, 7\n");
  std::vector<uint8_t> rom;
  std::string err;
  ASSERT_TRUE(core::linkImage(r.chunks, rom, &err)) << err;
  ASSERT_EQ(rom.size(), 0x8000u);  // rgblink: ROM0 and ROMX bank 1
  EXPECT_EQ(Bytes(rom.begin(), rom.begin() + 9),
            (Bytes{0x05, 0x07, 0x07, 0x07, 0x04, 0x03, 0x00, 0x00, 0x06}));
  EXPECT_EQ(rom[0x4000], 0x02);
  EXPECT_EQ(rom[0x4010], 0x01);
}

// The .sym lists exported constants after the labels, by value, as rgblink does.
TEST(RgbdsTruth, SymListsExportedConstants) {
  auto r =
      ok("SECTION \"S\", ROM0[$0]\nDEF CONST_A EQU 5\nDEF CONST_B EQU $1234\nEXPORT CONST_A, "
         "CONST_B\nDEF HIDDEN EQU 7\nLab::\n  db CONST_A\n");
  const std::string sym = core::writeSym(r.debug);
  EXPECT_NE(sym.find("00:0000 Lab\n05 CONST_A\n1234 CONST_B\n"), std::string::npos) << sym;
  EXPECT_EQ(sym.find("HIDDEN"), std::string::npos) << sym;
}

// An INCLUDE inside a macro sees the macro's arguments.
TEST(RgbdsTruth, IncludeInsideAMacroSeesItsArguments) {
  auto r = assemble(
      {{"main.asm", "SECTION \"S\", ROM0[$0]\nMACRO m\n  INCLUDE \"inc.inc\"\nENDM\n  m 7\n"},
       {"inc.inc", "  db \\1\n"}});
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(bytesAt(r, 0, 1), (Bytes{0x07}));
}

// rgbfix -p pads past rgblink's last bank only; rgblink -p fills the gaps.
TEST(RgbdsTruth, LinkPadAndFixPadAreApart) {
  auto r = ok("SECTION \"S\", ROM0[$150]\n  db 1\n");
  core::RomFix fix;
  fix.padValue = 0xFF;  // rgbfix -p 0xFF, rgblink without -p
  std::vector<uint8_t> rom;
  std::string err;
  ASSERT_TRUE(core::writeRom(r.chunks, rom, &err, fix)) << err;
  ASSERT_EQ(rom.size(), 0x8000u);
  EXPECT_EQ(rom[0x151], 0x00);  // a gap rgblink filled with its pad, 0
  EXPECT_EQ(rom[0x3FFF], 0x00);
  EXPECT_EQ(rom[0x4000], 0xFF);  // past rgblink's 16 KiB: rgbfix's pad
  fix.linkPad = 0xAA;            // and rgblink -p 0xAA
  ASSERT_TRUE(core::writeRom(r.chunks, rom, &err, fix)) << err;
  EXPECT_EQ(rom[0x151], 0xAA);
  EXPECT_EQ(rom[0x4000], 0xFF);
}
