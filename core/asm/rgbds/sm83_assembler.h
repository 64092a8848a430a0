// The assembler half of the built-in rgbds-syntax SM83 assembler (internal; the
// public entry point is rgbasm.h). It reads one translation unit at a time: a
// stack of contexts (files, macro expansions, REPT/FOR iterations) yields lines;
// each line has its macro arguments and `{interpolations}` substituted, is
// tokenized (expanding EQUS symbols), and is run as a label, definition,
// directive, instruction or macro call. Bytes and unresolved expressions go into
// the sections of the shared Program; sm83_linker places and patches them.
//
// The implementation is split by concern: sm83_assembler.cpp (contexts, lines,
// conditionals, symbols), sm83_directives.cpp, sm83_instructions.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/asm/rgbds/sm83_expr.h"
#include "core/asm/rgbds/sm83_lexer.h"
#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_source.h"

namespace core::sm83 {

// The rgbds release the language follows, predeclared as __RGBDS_MAJOR__ etc.
inline constexpr int32_t kRgbdsMajor = 1, kRgbdsMinor = 0, kRgbdsPatch = 4;
inline constexpr const char* kRgbdsVersion = "1.0.4";

// Nested INCLUDE, macro and REPT levels: rgbasm's default (-r 64), and the most
// `OPT r` may ask for here (contexts are kept on a vector, not the C++ stack).
inline constexpr size_t kDefaultRecursionDepth = 64;
inline constexpr size_t kMaxRecursionDepth = 4096;

// Keywords (mnemonics first, then directives); looked up case-insensitively.
enum class Kw : uint8_t {
  None,
  ADC,
  ADD,
  AND,
  BIT,
  CALL,
  CCF,
  CP,
  CPL,
  DAA,
  DEC,
  DI,
  EI,
  HALT,
  INC,
  JP,
  JR,
  LD,
  LDH,
  LDI,
  LDD,
  LDHL,
  NOP,
  OR,
  POP,
  PUSH,
  RES,
  RET,
  RETI,
  RL,
  RLA,
  RLC,
  RLCA,
  RR,
  RRA,
  RRC,
  RRCA,
  RST,
  SBC,
  SCF,
  SET,
  SLA,
  SRA,
  SRL,
  STOP,
  SUB,
  SWAP,
  XOR,
  kLastMnemonic = XOR,
  SECTION,
  DB,
  DW,
  DL,
  DS,
  EQU,
  EQUS,
  DEF,
  REDEF,
  PURGE,
  IF,
  ELIF,
  ELSE,
  ENDC,
  REPT,
  FOR,
  ENDR,
  BREAK,
  MACRO,
  ENDM,
  SHIFT,
  INCLUDE,
  INCBIN,
  ASSERT,
  STATIC_ASSERT,
  EXPORT,
  GLOBAL,
  PRINT,
  PRINTLN,
  PRINTT,
  PRINTV,
  PRINTI,
  PRINTF,
  WARN,
  FAIL,
  OPT,
  PUSHO,
  POPO,
  PUSHS,
  POPS,
  ENDSECTION,
  CHARMAP,
  NEWCHARMAP,
  SETCHARMAP,
  PUSHC,
  POPC,
  RSRESET,
  RSSET,
  RB,
  RW,
  LOAD,
  ENDL,
  UNION,
  NEXTU,
  ENDU,
  ROM0,
  ROMX,
  VRAM,
  SRAM,
  WRAM0,
  WRAMX,
  OAM,
  HRAM,
  BANK,
  ALIGN,
  FRAGMENT,
};
Kw keyword(std::string_view word);
inline bool isMnemonic(Kw k) {
  return k != Kw::None && k <= Kw::kLastMnemonic;
}

struct AsmConfig {
  std::vector<std::string> includeDirs;
  std::function<std::optional<std::string>(const std::string& path)> readFile;
  std::vector<std::pair<std::string, std::string>> defines;
  std::string preinclude;
  int fixPrecision = 16;  // -Q
  uint64_t maxLines = 4'000'000;
  uint64_t maxIterations = 4'000'000;
  uint64_t maxExpandedBytes = 64ull << 20;
};

class Assembler : public EqusSource, public ExprNames {
 public:
  Assembler(const AsmConfig& cfg, Program& prog);
  // Assembles one source file as its own unit (like one rgbasm run).
  void assembleUnit(const std::string& path);

