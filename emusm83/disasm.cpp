#include "emusm83/disasm.h"

#include <cctype>
#include <cstdio>

namespace emusm83 {
namespace {

std::string lower(const char* s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string signedDec(int v) {
  return std::to_string(v);
}

std::string named(uint16_t addr, SymbolUse use, const SymbolFn& symbols) {
  if (symbols) {
    std::string name = symbols(addr, use);
    if (!name.empty()) return name;
  }
  return hex16(addr);
}

}  // namespace

std::string hex8(uint8_t v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "$%02X", v);
  return buf;
}

std::string hex16(uint16_t v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "$%04X", v);
  return buf;
}

Disassembly disassemble(uint16_t pc, const PeekFn& peek, const SymbolFn& symbols) {
  Disassembly d;
  const uint8_t op = peek(pc);
  const bool cb = op == 0xCB;
  const uint8_t cbOp = cb ? peek(static_cast<uint16_t>(pc + 1)) : 0;
  const OpcodeInfo& info = cb ? kCbOpcodes[cbOp] : kOpcodes[op];
  d.info = &info;
  d.length = info.length;
  const uint16_t operandAddr = static_cast<uint16_t>(pc + (cb ? 2 : 1));
  const uint8_t b1 = info.length >= 2 && !cb ? peek(operandAddr) : 0;
  const uint8_t b2 = info.length >= 3 ? peek(static_cast<uint16_t>(operandAddr + 1)) : 0;
  const uint16_t n16 = static_cast<uint16_t>(b1 | (b2 << 8));

  if (!info.legal) {
    d.text = "db " + hex8(op);
    return d;
  }
  if (info.handler == Handler::Stop && b1 != 0) {
    d.text = "db " + hex8(op) + ", " + hex8(b1);
    return d;
  }

  auto format = [&](Operand o) -> std::string {
    switch (o) {
      case Operand::N8:
        return hex8(b1);
      case Operand::N16:
        return named(n16, SymbolUse::Value, symbols);
      case Operand::E8:
        return signedDec(static_cast<int8_t>(b1));
      case Operand::Rel8: {
        d.hasTarget = true;
        d.target = static_cast<uint16_t>(pc + 2 + static_cast<int8_t>(b1));
        return named(d.target, SymbolUse::Code, symbols);
      }
      case Operand::A16:
        d.hasTarget = true;
        d.target = n16;
        return named(n16, SymbolUse::Code, symbols);
      case Operand::MemA16:
        return "[" + named(n16, SymbolUse::Data, symbols) + "]";
      case Operand::MemHighA8:
        return "[" + named(static_cast<uint16_t>(0xFF00 | b1), SymbolUse::Data, symbols) + "]";
      case Operand::SpPlusE8: {
        const int e = static_cast<int8_t>(b1);
        return e < 0 ? "sp" + signedDec(e) : "sp+" + signedDec(e);
      }
      case Operand::Vector:
        d.hasTarget = true;
        d.target = info.value;
        return hex8(info.value);
      case Operand::BitIndex:
        return std::to_string(info.value);
      default:
        return operandName(o);
    }
  };

  d.text = lower(info.mnemonic);
  if (info.op1 != Operand::None) {
    d.text += ' ';
    d.text += format(info.op1);
    if (info.op2 != Operand::None) {
      d.text += ", ";
      d.text += format(info.op2);
    }
  }
  return d;
}

Disassembly disassemble(uint16_t pc, const Bus& bus, const SymbolFn& symbols) {
  return disassemble(
      pc, [&bus](uint16_t addr) { return bus.peek(addr); }, symbols);
}

Disassembly disassemble(uint16_t pc, std::span<const uint8_t> bytes, const SymbolFn& symbols) {
  return disassemble(
      pc,
      [&](uint16_t addr) -> uint8_t {
        const uint16_t off = static_cast<uint16_t>(addr - pc);
        return off < bytes.size() ? bytes[off] : 0;
      },
      symbols);
}

}  // namespace emusm83
