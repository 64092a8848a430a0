#include "emu6502/disasm.h"

#include <cstdio>
#include <cstring>

#include "emu6502/opcodes.h"

namespace emu6502 {
namespace {

std::string hex8(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "$%02X", v & 0xFF);
  return buf;
}

std::string hex16(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "$%04X", v & 0xFFFF);
  return buf;
}

}  // namespace

const char* ca65Mnemonic(uint8_t opcode) {
  const char* m = kOpcodes[opcode].mnemonic;
  if (std::strcmp(m, "SBX") == 0) return "AXS";
  if (std::strcmp(m, "LXA") == 0) return "LAX";
  return m;
}

bool ca65NeedsByte(uint8_t opcode) {
  // clang-format off
  switch (opcode) {
    case 0x1A: case 0x3A: case 0x5A: case 0x7A: case 0xDA: case 0xFA:  // NOP (ca65: $EA)
    case 0x82: case 0x89: case 0xC2: case 0xE2:                        // NOP # ($80)
    case 0x44: case 0x64:                                              // NOP zp ($04)
    case 0x34: case 0x54: case 0x74: case 0xD4: case 0xF4:             // NOP zp,X ($14)
    case 0x3C: case 0x5C: case 0x7C: case 0xDC: case 0xFC:             // NOP abs,X ($1C)
    case 0xEB:                                                         // SBC # ($E9)
    case 0x2B:                                                         // ANC # ($0B)
    case 0x12: case 0x22: case 0x32: case 0x42: case 0x52: case 0x62:  // JAM ($02)
    case 0x72: case 0x92: case 0xB2: case 0xD2: case 0xF2:
      return true;
  }
  // clang-format on
  return false;
}

DisasmLine disassemble(uint16_t pc, const PeekFn& peek, const SymbolFn& symbols) {
  const uint8_t op = peek(pc);
  const OpcodeInfo& info = kOpcodes[op];
  const uint8_t b1 = info.size > 1 ? peek(static_cast<uint16_t>(pc + 1)) : 0;
  const uint8_t b2 = info.size > 2 ? peek(static_cast<uint16_t>(pc + 2)) : 0;
  const uint16_t word = static_cast<uint16_t>(b1 | (b2 << 8));

  DisasmLine line;
  line.length = info.size;
  auto name = [&](uint16_t addr, bool zeroPage) {
    if (symbols) {
      std::string s = symbols(addr);
      if (!s.empty()) return s;
    }
    return zeroPage ? hex8(addr) : hex16(addr);
  };
  // ca65 picks zero page for any operand below $100 unless told "a:".
  auto absolute = [&](uint16_t addr) {
    std::string s = name(addr, false);
    if (addr < 0x100) s = "a:" + s;
    return s;
  };

  std::string operand;
  switch (info.mode) {
    case AddrMode::Imp:
      break;
    case AddrMode::Acc:
      operand = "A";
      break;
    case AddrMode::Imm:
      operand = "#" + hex8(b1);
      break;
    case AddrMode::Zp:
      operand = name(b1, true);
      line.target = b1;
      break;
    case AddrMode::Zpx:
      operand = name(b1, true) + ",X";
      line.target = b1;
      break;
    case AddrMode::Zpy:
      operand = name(b1, true) + ",Y";
      line.target = b1;
      break;
    case AddrMode::Izx:
      operand = "(" + name(b1, true) + ",X)";
      line.target = b1;
      break;
    case AddrMode::Izy:
      operand = "(" + name(b1, true) + "),Y";
      line.target = b1;
      break;
    case AddrMode::Abs:
      operand = absolute(word);
      line.target = word;
      break;
    case AddrMode::Abx:
      operand = absolute(word) + ",X";
      line.target = word;
      break;
    case AddrMode::Aby:
      operand = absolute(word) + ",Y";
      line.target = word;
      break;
    case AddrMode::Ind:
      operand = "(" + name(word, false) + ")";
      line.target = word;
      break;
    case AddrMode::Rel: {
      const uint16_t target = static_cast<uint16_t>(pc + 2 + static_cast<int8_t>(b1));
      operand = name(target, false);
      line.target = target;
      break;
    }
  }
  std::string insn = ca65Mnemonic(op);
  if (!operand.empty()) insn += " " + operand;
  if (ca65NeedsByte(op)) {
    std::string bytes = ".byte " + hex8(op);
    if (info.size > 1) bytes += ", " + hex8(b1);
    if (info.size > 2) bytes += ", " + hex8(b2);
    line.text = bytes + "  ; " + insn;
  } else {
    line.text = std::move(insn);
  }
  return line;
}

DisasmLine disassemble(uint16_t pc, const Bus& bus, const SymbolFn& symbols) {
  return disassemble(
      pc, [&bus](uint16_t a) { return bus.peek(a); }, symbols);
}

}  // namespace emu6502
