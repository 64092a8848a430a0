// rgbds 1.0.4 constructs that real projects (hardware.inc, rgbds-structs,
// gb-starter-kit, pokered) use: predeclared version symbols, STARTOF/SIZEOF of
// section types, string functions and format specs, HIGH/LOW of register pairs,
// `\1` in comments, UNION/NEXTU/ENDU and -P. One small case each, with the bytes
// rgbasm produces for it.
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

}  // namespace

TEST(RgbasmCompat, PredeclaredVersionSymbols) {
  auto r = assemble(R"(
IF !DEF(__RGBDS_MAJOR__) || __RGBDS_MAJOR__ == 0 && __RGBDS_MINOR__ < 5
    FAIL "too old"
ENDC
DEF VERSION_TEXT EQUS __RGBDS_VERSION__
SECTION "V", ROM0[0]
    db __RGBDS_MAJOR__, __RGBDS_MINOR__, __RGBDS_PATCH__, STRLEN(__RGBDS_VERSION__)
    db "{VERSION_TEXT}"
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{1, 0, 4, 5, '1', '.', '0', '.', '4'}));
}

TEST(RgbasmCompat, StartofSizeofOfSectionTypesAndBank) {
  auto r = assemble(R"(
SECTION "W", WRAM0
wX: ds 2
SECTION "Far", ROMX[$4000], BANK[3]
Far: db 0
SECTION "T", ROM0[0]
    dw STARTOF(WRAM0), SIZEOF(WRAM0), STARTOF(HRAM), SIZEOF(HRAM), SIZEOF(OAM), STARTOF(ROMX)
    db BANK(Far), BANK("Far"), BANK(wX), BANK(@)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x00, 0xC0, 0x00, 0x10, 0x80, 0xFF, 0x7F, 0x00, 0xA0, 0x00, 0x00,
                                  0x40, 3, 3, 0, 0}));
}

TEST(RgbasmCompat, EqusFromStringFunctions) {
  auto r = assemble(R"(
DEF LOWER EQUS STRLWR("AbC")
DEF UPPER EQUS STRUPR("xY")
DEF JOINED EQUS STRCAT("ab", "cd", "e")
DEF SUB EQUS STRSUB("hello", 2, 3)
DEF SLICE EQUS STRSLICE("hello", 1, -1)
DEF REPL EQUS STRRPL("a.b.c", ".", "_")
DEF FMT EQUS STRFMT("%d/%02x/%s/%%", -5, 10, "s")
DEF CAT EQUS "x" ++ STRCAT("y") ++ "z"
SECTION "S", ROM0[0]
    db "{LOWER}|{UPPER}|{JOINED}|{SUB}|{SLICE}|{REPL}|{FMT}|{CAT}"
    db STRLEN("four"), STRFIND("hello", "l"), STRRFIND("hello", "l"), STRFIND("a", "z")
    db STRCMP("a", "b"), STRIN("hello", "e"), STRCHAR("xyz", 1), STRSUB("abc", -1, 1)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  std::string expect = "abc|XY|abcde|ell|ell|a_b_c|-5/0a/s/%|xyz";
  Bytes want(expect.begin(), expect.end());
  for (int b : {4, 2, 3, 0xFF, 0xFF, 2, int{'y'}, int{'c'}})
    want.push_back(static_cast<uint8_t>(b));
  EXPECT_EQ(firstChunk(r), want);
}

TEST(RgbasmCompat, InterpolationFormatSpecsAndNesting) {
  auto r = assemble(R"(
DEF N EQU 42
DEF NEG EQU -3
DEF S EQUS "hi"
DEF WHICH EQUS "N"
SECTION "I", ROM0[0]
    db "{N}|{d:N}|{x:N}|{#X:N}|{05d:N}|{-4d:N}|{+d:N}|{d:NEG}|{b:N}|{#o:N}|{5s:S}|{{WHICH}}"
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  std::string expect = "$2A|42|2a|$2A|00042|42  |+42|-3|101010|&52|   hi|$2A";
  EXPECT_EQ(firstChunk(r), Bytes(expect.begin(), expect.end()));
}

TEST(RgbasmCompat, BadFormatSpecIsLocated) {
  auto r = assemble("DEF N EQU 1\nDEF T EQUS STRFMT(\"%y\", N)\n");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r).rfind("main.asm:2:", 0), 0u) << firstError(r);
  auto r2 = assemble("DEF N EQU 1\nSECTION \"S\", ROM0[0]\n    db \"{s:N}\"\n");
  EXPECT_FALSE(r2.ok);
  EXPECT_EQ(firstError(r2), "main.asm:3:9: error: format spec 's' needs a string, not a number");
}

