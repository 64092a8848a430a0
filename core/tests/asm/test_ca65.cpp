// The ca65/ld65 driver, on routines written for these tests. Every test that
// needs the real tools skips (not passes) when cc65 is not installed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/asm/ca65/ca65.h"
#include "core/asm/ca65/vice_labels.h"
#include "core/asm/subprocess.h"

namespace core {
namespace {

#define REQUIRE_CA65()                                                           \
  do {                                                                           \
    if (!ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)"; \
  } while (0)

// A scratch directory holding the sources of one test.
class Sources {
 public:
  Sources() : dir_(*TempDir::create("collido-ca65-test")) {}
  std::string write(const std::string& name, const std::string& text) {
    std::string path = dir_.file(name);
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  const std::string& dir() const { return dir_.path(); }

 private:
  TempDir dir_;
};

// 1-based line of the first line containing `marker`.
int lineOf(const std::string& text, const std::string& marker) {
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(marker) != std::string::npos) return n;
  ADD_FAILURE() << "marker not found: " << marker;
  return 0;
}

const ImageChunk* chunk(const AsmResult& r, const std::string& name) {
  for (const auto& c : r.chunks)
    if (c.name == name) return &c;
  return nullptr;
}

const DebugScope* scope(const DebugInfo& d, const std::string& name) {
  for (const auto& s : d.scopes)
    if (s.name == name) return &s;
  return nullptr;
}

const std::string kMain = R"(; test routine: labels, scopes, macros, zp/bss vars
.include "consts.inc"
.import helper, helper_value
.export main

.segment "ZEROPAGE"
px: .res 1          ; MARK:px
py: .res 2

.segment "BSS"
buf: .res 16

.macro add2 v
  clc               ; MARK:macrobody
  adc #v
  adc #v
.endmacro

.segment "CODE"
.proc main
  lda #0            ; MARK:lda0
@loop:
  add2 STEP         ; MARK:invoke
  sta px            ; MARK:sta
  bne @loop
  jsr helper        ; MARK:jsr
  rts
.endproc

.proc other
  ldx #1
  .scope inner
  deep: nop         ; MARK:deep
  .endscope
  rts
.endproc

.segment "RODATA"
table: .byte 1, 2, 3, 4
  .word helper_value
)";

const std::string kHelper = R"(.export helper, helper_value
.segment "CODE"
helper:
  lda #SEVEN        ; MARK:helper
  rts
helper_value = $1234
SEVEN = 7
)";

struct Built {
  Sources src;
  std::string main, helper;
  AsmResult r;
};

std::unique_ptr<Built> buildFlat(Ca65Layout layout = {}) {
  auto b = std::make_unique<Built>();
  b->src.write("inc/consts.inc", "STEP = 3\n");
  b->main = b->src.write("main.s", kMain);
  b->helper = b->src.write("helper.s", kHelper);
  Ca65Options opts;
  opts.includeDirs = {b->src.dir() + "/inc"};
  b->r = assemble6502({b->main, b->helper}, layout, opts);
  return b;
}

TEST(Ca65, FlatLayoutPlacesSegments) {
  REQUIRE_CA65();
  auto b = buildFlat();
  const AsmResult& r = b->r;
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_TRUE(r.rom.empty());

  const ImageChunk* code = chunk(r, "CODE");
  ASSERT_NE(code, nullptr);
  EXPECT_EQ(code->address, 0x8000u);
  EXPECT_FALSE(code->ram);
  const std::vector<uint8_t> expected = {
      0xA9, 0x00,                    // lda #0
      0x18, 0x69, 0x03, 0x69, 0x03,  // add2 STEP
      0x85, 0x00,                    // sta px
      0xD0, 0xF7,                    // bne @loop
      0x20, 0x13, 0x80,              // jsr helper
      0x60,                          // rts
      0xA2, 0x01, 0xEA, 0x60,        // other
      0xA9, 0x07, 0x60,              // helper (second module)
  };
  EXPECT_EQ(code->bytes, expected);
  EXPECT_EQ(code->size, expected.size());

  const ImageChunk* ro = chunk(r, "RODATA");
  ASSERT_NE(ro, nullptr);
  EXPECT_EQ(ro->address, 0x8016u);
  EXPECT_EQ(ro->bytes, (std::vector<uint8_t>{1, 2, 3, 4, 0x34, 0x12}));

  const ImageChunk* zp = chunk(r, "ZEROPAGE");
  ASSERT_NE(zp, nullptr);
  EXPECT_TRUE(zp->ram);
  EXPECT_EQ(zp->address, 0u);
  EXPECT_EQ(zp->size, 3u);
  EXPECT_TRUE(zp->bytes.empty());
  const ImageChunk* bss = chunk(r, "BSS");
  ASSERT_NE(bss, nullptr);
  EXPECT_TRUE(bss->ram);
  EXPECT_EQ(bss->address, 0x200u);
  EXPECT_EQ(bss->size, 16u);
}

TEST(Ca65, SymbolsScopesAndSizes) {
  REQUIRE_CA65();
  auto b = buildFlat();
  const DebugInfo& d = b->r.debug;
  ASSERT_TRUE(b->r.ok) << b->r.diagnosticsText();

  EXPECT_EQ(d.addressOf("main"), 0x8000u);
  EXPECT_EQ(d.symbol("main")->size, 15u);
  EXPECT_EQ(d.addressOf("main::@loop"), 0x8002u);
  EXPECT_EQ(d.symbol("main::@loop")->scope, "main");
  EXPECT_EQ(d.addressOf("other"), 0x800Fu);
  EXPECT_EQ(d.addressOf("other::inner::deep"), 0x8011u);
  EXPECT_EQ(d.symbol("other::inner::deep")->scope, "other::inner");
  EXPECT_EQ(d.addressOf("helper"), 0x8013u);
  EXPECT_EQ(d.addressOf("table"), 0x8016u);
  EXPECT_EQ(d.symbol("table")->size, 4u);
  EXPECT_EQ(d.addressOf("px"), 0x00u);
  EXPECT_EQ(d.addressOf("py"), 0x01u);
  EXPECT_EQ(d.symbol("py")->size, 2u);
  EXPECT_EQ(d.addressOf("buf"), 0x200u);
  EXPECT_EQ(d.symbol("buf")->size, 16u);
  EXPECT_EQ(d.addressOf("helper_value"), 0x1234u);
  EXPECT_EQ(d.addressOf("STEP"), 3u);
  // A label beats an equate with the same value, and globals beat locals.
  EXPECT_EQ(d.nameAt(0x8000), "main");
  EXPECT_EQ(d.nameAt(0x8002), "main::@loop");
  EXPECT_EQ(d.nameAt(0x0000), "px");

  const DebugScope* main = scope(d, "main");
  ASSERT_NE(main, nullptr);
  EXPECT_EQ(main->start, 0x8000u);
  EXPECT_EQ(main->size, 15u);
  EXPECT_EQ(main->parent, "");
  const DebugScope* inner = scope(d, "other::inner");
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->parent, "other");
  EXPECT_EQ(inner->start, 0x8011u);