  // EqusSource / ExprNames
  const std::string* equs(std::string_view name) const override;
  bool nameOp(std::string_view name, int col, ExprOp& out, std::string& err) override;
  bool anonOp(int distance, int col, ExprOp& out, std::string& err) override;
  bool bankOp(std::string_view name, int col, ExprOp& out, std::string& err) override;
  bool isDefined(std::string_view name) override;
  bool stringValue(const std::string& s, int32_t& out) override;
  bool constValue(const Expr& e, int32_t& out, std::string& err) override;
  std::string mapChars(const std::string& s) override { return charmapped(s); }
  const std::string* stringSymbol(std::string_view name) override { return equs(name); }

 private:
  struct MacroArgs {
    std::vector<std::string> args;
    size_t shift = 0;
  };
  struct Macro {
    std::shared_ptr<const SrcLines> body;
    SrcPos pos;
  };
  enum class CtxKind : uint8_t { File, Macro, Rept };
  struct Context {
    CtxKind kind = CtxKind::File;
    std::shared_ptr<const SrcLines> lines;
    size_t next = 0;
    std::shared_ptr<MacroArgs> args;  // shared with REPTs nested inside a macro
    int64_t unique = -1;              // \@ number, -1 outside macros/REPT
    uint32_t remaining = 0;           // REPT iterations left, including the current one
    int forSym = -1;
    int32_t forValue = 0;
    int32_t forStep = 0;
    size_t ifDepth = 0;
    SrcPos callPos;
    std::string name;
    int debugLine = -1;  // Program::lines entry that covers the whole expansion
  };
  struct IfFrame {
    bool active = true;
    bool taken = true;
    bool seenElse = false;
    SrcPos pos;
  };
  struct Capture {
    enum Kind { None, Macro, Rept } kind = None;
    std::string name;
    SrcPos pos;
    int depth = 0;
    size_t level = 0;  // context depth that owns the captured lines
    std::shared_ptr<SrcLines> body;
    uint32_t count = 0;
    int forSym = -1;
    int32_t forStart = 0;
    int32_t forStep = 0;
  };
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

  // --- sm83_assembler.cpp: sources, contexts, lines, conditionals, symbols
  // A source (or INCBIN file) of at most `maxBytes`; nullopt when it cannot be
  // read, with readError_ set when it exists but is refused (a device, a FIFO,
  // too large) rather than missing.
  std::optional<std::string> readFile(const std::string& path, uint64_t maxBytes) const;
  int fileIndex(const std::string& path);
  // Splits (and caches) a source file; `text` is its contents when already read.
  std::shared_ptr<const SrcLines> loadSource(const std::string& path, const std::string* text);
  // Finds an INCLUDE/INCBIN file: as named, beside the including file, then in includeDirs.
  // Returns its contents (empty with `cached` set when a source of that path is cached).
  std::optional<std::string> resolveInclude(const std::string& name, std::string& resolved,
                                            bool useCache, bool* cached, uint64_t maxBytes) const;
  void defineConstant(const std::string& full, SymKind kind, int32_t value, std::string text,
                      bool redef, int col);
  bool pushContext(Context&& c, int col);
  void run();
  const SrcLine* fetch();
  void endContext();
  void checkIfBalance(size_t depth);
  void captureLine(const SrcLine& line);
  void finishCapture();
  void skipLine(const SrcLine& line);
  void processLine(const SrcLine& line);
  bool substitute(std::string_view in, std::string& out);
  bool interpolate(std::string_view in, std::string& out);
  // Expands the `{[spec:]name}` starting at in[i], inner braces first; i ends on its '}'.
  bool interpolation(std::string_view in, size_t& i, std::string& out, int depth);
  // Reports a line expanded past kMaxLineBytes; always false.
  bool lineTooLong(int col, const char* how);
  // Charges `bytes` of expanded text to the budget; false (a fatal error) once it is spent.
  bool spendExpansion(uint64_t bytes, int col);
  void statement(Token t);
  void invokeMacro(const std::string& name, const Macro& m, std::string_view argText, int col);
  bool expectEnd();
  void error(int col, std::string msg);
  void warning(int col, std::string msg);
  void notes();
  Symbol& symbolAt(int idx) { return unit_->symbols[static_cast<size_t>(idx)]; }
  int findSymbol(std::string_view fullName) const;
  int getSymbol(std::string_view fullName);
  bool fullName(std::string_view name, std::string& out, std::string& err) const;
  void defineLabel(std::string_view name, bool exported, int col);
  void defineAnonLabel(int col);
  bool parseExpr(Expr& e, bool stopAtPlusC = false);
  bool constExpr(int32_t& out, const char* what);
  EvalResult eval(const Expr& e) const;
  MacroArgs* currentArgs() const;

