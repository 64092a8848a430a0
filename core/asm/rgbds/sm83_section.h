// The sections of the built-in SM83 assembler (internal, see rgbasm.h): the one
// being assembled into, the PUSHS stack, UNION blocks, the LOAD block (bytes go to
// the ROM section, labels to the LOAD section), and the output: bytes, the patches
// the linker fills in, and the line records of the debug info. The sections
// themselves are the Program's, so the linker places those of every unit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/rgbds/sm83_expr.h"
#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_reporter.h"
#include "core/asm/rgbds/sm83_symbol.h"

namespace core::sm83 {

class Sections {
 public:
  Sections(Program& prog, Reporter& rep, Symbols& syms) : prog_(prog), rep_(rep), syms_(syms) {}
  void beginUnit(int unitIdx);
  // Reports a LOAD or UNION still open at the end of the unit.
  void endUnit();

  // The current section (-1: none) and its size.
  int current() const { return section_; }
  bool open() const { return section_ >= 0; }
  Section& cur() { return prog_.sections[static_cast<size_t>(section_)]; }
  const Section& cur() const { return prog_.sections[static_cast<size_t>(section_)]; }
  uint32_t size() const { return section_ >= 0 ? cur().size : 0; }

  // Where the statement being assembled started (`@`, jr); set for every line.
  void beginStatement() { stmtStart_ = size(); }
  uint32_t statementStart() const { return stmtStart_; }
  // Records the bytes a line of `file` put into `section` from `startSize` (debug info).
  void recordLine(int section, uint32_t startSize, int file, int line);

  // SECTION: switches to `sec`, a new section or a piece of a FRAGMENT or UNION one.
  void openSection(Section sec, int nameCol);
  void pushSection();
  bool popSection(int col);
  void endSection() { section_ = -1; }
  int unit() const { return unitIdx_; }

  // LOAD: may a block start here (ends an open one with a warning)? Then `target`
  // becomes the section labels go to, while bytes go on into the current one.
  bool canLoad(int col);
  void beginLoad(Section target, int nameCol);
  bool inLoad() const { return load_.section >= 0; }
  void endLoad();  // ENDL; also restores the label scope of before LOAD
  // Where a label defined now goes: the section (-1: none) and the offset in it.
  int labelSection() const {
    return section_ < 0 ? -1 : load_.section >= 0 ? load_.section : section_;
  }
  int32_t labelOffset() const {
    return static_cast<int32_t>(load_.section >= 0 ? loadOffset(size()) : size());
  }
  // `@` and BANK(@) in an expression.
  bool pcOp(int col, ExprOp& out, std::string& err) const;
  bool bankPcOp(int col, ExprOp& out, std::string& err) const;

  void unionBlock(bool isUnion, bool isEnd, int col);  // UNION, NEXTU, ENDU
  void align(int32_t bits, int32_t offset, int col);   // the ALIGN directive
  // The bytes `ds ALIGN[bits, offset]` adds; false (reported) when not known here.
  bool alignPadding(int32_t bits, int32_t offset, int col, int32_t& count) const;

  // Code and data: a ROM section must be open (reported otherwise).
  bool needCode(int col);
  // Adds `n` bytes (zeros in ROM, reserved in RAM); a section past its region is fatal.
  bool grow(uint32_t n, int col);
  void emitByte(uint8_t b, int col);
  // Emits the value of `e`: stored now when known, a patch for the linker otherwise.
  void emitValue(PatchKind kind, const Expr& e, int col);
  void resolveOrPatch(PatchKind kind, const Expr& e, uint32_t offset, int col);
  void emitBytes(const std::string& data, size_t start, size_t length, int col);

 private:
  // The offset in the LOAD section of the ROM section's offset `romOffset`.
  uint32_t loadOffset(uint32_t romOffset) const {
    return load_.base + (romOffset - load_.romStart);
  }

  Program& prog_;
  Reporter& rep_;
  Symbols& syms_;
  int unitIdx_ = 0;
  int section_ = -1;
  uint32_t stmtStart_ = 0;
  std::vector<int> stack_;  // PUSHS
  struct UnionFrame {
    int section;
    uint32_t start;
    uint32_t max;
    SrcPos pos;
  };
  std::vector<UnionFrame> unions_;
  struct LoadBlock {
    int section = -1;       // where labels go; -1 outside LOAD
    uint32_t romStart = 0;  // current section's size at LOAD
    uint32_t base = 0;      // the LOAD section's size at LOAD
    std::string scope;
    SrcPos pos;
  };
  LoadBlock load_;
};

}  // namespace core::sm83
