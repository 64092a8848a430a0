// Debug information shared by both toolchains: which source line produced each
// address, and which symbol names which address. The ca65/ld65 driver fills it
// from ld65's --dbgfile (or a VICE -Ln label file); the built-in SM83 assembler
// fills it directly. The debugger, memory view and frame runner only read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/diagnostic.h"

namespace core {

struct DebugSymbol {
  std::string name;      // fully qualified for locals: "Parent.local" / "scope::name"
  uint32_t address = 0;  // CPU address
  int bank = 0;          // ROM/RAM bank, 0 when unbanked
  uint32_t size = 0;     // bytes, 0 when unknown
  std::string scope;     // enclosing scope name, empty at top level
  bool isLabel = true;   // false for constants (ca65 `=`/.set equates): never shown as addresses
  int defFile = -1;      // where it is defined (index into DebugInfo::files), -1 when unknown
  int defLine = 0;       // 1-based
};

struct DebugLine {
  uint32_t address = 0;  // first CPU address produced by the line
  uint32_t size = 0;     // bytes produced
  int bank = 0;
  int file = 0;  // index into DebugInfo::files
  int line = 0;  // 1-based
};

struct DebugSegment {
  std::string name;
  uint32_t start = 0;
  uint32_t size = 0;
  int bank = 0;
};

struct DebugScope {
  std::string name;
  std::string parent;  // empty for the top level
  uint32_t start = 0;
  uint32_t size = 0;
};

// A name the linker made, not the user: ld65's segment and memory-area symbols
// (`__RAM_START__`, `__CODE_LOAD__`, any `__NAME__`) and SDCC's area start and length
// (`s__DATA`, `l__DATA`). Where a user's label names the same byte, it is the one shown.
bool isLinkerSymbol(const std::string& name);

struct DebugInfo {
  std::vector<std::string> files;  // paths as given to the assembler
  std::vector<DebugLine> lines;    // sorted by address after finalize()
  std::vector<DebugSymbol> symbols;
  std::vector<DebugSegment> segments;
  std::vector<DebugScope> scopes;

  // Sorts lines by address so the lookups below can binary-search.
  void finalize();

  struct Where {
    std::string file;
    int line = 0;
  };
  // The source line whose bytes contain `address`, if any.
  std::optional<Where> lineFor(uint32_t address, int bank = -1) const;
  // Exact symbol lookup (case-sensitive).
  std::optional<uint32_t> addressOf(const std::string& name) const;
  const DebugSymbol* symbol(const std::string& name) const;
  // The name of the symbol at exactly `address`, preferring the user's over the linker's
  // (isLinkerSymbol), then non-local names; empty if none.
  std::string nameAt(uint32_t address) const;
  // All addresses produced by `file:line` (for breakpoints set in the source view).
  std::vector<uint32_t> addressesFor(const std::string& file, int line) const;
};

}  // namespace core