TEST(RgbasmCompat, HighLowOfRegisterPairs) {
  auto r = assemble(R"(
SECTION "R", ROM0[0]
Lbl:
    ld a, LOW(de)
    ld b, HIGH(bc)
    ld HIGH(hl), a
    ld c, LOW(hl)
    ld LOW(bc), HIGH(af)
    ld a, LOW(Lbl + $1234)
    add HIGH(de)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x7B, 0x40, 0x67, 0x4D, 0x4F, 0x3E, 0x34, 0x82}));
  auto bad = assemble("SECTION \"R\", ROM0[0]\n    ld a, LOW(af)\n");
  EXPECT_EQ(firstError(bad), "main.asm:2:11: error: LOW(af) is not an 8-bit register");
}

TEST(RgbasmCompat, MacroArgumentsInCommentsAreNotExpanded) {
  auto r = assemble(R"(
; \1 is the first argument, \@ a unique suffix
old_style: MACRO ; \1 = value
    db \1 ; \2 here is only a comment
ENDM
MACRO new_style ; \1 = x, \3 = z
    db \1, "a;\1", ';', \1 ; "\2"
ENDM
SECTION "C", ROM0[0]
    old_style 3
    new_style 4
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{3, 4, 'a', ';', '4', ';', 4}));
}

TEST(RgbasmCompat, UnionNextuEndu) {
  auto r = assemble(R"(
SECTION "W", WRAM0[$C000]
wFirst: ds 1
UNION
wA: ds 4
NEXTU
wB: ds 8
UNION
wInner: ds 2
NEXTU
wInner2: ds 1
ENDU
NEXTU
wC: ds 2
ENDU
wAfter: ds 1
SECTION "T", ROM0[0]
    dw wA, wB, wInner, wInner2, wC, wAfter, SIZEOF("W")
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x01, 0xC0, 0x01, 0xC0, 0x09, 0xC0, 0x09, 0xC0, 0x01, 0xC0, 0x0B,
                                  0xC0, 0x0C, 0x00}));
}

TEST(RgbasmCompat, UnionErrorsAreNamed) {
  EXPECT_EQ(firstError(assemble("SECTION \"R\", ROM0\nUNION\n")),
            "main.asm:2:1: error: UNION is only allowed in RAM sections, not ROM0 'R'");
  EXPECT_EQ(firstError(assemble("SECTION \"W\", WRAM0\n    NEXTU\n")),
            "main.asm:2:5: error: NEXTU without UNION");
  EXPECT_EQ(firstError(assemble("SECTION \"W\", WRAM0\n  UNION\nds 1\n")),
            "main.asm:2:3: error: UNION without ENDU");
}

TEST(RgbasmCompat, PreincludeRunsBeforeEachSource) {
  core::Sm83AsmOptions opts;
  opts.preinclude = "defs.inc";
  opts.includeDirs = {"inc"};
  auto r = assemble({{"inc/defs.inc", "DEF FROM_PRE EQU 7\n"},
                     {"main.asm", "SECTION \"P\", ROM0[0]\n    db FROM_PRE\n"}},
                    {"main.asm"}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{7}));
  opts.preinclude = "missing.inc";
  auto bad = assemble({{"main.asm", "\n"}}, {"main.asm"}, opts);
  EXPECT_EQ(firstError(bad), "main.asm: error: pre-include file 'missing.inc' not found");
}

// debugfile.inc style: a `"""` string spanning lines holds a macro, and running the
// EQUS defines it; `MACRO?` is the quiet spelling; PURGE removes a macro.
TEST(RgbasmCompat, TripleQuotedEqusDefinesAMacro) {
  auto r = assemble(R"(
DEF BODY EQUS """MACRO? inner
    db \\1 + 1 ; "quoted" inside
ENDM"""
    BODY
SECTION "T", ROM0[0]
    inner 4
    PURGE inner
    db STRLEN("""a"b""")
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{5, 3}));
}

// rgbds-structs style: `new_field rb, \#` calls the macro, a continuation line may
// end in a comment, the empty argument left by `\#` is dropped, #name is raw.
TEST(RgbasmCompat, StructsIdioms) {
  auto r = assemble(R"(
MACRO new_field ; kind, ...
    db _NARG, \2
ENDM
MACRO bytes
    new_field rb, \#
ENDM
MACRO count
    db _NARG
ENDM
DEF NAME EQUS "Field"
SECTION "T", ROM0[0]
    bytes 3, \ ; size
          9
    count a, \#
    db STRLEN(#NAME), "{.}"
Here:
    db "{.}"
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{3, 3, 1, 5, 'H', 'e', 'r', 'e'}));
}

