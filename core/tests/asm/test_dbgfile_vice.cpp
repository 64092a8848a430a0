// VICE label files (ld65 -Ln), for ROMs that come without a .dbg.
#include <gtest/gtest.h>

#include "core/asm/ca65/vice_labels.h"

namespace core {
namespace {

TEST(ViceLabels, ReadsLabelsAndKeysCheapLocals) {
  const char* text =
      "al 008000 .main\n"
      "al 008013 .other\n"
      "al 008016 .table\n"
      "al 008002 .@loop\n"
      "al 008014 .@loop\n"
      "al 008000 .main\n"  // ld65 lists exports twice
      "al C:0200 .buf\n"
      "al 000000 .zp_x\n";
  DebugInfo d;
  std::vector<Diagnostic> diags;
  EXPECT_TRUE(parseViceLabels(text, d, diags));
  EXPECT_TRUE(diags.empty());
  EXPECT_EQ(d.symbols.size(), 7u);
  EXPECT_EQ(d.addressOf("main"), 0x8000u);
  EXPECT_EQ(d.addressOf("buf"), 0x200u);
  EXPECT_EQ(d.addressOf("zp_x"), 0u);
  EXPECT_EQ(d.addressOf("main::@loop"), 0x8002u);
  EXPECT_EQ(d.symbol("main::@loop")->scope, "main");
  EXPECT_EQ(d.addressOf("other::@loop"), 0x8014u);
  EXPECT_EQ(d.nameAt(0x8000), "main");
}

TEST(ViceLabels, BadLinesGiveDiagnosticsAndTheRestIsRead) {
  const char* text =
      "al 008000 .main\n"     // 1
      "al zz8000 .bad\n"      // 2 bad address
      "al 008001 nodot\n"     // 3 no '.'
      "al 008002\n"           // 4 no label
      "break 8000\n"          // 5 another VICE command: ignored with a warning
      "\n"                    // 6
      "al 008003 .x extra\n"  // 7 trailing text
      "al 008004 .good\r\n";  // 8
  DebugInfo d;
  std::vector<Diagnostic> diags;
  EXPECT_FALSE(parseViceLabels(text, d, diags, "game.lbl"));
  std::vector<std::pair<int, Diagnostic::Severity>> got;
  for (const auto& dg : diags) {
    EXPECT_EQ(dg.loc.file, "game.lbl");
    EXPECT_GT(dg.loc.col, 0);
    got.push_back({dg.loc.line, dg.severity});
  }
  using S = Diagnostic::Severity;
  EXPECT_EQ(got, (std::vector<std::pair<int, S>>{
                     {2, S::Error}, {3, S::Error}, {4, S::Error}, {5, S::Warning}, {7, S::Error}}));
  EXPECT_EQ(d.addressOf("main"), 0x8000u);
  EXPECT_EQ(d.addressOf("good"), 0x8004u);
  EXPECT_EQ(d.symbols.size(), 2u);
  for (const auto& dg : diags)
    if (dg.loc.line == 2) {
      EXPECT_EQ(dg.loc.col, 4);
    }
}

TEST(ViceLabels, CheapLocalWithNoParentKeepsItsName) {
  DebugInfo d;
  std::vector<Diagnostic> diags;
  EXPECT_TRUE(parseViceLabels("al 000010 .@early\nal 008000 .main\n", d, diags));
  EXPECT_EQ(d.addressOf("@early"), 0x10u);
}

}  // namespace
}  // namespace core
