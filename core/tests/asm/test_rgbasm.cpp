// The built-in rgbds-syntax SM83 assembler: syntax, symbols, sections, macros,
// debug info. Errors live in test_rgbasm_errors.cpp, encodings in
// test_rgbasm_encoding.cpp.
#include <gtest/gtest.h>

#include "core/tests/rgbasm_test_util.h"

using rgbasm_test::assemble;
using rgbasm_test::bytesAt;
using rgbasm_test::firstChunk;
using Bytes = std::vector<uint8_t>;

TEST(Rgbasm, AssemblesFixedSectionWithLabelsAndData) {
  auto r = assemble(R"(
SECTION "Main", ROM0[$150]
Start:
    ld a, $12       ; comment
    ld [hl+], a
    jr Start
    db 1, 2, "AB"
    dw $1234, Start
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  ASSERT_EQ(r.chunks.size(), 1u);
  EXPECT_EQ(r.chunks[0].address, 0x150u);
  EXPECT_EQ(r.chunks[0].bytes,
            (Bytes{0x3E, 0x12, 0x22, 0x18, 0xFB, 1, 2, 'A', 'B', 0x34, 0x12, 0x50, 0x01}));
  EXPECT_EQ(r.debug.addressOf("Start"), 0x150u);
}

TEST(Rgbasm, NumberFormatsAndOperators) {
  auto r = assemble(R"(
SECTION "N", ROM0[0]
    db $ff, %0101, &17, 42, 'c', 0x10, 0b11, 1_000 & $ff
    db 2 + 3 * 4, (2 + 3) * 4, 1 << 4 | 1, -1, ~0 & $ff, 7 / 2, -7 / 2, -7 % 2
    db 1 == 1, 2 != 2, 3 < 4 && 4 > 3, 0 || 0, !0, 2 ** 3, $F0 >> 4, HIGH($1234), LOW($1234)
    db 1 + 2 & 3   ; & binds tighter than + in rgbasm
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0xFF, 5,  15, 42,   'c',  0x10, 3,    0xE8,        //
                                  14,   20, 17, 0xFF, 0xFF, 3,    0xFC, 1,           //
                                  1,    0,  1,  0,    1,    8,    0x0F, 0x12, 0x34,  //
                                  3}));
}

// `%` and `&` right after a mnemonic or directive start a binary or octal
// number (hardware.inc style `DEF X EQU %0001`), after a value they are operators.
TEST(Rgbasm, BinaryAndOctalRightAfterAKeyword) {
  auto r = assemble(R"(
DEF SOLID EQU %0001
WIDE EQU &17
SECTION "B", ROM0[0]
    db %1010, SOLID, WIDE
    and %11100000
    or &7
    ld a, SOLID % 2
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x0A, 0x01, 0x0F, 0xE6, 0xE0, 0xF6, 0x07, 0x3E, 0x01}));
}

TEST(Rgbasm, ConstantsVariablesAndEqus) {
  auto r = assemble(R"(
SIZE EQU 8
DEF OTHER EQU SIZE * 2
counter = 1
counter = counter + 1
DEF n SET 5
DEF n += 2
DEF m SET -7
DEF m /= 2
DEF REG EQUS "b"
DEF INSTR EQUS "ld a, c"
SECTION "C", ROM0[0]
    db SIZE, OTHER, counter, n, m & $FF
    ld a, REG
    INSTR
    PURGE REG
    IF !DEF(REG) && DEF(SIZE)
    db $AA
    ENDC
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{8, 16, 2, 7, 0xFC, 0x78, 0x79, 0xAA}));
  EXPECT_EQ(r.debug.symbol("SIZE"), nullptr) << "constants are not address symbols";
}

