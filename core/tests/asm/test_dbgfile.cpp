// The ld65 --dbgfile reader, on hand-written files in ld65's format 2.0.
#include <gtest/gtest.h>

#include <random>

#include "core/asm/ca65/dbgfile.h"

namespace core {
namespace {

// Two modules: m.s (with an include and a macro) and h.s. CODE at $8000,
// RODATA after it, ZEROPAGE at $00, a HEADER segment outside the CPU map.
const char* kDbg =
    "version\tmajor=2,minor=0\n"
    "info\tcsym=0,file=3,lib=0,line=9,mod=2,scope=6,seg=5,span=10,sym=12,type=1\n"
    "file\tid=0,name=\"m.s\",size=400,mtime=0x6B027380,mod=0\n"
    "file\tid=1,name=\"inc/k.inc\",size=10,mtime=0x6B027380,mod=0\n"
    "file\tid=2,name=\"h.s\",size=60,mtime=0x6B027380,mod=1\n"
    "line\tid=0,file=0,line=20,span=3\n"                 // lda #0        $8000 (2)
    "line\tid=1,file=0,line=22,span=4\n"                 // macro call   $8002 (5)
    "line\tid=2,file=0,line=10,type=2,count=1,span=5\n"  // macro body $8002 (1)
    "line\tid=3,file=0,line=23,span=6\n"                 // sta          $8007 (2)
    "line\tid=4,file=0,line=4,span=0\n"                  // zp var       $0000 (1)
    "line\tid=5,file=1,line=2,span=7\n"                  // included     $8009 (1)
    "line\tid=6,file=2,line=3,span=8\n"                  // h.s          $800A (3)
    "line\tid=7,file=0,line=30,span=9+1\n"               // two spans: whole RODATA and a sub-range
    "line\tid=8,file=0,line=1,span=2\n"                  // header bytes: not CPU visible
    "mod\tid=0,name=\"m.o\",file=0\n"
    "mod\tid=1,name=\"h.o\",file=2\n"
    "seg\tid=0,name=\"CODE\",start=0x008000,size=0x000D,addrsize=absolute,type=ro,"
    "oname=\"out.bin\",ooffs=0\n"
    "seg\tid=1,name=\"RODATA\",start=0x00800D,size=0x0004,addrsize=absolute,type=ro,"
    "oname=\"out.bin\",ooffs=13\n"
    "seg\tid=2,name=\"ZEROPAGE\",start=0x000000,size=0x0003,addrsize=zeropage,type=rw\n"
    "seg\tid=3,name=\"HEADER\",start=0x000000,size=0x0010,addrsize=absolute,type=ro,"
    "oname=\"out.nes\",ooffs=0\n"
    "seg\tid=4,name=\"NULL\",start=0x000000,size=0x0000,addrsize=absolute,type=rw\n"
    "span\tid=0,seg=2,start=0,size=1\n"
    "span\tid=1,seg=1,start=1,size=2\n"
    "span\tid=2,seg=3,start=0,size=16\n"
    "span\tid=3,seg=0,start=0,size=2\n"
    "span\tid=4,seg=0,start=2,size=5\n"
    "span\tid=5,seg=0,start=2,size=1\n"
    "span\tid=6,seg=0,start=7,size=2\n"
    "span\tid=7,seg=0,start=9,size=1\n"
    "span\tid=8,seg=0,start=10,size=3\n"
    "span\tid=9,seg=1,start=0,size=4,type=0\n"
    "scope\tid=0,name=\"\",mod=0,size=10,span=3+4\n"
    "scope\tid=1,name=\"main\",mod=0,type=scope,size=9,parent=0,sym=1,span=3+4+6\n"
    "scope\tid=2,name=\"inner\",mod=0,type=scope,size=1,parent=1,span=7\n"
    "scope\tid=3,name=\"Ent\",mod=0,type=struct,size=3,parent=0\n"
    "scope\tid=4,name=\"Dir\",mod=0,type=enum,parent=0\n"
    "scope\tid=5,name=\"\",mod=1,size=3,span=8\n"
    "sym\tid=0,name=\"helper\",addrsize=absolute,scope=0,def=6,ref=3,type=imp,exp=11\n"
    "sym\tid=1,name=\"main\",addrsize=absolute,size=9,scope=0,def=0,val=0x8000,seg=0,type=lab\n"
    "sym\tid=2,name=\"@loop\",addrsize=absolute,parent=1,def=1,val=0x8002,seg=0,type=lab\n"
    "sym\tid=3,name=\"deep\",addrsize=absolute,size=1,scope=2,def=5,val=0x8009,seg=0,type=lab\n"
    "sym\tid=4,name=\"xpos\",addrsize=zeropage,size=1,scope=3,def=7,val=0x0,type=equ\n"
    "sym\tid=5,name=\"Left\",addrsize=zeropage,scope=4,def=3,val=0x0,type=equ\n"
    "sym\tid=6,name=\"ZERO\",addrsize=zeropage,scope=0,def=3,val=0x0,type=equ\n"
    "sym\tid=7,name=\"px\",addrsize=zeropage,size=1,scope=0,def=4,val=0x0,seg=2,type=lab\n"
    "sym\tid=8,name=\"table\",addrsize=absolute,size=4,scope=0,def=7,val=0x800D,seg=1,type=lab\n"
    "sym\tid=9,name=\"hdr\",addrsize=absolute,scope=0,def=8,val=0x0,seg=3,type=lab\n"
    "sym\tid=10,name=\"tmp\",addrsize=zeropage,scope=1,def=0,val=0x2,type=equ\n"
    "sym\tid=11,name=\"helper\",addrsize=absolute,size=3,scope=5,def=6,val=0x800A,seg=0,type=lab\n"
    "type\tid=0,val=\"800420\"\n";

struct Parsed {
  DebugInfo d;
  std::vector<Diagnostic> diags;
  std::vector<DbgSegmentInfo> segs;
  bool ok = false;
};

Parsed parse(const std::string& text, std::vector<std::string> skip = {"HEADER"}) {
  Parsed p;
  DbgParseOptions opts;
  opts.fileName = "x.dbg";
  opts.skipSegments = std::move(skip);
  p.ok = parseDbgFile(text, p.d, p.diags, opts, &p.segs);
  return p;
}

std::string allDiags(const std::vector<Diagnostic>& diags) {
  std::string s;
  for (const auto& d : diags) s += d.str() + "\n";
  return s;
}

TEST(DbgFile, FilesSegmentsAndOutputs) {
  Parsed p = parse(kDbg);
  ASSERT_TRUE(p.ok) << allDiags(p.diags);
  EXPECT_TRUE(p.diags.empty()) << allDiags(p.diags);
  EXPECT_EQ(p.d.files, (std::vector<std::string>{"m.s", "inc/k.inc", "h.s"}));
  ASSERT_EQ(p.segs.size(), 5u);
  EXPECT_EQ(p.segs[1].name, "RODATA");
  EXPECT_EQ(p.segs[1].start, 0x800Du);
  EXPECT_EQ(p.segs[1].outputName, "out.bin");
  EXPECT_EQ(p.segs[1].outputOffset, 13);
  EXPECT_EQ(p.segs[2].outputOffset, -1);  // zero page is never written
  EXPECT_EQ(p.segs[2].addrSize, "zeropage");
  // Empty and skipped segments are not listed as debug segments.
  std::vector<std::string> names;
  for (const auto& s : p.d.segments) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"CODE", "RODATA", "ZEROPAGE"}));
}