  bool haveCode = false;
  for (const auto& s : d.segments)
    if (s.name == "CODE") {
      haveCode = true;
      EXPECT_EQ(s.start, 0x8000u);
      EXPECT_EQ(s.size, 22u);
    }
  EXPECT_TRUE(haveCode);
}

TEST(Ca65, DebugLinesMapAddressesToTheRightSourceLines) {
  REQUIRE_CA65();
  auto b = buildFlat();
  const DebugInfo& d = b->r.debug;
  ASSERT_TRUE(b->r.ok) << b->r.diagnosticsText();

  auto expectLine = [&](uint32_t addr, const std::string& file, int line) {
    auto w = d.lineFor(addr);
    ASSERT_TRUE(w) << std::hex << addr;
    EXPECT_EQ(w->file, file) << std::hex << addr;
    EXPECT_EQ(w->line, line) << std::hex << addr;
  };
  expectLine(0x8000, b->main, lineOf(kMain, "MARK:lda0"));
  expectLine(0x8001, b->main, lineOf(kMain, "MARK:lda0"));
  // Every byte of a macro expansion maps to the line that invoked it.
  for (uint32_t a = 0x8002; a <= 0x8006; ++a) expectLine(a, b->main, lineOf(kMain, "MARK:invoke"));
  expectLine(0x8007, b->main, lineOf(kMain, "MARK:sta"));
  expectLine(0x800B, b->main, lineOf(kMain, "MARK:jsr"));
  expectLine(0x8011, b->main, lineOf(kMain, "MARK:deep"));
  expectLine(0x8013, b->helper, lineOf(kHelper, "MARK:helper"));
  expectLine(0x0000, b->main, lineOf(kMain, "MARK:px"));

  // Breakpoints go the other way.
  EXPECT_EQ(d.addressesFor(b->main, lineOf(kMain, "MARK:jsr")), std::vector<uint32_t>{0x800B});
  EXPECT_EQ(d.addressesFor("helper.s", lineOf(kHelper, "MARK:helper")),
            std::vector<uint32_t>{0x8013});
  EXPECT_TRUE(d.addressesFor(b->main, lineOf(kMain, "MARK:macrobody")).empty());
  // The include file is listed too.
  EXPECT_NE(std::find(d.files.begin(), d.files.end(), b->src.dir() + "/inc/consts.inc"),
            d.files.end());
}

