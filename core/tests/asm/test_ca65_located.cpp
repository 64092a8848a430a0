// Every ca65/ld65 failure has a location (issue 33): a source ca65 cannot open is
// named by its manifest field, an unplaced or overflowing segment points at its
// `.segment` directive, a timeout names the file being assembled, and an
// `.include`/`.incbin` of a device or FIFO is refused at its directive before
// ca65 reads it. The tests that run the tools skip when cc65 is not installed.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/asm/ca65/ca65.h"
#include "core/asm/ca65/ca65_messages.h"
#include "core/asm/includes.h"
#include "core/asm/subprocess.h"
#include "core/tests/sample_test_util.h"

namespace core {
namespace {

namespace fs = std::filesystem;

class Located : public ::testing::Test {
 protected:
  void SetUp() override {
    auto dir = TempDir::create("collido-located");
    ASSERT_TRUE(dir);
    dir_.emplace(std::move(*dir));
  }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_->file(name);
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // The first error, which every failure here must have.
  static const Diagnostic& firstError(const AsmResult& r) {
    for (const Diagnostic& d : r.diagnostics)
      if (d.severity == Diagnostic::Severity::Error) return d;
    ADD_FAILURE() << "no error in:\n" << r.diagnosticsText();
    static const Diagnostic none;
    return none;
  }
  static void expectAllLocated(const AsmResult& r) {
    for (const Diagnostic& d : r.diagnostics) EXPECT_FALSE(d.loc.file.empty()) << d.str();
  }
  std::optional<TempDir> dir_;
};

// --- message parsing and locating, without the tools ---

TEST(Ca65Located, ABareFatalErrorIsAnError) {
  auto d = parseCc65Messages("Fatal error: Cannot open input file 'nope.s': No such file\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Diagnostic::Severity::Error);
  EXPECT_EQ(d[0].message, "Cannot open input file 'nope.s': No such file");
  EXPECT_EQ(d[0].loc.file, "");
}

TEST(Ca65Located, AssemblerMessagesGoToTheManifestFieldOrTheSource) {
  std::vector<Diagnostic> d = {{Diagnostic::Severity::Error, {"a.s", 3, 0}, "kept"},
                               {Diagnostic::Severity::Error, {}, "Cannot open input file"}};
  std::vector<Diagnostic> e = d;
  locateAssemblerMessages(d, 0, "b.s", 1, "dir/manifest.json");
  EXPECT_EQ(d[0].loc.file, "a.s");
  EXPECT_EQ(d[0].message, "kept");
  EXPECT_EQ(d[1].loc.file, "dir/manifest.json");
  EXPECT_EQ(d[1].message, "sources[1]: Cannot open input file");
  locateAssemblerMessages(e, 0, "b.s", 1, "");
  EXPECT_EQ(e[1].loc.file, "b.s");
  EXPECT_EQ(e[1].message, "Cannot open input file");
}

TEST_F(Located, LinkerMessagesGoToTheSegmentOrTheName) {
  const std::string a = write("a.s", "; .segment \"NOPE\" in a comment\n  nop\n");
  const std::string b = write("b.s",
                              ".export foo\n"
                              "  .segment  \"NOPE\" ; here\n"
                              "foo: .byte 1\n"
                              "lbl: .zeropage\n");
  std::vector<Diagnostic> d = {
      {Diagnostic::Severity::Error, {}, "Missing memory area assignment for segment 'NOPE'"},
      {Diagnostic::Severity::Error, {}, "Duplicate external identifier: 'foo'"},
      {Diagnostic::Severity::Warning,
       {},
       "linker config: Segment 'ZEROPAGE' overflows memory "
       "area 'ZP' by 4 bytes"},
      {Diagnostic::Severity::Error,
       {},
       "Cannot generate most of the files due to memory area "
       "overflow"},
      {Diagnostic::Severity::Warning, {}, "linker config: Segment 'CODE' overflows"},
      {Diagnostic::Severity::Error, {}, "Input file 'x.o' not found"},
  };
  std::vector<Diagnostic> bare = d;
  locateLinkerMessages(d, 0, {a, b}, nullptr, "m.json");
  auto at = [&](size_t i, const std::string& file, int line, int col) {
    EXPECT_EQ(d[i].loc.file, file) << d[i].str();
    EXPECT_EQ(d[i].loc.line, line) << d[i].str();
    EXPECT_EQ(d[i].loc.col, col) << d[i].str();
  };
  at(0, b, 2, 13);
  at(1, b, 1, 9);
  at(2, b, 4, 6);  // the .zeropage directive
  EXPECT_EQ(d[2].message, "Segment 'ZEROPAGE' overflows memory area 'ZP' by 4 bytes");
  at(3, b, 4, 6);         // follows the overflow it sums up
  at(4, "m.json", 0, 0);  // CODE is never selected: the layout made the config
  EXPECT_EQ(d[4].message, "layout: linker config: Segment 'CODE' overflows");
  at(5, "m.json", 0, 0);
  EXPECT_EQ(d[5].message, "sources: Input file 'x.o' not found");
  // Without a manifest: the first source.
  locateLinkerMessages(bare, 0, {a, b}, nullptr, "");
  EXPECT_EQ(bare[4].loc.file, a);
  EXPECT_EQ(bare[5].loc.file, a);
}

TEST_F(Located, LinkerMessagesSearchUnsavedText) {
  const std::string a = write("a.s", "  nop\n");
  std::vector<Diagnostic> d = {
      {Diagnostic::Severity::Error, {}, "Missing memory area assignment for segment 'NEW'"}};
  locateLinkerMessages(
      d, 0, {a},
      [&](const std::string& p) -> std::optional<std::string> {
        if (p == a) return std::string("\n.segment \"NEW\"\n");
        return std::nullopt;
      },
      "");
  EXPECT_EQ(d[0].loc.file, a);
  EXPECT_EQ(d[0].loc.line, 2);
}

// --- the directive check, without the tools ---

TEST(Includes, IncbinDirectivesAreReadWithTheirColumn) {
  auto d = includeDirective("lbl: .incbin \"tiles.chr\", 0, 16", IncludeSyntax::Ca65);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->binary);
  EXPECT_EQ(d->name, "tiles.chr");
  EXPECT_EQ(d->col, 6);
  EXPECT_FALSE(includeName("  .incbin \"tiles.chr\"", IncludeSyntax::Ca65));  // not scanned
  auto inc = includeDirective("  .include \"a.inc\"", IncludeSyntax::Ca65);
  ASSERT_TRUE(inc);
  EXPECT_FALSE(inc->binary);
  EXPECT_EQ(inc->col, 3);
  auto rgb = includeDirective("INCBIN \"gfx.2bpp\"", IncludeSyntax::Rgbds);
  ASSERT_TRUE(rgb && rgb->binary);
}

TEST_F(Located, IncludesOfDevicesAndFifosAreRefusedAtTheDirective) {
  const std::string fifo = dir_->file("pipe.inc");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", dir_->file("zero.bin"));
  write("ok.bin", "AB");
  const std::string inc = write("sub/inner.inc", "x = 1\n  .incbin \"/dev/null\"\n");
  const std::string src = write("main.s",
                                ".incbin \"/dev/zero\"\n"
                                "  .include \"pipe.inc\"\n"
                                ".incbin \"zero.bin\" ; a link to a device\n"
                                ".incbin \"ok.bin\"\n"
                                ".incbin \"missing.bin\" ; left to ca65\n"
                                ".include \"sub/inner.inc\"\n"
                                ".incbin \"sub\"\n");
  const auto d = checkIncludedFiles({src}, IncludeSyntax::Ca65);
  ASSERT_EQ(d.size(), 5u);
  auto at = [&](size_t i, const std::string& file, int line, int col, const std::string& text) {
    EXPECT_EQ(d[i].severity, Diagnostic::Severity::Error);
    EXPECT_EQ(d[i].loc.file, file) << d[i].str();
    EXPECT_EQ(d[i].loc.line, line) << d[i].str();
    EXPECT_EQ(d[i].loc.col, col) << d[i].str();
    EXPECT_NE(d[i].message.find(text), std::string::npos) << d[i].str();
  };
  at(0, src, 1, 1, "incbin \"/dev/zero\": /dev/zero: not a regular file (a character device)");
  at(1, src, 2, 3, "include \"pipe.inc\": ");
  EXPECT_NE(d[1].message.find("FIFO"), std::string::npos) << d[1].str();
  at(2, src, 3, 1, "not a regular file");
  at(3, src, 7, 1, "incbin \"sub\"");
  at(4, inc, 2, 3, "incbin \"/dev/null\"");
}

// --- the real tools ---

// Issue 33: "Cannot open input file 'nope.s'" named no manifest field.
TEST_F(Located, AMissingSourceIsNamedByItsManifestField) {
  REQUIRE_CA65();
  const std::string good = write("good.s", "  nop\n");
  const std::string nope = dir_->file("nope.s");
  Ca65Options opts;
  opts.manifest = dir_->file("manifest.json");
  AsmResult r = assemble6502({good, nope}, {}, opts);
  ASSERT_FALSE(r.ok);
  expectAllLocated(r);
  const Diagnostic& d = firstError(r);
  EXPECT_EQ(d.loc.file, opts.manifest);
  EXPECT_EQ(d.message.rfind("sources[1]: Cannot open input file '" + nope + "'", 0), 0u) << d.str();
  // No manifest (collido asm): the file itself.
  AsmResult bare = assemble6502({nope}, {});
  EXPECT_EQ(firstError(bare).loc.file, nope);
  expectAllLocated(bare);
}

// The editor's unsaved buffers are assembled from a scratch tree: its paths stay out of messages.
TEST_F(Located, AMissingSourceWithUnsavedBuffersNamesTheUsersPath) {
  REQUIRE_CA65();
  const std::string nope = dir_->file("nope.s");
  Ca65Options opts;
  opts.readFile = [](const std::string&) { return std::nullopt; };
  AsmResult r = assemble6502({nope}, {}, opts);
  ASSERT_FALSE(r.ok);
  const Diagnostic& d = firstError(r);
  EXPECT_EQ(d.loc.file, nope);
  EXPECT_NE(d.message.find("'" + nope + "'"), std::string::npos) << d.str();
}

// Issue 33: "Missing memory area assignment for segment 'NOPE'" had no location.
TEST_F(Located, AnUnplacedSegmentPointsAtItsDirective) {
  REQUIRE_CA65();
  const std::string inc = write("segs.inc", "\n\n.segment \"NOPE\"\n  .byte 1\n");
  const std::string src = write("main.s", "  nop\n.include \"segs.inc\"\n");
  Ca65Options opts;
  opts.manifest = dir_->file("manifest.json");
  AsmResult r = assemble6502({src}, {}, opts);
  ASSERT_FALSE(r.ok);
  expectAllLocated(r);
  const Diagnostic& d = firstError(r);
  EXPECT_NE(d.message.find("segment 'NOPE'"), std::string::npos) << d.str();
  EXPECT_EQ(d.loc.file, inc) << d.str();
  EXPECT_EQ(d.loc.line, 3);
  EXPECT_EQ(d.loc.col, 10);
}

// Issue 33: "memory area overflow" had no location.
TEST_F(Located, ACodeOverflowIsLocatedAtTheLayout) {
  REQUIRE_CA65();
  const std::string src = write("big.s", "  .res $9000\n");  // CODE from $8000 holds $8000
  Ca65Options opts;
  opts.manifest = dir_->file("manifest.json");
  AsmResult r = assemble6502({src}, {}, opts);
  ASSERT_FALSE(r.ok);
  expectAllLocated(r);
  bool overflow = false;
  for (const Diagnostic& d : r.diagnostics)
    if (d.message.find("overflow") != std::string::npos) {
      overflow = true;
      EXPECT_EQ(d.loc.file, opts.manifest) << d.str();
    }
  EXPECT_TRUE(overflow) << r.diagnosticsText();
  // With a `.code` directive the overflow points at it.
  const std::string coded = write("coded.s", "; big\n  .code\n  .res $9000\n");
  AsmResult c = assemble6502({coded}, {});
  ASSERT_FALSE(c.ok);
  expectAllLocated(c);
  EXPECT_EQ(firstError(c).loc.file, coded) << c.diagnosticsText();
  EXPECT_EQ(firstError(c).loc.line, 2) << c.diagnosticsText();
}

// Issue 33: `.repeat 2000000000` ended with "ca65 timed out after 30000 ms", naming no file.
TEST_F(Located, ATimeoutNamesTheSourceBeingAssembled) {
  REQUIRE_CA65();
  const std::string fast = write("fast.s", "  nop\n");
  const std::string slow = write("slow.s", ".repeat 2000000000\n  nop\n.endrepeat\n");
  Ca65Options opts;
  opts.timeoutMs = 300;
  const auto start = std::chrono::steady_clock::now();
  AsmResult r = assemble6502({fast, slow}, {}, opts);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  ASSERT_FALSE(r.ok);
  expectAllLocated(r);
  const Diagnostic& d = firstError(r);
  EXPECT_EQ(d.loc.file, slow) << d.str();
  EXPECT_EQ(d.message, "ca65 timed out after 300 ms assembling " + slow) << d.str();
  opts.manifest = dir_->file("manifest.json");
  AsmResult m = assemble6502({fast, slow}, {}, opts);
  EXPECT_EQ(firstError(m).loc.file, opts.manifest);
  EXPECT_EQ(firstError(m).message.rfind("sources[1]: ca65 timed out after 300 ms assembling ", 0),
            0u)
      << firstError(m).str();
}

// Issue 33: `.incbin "/dev/zero"` assembled to 0 bytes with exit code 0.
TEST_F(Located, AnIncbinOfADeviceIsRefusedBeforeCa65Runs) {
  REQUIRE_CA65();
  const std::string src = write("main.s", "  nop\n  .incbin \"/dev/zero\"\n");
  AsmResult r = assemble6502({src}, {});
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u) << r.diagnosticsText();
  EXPECT_EQ(r.diagnostics[0].loc.file, src);
  EXPECT_EQ(r.diagnostics[0].loc.line, 2);
  EXPECT_EQ(r.diagnostics[0].loc.col, 3);
  // The same text as an unsaved buffer, over a harmless file on disk.
  const std::string clean = write("clean.s", "  nop\n");
  Ca65Options opts;
  opts.readFile = [&](const std::string& p) -> std::optional<std::string> {
    if (p == clean) return std::string(".incbin \"/dev/zero\"\n");
    return std::nullopt;
  };
  AsmResult u = assemble6502({clean}, {}, opts);
  ASSERT_FALSE(u.ok);
  EXPECT_EQ(firstError(u).loc.file, clean);
  EXPECT_EQ(firstError(u).loc.line, 1);
  // A regular file is still included.
  write("two.bin", "\x12\x34");
  const std::string ok = write("ok.s", ".incbin \"two.bin\"\n");
  AsmResult fine = assemble6502({ok}, {});
  EXPECT_TRUE(fine.ok) << fine.diagnosticsText();
}

}  // namespace
}  // namespace core