  // --- sm83_directives.cpp
  void directive(Kw kw, const Token& t);
  void definition(const Token& nameTok, std::string_view name, bool redef);
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
  void dirUnion(Kw kw, int col);
  void dirAlign(int col);
  void dirCharmapSwitch(Kw kw, int col);
  void dirLoad(int col);
  void dirOpt(Kw kw, int col);
  void endLoad();
  // The offset in the LOAD section of the ROM section's offset `romOffset`.
  uint32_t loadOffset(uint32_t romOffset) const {
    return load_.base + (romOffset - load_.romStart);
  }
  void dirRs(int width, const std::string& name, int col);
  bool readString(std::string& out, const char* what);
  std::string charmapped(const std::string& s) const;

  // --- sm83_instructions.cpp
  void instruction(Kw kw, const Token& t);
  bool parseOperand(Operand& op);
  bool needCode(int col);
  void emitByte(uint8_t b);
  void emitValue(PatchKind kind, const Expr& e, int col);
  void resolveOrPatch(PatchKind kind, const Expr& e, uint32_t offset, int col);
  void encode(Kw kw, int n, int col);
  bool grow(uint32_t n, int col);

  const AsmConfig& cfg_;
  Program& prog_;
  StringMap<int> fileIndex_;
  StringMap<std::shared_ptr<const SrcLines>> sourceCache_;
  mutable std::string readError_;  // why the last readFile() refused a file that exists

  // Per-unit state.
  int unitIdx_ = 0;
  Unit* unit_ = nullptr;
  StringMap<Macro> macros_;
  std::vector<Context> contexts_;
  std::vector<IfFrame> ifs_;
  int skipNest_ = 0;
  Capture capture_;
  int section_ = -1;
  std::vector<int> sectionStack_;
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
  // What OPT changes and PUSHO/POPO save: the lexer's digits and precision, and
  // the nesting limit (OPT r, rgbasm -r).
  struct OptState {
    Lexer::Digits digits;
    size_t maxDepth = kDefaultRecursionDepth;
  };
  std::vector<OptState> optStack_;
  size_t maxDepth_ = kDefaultRecursionDepth;
  std::string scope_;
  int anonCount_ = 0;
  int32_t rs_ = 0;
  int64_t uniqueCounter_ = 0;
  StringMap<uint8_t> charmap_;
  size_t charmapMaxLen_ = 0;
  std::string charmapName_ = "main";
  StringMap<StringMap<uint8_t>> charmaps_;
  std::vector<std::string> charmapStack_;
  int equsCount_ = 0;
  uint64_t linesDone_ = 0;
  uint64_t iterationsDone_ = 0;
  uint64_t expandedBytes_ = 0;
  int errors_ = 0;
  bool fatal_ = false;
  std::string fileName_;  // __FILE__ of the current line, quoted

  // Per-line state.
  SrcPos pos_;
  Lexer lx_;
  uint32_t stmtStart_ = 0;  // section offset where the statement started (`@`, jr)
  Operand ops_[3];
  std::string lineBuf_, lineBuf2_;
};

}  // namespace core::sm83