TEST(Ca65, SeparateRodataAndDataSegments) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("d.s", R"(.segment "CODE"
  lda table
  lda counter
.segment "RODATA"
table: .byte $AA, $BB
.segment "DATA"
counter: .byte $42, $43
.segment "BSS"
scratch: .res 4
)");
  Ca65Layout layout;
  layout.code = 0xC000;
  layout.rodata = 0xE000;
  AsmResult r = assemble6502({s}, layout);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  const ImageChunk* code = chunk(r, "CODE");
  ASSERT_NE(code, nullptr);
  EXPECT_EQ(code->address, 0xC000u);
  EXPECT_EQ(code->bytes, (std::vector<uint8_t>{0xAD, 0x00, 0xE0, 0xAD, 0x04, 0x02}));
  const ImageChunk* ro = chunk(r, "RODATA");
  ASSERT_NE(ro, nullptr);
  EXPECT_EQ(ro->address, 0xE000u);
  EXPECT_EQ(ro->bytes, (std::vector<uint8_t>{0xAA, 0xBB}));
  // DATA runs from RAM after BSS; its chunk holds the initial bytes there.
  const ImageChunk* data = chunk(r, "DATA");
  ASSERT_NE(data, nullptr);
  EXPECT_FALSE(data->ram);
  EXPECT_EQ(data->address, 0x204u);
  EXPECT_EQ(data->bytes, (std::vector<uint8_t>{0x42, 0x43}));
  EXPECT_EQ(r.debug.addressOf("counter"), 0x204u);
}

TEST(Ca65, FlatVectorsLandAtFFFA) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("v.s", R"(.segment "CODE"
reset: lda #1
.segment "VECTORS"
  .word reset, reset, reset
)");
  AsmResult r = assemble6502({s}, {});
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  const ImageChunk* v = chunk(r, "VECTORS");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->address, 0xFFFAu);
  EXPECT_EQ(v->bytes, (std::vector<uint8_t>{0x00, 0x80, 0x00, 0x80, 0x00, 0x80}));
  EXPECT_EQ(chunk(r, "CODE")->bytes, (std::vector<uint8_t>{0xA9, 0x01}));
}

TEST(Ca65, AssemblerErrorsPointAtTheLine) {
  REQUIRE_CA65();
  Sources src;
  const std::string text = R"(.segment "CODE"
  lda #0
  lda #300          ; range
.macro bad
  lda (1),x
.endmacro
  bad               ; invoke
)";
  std::string s = src.write("err.s", text);
  AsmResult r = assemble6502({s}, {});
  EXPECT_FALSE(r.ok);
  ASSERT_TRUE(hasErrors(r.diagnostics));
  bool range = false, macro = false, note = false;
  for (const auto& d : r.diagnostics) {
    if (d.severity == Diagnostic::Severity::Error && d.loc.file == s &&
        d.loc.line == lineOf(text, "; range")) {
      range = true;
      EXPECT_EQ(d.loc.col, 3) << d.str();  // first non-blank column
    }
    if (d.severity == Diagnostic::Severity::Error && d.loc.line == lineOf(text, "; invoke"))
      macro = true;
    if (d.severity == Diagnostic::Severity::Note && d.loc.line == lineOf(text, "(1),x"))
      note = true;
  }
  EXPECT_TRUE(range) << r.diagnosticsText();
  EXPECT_TRUE(macro) << r.diagnosticsText();
  EXPECT_TRUE(note) << r.diagnosticsText();
  // Printed form is file:line:col: error: message.
  EXPECT_NE(r.diagnosticsText().find(s + ":3:3: error: "), std::string::npos)
      << r.diagnosticsText();
}

