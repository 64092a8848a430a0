// 6502 disassembler in ca65 syntax, driven by the shared opcode table.
//
//   auto line = emu6502::disassemble(pc, [&](uint16_t a) { return bus.peek(a); },
//                                    [&](uint16_t a) { return symbolAt(a); });
//   // line.text == "LDA player_x,X", line.length == 3
//
// Memory is read through a peek function, so disassembling has no side effects.
// The symbol callback returns the name of an address, or "" for none; names are
// used for every address operand (zero page, absolute, indirect, branch target).
//
// The text assembles back to the same bytes with ca65 (.setcpu "6502X"): a
// zero-page address in an absolute mode gets ca65's "a:" prefix, and the opcodes
// ca65 cannot spell (the duplicate NOPs, SBC $EB, ANC $2B, the JAMs other than
// $02) come out as ".byte" with the instruction in a comment.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "emu6502/bus.h"

namespace emu6502 {

using PeekFn = std::function<uint8_t(uint16_t addr)>;
using SymbolFn = std::function<std::string(uint16_t addr)>;

struct DisasmLine {
  std::string text;
  uint8_t length = 1;              // bytes, opcode included
  std::optional<uint16_t> target;  // address operand or branch target, if any
};

DisasmLine disassemble(uint16_t pc, const PeekFn& peek, const SymbolFn& symbols = {});
DisasmLine disassemble(uint16_t pc, const Bus& bus, const SymbolFn& symbols = {});

// The mnemonic as ca65 spells it (SBX -> AXS, LXA -> LAX).
const char* ca65Mnemonic(uint8_t opcode);
// True for opcodes ca65 would assemble from the same text to another opcode.
bool ca65NeedsByte(uint8_t opcode);

}  // namespace emu6502
