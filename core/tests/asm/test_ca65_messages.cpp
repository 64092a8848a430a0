// ca65/ld65 stderr into diagnostics, for both the old `file(12):` and the newer
// `file:12:` forms. Needs no cc65 installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/asm/ca65/ca65_messages.h"
#include "core/asm/subprocess.h"

namespace core {
namespace {

using S = Diagnostic::Severity;

TEST(Ca65Messages, AssemblerForms) {
  auto d = parseCc65Messages(
      "main.s(12): Error: Range error (300 not in [0..255])\n"
      "main.s(8): Note: Macro was defined here\n"
      "dir/x.s:40: Warning: Symbol 'q' is unused\n"
      "dir/x.s:41:7: Error: Syntax error\n"
      "main.s(3): Fatal: Too many errors\n");
  ASSERT_EQ(d.size(), 5u);
  EXPECT_EQ(d[0].severity, S::Error);
  EXPECT_EQ(d[0].loc.file, "main.s");
  EXPECT_EQ(d[0].loc.line, 12);
  EXPECT_EQ(d[0].message, "Range error (300 not in [0..255])");
  EXPECT_EQ(d[1].severity, S::Note);
  EXPECT_EQ(d[1].loc.line, 8);
  EXPECT_EQ(d[2].severity, S::Warning);
  EXPECT_EQ(d[2].loc.file, "dir/x.s");
  EXPECT_EQ(d[2].loc.line, 40);
  EXPECT_EQ(d[3].loc.col, 7);
  EXPECT_EQ(d[4].severity, S::Error);
}

TEST(Ca65Messages, LinkerForms) {
  auto d = parseCc65Messages(
      "ld65: Warning: /tmp/w/link.cfg(4): Segment 'CODE' overflows memory area 'ROM' by 1 byte\n"
      "ld65: Error: Cannot generate most of the files due to memory area overflow\n"
      "Unresolved external 'foo' referenced in:\n"
      "  a.s(3)\n"
      "  b.s(17)\n"
      "ld65: Error: 1 unresolved external(s) found - cannot create output file\n"
      "ld65: Error: a.s(9): not at 9000\n"
      "something else entirely\n",
      "/tmp/w/link.cfg");
  ASSERT_EQ(d.size(), 7u);
  EXPECT_EQ(d[0].severity, S::Warning);
  EXPECT_EQ(d[0].loc.file, "");  // our generated config: no location
  EXPECT_EQ(d[0].message.rfind("linker config: Segment 'CODE'", 0), 0u) << d[0].message;
  EXPECT_EQ(d[1].severity, S::Error);
  EXPECT_EQ(d[2].loc.file, "a.s");
  EXPECT_EQ(d[2].loc.line, 3);
  EXPECT_EQ(d[2].message, "unresolved external 'foo'");
  EXPECT_EQ(d[3].loc.file, "b.s");
  EXPECT_EQ(d[3].loc.line, 17);
  EXPECT_EQ(d[4].loc.file, "");
  EXPECT_EQ(d[5].loc.file, "a.s");
  EXPECT_EQ(d[5].loc.line, 9);
  EXPECT_EQ(d[5].message, "not at 9000");
  EXPECT_EQ(d[6].severity, S::Note);  // unrecognised text is kept, never as an error
  EXPECT_EQ(d[6].message, "something else entirely");
}

TEST(Ca65Messages, ColumnsComeFromTheSource) {
  auto dir = TempDir::create("collido-msg-test");
  ASSERT_TRUE(dir);
  std::string path = dir->file("c.s");
  std::ofstream(path) << "  lda MAXVAL\n\tjmp X\n  nop\n";
  std::vector<Diagnostic> d = {
      {S::Error, {path, 2, 0}, "Symbol 'X' is undefined"},  // not the X in MAXVAL
      {S::Error, {path, 3, 0}, "Syntax error"},
      {S::Error, {path, 1, 4}, "kept"},
      {S::Error, {path, 99, 0}, "past the end"},
      {S::Error, {dir->file("none.s"), 1, 0}, "unreadable"},
  };
  addCc65Columns(d);
  EXPECT_EQ(d[0].loc.col, 6);
  EXPECT_EQ(d[1].loc.col, 3);
  EXPECT_EQ(d[2].loc.col, 4);
  EXPECT_EQ(d[3].loc.col, 0);
  EXPECT_EQ(d[4].loc.col, 0);
}

}  // namespace
}  // namespace core