TEST(Ca65, UndefinedSymbolColumnPointsAtTheName) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("undef.s", ".segment \"CODE\"\n  lda #0\n  jmp nowhere\n");
  AsmResult r = assemble6502({s}, {});
  EXPECT_FALSE(r.ok);
  ASSERT_FALSE(r.diagnostics.empty());
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Diagnostic::Severity::Error);
  EXPECT_EQ(d.loc.file, s);
  EXPECT_EQ(d.loc.line, 3);
  EXPECT_EQ(d.loc.col, 7) << d.str();  // where the undefined name is
  EXPECT_NE(d.message.find("nowhere"), std::string::npos);
}

TEST(Ca65, ErrorsFromEverySourceAreReported) {
  REQUIRE_CA65();
  Sources src;
  std::string a = src.write("a.s", ".segment \"CODE\"\n  bogus\n");
  std::string b = src.write("b.s", ".segment \"CODE\"\n  nop\n  lda #999\n");
  AsmResult r = assemble6502({a, b}, {});
  EXPECT_FALSE(r.ok);
  bool inA = false, inB = false;
  for (const auto& d : r.diagnostics) {
    if (d.severity != Diagnostic::Severity::Error) continue;
    if (d.loc.file == a && d.loc.line == 2) inA = true;
    if (d.loc.file == b && d.loc.line == 3) inB = true;
  }
  EXPECT_TRUE(inA && inB) << r.diagnosticsText();
}

TEST(Ca65, LinkerErrorsPointAtTheReferences) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("link.s", R"(.segment "CODE"
.import missing
  nop
  jsr missing
  lda missing
)");
  AsmResult r = assemble6502({s}, {});
  EXPECT_FALSE(r.ok);
  int refs = 0;
  for (const auto& d : r.diagnostics)
    if (d.severity == Diagnostic::Severity::Error && d.loc.file == s &&
        d.message.find("missing") != std::string::npos) {
      EXPECT_TRUE(d.loc.line == 4 || d.loc.line == 5) << d.str();
      ++refs;
    }
  EXPECT_EQ(refs, 2) << r.diagnosticsText();
}

TEST(Ca65, OverflowAndUnknownSegmentAreReported) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("big.s", ".segment \"ZEROPAGE\"\nvars: .res 300\n");
  AsmResult r = assemble6502({s}, {});
  EXPECT_FALSE(r.ok);
  bool overflow = false;
  for (const auto& d : r.diagnostics)
    if (d.message.find("overflows") != std::string::npos) {
      overflow = true;
      // Not the generated config, which means nothing to users: where the segment starts.
      EXPECT_EQ(d.loc.file, s) << d.str();
      EXPECT_EQ(d.loc.line, 1) << d.str();
      EXPECT_EQ(d.loc.col, 10) << d.str();
    }
  EXPECT_TRUE(overflow) << r.diagnosticsText();

  std::string t = src.write("seg.s", ".segment \"COLLIDE\"\n  nop\n");
  AsmResult r2 = assemble6502({t}, {});
  EXPECT_FALSE(r2.ok);
  EXPECT_NE(r2.diagnosticsText().find("COLLIDE"), std::string::npos) << r2.diagnosticsText();

  // The same segment is fine once the layout names it.
  Ca65Layout layout;
  layout.extraSegments = {"COLLIDE"};
  AsmResult r3 = assemble6502({t}, layout);
  ASSERT_TRUE(r3.ok) << r3.diagnosticsText();
  ASSERT_NE(chunk(r3, "COLLIDE"), nullptr);
  EXPECT_EQ(chunk(r3, "COLLIDE")->bytes, std::vector<uint8_t>{0xEA});
}

TEST(Ca65, LinkTimeAssertGivesSourceLocation) {
  REQUIRE_CA65();
  Sources src;
  std::string s =
      src.write("as.s", ".segment \"CODE\"\n  nop\n  .assert * = $9000, error, \"not there\"\n");
  AsmResult r = assemble6502({s}, {});
  EXPECT_FALSE(r.ok);
  bool found = false;
  for (const auto& d : r.diagnostics)
    if (d.severity == Diagnostic::Severity::Error && d.loc.file == s && d.loc.line == 3 &&
        d.message.find("not there") != std::string::npos)
      found = true;
  EXPECT_TRUE(found) << r.diagnosticsText();
}

const std::string kNromSource = R"(.segment "CODE"
reset: sei
  jmp reset
nmi: rti
.segment "RODATA"
msg: .byte "HI"
.segment "VECTORS"
  .word nmi, reset, nmi
)";

