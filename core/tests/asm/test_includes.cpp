// Include scanning and unsaved include buffers: findIncludes follows .include /
// INCLUDE the way the assemblers resolve them, and both toolchains assemble the
// text a reader gives for an included file (ca65 through a scratch tree, never
// writing over the user's files).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/asm/ca65/ca65.h"
#include "core/asm/includes.h"
#include "core/sim/manifest.h"
#include "core/sim/simulation.h"
#include "core/util/files.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

namespace fs = std::filesystem;

void writeText(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A small ca65 routine: top.s includes sub/defs.inc, which includes value.inc.
class IncludeTree : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() /
        ("collido-includes-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    writeText(root_ / "top.s",
              "; top\n  .include \"sub/defs.inc\"\n.segment \"CODE\"\nstart: lda #VALUE\n  rts\n");
    writeText(root_ / "sub/defs.inc", "SHIFT = 1\n.include \"value.inc\" ; beside defs.inc\n");
    writeText(root_ / "sub/value.inc", "VALUE = $11\n");
    writeText(root_ / "value.inc",
              "VALUE = $99 ; not this one: includes resolve beside the includer\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string path(const std::string& rel) const { return (root_ / rel).string(); }

  fs::path root_;
};

TEST(Includes, DirectiveNamesAreReadFromBothSyntaxes) {
  EXPECT_EQ(includeName("  .include \"a.inc\"", IncludeSyntax::Ca65), "a.inc");
  EXPECT_EQ(includeName(".INCLUDE\"b.inc\" ; c", IncludeSyntax::Ca65), "b.inc");
  EXPECT_EQ(includeName("lbl: .include \"c.inc\"", IncludeSyntax::Ca65), "c.inc");
  EXPECT_EQ(includeName("INCLUDE \"cells.inc\"", IncludeSyntax::Rgbds), "cells.inc");
  EXPECT_EQ(includeName("\tinclude \"x/y.inc\"", IncludeSyntax::Rgbds), "x/y.inc");
  EXPECT_FALSE(includeName("; .include \"a.inc\"", IncludeSyntax::Ca65));
  EXPECT_FALSE(includeName(".includes \"a.inc\"", IncludeSyntax::Ca65));
  EXPECT_FALSE(includeName("INCLUDE \"a.inc\"", IncludeSyntax::Ca65));  // no dot in ca65
  EXPECT_FALSE(includeName(".include \"a.inc\"", IncludeSyntax::Rgbds));
  EXPECT_FALSE(includeName("INCLUDE a.inc", IncludeSyntax::Rgbds));
}

TEST_F(IncludeTree, IncludesAreFoundTransitivelyBesideTheirIncluder) {
  const auto found = findIncludes({path("top.s")}, IncludeSyntax::Ca65);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0], path("sub/defs.inc"));
  EXPECT_EQ(found[1], path("sub/value.inc"));
}

TEST_F(IncludeTree, AReaderCanAddAnIncludeThatIsNotSaved) {
  const std::string top = path("top.s");
  auto reader = [&](const std::string& p) -> std::optional<std::string> {
    if (p == top) return std::string(".include \"value.inc\"\n.include \"sub/defs.inc\"\n");
    return std::nullopt;
  };
  const auto found = findIncludes({top}, IncludeSyntax::Ca65, reader);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0], path("value.inc"));
  EXPECT_EQ(found[1], path("sub/defs.inc"));
  EXPECT_EQ(found[2], path("sub/value.inc"));
  EXPECT_TRUE(findIncludes({path("missing.s")}, IncludeSyntax::Ca65).empty());
}

TEST_F(IncludeTree, Ca65AssemblesTheUnsavedTextOfANestedInclude) {
  REQUIRE_CA65();
  auto loadA9 = [](const AsmResult& r) {
    for (const ImageChunk& c : r.chunks)
      for (size_t i = 0; i + 1 < c.bytes.size(); ++i)
        if (c.bytes[i] == 0xA9) return int(c.bytes[i + 1]);
    return -1;
  };
  const std::string inc = path("sub/value.inc");
  AsmResult disk = assemble6502({path("top.s")}, Ca65Layout{});
  ASSERT_TRUE(disk.ok) << disk.diagnosticsText();
  EXPECT_EQ(loadA9(disk), 0x11);

  Ca65Options o;
  o.readFile = [&](const std::string& p) -> std::optional<std::string> {
    if (samePath(p, inc)) return std::string("VALUE = $42\n");
    return std::nullopt;
  };
  AsmResult edited = assemble6502({path("top.s")}, Ca65Layout{}, o);
  ASSERT_TRUE(edited.ok) << edited.diagnosticsText();
  EXPECT_EQ(loadA9(edited), 0x42);
  EXPECT_EQ(readTextFile(inc), "VALUE = $11\n");  // the user's file is untouched
  // Debug info names the user's files, not the scratch copies.
  for (const std::string& f : edited.debug.files)
    EXPECT_EQ(f.find("collido-ca65"), std::string::npos) << f;

  o.readFile = [&](const std::string& p) -> std::optional<std::string> {
    if (samePath(p, inc)) return std::string("; edited\nVALUE = \n");
    return std::nullopt;
  };
  AsmResult bad = assemble6502({path("top.s")}, Ca65Layout{}, o);
  ASSERT_FALSE(bad.ok);
  ASSERT_FALSE(bad.diagnostics.empty());
  const Diagnostic& d = bad.diagnostics.front();
  EXPECT_TRUE(samePath(d.loc.file, inc)) << d.str();
  EXPECT_EQ(d.loc.line, 2) << d.str();
}

TEST(Includes, BuiltInAssemblerFallsBackToDiskForFilesTheReaderLacks) {
  RoutineManifest m;
  std::string error;
  ASSERT_TRUE(
      loadManifest(test::repoFile("assets/routines/seed004_swept/manifest.json"), m, &error))
      << error;
  const auto found = findIncludes(m.sources, IncludeSyntax::Rgbds);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(fs::path(found[0]).filename(), "cells.inc");
  const std::string first = m.sources.front();
  auto reader = [&](const std::string& p) -> std::optional<std::string> {
    if (p == first) return readTextFile(p);
    return std::nullopt;  // cells.inc and the other sources: from disk
  };
  AsmResult r = buildRoutine(m, reader);
  EXPECT_TRUE(r.ok) << r.diagnosticsText();
  // An unsaved include is assembled: an error in it is reported against it.
  auto broken = [&](const std::string& p) -> std::optional<std::string> {
    if (samePath(p, found[0])) return std::string("DEF CELL_SOLID EQU\n");
    return std::nullopt;
  };
  AsmResult b = buildRoutine(m, broken);
  ASSERT_FALSE(b.ok);
  ASSERT_FALSE(b.diagnostics.empty());
  EXPECT_EQ(fs::path(b.diagnostics.front().loc.file).filename(), "cells.inc")
      << b.diagnosticsText();
}

}  // namespace
}  // namespace core
