// Debugger expressions: the conditions of breakpoints and the watch list.
//
//   A == $10 && [entity_x] > 40
//   [player_y].w >= $0120 || CF
//   (HL & $FF) != 0
//
// Operands: numbers ($10, 0x10, %1010, 16), CPU registers by name (6502: A X Y
// S P PC and the flags C Z I D V N; SM83: A F B C D E H L AF BC DE HL SP PC and
// the flags ZF NF HF CF), labels and constants from the routine's debug info
// (a label is its address), and memory reads: `[expr]` is the byte at the
// address, `[expr].w` the little-endian word, `.sb` / `.sw` the signed forms.
// Operators, C precedence: ! ~ - (unary), * / %, + -, << >>, & ^ |, comparisons
// (== != < <= > >=, giving 0 or 1), && and ||. Values are 64-bit signed.
//
// A parse error names the column: "col 7: expected an operand, found '&&'".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/sim/machine.h"

namespace core {

// What an expression reads when it is evaluated.
struct ExprContext {
  std::vector<RegisterValue> registers;   // the machine's registers() at that point
  std::string flagNames;                  // the machine's flagNames()
  uint32_t flags = 0;                     // and flagBits()
  std::function<uint8_t(uint16_t)> read;  // memory, without side effects
};

class DebugExpr {
 public:
  DebugExpr();
  ~DebugExpr();
  DebugExpr(const DebugExpr&);
  DebugExpr& operator=(const DebugExpr&);
  DebugExpr(DebugExpr&&) noexcept;
  DebugExpr& operator=(DebugExpr&&) noexcept;

  // Parses `text` for `cpu` with names from `dbg`. Errors name the column.
  static std::optional<DebugExpr> parse(const std::string& text, Cpu cpu, const DebugInfo& dbg,
                                        std::string* error);

  int64_t eval(const ExprContext& ctx) const;
  const std::string& text() const { return text_; }
  // The address when the whole expression is a plain memory location (a
  // label, "$0300" or "label+2"): what a watch shows as bytes. nullopt otherwise.
  std::optional<uint16_t> plainAddress() const { return plainAddress_; }

  struct Node;

 private:
  std::string text_;
  std::vector<Node> nodes_;  // postfix program
  std::optional<uint16_t> plainAddress_;
};

// Registers an expression may name for `cpu` ("A", "X", ... / "A", "BC", ...).
std::vector<std::string> exprRegisterNames(Cpu cpu);

}  // namespace core
