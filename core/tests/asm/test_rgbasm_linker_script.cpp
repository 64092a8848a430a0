// rgblink(5) linker scripts in the built-in linker (`rgblink -l`): one case per
// construct (region headers with banks, ORG, ALIGN, DS, FLOATING, OPTIONAL,
// INCLUDE, section placement) with the addresses rgblink gives, and the errors,
// located at the script's file:line:col.
#include <gtest/gtest.h>

#include <chrono>

#include "core/tests/rgbasm_test_util.h"

using rgbasm_test::assemble;
using rgbasm_test::bytesAt;
using Files = std::map<std::string, std::string>;
using Bytes = std::vector<uint8_t>;

namespace {

core::AsmResult link(Files files, const std::string& script,
                     std::vector<std::string> sources = {"main.asm"},
                     core::Sm83AsmOptions opts = {}) {
  files["game.link"] = script;
  opts.linkerScript = "game.link";
  return assemble(files, std::move(sources), opts);
}

const core::ImageChunk* chunk(const core::AsmResult& r, const std::string& name) {
  for (const auto& c : r.chunks)
    if (c.name == name) return &c;
  return nullptr;
}

// "bank:$address" of a placed section, or "missing".
std::string at(const core::AsmResult& r, const std::string& name) {
  const core::ImageChunk* c = chunk(r, name);
  if (!c) return "missing";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%d:$%04X", c->bank, c->address);
  return buf;
}

std::string firstError(const core::AsmResult& r) {
  for (const auto& d : r.diagnostics)
    if (d.severity == core::Diagnostic::Severity::Error) return d.str();
  return "";
}

const char* kThree = R"(
SECTION "A", ROMX
    db 1, 2, 3
SECTION "B", ROMX
    db 4
SECTION "C", ROMX
    db 5, 6
)";

}  // namespace