// pokered style: string comparison, macro arguments and interpolations that
// carry quotes stay literal inside strings, '<LV>' is one charmap entry, `::`
// joins instructions, and an 8-bit `~$80` is fine.
TEST(RgbasmCompat, PokeredIdioms) {
  auto r = assemble(R"(
    charmap "<LV>", $6E
DEF Q EQUS "\"q\""
MACRO dir
    IF "\1" === "north"
        db 1
    ELIF "\1" !== "south"
        db STRLEN("\2{Q}")
    ENDC
ENDM
SECTION "T", ROM0[0]
    dir north
    dir west, "ab"
    ld a, '<LV>'
    nop :: and ~$80 :: ret
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{1, 7, 0x3E, 0x6E, 0x00, 0xE6, 0x7F, 0xC9}));
}

TEST(RgbasmCompat, AlignDirectiveAndSectionUnion) {
  auto r = assemble(R"(
SECTION UNION "Shared", WRAM0[$C100]
wA: ds 4
SECTION UNION "Shared", WRAM0[$C100]
wB: ds 2
wC: ds 1
SECTION "Floating", ROM0
    db 1
    ALIGN 4, 1
Aligned:
    db 2
SECTION "T", ROM0[0]
    dw wA, wB, wC, SIZEOF("Shared"), Aligned & $F
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x00, 0xC1, 0x00, 0xC1, 0x02, 0xC1, 4, 0, 1, 0}));
  auto bad = assemble("SECTION \"F\", ROM0[$101]\n    ALIGN 2\n");
  EXPECT_EQ(firstError(bad), "main.asm:2:5: error: ALIGN 2 is not met at $0101");
}

TEST(RgbasmCompat, NamedCharmaps) {
  auto r = assemble(R"(
    charmap "A", 1
    newcharmap second
    charmap "A", 2
SECTION "T", ROM0[0]
    db "A"
    pushc
    setcharmap main
    db "A"
    popc
    db "A"
    newcharmap third, main
    db "A"
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{2, 1, 2, 1}));
  EXPECT_EQ(firstError(assemble("    setcharmap nope\n")),
            "main.asm:1:16: error: charmap 'nope' does not exist");
}

