// What the built-in SM83 assembler hands to its linker (internal, see rgbasm.h):
// sections with bytes and patches, per-unit symbol tables, line records and
// link-time assertions. One Unit per source file given to assembleSm83, like one
// rgbasm object file; sections are global so the linker can place them all.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/asm/diagnostic.h"
#include "core/asm/rgbds/sm83_expr.h"

namespace core::sm83 {

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
// A string-keyed map that can be searched with a string_view.
template <typename V>
using StringMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

// A position in the sources: index into Program::files, 1-based line and column.
struct SrcPos {
  int file = -1;
  int line = 0;
  int col = 0;
};

enum class SectionType : uint8_t { Rom0, Romx, Vram, Sram, Wram0, Wramx, Oam, Hram };

struct RegionInfo {
  const char* name;
  uint32_t start;
  uint32_t size;
  int minBank;
  int maxBank;
  bool rom;
};
const RegionInfo& regionInfo(SectionType t);

// rgblink's memory-layout flags: -t (ROM0 is 32 KiB, no ROMX), -w (WRAM0 is 8 KiB,
// no WRAMX) and -d (DMG: -w, and VRAM has one bank).
struct LinkModes {
  bool tiny = false;
  bool wram0 = false;
  bool dmg = false;
};
// The region a section type has under `m` (size and banks changed by the flags).
RegionInfo linkRegion(SectionType t, const LinkModes& m);
// The flag that leaves type `t` out (e.g. "-w" for WRAMX), or nullptr.
const char* excludedBy(SectionType t, const LinkModes& m);

enum class PatchKind : uint8_t {
  Byte,     // -128..255
  Word,     // -32768..65535, little endian
  Long,     // 32 bits
  Jr,       // signed offset from the end of the 2-byte jr
  Ldh,      // $00-$FF or $FF00-$FFFF, low byte stored
  Signed8,  // add sp, e8 / ld hl, sp+e8
  Rst,      // vector 0..$38, multiple of 8: stored as $C7 | vector
  Bit,      // bit index 0..7 or'ed into bits 5-3 of the stored byte
};

struct Patch {
  uint32_t offset = 0;    // where the value goes in the section
  uint32_t pcOffset = 0;  // start of the instruction, for jr
  PatchKind kind = PatchKind::Byte;
  int unit = 0;
  SrcPos pos;
  Expr expr;
};

struct Section {
  std::string name;
  SectionType type = SectionType::Rom0;
  int unit = 0;
  int32_t fixedAddress = -1;
  int fixedBank = -1;
  int alignBits = 0;
  uint32_t alignOffset = 0;
  bool fragment = false;
  bool isUnion = false;   // SECTION UNION: pieces overlap from the start
  uint32_t unionMax = 0;  // biggest earlier piece
  SrcPos pos;
  std::vector<uint8_t> data;  // ROM sections
  uint32_t size = 0;          // bytes used (== data.size() for ROM)
  std::vector<Patch> patches;
  SourceLoc scriptLoc;  // the linker script line that placed it (file empty: none)
  bool merged = false;  // a FRAGMENT piece the linker appended to the first one
  // Link results.
  bool placed = false;
  uint32_t address = 0;
  int bank = 0;
};

enum class SymKind : uint8_t { Undefined, Label, Equ, Var, Equs };

struct Symbol {
  std::string name;
  SymKind kind = SymKind::Undefined;
  bool exported = false;
  bool anonymous = false;
  bool builtin = false;
  int section = -1;   // labels
  int32_t value = 0;  // labels: offset in section; Equ/Var: value
  std::string text;   // EQUS
  std::string scope;  // labels: parent global label for locals
  SrcPos defined;
  SrcPos firstUse;
};

struct Unit {
  std::vector<Symbol> symbols;
  StringMap<int> byName;
};

struct LineRec {
  int section = -1;
  uint32_t offset = 0;
  uint32_t size = 0;
  int file = 0;
  int line = 0;
};

struct Assertion {
  enum Level { Warn, Error, Fatal } level = Error;
  int unit = 0;
  SrcPos pos;
  Expr expr;
  std::string message;
};

struct Program {
  LinkModes modes;
  std::vector<std::string> files;
  std::vector<Section> sections;
  std::vector<Unit> units;
  std::vector<LineRec> lines;
  std::vector<Assertion> assertions;
  std::vector<Diagnostic> diagnostics;
  std::string printed;  // what PRINT and PRINTLN wrote (rgbasm writes it to stdout)

  SourceLoc loc(const SrcPos& p) const {
    SourceLoc l;
    if (p.file >= 0 && p.file < static_cast<int>(files.size())) l.file = files[p.file];
    l.line = p.line;
    l.col = p.col;
    return l;
  }
  void diag(Diagnostic::Severity sev, const SrcPos& p, std::string msg) {
    diagnostics.push_back(Diagnostic{sev, loc(p), std::move(msg)});
  }
  void error(const SrcPos& p, std::string msg) {
    diag(Diagnostic::Severity::Error, p, std::move(msg));
  }
};

}  // namespace core::sm83