// Found by fuzz_rgbasm (ASan): a function's name was a view into the line, and an
// EQUS in its argument, expanded in place, moved the line; the name read freed
// memory. A long expansion makes the line move.
TEST(Rgbasm, AnEqusInAFunctionsArgumentLeavesTheFunctionsName) {
  auto r = assemble("SECTION \"C\", ROM0[0]\nDEF sec EQUS \"\\\"C\\\"" + std::string(300, ' ') +
                    "\"\n    db SIZEOF(sec), BANK(sec)\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{2, 0}));
}

// fuzz_rgbasm found the _RS counter summed as a signed int past its range (UBSan):
// it wraps at 32 bits like rgbasm's other arithmetic.
TEST(Rgbasm, TheRsCounterWrapsAt32Bits) {
  auto r = assemble(R"(
    RSSET $7FFFFFF0
DEF big RL $20000000
DEF after RB 0
DEF more RW $7FFFFFFF
SECTION "R", ROM0[0]
    dl big, after, _RS
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0xF0, 0xFF, 0xFF, 0x7F, 0xF0, 0xFF, 0xFF, 0xFF,  //
                                  0xEE, 0xFF, 0xFF, 0xFF}));
}

TEST(Rgbasm, ForwardReferencesToConstantsAndLabels) {
  auto r = assemble(R"(
SECTION "F", ROM0
    ld a, LATER
    jp Far
    jr nz, Near
Near:
    ret
SECTION "G", ROM0[$200]
Far:
    nop
LATER EQU $42
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  auto near = r.debug.addressOf("Near");
  ASSERT_TRUE(near);
  uint32_t start = *near - 7;
  EXPECT_EQ(bytesAt(r, start, 8), (Bytes{0x3E, 0x42, 0xC3, 0x00, 0x02, 0x20, 0x00, 0xC9}));
}

TEST(Rgbasm, LocalLabelsScopesAndExplicitParent) {
  auto r = assemble(R"(
SECTION "L", ROM0[$100]
First:
.loop:
    dec b
    jr nz, .loop
Second::
.loop
    jr .loop
    jp First.loop
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(r.debug.addressOf("First.loop"), 0x100u);
  EXPECT_EQ(r.debug.addressOf("Second.loop"), 0x103u);
  EXPECT_EQ(firstChunk(r), (Bytes{0x05, 0x20, 0xFD, 0x18, 0xFE, 0xC3, 0x00, 0x01}));
  const core::DebugSymbol* s = r.debug.symbol("Second.loop");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->scope, "Second");
  EXPECT_EQ(r.debug.nameAt(0x103), "Second");
}

TEST(Rgbasm, AnonymousLabels) {
  auto r = assemble(R"(
SECTION "A", ROM0[0]
:   dec a
    jr nz, :-
    jr :+
    nop
:   jr :++
:   nop
:   jr :--
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r),
            (Bytes{0x3D, 0x20, 0xFD, 0x18, 0x01, 0x00, 0x18, 0x01, 0x00, 0x18, 0xFD}));
}

TEST(Rgbasm, MacrosModernAndLegacyWithArgsUniqueAndShift) {
  auto r = assemble(R"(
MACRO add_to
    ld a, \1
    add a, \2
    ld \1, a
ENDM
clamp: MACRO
    cp \1
    jr c, .ok\@
    ld a, \1
.ok\@:
ENDM
MACRO bytes
    REPT _NARG
    db \1
    SHIFT
    ENDR
ENDM
SECTION "M", ROM0[0]
Routine:
    add_to b, 3
    clamp 10
    clamp 20
    bytes 7, 8, 9
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x78, 0xC6, 0x03, 0x47,          //
                                  0xFE, 10, 0x38, 0x02, 0x3E, 10,  //
                                  0xFE, 20, 0x38, 0x02, 0x3E, 20,  //
                                  7, 8, 9}));
}

TEST(Rgbasm, ReptForAndConditionals) {
  auto r = assemble(R"(
SECTION "R", ROM0[0]
    REPT 3
    nop
    ENDR
    FOR I, 1, 4
    db I * 2
    ENDR
X = 2
    IF X == 1
    db 1
    ELIF X == 2
    db 2
    ELSE
    db 3
    ENDC
    IF 0
    this line is never parsed
    IF 1
    ENDC
    ELSE
    db $EE
    ENDC
    REPT 10
    IF X == 4
    BREAK
    ENDC
    db X
X = X + 1
    ENDR
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0, 0, 0, 2, 4, 6, 2, 0xEE, 2, 3}));
}