// pokered's OAM DMA routine: assembled into ROM, labelled (and jr'd) at its HRAM
// address, with the scope of before LOAD back after ENDL.
TEST(RgbasmCompat, LoadBlockLabelsRunAddress) {
  auto r = assemble(R"(
SECTION "Copy", ROM0[$200]
Routine:
    db $AA
    LOAD "Run", HRAM[$FF80]
Run::
    ld a, $C0
.wait
    dec a
    jr nz, .wait
    ld hl, @
    ret
RunEnd:
    ENDL
.after
    dw Run, RunEnd, Routine.after, SIZEOF("Run")
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(rgbasm_test::bytesAt(r, 0x200, 18),
            (Bytes{0xAA, 0x3E, 0xC0, 0x3D, 0x20, 0xFD, 0x21, 0x85, 0xFF, 0xC9,  //
                   0x80, 0xFF, 0x89, 0xFF, 0x0A, 0x02, 0x09, 0x00}));
  EXPECT_EQ(r.debug.addressOf("Run.wait"), 0xFF82u);
  EXPECT_EQ(firstError(assemble("SECTION \"W\", WRAM0\n    LOAD \"X\", HRAM\n")),
            "main.asm:2:5: error: LOAD needs a ROM section to hold its bytes");
}

// pokered's `pusho b.X` sprites: OPT b and g change the literal digits until POPO.
TEST(RgbasmCompat, OptBinaryAndGraphicsDigits) {
  auto r = assemble(R"(
SECTION "T", ROM0[0]
    pusho b.X, g.-oO ; comments are not options
    db %..XX..X.
    dw `.-oO.-oO
    popo
    db %00110010
    opt Wno-truncation
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x32, 0x55, 0x33, 0x32}));
  EXPECT_EQ(firstError(assemble("    popo\n")), "main.asm:1:5: error: POPO without PUSHO");
}

// An error names its place and the chain that led there: macro call, then INCLUDE.
TEST(RgbasmCompat, ErrorsCarryTheMacroAndIncludeChain) {
  auto r = assemble({{"inc.inc", "MACRO m\n  db \\1 +\nENDM\n  m 1\n"},
                     {"main.asm", "SECTION \"a\", ROM0\n  INCLUDE \"inc.inc\"\n"}});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.diagnosticsText(),
            "inc.inc:2:9: error: expected an expression\n"
            "inc.inc:4:3: note: in expansion of macro 'm'\n"
            "main.asm:2:3: note: in file included from here\n");
}

// rgbfix -v with -t/-m/-r: the logo the boot ROM checks, the header fields, and both
// checksums computed after them.
TEST(RgbasmCompat, RomFixWritesLogoTitleCartridgeAndChecksums) {
  core::Sm83AsmOptions opts;
  opts.buildRom = true;
  opts.romFix.title = "COLLIDO";
  opts.romFix.mbc = 0x19;
  opts.romFix.ramSize = 2;
  auto r = assemble({{"main.asm", "SECTION \"E\", ROM0[$100]\n    nop\n    jp $150\n"}},
                    {"main.asm"}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  const auto& rom = r.rom;
  ASSERT_EQ(rom.size(), 0x8000u);
  EXPECT_EQ(Bytes(rom.begin() + 0x104, rom.begin() + 0x108), (Bytes{0xCE, 0xED, 0x66, 0x66}));
  EXPECT_EQ(Bytes(rom.begin() + 0x130, rom.begin() + 0x134), (Bytes{0xBB, 0xB9, 0x33, 0x3E}));
  EXPECT_EQ(std::string(rom.begin() + 0x134, rom.begin() + 0x13B), "COLLIDO");
  EXPECT_EQ(rom[0x13B], 0);
  EXPECT_EQ(rom[0x147], 0x19);
  EXPECT_EQ(rom[0x149], 2);
  uint8_t header = 0;
  for (size_t i = 0x134; i <= 0x14C; ++i) header = static_cast<uint8_t>(header - rom[i] - 1);
  EXPECT_EQ(rom[0x14D], header);
  uint16_t global = 0;
  for (size_t i = 0; i < rom.size(); ++i)
    if (i != 0x14E && i != 0x14F) global = static_cast<uint16_t>(global + rom[i]);
  EXPECT_EQ((rom[0x14E] << 8) | rom[0x14F], global);
  opts.romFix.title = "A TITLE THAT IS TOO LONG";
  auto bad = assemble({{"main.asm", "SECTION \"E\", ROM0[$100]\n    nop\n"}}, {"main.asm"}, opts);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.diagnosticsText().find("longer than 16"), std::string::npos);
}

TEST(RgbasmCompat, MapFileListsSectionsLabelsAndGaps) {
  auto r = assemble(R"(
SECTION "Code", ROM0[$150]
Start::
    nop
    ret
SECTION "Vars", WRAM0[$C000]
wX:: ds 2
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(core::writeMap(r),
            "SUMMARY:\n"
            "\tROM0: 2 bytes used / 16382 free\n"
            "\tWRAM0: 2 bytes used / 4094 free\n"
            "\n"
            "ROM0 bank #0:\n"
            "\tEMPTY: $0000-$014F ($0150 bytes)\n"
            "\tSECTION: $0150-$0151 ($0002 bytes) [\"Code\"]\n"
            "\t         $0150 = Start\n"
            "\tEMPTY: $0152-$3FFF ($3EAE bytes)\n"
            "\tTOTAL EMPTY: $3FFE bytes\n"
            "\n"
            "WRAM0 bank #0:\n"
            "\tSECTION: $C000-$C001 ($0002 bytes) [\"Vars\"]\n"
            "\t         $C000 = wX\n"
            "\tEMPTY: $C002-$CFFF ($0FFE bytes)\n"
            "\tTOTAL EMPTY: $0FFE bytes\n");
}

// pokecrystal's add_mapsetup: the ELIF after a taken IF names an argument that is
// absent, which rgbasm never expands.
TEST(RgbasmCompat, ElifAfterATakenBranchIsNotExpanded) {
  auto r = assemble(R"(
MACRO opt_arg
    IF _NARG < 2
        db 1
    ELIF \2
        db 2
    ELSE
        db 3
    ENDC
ENDM
SECTION "E", ROM0[0]
    opt_arg X
    opt_arg X, 1
    opt_arg X, 0
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{1, 2, 3}));
}

// rgbds 1.0 forms pokecrystal uses: `PUSHC name` switches as it pushes, and
// `EXPORT DEF` defines and exports a constant in one line.
TEST(RgbasmCompat, PushcWithANameAndExportDef) {
  auto r = rgbasm_test::assemble({{"a.asm", R"(
NEWCHARMAP other
CHARMAP "A", 9
SETCHARMAP main
EXPORT DEF FIVE EQU 5
SECTION "C", ROM0[0]
PUSHC other
    db "A"
POPC
    db "A"
)"},
                                  {"b.asm", "SECTION \"B\", ROM0[$10]\n    db FIVE\n"}},
                                 {"a.asm", "b.asm"});
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{9, 'A'}));
  EXPECT_EQ(rgbasm_test::bytesAt(r, 0x10, 1), (Bytes{5}));
}