TEST(DbgFile, LinesMapAddressesBackToSource) {
  Parsed p = parse(kDbg);
  ASSERT_TRUE(p.ok) << allDiags(p.diags);
  auto at = [&](uint32_t a) {
    auto w = p.d.lineFor(a);
    return w ? w->file + ":" + std::to_string(w->line) : std::string("none");
  };
  EXPECT_EQ(at(0x8000), "m.s:20");
  EXPECT_EQ(at(0x8001), "m.s:20");
  // The macro body line (type=2) is dropped; its bytes belong to the call.
  EXPECT_EQ(at(0x8002), "m.s:22");
  EXPECT_EQ(at(0x8006), "m.s:22");
  EXPECT_EQ(at(0x8007), "m.s:23");
  EXPECT_EQ(at(0x8009), "inc/k.inc:2");
  EXPECT_EQ(at(0x800A), "h.s:3");
  EXPECT_EQ(at(0x800C), "h.s:3");
  EXPECT_EQ(at(0x800D), "m.s:30");  // both spans of line 30
  EXPECT_EQ(at(0x800E), "m.s:30");
  EXPECT_EQ(at(0x0000), "m.s:4");  // zero page var, not the (skipped) header
  EXPECT_EQ(at(0x0005), "none");
  EXPECT_TRUE(p.d.addressesFor("m.s", 10).empty());
  EXPECT_EQ(p.d.addressesFor("m.s", 23), std::vector<uint32_t>{0x8007});
  for (size_t i = 1; i < p.d.lines.size(); ++i)
    EXPECT_LE(p.d.lines[i - 1].address, p.d.lines[i].address);
}