TEST(Ca65, NromBuildsAValidInesFile) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("game.s", kNromSource);
  Ca65Layout layout;
  layout.kind = Ca65Layout::Kind::Nrom;
  layout.verticalMirroring = true;
  AsmResult r = assemble6502({s}, layout);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  ASSERT_EQ(r.rom.size(), 16u + 0x8000 + 0x2000);
  EXPECT_EQ(std::vector<uint8_t>(r.rom.begin(), r.rom.begin() + 8),
            (std::vector<uint8_t>{'N', 'E', 'S', 0x1A, 2, 1, 0x01, 0x00}));
  for (int i = 8; i < 16; ++i) EXPECT_EQ(r.rom[i], 0);
  EXPECT_EQ(r.rom[16], 0x78);  // sei at $8000
  // Vectors at $FFFA..$FFFF: nmi=$8004, reset=$8000, irq=$8004.
  const size_t vec = 16 + 0x7FFA;
  EXPECT_EQ(std::vector<uint8_t>(r.rom.begin() + vec, r.rom.begin() + vec + 6),
            (std::vector<uint8_t>{0x04, 0x80, 0x00, 0x80, 0x04, 0x80}));
  EXPECT_EQ(r.rom[16 + 0x100], 0xFF);  // unused PRG is filled with $FF

  const ImageChunk* vectors = chunk(r, "VECTORS");
  ASSERT_NE(vectors, nullptr);
  EXPECT_EQ(vectors->address, 0xFFFAu);
  EXPECT_EQ(chunk(r, "HEADER"), nullptr);  // not in the CPU address space
  EXPECT_EQ(chunk(r, "RODATA")->bytes, (std::vector<uint8_t>{'H', 'I'}));
  EXPECT_EQ(r.debug.addressOf("reset"), 0x8000u);
  EXPECT_EQ(r.debug.addressOf("msg"), 0x8005u);
  auto w = r.debug.lineFor(0x8001);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->line, 3);
}

TEST(Ca65, Nrom16KWithChrFile) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("game.s", kNromSource);
  std::string chrData(0x2000, '\0');
  for (size_t i = 0; i < chrData.size(); ++i) chrData[i] = static_cast<char>(i * 7);
  std::string chr = src.write("tiles.chr", chrData);
  Ca65Layout layout;
  layout.kind = Ca65Layout::Kind::Nrom;
  layout.prgBanks = 1;
  layout.chrFile = chr;
  AsmResult r = assemble6502({s}, layout);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  ASSERT_EQ(r.rom.size(), 16u + 0x4000 + 0x2000);
  EXPECT_EQ(r.rom[4], 1);
  EXPECT_EQ(r.rom[6], 0);
  EXPECT_EQ(r.debug.addressOf("reset"), 0xC000u);
  EXPECT_EQ(chunk(r, "CODE")->address, 0xC000u);
  EXPECT_TRUE(std::equal(chrData.begin(), chrData.end(), r.rom.begin() + 16 + 0x4000,
                         [](char a, uint8_t b) { return static_cast<uint8_t>(a) == b; }));

  layout.chrFile = src.dir() + "/missing.chr";
  AsmResult bad = assemble6502({s}, layout);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.diagnosticsText().find("missing.chr"), std::string::npos);
}

TEST(Ca65, DefinesAndSideOutputs) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("def.s", ".segment \"CODE\"\nentry: lda #SPEED\n  rts\n");
  Ca65Options opts;
  opts.defines = {{"SPEED", "5"}};
  opts.dbgFile = src.dir() + "/out.dbg";
  opts.labelFile = src.dir() + "/out.lbl";
  opts.mapFile = src.dir() + "/out.map";
  AsmResult r = assemble6502({s}, {}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(chunk(r, "CODE")->bytes, (std::vector<uint8_t>{0xA9, 0x05, 0x60}));
  EXPECT_TRUE(std::filesystem::exists(opts.dbgFile));
  EXPECT_TRUE(std::filesystem::exists(opts.mapFile));
  std::ifstream lbl(opts.labelFile);
  std::string text((std::istreambuf_iterator<char>(lbl)), std::istreambuf_iterator<char>());
  DebugInfo d;
  std::vector<Diagnostic> diags;
  EXPECT_TRUE(parseViceLabels(text, d, diags));
  EXPECT_EQ(d.addressOf("entry"), 0x8000u);
}