TEST(RgbasmLinkerScript, BankHeaderPlacesSectionsInOrder) {
  auto r = link({{"main.asm", kThree}}, "ROMX 3\n  \"B\"\n  \"A\"\nROMX $2 ; comment\n \"C\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "B"), "3:$4000");
  EXPECT_EQ(at(r, "A"), "3:$4001");
  EXPECT_EQ(at(r, "C"), "2:$4000");
}

TEST(RgbasmLinkerScript, ReturningToABankContinuesAtItsAddress) {
  auto r = link({{"main.asm", kThree}}, "ROMX 4\n\"A\"\nROMX 5\n\"B\"\nromx 4\n\"C\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "A"), "4:$4000");
  EXPECT_EQ(at(r, "B"), "5:$4000");
  EXPECT_EQ(at(r, "C"), "4:$4003");
}

TEST(RgbasmLinkerScript, OrgAndNumberFormats) {
  auto r = link({{"main.asm", kThree}},
                "ROMX 1\n ORG $4010\n \"A\"\n ORG 0x4020\n \"B\"\n ORG 16_432\n \"C\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "A"), "1:$4010");
  EXPECT_EQ(at(r, "B"), "1:$4020");
  EXPECT_EQ(at(r, "C"), "1:$4030");
}

TEST(RgbasmLinkerScript, AlignWithAndWithoutOffset) {
  auto r =
      link({{"main.asm", kThree}},
           "ROMX 1\n ORG $4001\n ALIGN 8\n \"A\"\n ALIGN 8, 4\n \"B\"\n ALIGN 4, %11\n \"C\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "A"), "1:$4100");
  EXPECT_EQ(at(r, "B"), "1:$4104");  // $4103 after A; $4104 has low byte 4
  EXPECT_EQ(at(r, "C"), "1:$4113");  // $4105 -> next with low 4 bits = 3
}

TEST(RgbasmLinkerScript, DsLeavesAGapThatFloatingSectionsMayUse) {
  auto r = link({{"main.asm", R"(
SECTION "A", ROM0
    db 1, 2, 3
SECTION "B", ROM0
    db 4
SECTION "Free", ROM0
    db 9, 9, 9, 9
)"}},
                "ROM0\n\"A\"\nDS 5\n\"B\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "A"), "0:$0000");
  EXPECT_EQ(at(r, "B"), "0:$0008");
  EXPECT_EQ(at(r, "Free"), "0:$0003");
}

TEST(RgbasmLinkerScript, FloatingKeepsBankAndAlignmentOnly) {
  auto r = link({{"main.asm", R"(
SECTION "Pad", ROMX
    ds 3
SECTION "Al", ROMX
    db 1
SECTION "Anywhere", WRAMX, BANK[5]
    ds 2
)"}},
                "ROMX 2\n\"Pad\"\nFLOATING\nALIGN 8\n\"Al\"\nWRAMX FLOATING\n\"Anywhere\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "Pad"), "2:$4000");
  EXPECT_EQ(at(r, "Al"), "2:$4100");
  // Like rgblink, `WRAMX FLOATING` drops the bank the SECTION asked for.
  EXPECT_EQ(at(r, "Anywhere"), "1:$D000");
}

TEST(RgbasmLinkerScript, OptionalSectionMayBeAbsent) {
  auto r = link({{"main.asm", kThree}}, "ROMX 1\n\"Debug\" OPTIONAL\n\"A\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "A"), "1:$4000");
  auto bad = link({{"main.asm", kThree}}, "ROMX 1\n  \"Debug\"\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(firstError(bad),
            "game.link:2:3: error: undefined section \"Debug\" (mark it OPTIONAL if it may be "
            "absent)");
}

TEST(RgbasmLinkerScript, IncludeRunsAnotherScriptInPlace) {
  Files files{{"main.asm", kThree}, {"banks/two.link", "ROMX 2\n\"B\"\n"}};
  auto r = link(files, "ROMX 1\n\"A\"\nINCLUDE \"banks/two.link\"\n\"C\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "A"), "1:$4000");
  EXPECT_EQ(at(r, "B"), "2:$4000");
  EXPECT_EQ(at(r, "C"), "2:$4001");  // the included script left ROMX 2 active
}

TEST(RgbasmLinkerScript, ErrorInAnIncludedScriptNamesTheChain) {
  Files files{{"main.asm", kThree}, {"more.link", "; header\n  ORG $5000\n"}};
  auto r = link(files, "ROM0\n\nINCLUDE \"more.link\"\n");
  ASSERT_FALSE(r.ok);
  std::string text = r.diagnosticsText();
  EXPECT_NE(text.find("more.link:2:7: error: cannot set the current address to $5000: ROM0 ends "
                      "at $3fff"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("game.link:3: note: in linker script included from here"), std::string::npos)
      << text;
}

TEST(RgbasmLinkerScript, LabelsResolveToScriptAddresses) {
  auto r = link({{"main.asm", R"(
SECTION "Entry", ROM0[$100]
    call Target
SECTION "Code", ROMX
Target::
    ret
)"}},
                "ROMX 7\n  ORG $6000\n  \"Code\"\n");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(bytesAt(r, 0x100, 3), (Bytes{0xCD, 0x00, 0x60}));
  EXPECT_EQ(at(r, "Code"), "7:$6000");
}

TEST(RgbasmLinkerScript, FragmentsFromSeveralFilesArePlacedEndToEnd) {
  Files files{{"a.asm", "SECTION FRAGMENT \"F\", ROM0\n  db 1, 2\n  dw InB\n"},
              {"b.asm", "SECTION FRAGMENT \"F\", ROM0\nInB::\n  db 3\n  jr InB\n"}};
  auto r = link(files, "ROM0\nORG $200\n\"F\"\n", {"a.asm", "b.asm"});
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(bytesAt(r, 0x200, 7), (Bytes{1, 2, 0x04, 0x02, 3, 0x18, 0xFD}));
  // Without a script too: one section, the second file's piece after the first's.
  auto floating = assemble(files, {"a.asm", "b.asm"});
  ASSERT_TRUE(floating.ok) << floating.diagnosticsText();
  const core::ImageChunk* f = chunk(floating, "F");
  ASSERT_NE(f, nullptr);
  const uint32_t inB = f->address + 4;
  EXPECT_EQ(f->bytes, (Bytes{1, 2, static_cast<uint8_t>(inB), static_cast<uint8_t>(inB >> 8), 3,
                             0x18, 0xFD}));
}

TEST(RgbasmLinkerScript, ConflictsWithTheSectionLineAreLocated) {
  struct Case {
    std::string source, script, error;
  };
  const Case cases[] = {
      {"SECTION \"S\", ROMX\n db 0\n", "ROM0\n\"S\"\n",
       "game.link:2:1: error: section \"S\" is a ROMX section, but the linker script places it in "
       "ROM0"},
      {"SECTION \"S\", ROMX, BANK[2]\n db 0\n", "ROMX 3\n\"S\"\n",
       "game.link:2:1: error: the linker script places section \"S\" in ROMX bank 3, but its "
       "SECTION asks for bank 2"},
      {"SECTION \"S\", ROM0[$10]\n db 0\n", "ROM0\nORG $20\n\"S\"\n",
       "game.link:3:1: error: the linker script places section \"S\" at $0020, but its SECTION "
       "asks for $0010"},
      {"SECTION \"S\", ROM0, ALIGN[4]\n db 0\n", "ROM0\nORG $21\n\"S\"\n",
       "game.link:3:1: error: the linker script places section \"S\" at $0021, which breaks its "
       "ALIGN[4, 0]"},
      {"SECTION \"S\", HRAM\n ds 4\n", "HRAM\nORG $FFFD\n \"S\"\n",
       "game.link:3:2: error: the linker script places section \"S\" (4 bytes) at $fffd, so it "
       "would overflow HRAM by 2 bytes"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX\n",
       "game.link:1:5: error: a bank number must be given for ROMX (or FLOATING)"},
      {"SECTION \"S\", ROMX\n db 0\n", "SRAM 16\n",
       "game.link:1:6: error: SRAM bank 16 does not exist (banks 0-15)"},
      {"SECTION \"S\", ROMX\n db 0\n", "\"S\"\n",
       "game.link:1:1: error: no memory region is active to place section \"S\" in"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\nORG $4100\nORG $4000\n",
       "game.link:3:5: error: cannot move the current address backwards (from $4100 to $4000)"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX FLOATING\nORG $4000\n",
       "game.link:2:1: error: cannot ORG: the bank is floating"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\nALIGN 4, 16\n",
       "game.link:2:7: error: the ALIGN offset (16) must be less than the alignment size (16)"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\nDS $4001\n",
       "game.link:2:4: error: cannot skip 16385 bytes: only 16384 are left before $8000"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\n\"S\"\n\"S\"\n",
       "game.link:3:1: error: section \"S\" is already placed by game.link:2"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1 2\n",
       "game.link:1:8: error: expected the end of the line, not a number"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\nPLACE \"S\"\n",
       "game.link:2:1: error: unknown linker script directive 'PLACE'"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\n\"S\n",
       "game.link:2:1: error: unterminated string"},
      {"SECTION \"S\", ROMX\n db 0\n", "ROMX 1\nORG $40G0\n",
       "game.link:2:8: error: invalid digit 'G' in a number"},
      {"SECTION \"S\", ROMX\n db 0\n", "INCLUDE \"nowhere.link\"\n",
       "game.link:1:1: error: cannot find linker script \"nowhere.link\" to INCLUDE"},
      {"SECTION \"S\", ROMX\n db 0\n", "INCLUDE \"game.link\"\n",
       "game.link:1:1: error: linker script INCLUDEs nest more than 32 deep (recursive INCLUDE?)"},
  };
  for (const Case& c : cases) {
    auto r = link({{"main.asm", c.source}}, c.script);
    EXPECT_FALSE(r.ok) << c.script;
    EXPECT_EQ(firstError(r), c.error) << c.script;
  }
}

TEST(RgbasmLinkerScript, OverlapWithAFixedSectionPointsAtBothLines) {
  auto r =
      link({{"main.asm", "SECTION \"Fixed\", ROM0[$100]\n ds 4\nSECTION \"S\", ROM0\n ds 4\n"}},
           "ROM0\nORG $102\n\"S\"\n");
  ASSERT_FALSE(r.ok);
  std::string text = r.diagnosticsText();
  EXPECT_NE(text.find("overlaps section 'Fixed'"), std::string::npos) << text;
  EXPECT_NE(text.find("game.link:3:1: note: placed here by the linker script"), std::string::npos)
      << text;
}

TEST(RgbasmLinkerScript, MissingScriptFileIsAnError) {
  core::Sm83AsmOptions opts;
  opts.linkerScript = "absent.link";
  auto r = assemble({{"main.asm", kThree}}, {"main.asm"}, opts);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r), "absent.link: error: cannot read the linker script");
}

TEST(RgbasmLinkerScript, DmgModeHasOneVramBankAndAnEightKiBWram0) {
  Files files{{"main.asm", "SECTION \"V\", VRAM\n ds 16\nSECTION \"W\", WRAM0\n ds 2\n"}};
  const char* script = "VRAM\n\"V\"\nWRAM0\nORG $D000\n\"W\"\n";
  core::Sm83AsmOptions dmg;
  dmg.dmg = true;
  auto r = link(files, script, {"main.asm"}, dmg);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(at(r, "V"), "0:$8000");
  EXPECT_EQ(at(r, "W"), "0:$D000");
  // The map counts $D000 as WRAM0 too.
  const std::string map = core::writeMap(r, dmg);
  EXPECT_NE(map.find("\tWRAM0: 2 bytes used / 8190 free\n"), std::string::npos) << map;
  EXPECT_EQ(map.find("WRAMX"), std::string::npos) << map;
  auto cgb = link(files, script);
  EXPECT_EQ(firstError(cgb),
            "game.link:1:5: error: a bank number must be given for VRAM (or FLOATING)");
}

TEST(RgbasmLinkerScript, WramxAndTinyFlagsLeaveRegionsOut) {
  core::Sm83AsmOptions w;
  w.wramx0 = true;
  auto r = assemble({{"main.asm", "SECTION \"X\", WRAMX\n ds 1\n"}}, {"main.asm"}, w);
  EXPECT_EQ(firstError(r),
            "main.asm:1:9: error: section 'X' is WRAMX, which the linker's -w (--wramx) flag "
            "leaves out");
  auto inScript =
      link({{"main.asm", "SECTION \"X\", WRAM0\n ds 1\n"}}, "WRAMX 1\n", {"main.asm"}, w);
  EXPECT_EQ(firstError(inScript),
            "game.link:1:1: error: WRAMX is left out by the linker's -w (--wramx) flag");
  core::Sm83AsmOptions tiny;
  tiny.tiny = true;
  Files big{{"main.asm", "SECTION \"Big\", ROM0\n ds $5000\n"}};
  auto fits = assemble(big, {"main.asm"}, tiny);
  ASSERT_TRUE(fits.ok) << fits.diagnosticsText();
  EXPECT_EQ(at(fits, "Big"), "0:$0000");
  EXPECT_FALSE(assemble(big).ok);
}

TEST(RgbasmLinkerScript, ExportAllMakesEveryLabelVisibleToOtherFiles) {
  Files files{{"a.asm", "SECTION \"A\", ROM0[$10]\nHelper:\n ret\n"},
              {"b.asm", "SECTION \"B\", ROM0[$20]\n call Helper\n"}};
  EXPECT_FALSE(assemble(files, {"a.asm", "b.asm"}).ok);
  core::Sm83AsmOptions e;
  e.exportAll = true;
  auto r = assemble(files, {"a.asm", "b.asm"}, e);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(bytesAt(r, 0x20, 3), (Bytes{0xCD, 0x10, 0x00}));
}

// fuzz_linker_script: a script that INCLUDEs another twice, which INCLUDEs the next twice,
// ran 2^depth times within the nesting limit; every line an error with a note per level
// ran out of memory. The lines run and the errors reported are bounded, with a reason.
TEST(RgbasmLinkerScript, IncludesThatRepeatAScriptStopAtTheLineBudget) {
  Files files{{"main.asm", kThree}};
  for (int i = 0; i < 20; ++i)
    files["l" + std::to_string(i) + ".link"] = "; level " + std::to_string(i) + "\nINCLUDE \"l" +
                                               std::to_string(i + 1) + ".link\"\nINCLUDE \"l" +
                                               std::to_string(i + 1) + ".link\"\n";
  files["l20.link"] = "; the leaf\n";
  const auto start = std::chrono::steady_clock::now();
  auto r = link(files, "ROMX 1\nINCLUDE \"l0.link\"\n\"A\"\n");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("error: the linker script runs more than 100000 lines with "
                                     "its INCLUDEs (an INCLUDE repeated in a loop?); stopping"),
            std::string::npos)
      << r.diagnosticsText().substr(0, 2000);
  EXPECT_LT(r.diagnostics.size(), 100u);
}

TEST(RgbasmLinkerScript, ErrorsStopAfterTwoHundred) {
  Files files{{"main.asm", kThree},
              {"twice.link", "ORG $40G0\nINCLUDE \"twice.link\"\nINCLUDE \"twice.link\"\n"}};
  auto r = link(files, "ROMX 1\nINCLUDE \"twice.link\"\n");
  EXPECT_FALSE(r.ok);
  size_t errors = 0;
  for (const auto& d : r.diagnostics) errors += d.severity == core::Diagnostic::Severity::Error;
  EXPECT_EQ(errors, 201u);  // 200, then the one that says it stops
  EXPECT_EQ(firstError(r), "twice.link:1:8: error: invalid digit 'G' in a number");
  EXPECT_NE(r.diagnosticsText().find("error: too many errors in the linker script, stopping"),
            std::string::npos);
}