TEST(DbgFile, SymbolNamesScopesAndSizes) {
  Parsed p = parse(kDbg);
  ASSERT_TRUE(p.ok) << allDiags(p.diags);
  const DebugInfo& d = p.d;
  EXPECT_EQ(d.addressOf("main"), 0x8000u);
  EXPECT_EQ(d.symbol("main")->size, 9u);
  EXPECT_EQ(d.addressOf("main::@loop"), 0x8002u);
  EXPECT_EQ(d.symbol("main::@loop")->scope, "main");
  EXPECT_EQ(d.addressOf("main::inner::deep"), 0x8009u);
  EXPECT_EQ(d.symbol("main::inner::deep")->scope, "main::inner");
  EXPECT_EQ(d.addressOf("main::tmp"), 2u);
  EXPECT_EQ(d.addressOf("helper"), 0x800Au);
  EXPECT_EQ(d.symbol("helper")->size, 3u);
  EXPECT_EQ(d.symbol("table")->size, 4u);
  EXPECT_EQ(d.addressOf("ZERO"), 0u);
  EXPECT_FALSE(d.symbol("ZERO")->isLabel);  // an equate: never shown as an address name
  EXPECT_FALSE(d.symbol("main::tmp")->isLabel);
  EXPECT_TRUE(d.symbol("main")->isLabel);
  EXPECT_TRUE(d.symbol("px")->isLabel);
  // Imports are listed once (at their definition), struct/enum members and
  // symbols in skipped segments not at all.
  int helpers = 0;
  for (const auto& s : d.symbols) {
    if (s.name == "helper") ++helpers;
    EXPECT_NE(s.name, "Ent::xpos");
    EXPECT_NE(s.name, "Dir::Left");
    EXPECT_NE(s.name, "hdr");
  }
  EXPECT_EQ(helpers, 1);
  // Labels come before equates, so a zero-page label wins over ZERO = 0.
  EXPECT_EQ(d.nameAt(0x0000), "px");

  ASSERT_EQ(d.scopes.size(), 2u);
  EXPECT_EQ(d.scopes[0].name, "main");
  EXPECT_EQ(d.scopes[0].parent, "");
  EXPECT_EQ(d.scopes[0].start, 0x8000u);
  EXPECT_EQ(d.scopes[0].size, 9u);
  EXPECT_EQ(d.scopes[1].name, "main::inner");
  EXPECT_EQ(d.scopes[1].parent, "main");
  EXPECT_EQ(d.scopes[1].start, 0x8009u);
}

TEST(DbgFile, RepeatBlockLinesPreferTheSmallestRange) {
  // ca65 gives a .repeat's closing line a span over the whole block.
  const char* text =
      "version\tmajor=2,minor=0\n"
      "file\tid=0,name=\"r.s\",size=1,mtime=0x1,mod=0\n"
      "seg\tid=0,name=\"CODE\",start=0x8000,size=6,addrsize=absolute,type=ro,oname=\"o\",ooffs=0\n"
      "span\tid=0,seg=0,start=0,size=2\n"
      "span\tid=1,seg=0,start=2,size=2\n"
      "span\tid=2,seg=0,start=4,size=2\n"
      "span\tid=3,seg=0,start=0,size=6\n"
      "line\tid=0,file=0,line=4,span=3\n"
      "line\tid=1,file=0,line=3,count=1,span=2+1+0\n";
  Parsed p = parse(text);
  ASSERT_TRUE(p.ok) << allDiags(p.diags);
  for (uint32_t a = 0x8000; a < 0x8006; ++a) EXPECT_EQ(p.d.lineFor(a)->line, 3) << a;
}

