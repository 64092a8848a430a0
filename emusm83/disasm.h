// SM83 disassembler: one instruction at a time, in rgbds syntax, driven by the
// opcode table (emusm83/opcodes.h). Memory is read through a peek function, so it
// never disturbs a bus; names for addresses come from an optional symbol callback.
//
//   auto d = emusm83::disassemble(pc, [&](uint16_t a) { return bus.peek(a); });
//   // d.text == "ld a, [hl+]", d.length == 1
//
// Output is exactly what rgbasm accepts, so it round-trips through an rgbds
// assembler: lower-case mnemonics and registers, `$` hex with upper-case digits,
// ALU ops spelled with their `a, ` destination ("add a, b", "cp a, $10"),
// "ld [hl+], a", "ldh [c], a", "ldh [$FF80], a", "ld hl, sp+5", "add sp, -3",
// "jp hl", "rst $38", "bit 3, [hl]", and jr/jp/call targets as absolute addresses or
// symbols ("jr nz, .loop"). STOP is 2 bytes ("stop" = $10 $00); a STOP followed by a
// non-zero byte and the 11 illegal opcodes are printed as `db` so they re-assemble to
// the same bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "emusm83/bus.h"
#include "emusm83/opcodes.h"

namespace emusm83 {

// How an address is used, so a symbol table can prefer code or data labels.
enum class SymbolUse : uint8_t {
  Code,   // jr/jp/call/rst target
  Data,   // memory operand: [n16], ldh [n16]
  Value,  // 16-bit immediate: ld rr, n16
};

using PeekFn = std::function<uint8_t(uint16_t addr)>;
// Returns the name to print for addr, or an empty string to print the number.
using SymbolFn = std::function<std::string(uint16_t addr, SymbolUse use)>;

struct Disassembly {
  std::string text;                  // "jr nz, $0150"
  uint8_t length = 1;                // bytes, prefix included
  const OpcodeInfo* info = nullptr;  // kOpcodes or kCbOpcodes entry
  bool hasTarget = false;            // jr/jp/call/rst with a fixed target
  uint16_t target = 0;
};

Disassembly disassemble(uint16_t pc, const PeekFn& peek, const SymbolFn& symbols = nullptr);
Disassembly disassemble(uint16_t pc, const Bus& bus, const SymbolFn& symbols = nullptr);
// Disassembles from a byte buffer that starts at address pc; bytes past the end read as 0.
Disassembly disassemble(uint16_t pc, std::span<const uint8_t> bytes,
                        const SymbolFn& symbols = nullptr);

std::string hex8(uint8_t v);    // "$3E"
std::string hex16(uint16_t v);  // "$FF80"

}  // namespace emusm83