TEST(Rgbasm, RamSectionsReserveSpace) {
  auto r = assemble(R"(
SECTION "Vars", WRAM0
wResult::       db
wSize::         db
wPos:
    dw
wBuffer: ds 16
SECTION "Fast", HRAM
hTemp: db
SECTION "Code", ROM0[$150]
    ld a, [wSize]
    ldh a, [hTemp]
    ld hl, wBuffer
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(r.debug.addressOf("wResult"), 0xC000u);
  EXPECT_EQ(r.debug.addressOf("wSize"), 0xC001u);
  EXPECT_EQ(r.debug.addressOf("wPos"), 0xC002u);
  EXPECT_EQ(r.debug.addressOf("wBuffer"), 0xC004u);
  EXPECT_EQ(r.debug.addressOf("hTemp"), 0xFF80u);
  EXPECT_EQ(bytesAt(r, 0x150, 8), (Bytes{0xFA, 0x01, 0xC0, 0xF0, 0x80, 0x21, 0x04, 0xC0}));
  bool sawRam = false;
  for (const auto& c : r.chunks)
    if (c.ram && c.name == "Vars") {
      sawRam = true;
      EXPECT_EQ(c.size, 20u);
      EXPECT_TRUE(c.bytes.empty());
    }
  EXPECT_TRUE(sawRam);
  EXPECT_EQ(r.debug.symbol("wPos")->size, 2u);
}

TEST(Rgbasm, SectionsBanksAlignAndLinkerPlacement) {
  auto r = assemble(R"(
SECTION "Fixed", ROM0[$0000]
    ds $100, $FF
SECTION "Floating", ROM0
Float:
    db 1
SECTION "Aligned", ROM0, ALIGN[8]
Table:
    db 2
SECTION "Banked", ROMX, BANK[3]
InBank3:
    db BANK(InBank3), BANK(@), HIGH(Table), LOW(Table)
SECTION "AnyBank", ROMX[$4100]
Anywhere:
    db BANK(Anywhere)
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  auto fl = r.debug.symbol("Float");
  auto tb = r.debug.symbol("Table");
  auto b3 = r.debug.symbol("InBank3");
  auto any = r.debug.symbol("Anywhere");
  ASSERT_TRUE(fl && tb && b3 && any);
  EXPECT_GE(fl->address, 0x100u);
  EXPECT_EQ(tb->address & 0xFF, 0u);
  EXPECT_EQ(b3->bank, 3);
  EXPECT_EQ(b3->address, 0x4000u);
  EXPECT_EQ(any->bank, 1);
  EXPECT_EQ(any->address, 0x4100u);
  EXPECT_EQ(bytesAt(r, 0x4000, 4, 3), (Bytes{3, 3, static_cast<uint8_t>(tb->address >> 8), 0}));
  EXPECT_EQ(bytesAt(r, 0x4100, 1, 1), (Bytes{1}));
}

TEST(Rgbasm, IncludeAndIncbinWithIncludeDirs) {
  std::map<std::string, std::string> files{
      {"src/main.asm",
       "INCLUDE \"defs.inc\"\nSECTION \"X\", ROM0[0]\n  db VALUE\n"
       "  INCBIN \"data.bin\", 1, 2\n  INCLUDE \"local.inc\"\n"},
      {"inc/defs.inc", "DEF VALUE EQU 9\n"},
      {"src/local.inc", "  db 10\n"},
      {"inc/data.bin", std::string("\x01\x02\x03\x04", 4)},
  };
  core::Sm83AsmOptions opts;
  opts.includeDirs = {"inc"};
  auto r = rgbasm_test::assemble(files, {"src/main.asm"}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{9, 2, 3, 10}));
  auto where = r.debug.lineFor(3);
  ASSERT_TRUE(where);
  EXPECT_EQ(where->file, "src/local.inc");
  EXPECT_EQ(where->line, 1);
}

TEST(Rgbasm, DefinesFromOptions) {
  core::Sm83AsmOptions opts;
  opts.defines = {{"LEVEL", "3"}, {"FLAG", ""}};
  auto r = rgbasm_test::assemble({{"main.asm", "SECTION \"D\", ROM0[0]\n db LEVEL, FLAG\n"}},
                                 {"main.asm"}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{3, 1}));
}

