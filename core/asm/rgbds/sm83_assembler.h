// The assembler half of the built-in rgbds-syntax SM83 assembler (internal; the
// public entry point is rgbasm.h). It reads one translation unit at a time: the
// context stack (files, macro expansions, REPT/FOR iterations) yields lines; each
// line has its macro arguments and `{interpolations}` substituted, is tokenized
// (expanding EQUS symbols), and is run as a label, definition, directive,
// instruction or macro call. Bytes and unresolved expressions go into the sections
// of the shared Program; sm83_linker places and patches them.
//
// The state is split by owner, as rgbasm's is: ContextStack (sm83_fstack.h), Macros
// and interpolation (sm83_macro.h), Sections and output (sm83_section.h), Symbols
// (sm83_symbol.h), Charmaps (sm83_charmap.h); every owner reports through one
// Reporter (sm83_reporter.h). Assembler is the statement dispatcher on top: it owns
// only the lexer, the current line and the OPT stack, parses each statement
// (sm83_assembler.cpp: lines and statements, sm83_directives.cpp, sm83_options.cpp,
// sm83_instructions.cpp) and hands the result to the owner of the state it changes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/rgbds/sm83_charmap.h"
#include "core/asm/rgbds/sm83_config.h"
#include "core/asm/rgbds/sm83_expr.h"
#include "core/asm/rgbds/sm83_fstack.h"
#include "core/asm/rgbds/sm83_keywords.h"
#include "core/asm/rgbds/sm83_lexer.h"
#include "core/asm/rgbds/sm83_macro.h"
#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_reporter.h"
#include "core/asm/rgbds/sm83_section.h"
#include "core/asm/rgbds/sm83_source.h"
#include "core/asm/rgbds/sm83_symbol.h"

namespace core::sm83 {

class Assembler : public EqusSource, public ExprNames {
 public:
  Assembler(const AsmConfig& cfg, Program& prog);
  // Assembles one source file as its own unit (like one rgbasm run).
  void assembleUnit(const std::string& path);

  // EqusSource / ExprNames
  const std::string* equs(std::string_view name) const override { return syms_.equs(name); }
  bool nameOp(std::string_view name, int col, ExprOp& out, std::string& err) override;
  bool anonOp(int distance, int col, ExprOp& out, std::string& err) override {
    return syms_.anonOp(distance, col, out, err);
  }
  bool bankOp(std::string_view name, int col, ExprOp& out, std::string& err) override;
  bool isDefined(std::string_view name) override;
  bool stringValue(const std::string& s, int32_t& out) override;
  bool constValue(const Expr& e, int32_t& out, std::string& err) override;
  std::string mapChars(const std::string& s) override { return charmaps_.map(s); }
  std::vector<std::string> charUnits(const std::string& s) override { return charmaps_.units(s); }
  const std::string* stringSymbol(std::string_view name) override { return syms_.equs(name); }
  bool sectionTypeRange(std::string_view name, int32_t& start, int32_t& size) override;

 private:
  enum class OpKind : uint8_t {
    None,
    R8,
    R16,
    Cond,
    IndBC,
    IndDE,
    IndHLI,
    IndHLD,
    IndC,
    Mem,
    Imm,
    SpRel
  };
  struct Operand {
    OpKind kind = OpKind::None;
    int reg = 0;       // R8: 0-7 (6 = [hl]); R16: 0 bc 1 de 2 hl 3 sp 4 af; Cond: 0 nz 1 z 2 nc 3 c
    bool isC = false;  // the R8 `c`, which may also be the condition
    int col = 0;
    Expr expr;
  };

  // --- sm83_assembler.cpp: the line loop and statements
  void run();
  void processLine(const SrcLine& line);
  void statement(Token t);
  void invokeMacro(const std::string& name, const Macro& m, std::string_view argText, int col);
  bool expectEnd();
  void error(int col, std::string msg) { rep_.error(col, std::move(msg)); }
  void warning(int col, std::string msg) { rep_.warning(col, std::move(msg)); }
  bool parseExpr(Expr& e, bool stopAtPlusC = false);
  bool constExpr(int32_t& out, const char* what);
  // The value of `e`, which must be known now; reported (naming `what`) when it is not.
  bool constValueOf(const Expr& e, int32_t& out, const char* what);
  bool readString(std::string& out, const char* what);

  // --- sm83_directives.cpp
  void directive(Kw kw, const Token& t);
  void definition(const Token& nameTok, std::string_view name, bool redef);
  void compoundAssignment(const std::string& full, const Token& opTok, int col, bool redef);
  void dirSymbols(Kw kw);  // EXPORT, GLOBAL, PURGE
  // Reads `"name", TYPE[addr], BANK[n], ALIGN[n, ofs]` into `sec`; false (reported) if bad.
  bool parseSection(bool fragment, Section& sec, int& nameCol);
  void dirSection(bool fragment);
  void dirData(int width);
  void dirDs();
  void dirIf(Kw kw, int col);
  void dirRept(bool isFor, int col);
  void dirMacro(int col);
  void beginMacro(const std::string& name, int col);
  void dirInclude(int col);
  void dirIncbin(int col);
  void dirAssert(bool isStatic, int col);

  // --- sm83_options.cpp: OPT, PUSHO, POPO; LOAD, ALIGN and the charmap directives
  void dirOpt(Kw kw, int col);
  void dirPrint(bool newline);
  void dirLoad(int col);
  void dirAlign(int col);
  void dirCharmap(Kw kw, int col);

  // --- sm83_instructions.cpp
  void instruction(Kw kw, const Token& t);
  bool parseOperand(Operand& op);
  void encode(Kw kw, int n, int col);

  const AsmConfig& cfg_;
  Program& prog_;
  // The state owners, each constructed after those it reads.
  Reporter rep_;
  Symbols syms_;
  Charmaps charmaps_;
  Sections sections_;
  Macros macros_;
  ContextStack contexts_;

  // What OPT changes and PUSHO/POPO save: the lexer's digits and precision, and
  // the nesting limit (OPT r, rgbasm -r).
  struct OptState {
    Lexer::Digits digits;
    size_t maxDepth = kDefaultRecursionDepth;
  };
  std::vector<OptState> optStack_;

  // Per-line state.
  Lexer lx_;
  Operand ops_[3];
  std::string lineBuf_, lineBuf2_;
};

}  // namespace core::sm83
