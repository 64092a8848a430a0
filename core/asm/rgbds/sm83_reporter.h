// Where the built-in SM83 assembler is and what it has said (internal, see rgbasm.h):
// the position of the line being assembled, errors and warnings there with their
// "in expansion of macro" / "included from" notes, the error cap, and the fatal stop
// that ends a unit. Every state owner of the assembler reports through one Reporter.
#pragma once

#include <string>

#include "core/asm/rgbds/sm83_program.h"

namespace core::sm83 {

class ContextStack;

class Reporter {
 public:
  explicit Reporter(Program& prog) : prog_(prog) {}
  // Where the notes come from (the stack of files, macros and REPTs).
  void setContexts(const ContextStack* contexts) { contexts_ = contexts; }

  // The line being assembled; `col` is the current statement's column.
  SrcPos pos;
  SrcPos at(int col) const { return SrcPos{pos.file, pos.line, col}; }

  // An error at column `col` of the current line, with notes; nothing once stopped.
  void error(int col, std::string msg);
  void warning(int col, std::string msg);
  // An error at a remembered position (an unterminated block), counted, without notes.
  void errorAt(const SrcPos& where, std::string msg);
  // Ends the unit: no more lines are read and no more errors are said.
  void stop() { fatal_ = true; }
  bool fatal() const { return fatal_; }
  void beginUnit() {
    fatal_ = false;
    pos = SrcPos{};
  }

 private:
  Program& prog_;
  const ContextStack* contexts_ = nullptr;
  int errors_ = 0;  // over all units, like rgbasm's error cap
  bool fatal_ = false;
};

}  // namespace core::sm83