TEST(Rgbasm, BlockCommentsLineContinuationAndCase) {
  auto r = assemble(
      "SECTION \"B\", ROM0[0]\n"
      "    LD A, B /* inline */ ; and ; /* not a comment start\n"
      "/* spans\n   lines */ Nop\n"
      "    db 1, \\\n       2\n"
      "    db \"a;b/*c\"\n"
      "    Ld [HL+], A\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r), (Bytes{0x78, 0x00, 1, 2, 'a', ';', 'b', '/', '*', 'c', 0x22}));
  EXPECT_EQ(r.debug.lineFor(1)->line, 4);
  EXPECT_EQ(r.debug.lineFor(2)->line, 5);
  EXPECT_EQ(r.debug.lineFor(10)->line, 8);
}

TEST(Rgbasm, DebugLinesMapEveryInstructionAndMacroCall) {
  auto r = assemble(
      "MACRO twice\n"                // 1
      "    inc \\1\n"                // 2
      "    inc \\1\n"                // 3
      "ENDM\n"                       // 4
      "SECTION \"D\", ROM0[$200]\n"  // 5
      "Main:\n"                      // 6
      "    ld b, 0\n"                // 7
      "    twice b\n"                // 8
      "    REPT 2\n"                 // 9
      "    nop\n"                    // 10
      "    ENDR\n"                   // 11
      "    ret\n");                  // 12
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(r.debug.lineFor(0x200)->line, 7);
  EXPECT_EQ(r.debug.lineFor(0x201)->line, 7);
  EXPECT_EQ(r.debug.lineFor(0x202)->line, 2);
  EXPECT_EQ(r.debug.lineFor(0x203)->line, 3);
  EXPECT_EQ(r.debug.lineFor(0x204)->line, 10);
  EXPECT_EQ(r.debug.lineFor(0x205)->line, 10);
  EXPECT_EQ(r.debug.lineFor(0x206)->line, 12);
  EXPECT_EQ(r.debug.addressesFor("main.asm", 8), (std::vector<uint32_t>{0x202}));
  EXPECT_EQ(r.debug.addressesFor("main.asm", 9), (std::vector<uint32_t>{0x204}));
  EXPECT_EQ(r.debug.addressesFor("main.asm", 10), (std::vector<uint32_t>{0x204, 0x205}));
  EXPECT_FALSE(r.debug.lineFor(0x207));
}

TEST(Rgbasm, MultipleUnitsSeeOnlyExportedSymbols) {
  std::map<std::string, std::string> files{
      {"a.asm", "SECTION \"A\", ROM0\nEntry::\n  call Helper\n  ld a, SHARED\n  ret\n"},
      {"b.asm",
       "DEF SHARED EQU 7\nEXPORT SHARED\nSECTION \"B\", ROM0\nHelper::\n  ret\n"
       "Private:\n  ret\n"},
  };
  auto r = rgbasm_test::assemble(files, {"a.asm", "b.asm"});
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  auto entry = r.debug.addressOf("Entry");
  auto helper = r.debug.addressOf("Helper");
  ASSERT_TRUE(entry && helper);
  EXPECT_EQ(bytesAt(r, *entry, 5), (Bytes{0xCD, static_cast<uint8_t>(*helper),
                                          static_cast<uint8_t>(*helper >> 8), 0x3E, 7}));
  files["a.asm"] += "  jp Private\n";
  auto bad = rgbasm_test::assemble(files, {"a.asm", "b.asm"});
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.diagnosticsText().find("a.asm:6:6: error: undefined symbol 'Private'"),
            std::string::npos)
      << bad.diagnosticsText();
  EXPECT_NE(bad.diagnosticsText().find("not exported"), std::string::npos);
}

