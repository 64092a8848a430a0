// Reader for the debug info file ld65 writes with `--dbgfile` (format 2.x, the
// one cc65's own dbginfo module reads). Each line is a record type, a tab, and
// comma-separated `key=value` pairs; records point at each other by id:
//
//   file  id=0,name="main.s",...          a source or include file
//   seg   id=0,name="CODE",start=0x8000,size=0x16,...,oname="out.bin",ooffs=0
//   span  id=3,seg=0,start=2,size=5       a byte range inside a segment
//   line  id=7,file=0,line=16,span=3      a source line and the spans it produced
//   scope id=1,name="main",type=scope,parent=0,sym=5,span=12,size=15
//   sym   id=5,name="main",scope=0,val=0x8000,seg=0,size=15,type=lab
//
// parseDbgFile turns these into DebugInfo. Naming conventions it applies:
//  - symbols inside .proc/.scope are "outer::inner::name", with DebugSymbol::scope
//    set to "outer::inner";
//  - cheap locals (@name) are keyed with the label they belong to: "main::@loop";
//  - struct and enum members are offsets, not addresses, and are left out; so are
//    imports (their export is listed once, where it is defined);
//  - labels come before equates in `symbols`, so DebugInfo::nameAt prefers a
//    label over a constant that happens to have the same value;
//  - lines produced inside a macro body (type=2) are not listed: the line that
//    invoked the macro covers the same bytes and is the one the user wrote.
// A malformed line gives a diagnostic with its line number and is skipped; the
// rest of the file is still read. The result is true when no error was reported.
//
// Each line becomes a compact typed record as it is read (numbers parsed, names kept),
// so the file's text need not be held: parseDbgStream reads a file of any size a real
// build writes line by line. ld65 writes lines before the spans and segments they
// point at, so records are resolved once the whole file is read.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/asm/diagnostic.h"

namespace core {

// A `seg` record as ld65 wrote it, including where its bytes went.
struct DbgSegmentInfo {
  std::string name;
  uint32_t start = 0;  // run address
  uint32_t size = 0;
  std::string type;           // "ro", "rw", ...
  std::string addrSize;       // "zeropage", "absolute", ...
  std::string outputName;     // file the bytes were written to; empty for bss/zp
  int64_t outputOffset = -1;  // offset of the bytes in outputName; -1 when not written
};

struct DbgParseOptions {
  std::string fileName;                   // used in diagnostics' locations
  std::vector<std::string> skipSegments;  // segments outside the CPU address space (HEADER, CHARS)
  // Bank of each banked segment by name (the .dbg records none: the caller works it out
  // from DbgSegmentInfo::outputOffset and the mapper); lines and labels in the segment
  // take it. Segments not listed are bank 0.
  std::map<std::string, int> segmentBanks;
};

bool parseDbgFile(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                  const DbgParseOptions& opts = {},
                  std::vector<DbgSegmentInfo>* segments = nullptr);

// Sets the options (skipped segments, banks) from the segments, once all are read.
using DbgPlan = std::function<void(const std::vector<DbgSegmentInfo>&, DbgParseOptions&)>;

// The same, from a stream read a line at a time; `plan`, when given, is called with the
// segments before the records are resolved (the banks come from where each segment's
// bytes went), so one read of the file is enough.
bool parseDbgStream(std::istream& in, DebugInfo& out, std::vector<Diagnostic>& diags,
                    DbgParseOptions opts = {}, const DbgPlan& plan = {},
                    std::vector<DbgSegmentInfo>* segments = nullptr);

}  // namespace core