TEST(Ca65, ScratchDirectoryIsRemoved) {
  REQUIRE_CA65();
  Sources src;
  std::string s = src.write("t.s", ".segment \"CODE\"\n  nop\n");
  std::string tmp = src.dir() + "/tmp";
  std::filesystem::create_directory(tmp);
  const char* old = std::getenv("TMPDIR");
  std::string saved = old ? old : "";
  setenv("TMPDIR", tmp.c_str(), 1);
  AsmResult r = assemble6502({s}, {});
  if (old)
    setenv("TMPDIR", saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_TRUE(std::filesystem::is_empty(tmp));

  // With a work directory (created when missing), the intermediate files stay.
  Ca65Options opts;
  opts.workDir = src.dir() + "/work/nested";
  ASSERT_TRUE(assemble6502({s}, {}, opts).ok);
  EXPECT_TRUE(std::filesystem::exists(opts.workDir + "/link.cfg"));
  EXPECT_TRUE(std::filesystem::exists(opts.workDir + "/image.dbg"));
}

TEST(Ca65, UnsavedBufferReplacesTheFileButKeepsItsName) {
  REQUIRE_CA65();
  Sources src;
  src.write("sub/k.inc", "K = 4\n");
  std::string path = src.write("sub/ed.s", ".segment \"CODE\"\n  nop\n");  // stale on disk
  std::string buffer = ".include \"k.inc\"\n.segment \"CODE\"\nentry:\n  lda #K\n";
  Ca65Options opts;
  opts.readFile = [&](const std::string& p) -> std::optional<std::string> {
    if (p == path) return buffer;
    return std::nullopt;
  };
  AsmResult r = assemble6502({path}, {}, opts);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(chunk(r, "CODE")->bytes, (std::vector<uint8_t>{0xA9, 0x04}));
  auto w = r.debug.lineFor(0x8000);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->file, path);
  EXPECT_EQ(w->line, 4);

  buffer = ".segment \"CODE\"\n  nop\n  lda #999\n";
  AsmResult bad = assemble6502({path}, {}, opts);
  EXPECT_FALSE(bad.ok);
  ASSERT_FALSE(bad.diagnostics.empty());
  EXPECT_EQ(bad.diagnostics[0].loc.file, path);
  EXPECT_EQ(bad.diagnostics[0].loc.line, 3);
  EXPECT_EQ(bad.diagnostics[0].loc.col, 3);  // found in the buffer, not the stale file
}

TEST(Ca65, MissingToolsAreReportedClearly) {
  Ca65Options opts;
  opts.ca65 = "collido-no-such-ca65";
  EXPECT_FALSE(ca65Available(opts));
  AsmResult r = assemble6502({"x.s"}, {}, opts);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].message,
            "collido-no-such-ca65 not found on PATH: install the Debian package cc65");
  EXPECT_EQ(ca65MissingMessage("ca65"), "ca65 not found on PATH: install the Debian package cc65");

  EXPECT_FALSE(assemble6502({}, {}).ok);
}

TEST(Ca65, MissingSourceFile) {
  REQUIRE_CA65();
  AsmResult r = assemble6502({"/nonexistent/collido/x.s"}, {});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(hasErrors(r.diagnostics));
  EXPECT_NE(r.diagnosticsText().find("x.s"), std::string::npos) << r.diagnosticsText();
}

TEST(Ca65, LinkerConfigShapes) {
  Ca65Layout flat;
  std::string cfg = ca65LinkerConfig(flat);
  EXPECT_NE(cfg.find("ZP: start = $0000, size = $0100"), std::string::npos) << cfg;
  EXPECT_NE(cfg.find("RAM: start = $0200, size = $0600"), std::string::npos) << cfg;
  EXPECT_NE(cfg.find("ROM: start = $8000, size = $8000"), std::string::npos) << cfg;
  EXPECT_EQ(cfg.find("HEADER"), std::string::npos) << cfg;

  Ca65Layout nrom;
  nrom.kind = Ca65Layout::Kind::Nrom;
  nrom.prgBanks = 1;
  cfg = ca65LinkerConfig(nrom);
  EXPECT_NE(cfg.find("PRG: start = $C000, size = $4000"), std::string::npos) << cfg;
  EXPECT_NE(cfg.find("VECTORS: load = PRG, type = ro, start = $FFFA"), std::string::npos) << cfg;
  EXPECT_NE(cfg.find("CHARS: load = CHR"), std::string::npos) << cfg;
}

}  // namespace
}  // namespace core