TEST(DbgFile, MalformedLinesAreReportedWithTheirLineNumber) {
  const char* text =
      "version\tmajor=2,minor=0\n"                             // 1
      "file\tid=0,name=\"m.s\",size=1,mtime=0x1,mod=0\n"       // 2
      "seg\tid=0,name=\"CODE\",start=0x8000,size=4,type=ro\n"  // 3
      "span\tid=0,seg=0,start=0,size=2\n"                      // 4
      "span\tid=1,seg=0,start=zz,size=2\n"                     // 5 bad number
      "line\tid=0,file=0,line=7,span=0\n"                      // 6 ok
      "line\tid=1,file=9,line=8,span=0\n"                      // 7 unknown file
      "line\tid=2,file=0,line=9,span=44\n"                     // 8 unknown span
      "sym\tid=0,name=\"broken,val=0x8000\n"                   // 9 unterminated string
      "sym\tid=1 name=\"x\"\n"                                 // 10 no '='
      "bogus\tid=0\n"                                          // 11 unknown record
      "line\tfile=0,line=3\n"                                  // 12 no id
      "sym\tid=2,name=\"ok\",scope=7,val=0x8001,type=lab\n"    // 13 unknown scope
      "span\tid=0,seg=0,start=0,size=1\n"                      // 14 duplicate id
      "line\tid=3,file=0,line=12,span=1+\n"                    // 15 bad list
      "sym\tid=3,name=\"good\",val=0x8002,type=lab\n";         // 16 ok
  Parsed p = parse(text);
  EXPECT_FALSE(p.ok);
  std::vector<int> lines;
  for (const auto& d : p.diags) {
    EXPECT_EQ(d.loc.file, "x.dbg");
    EXPECT_EQ(d.severity, Diagnostic::Severity::Error) << d.str();
    lines.push_back(d.loc.line);
  }
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<int>{5, 7, 8, 9, 10, 11, 12, 13, 14, 15})) << allDiags(p.diags);
  // Good records around the bad ones are still read.
  EXPECT_EQ(p.d.lineFor(0x8000)->line, 7);
  EXPECT_EQ(p.d.addressOf("good"), 0x8002u);
  // Columns point into the line.
  for (const auto& d : p.diags)
    if (d.loc.line == 5) {
      EXPECT_EQ(d.loc.col, 17) << d.str();  // the "start" key
    }
}

TEST(DbgFile, VersionAndEmptyInput) {
  Parsed future = parse("version\tmajor=3,minor=0\nfile\tid=0,name=\"a\"\n");
  EXPECT_FALSE(future.ok);
  ASSERT_FALSE(future.diags.empty());
  EXPECT_NE(future.diags[0].message.find("version 3"), std::string::npos);

  Parsed empty = parse("");
  EXPECT_TRUE(empty.ok);  // nothing wrong, but say it does not look like a dbg file
  ASSERT_EQ(empty.diags.size(), 1u);
  EXPECT_EQ(empty.diags[0].severity, Diagnostic::Severity::Warning);

  Parsed crlf = parse("version\tmajor=2,minor=0\r\nfile\tid=0,name=\"a.s\"\r\n");
  EXPECT_TRUE(crlf.ok) << allDiags(crlf.diags);
  EXPECT_EQ(crlf.d.files, std::vector<std::string>{"a.s"});
}

TEST(DbgFile, CircularScopesDoNotHang) {
  const char* text =
      "version\tmajor=2,minor=0\n"
      "scope\tid=0,name=\"a\",parent=1\n"
      "scope\tid=1,name=\"b\",parent=0\n"
      "sym\tid=0,name=\"x\",scope=0,val=0x10,type=lab\n";
  Parsed p = parse(text);
  EXPECT_FALSE(p.ok);
  EXPECT_TRUE(p.d.scopes.empty());
  EXPECT_TRUE(p.d.symbols.empty());
}

TEST(DbgFile, RandomGarbageNeverCrashes) {
  std::mt19937 rng(1234);
  const std::string alphabet = "version\tmajorfilesegspanlinescopesym=,\"+0x123456789ABCDEF\n ";
  const std::string base = kDbg;
  for (int round = 0; round < 300; ++round) {
    std::string text = base;
    int edits = 1 + static_cast<int>(rng() % 20);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[pos] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(pos, rng() % 8);
          break;
        default:
          text.insert(pos, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
    }
    Parsed p = parse(text);
    for (const auto& d : p.diags) EXPECT_GT(d.loc.line, 0) << d.str();
  }
}

}  // namespace
}  // namespace core