TEST(Rgbasm, SymFileIsRgblinkStyle) {
  auto r = assemble(R"(
SECTION "Code", ROM0[$150]
Main:
.loop:
    jr .loop
SECTION "Bank2", ROMX[$4000], BANK[2]
Far:
    ret
SECTION "Vars", WRAM0[$C000]
wX: db
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  std::string sym = core::writeSym(r.debug);
  EXPECT_NE(sym.find("00:0150 Main\n00:0150 Main.loop\n"), std::string::npos) << sym;
  EXPECT_NE(sym.find("00:c000 wX\n"), std::string::npos) << sym;
  EXPECT_NE(sym.find("02:4000 Far\n"), std::string::npos) << sym;
  // rgblink's order: by section type (ROM0, ROMX, ..., WRAM0), then bank and address.
  EXPECT_LT(sym.find("Far"), sym.find("wX"));
}

TEST(Rgbasm, RomImageHasChecksums) {
  core::Sm83AsmOptions opts;
  opts.buildRom = true;
  auto r = rgbasm_test::assemble(
      {{"main.asm",
        "SECTION \"H\", ROM0[$100]\n nop\n jp $150\n ds $4C, 0\nSECTION \"X\", ROMX, BANK[2]\n"
        " db 1\n"}},
      {"main.asm"}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  ASSERT_EQ(r.rom.size(), 0x10000u);
  EXPECT_EQ(r.rom[0x100], 0x00);
  EXPECT_EQ(r.rom[0x8000], 1);
  EXPECT_EQ(r.rom[0x148], 1);  // 64 KiB
  uint8_t h = 0;
  for (int i = 0x134; i <= 0x14C; ++i) h = static_cast<uint8_t>(h - r.rom[i] - 1);
  EXPECT_EQ(r.rom[0x14D], h);
  uint16_t g = 0;
  for (size_t i = 0; i < r.rom.size(); ++i)
    if (i != 0x14E && i != 0x14F) g = static_cast<uint16_t>(g + r.rom[i]);
  EXPECT_EQ(r.rom[0x14E], g >> 8);
  EXPECT_EQ(r.rom[0x14F], g & 0xFF);
}

TEST(Rgbasm, AssertsAtAssemblyAndLinkTime) {
  auto r = assemble(R"(
SECTION "S", ROM0
Start:
    ds 4
End:
    ASSERT End - Start == 4
    ASSERT Start >= $0000, "start in ROM0"
    STATIC_ASSERT 1 + 1 == 2
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  auto bad = assemble("SECTION \"S\", ROM0\nStart:\n    ASSERT Start == $1234, \"where?\"\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.diagnosticsText().find("main.asm:3:5: error: assertion failed: where?"),
            std::string::npos)
      << bad.diagnosticsText();
}

TEST(Rgbasm, InterpolationCharmapRsAndGraphics) {
  auto r = assemble(R"(
DEF NAME EQUS "Hero"
DEF N EQU 5
CHARMAP "<END>", $FF
    RSRESET
DEF obj_x RB 1
DEF obj_y RB 1
DEF obj_ptr RW 1
DEF OBJ_SIZE RB 0
SECTION "I", ROM0[0]
Label_{N}:
    db "{NAME}<END>"
    db obj_x, obj_y, obj_ptr, OBJ_SIZE
    dw `01230123
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_TRUE(r.debug.addressOf("Label_$5"));
  EXPECT_EQ(firstChunk(r), (Bytes{'H', 'e', 'r', 'o', 0xFF, 0, 1, 2, 4, 0x55, 0x33}));
}
