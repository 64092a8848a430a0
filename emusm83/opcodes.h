// The one SM83 opcode table: an entry per unprefixed opcode (kOpcodes) and per
// CB-prefixed opcode (kCbOpcodes). The CPU selects its handler and reads register
// fields from it, the disassembler prints mnemonics and operands from it, and the UI
// shows length and cycles from it, so the three cannot drift apart.
//
// The table is computed at compile time from the opcode's bit fields (x = bits 7-6,
// y = bits 5-3, z = bits 2-0, p = bits 5-4), the way the chip decodes them, instead of
// being written out case by case. Handler names follow SameBoy (ld_rr_d16, jr_cc_r8).
//
// Operands are listed in rgbds order (destination first). Mnemonics are upper case
// here; the disassembler prints them lower case.
#pragma once

#include <array>
#include <cstdint>

namespace emusm83 {

enum class Handler : uint8_t {
  // unprefixed
  Nop,
  Stop,
  Halt,
  Di,
  Ei,
  Illegal,
  Prefix,
  LdRrD16,
  LdMrrA,
  LdAMrr,
  LdA16Sp,
  IncRr,
  DecRr,
  AddHlRr,
  IncR,
  IncMhl,
  DecR,
  DecMhl,
  LdRD8,
  LdMhlD8,
  Rlca,
  Rrca,
  Rla,
  Rra,
  Daa,
  Cpl,
  Scf,
  Ccf,
  JrR8,
  JrCcR8,
  LdRR,
  LdRMhl,
  LdMhlR,
  AluAR,
  AluAMhl,
  AluAD8,
  RetCc,
  Ret,
  Reti,
  PopRr,
  PushRr,
  JpCcA16,
  JpA16,
  JpHl,
  CallCcA16,
  CallA16,
  Rst,
  LdhA8A,
  LdhAA8,
  LdhCA,
  LdhAC,
  LdA16A,
  LdAA16,
  AddSpR8,
  LdHlSpR8,
  LdSpHl,
  // CB-prefixed
  ShiftR,
  ShiftMhl,
  BitNR,
  BitNMhl,
  ResNR,
  ResNMhl,
  SetNR,
  SetNMhl,
};

const char* handlerName(Handler h);  // SameBoy-style: "ld_rr_d16", "jr_cc_r8", ...

enum class Operand : uint8_t {
  None,
  // 8-bit register field order, as encoded in the opcode bits (index 6 is [hl])
  B,
  C,
  D,
  E,
  H,
  L,
  MemHl,
  A,
  BC,
  DE,
  HL,
  SP,
  AF,
  MemBc,
  MemDe,
  MemHlInc,
  MemHlDec,   // [bc] [de] [hl+] [hl-]
  N8,         // immediate byte
  N16,        // immediate word (ld rr, n16)
  E8,         // signed immediate byte (add sp, e8)
  Rel8,       // jr target: signed offset from the next instruction
  A16,        // jp/call target
  MemA16,     // [n16]
  MemHighA8,  // ldh [$FF00+n8]
  MemHighC,   // ldh [c] = [$FF00+c]
  SpPlusE8,   // sp+e8 (ld hl, sp+e8)
  CondNz,
  CondZ,
  CondNc,
  CondC,
  Vector,    // rst target, in OpcodeInfo::value
  BitIndex,  // bit/res/set index, in OpcodeInfo::value
};

struct OpcodeInfo {
  const char* mnemonic;  // "LD", "LDH", "JR", "RLC", ...; "DB" for illegal opcodes
  Handler handler;
  Operand op1 = Operand::None;
  Operand op2 = Operand::None;
  uint8_t length = 1;       // bytes, prefix and opcode included
  uint8_t cycles = 1;       // M-cycles; for conditionals, when the condition fails
  uint8_t cyclesTaken = 1;  // M-cycles when the condition holds (= cycles otherwise)
  uint8_t value = 0;        // RST vector, bit index, ALU op or shift op (see below)
  bool legal = true;
};

// Opcode bit fields.
constexpr uint8_t opX(uint8_t op) {
  return op >> 6;
}
constexpr uint8_t opY(uint8_t op) {
  return (op >> 3) & 7;
}
constexpr uint8_t opZ(uint8_t op) {
  return op & 7;
}
constexpr uint8_t opP(uint8_t op) {
  return (op >> 4) & 3;
}

// 8-bit register field (0..7) to operand: B C D E H L [HL] A.
constexpr Operand r8Operand(uint8_t field) {
  return static_cast<Operand>(static_cast<uint8_t>(Operand::B) + (field & 7));
}
// 16-bit register field p for ld/inc/dec/add (BC DE HL SP) and push/pop (BC DE HL AF).
constexpr Operand r16Operand(uint8_t p) {
  constexpr Operand t[] = {Operand::BC, Operand::DE, Operand::HL, Operand::SP};
  return t[p & 3];
}
constexpr Operand r16StackOperand(uint8_t p) {
  constexpr Operand t[] = {Operand::BC, Operand::DE, Operand::HL, Operand::AF};
  return t[p & 3];
}
constexpr Operand condOperand(uint8_t cc) {
  return static_cast<Operand>(static_cast<uint8_t>(Operand::CondNz) + (cc & 3));
}

// ALU op field y of AluA*: ADD ADC SUB SBC AND XOR OR CP.
inline constexpr std::array<const char*, 8> kAluMnemonics = {"ADD", "ADC", "SUB", "SBC",
                                                             "AND", "XOR", "OR",  "CP"};
// Shift op field y of CB $00-$3F: RLC RRC RL RR SLA SRA SWAP SRL.
inline constexpr std::array<const char*, 8> kShiftMnemonics = {"RLC", "RRC", "RL",   "RR",
                                                               "SLA", "SRA", "SWAP", "SRL"};

constexpr bool isIllegalOpcode(uint8_t op) {
  switch (op) {
    case 0xD3:
    case 0xDB:
    case 0xDD:
    case 0xE3:
    case 0xE4:
    case 0xEB:
    case 0xEC:
    case 0xED:
    case 0xF4:
    case 0xFC:
    case 0xFD:
      return true;
    default:
      return false;
  }
}

constexpr OpcodeInfo decodeOpcode(uint8_t op) {
  using O = Operand;
  using H = Handler;
  const uint8_t x = opX(op), y = opY(op), z = opZ(op), p = opP(op);
  const bool q = y & 1;
  if (isIllegalOpcode(op)) return {"DB", H::Illegal, O::None, O::None, 1, 1, 1, 0, false};
  if (x == 1) {
    if (op == 0x76) return {"HALT", H::Halt};
    if (z == 6) return {"LD", H::LdRMhl, r8Operand(y), O::MemHl, 1, 2, 2};
    if (y == 6) return {"LD", H::LdMhlR, O::MemHl, r8Operand(z), 1, 2, 2};
    return {"LD", H::LdRR, r8Operand(y), r8Operand(z)};
  }
  if (x == 2) {
    if (z == 6) return {kAluMnemonics[y], H::AluAMhl, O::A, O::MemHl, 1, 2, 2, y};
    return {kAluMnemonics[y], H::AluAR, O::A, r8Operand(z), 1, 1, 1, y};
  }
  if (x == 0) {
    switch (z) {
      case 0:
        switch (y) {
          case 0:
            return {"NOP", H::Nop};
          case 1:
            return {"LD", H::LdA16Sp, O::MemA16, O::SP, 3, 5, 5};
          case 2:
            return {"STOP", H::Stop, O::None, O::None, 2, 1, 1};
          case 3:
            return {"JR", H::JrR8, O::Rel8, O::None, 2, 3, 3};
          default:
            return {"JR", H::JrCcR8, condOperand(y - 4), O::Rel8, 2, 2, 3};
        }
      case 1:
        if (!q) return {"LD", H::LdRrD16, r16Operand(p), O::N16, 3, 3, 3};
        return {"ADD", H::AddHlRr, O::HL, r16Operand(p), 1, 2, 2};
      case 2: {
        constexpr O mem[] = {O::MemBc, O::MemDe, O::MemHlInc, O::MemHlDec};
        if (!q) return {"LD", H::LdMrrA, mem[p], O::A, 1, 2, 2};
        return {"LD", H::LdAMrr, O::A, mem[p], 1, 2, 2};
      }
      case 3:
        return {q ? "DEC" : "INC", q ? H::DecRr : H::IncRr, r16Operand(p), O::None, 1, 2, 2};
      case 4:
        if (y == 6) return {"INC", H::IncMhl, O::MemHl, O::None, 1, 3, 3};
        return {"INC", H::IncR, r8Operand(y)};
      case 5:
        if (y == 6) return {"DEC", H::DecMhl, O::MemHl, O::None, 1, 3, 3};
        return {"DEC", H::DecR, r8Operand(y)};
      case 6:
        if (y == 6) return {"LD", H::LdMhlD8, O::MemHl, O::N8, 2, 3, 3};
        return {"LD", H::LdRD8, r8Operand(y), O::N8, 2, 2, 2};
      default: {
        constexpr const char* names[] = {"RLCA", "RRCA", "RLA", "RRA", "DAA", "CPL", "SCF", "CCF"};
        constexpr H handlers[] = {H::Rlca, H::Rrca, H::Rla, H::Rra, H::Daa, H::Cpl, H::Scf, H::Ccf};
        return {names[y], handlers[y]};
      }
    }
  }
  // x == 3
  switch (z) {
    case 0:
      if (y < 4) return {"RET", H::RetCc, condOperand(y), O::None, 1, 2, 5};
      if (y == 4) return {"LDH", H::LdhA8A, O::MemHighA8, O::A, 2, 3, 3};
      if (y == 5) return {"ADD", H::AddSpR8, O::SP, O::E8, 2, 4, 4};
      if (y == 6) return {"LDH", H::LdhAA8, O::A, O::MemHighA8, 2, 3, 3};
      return {"LD", H::LdHlSpR8, O::HL, O::SpPlusE8, 2, 3, 3};
    case 1:
      if (!q) return {"POP", H::PopRr, r16StackOperand(p), O::None, 1, 3, 3};
      if (p == 0) return {"RET", H::Ret, O::None, O::None, 1, 4, 4};
      if (p == 1) return {"RETI", H::Reti, O::None, O::None, 1, 4, 4};
      if (p == 2) return {"JP", H::JpHl, O::HL};
      return {"LD", H::LdSpHl, O::SP, O::HL, 1, 2, 2};
    case 2:
      if (y < 4) return {"JP", H::JpCcA16, condOperand(y), O::A16, 3, 3, 4};
      if (y == 4) return {"LDH", H::LdhCA, O::MemHighC, O::A, 1, 2, 2};
      if (y == 5) return {"LD", H::LdA16A, O::MemA16, O::A, 3, 4, 4};
      if (y == 6) return {"LDH", H::LdhAC, O::A, O::MemHighC, 1, 2, 2};
      return {"LD", H::LdAA16, O::A, O::MemA16, 3, 4, 4};
    case 3:
      if (y == 0) return {"JP", H::JpA16, O::A16, O::None, 3, 4, 4};
      if (y == 1) return {"PREFIX", H::Prefix, O::None, O::None, 2, 2, 2};
      if (y == 6) return {"DI", H::Di};
      return {"EI", H::Ei};  // y == 7; the other values are illegal
    case 4:
      return {"CALL", H::CallCcA16, condOperand(y), O::A16, 3, 3, 6};
    case 5:
      if (!q) return {"PUSH", H::PushRr, r16StackOperand(p), O::None, 1, 4, 4};
      return {"CALL", H::CallA16, O::A16, O::None, 3, 6, 6};
    case 6:
      return {kAluMnemonics[y], H::AluAD8, O::A, O::N8, 2, 2, 2, y};
    default:
      return {"RST", H::Rst, O::Vector, O::None, 1, 4, 4, static_cast<uint8_t>(y * 8)};
  }
}

// CB-prefixed opcodes. Lengths and cycles include the prefix byte.
constexpr OpcodeInfo decodeCbOpcode(uint8_t op) {
  using O = Operand;
  using H = Handler;
  const uint8_t x = opX(op), y = opY(op), z = opZ(op);
  const bool mem = z == 6;
  switch (x) {
    case 0:
      return {kShiftMnemonics[y],
              mem ? H::ShiftMhl : H::ShiftR,
              r8Operand(z),
              O::None,
              2,
              static_cast<uint8_t>(mem ? 4 : 2),
              static_cast<uint8_t>(mem ? 4 : 2),
              y};
    case 1:
      return {"BIT",
              mem ? H::BitNMhl : H::BitNR,
              O::BitIndex,
              r8Operand(z),
              2,
              static_cast<uint8_t>(mem ? 3 : 2),
              static_cast<uint8_t>(mem ? 3 : 2),
              y};
    case 2:
      return {"RES",
              mem ? H::ResNMhl : H::ResNR,
              O::BitIndex,
              r8Operand(z),
              2,
              static_cast<uint8_t>(mem ? 4 : 2),
              static_cast<uint8_t>(mem ? 4 : 2),
              y};
    default:
      return {"SET",
              mem ? H::SetNMhl : H::SetNR,
              O::BitIndex,
              r8Operand(z),
              2,
              static_cast<uint8_t>(mem ? 4 : 2),
              static_cast<uint8_t>(mem ? 4 : 2),
              y};
  }
}

namespace detail {
template <typename F>
constexpr std::array<OpcodeInfo, 256> buildOpcodeTable(F decode) {
  std::array<OpcodeInfo, 256> t{};
  for (unsigned i = 0; i < 256; ++i) t[i] = decode(static_cast<uint8_t>(i));
  return t;
}
}  // namespace detail

inline constexpr std::array<OpcodeInfo, 256> kOpcodes = detail::buildOpcodeTable(decodeOpcode);
inline constexpr std::array<OpcodeInfo, 256> kCbOpcodes = detail::buildOpcodeTable(decodeCbOpcode);

// The instruction at `op` (with `cbOp` the byte after a $CB prefix).
constexpr const OpcodeInfo& opcodeInfo(uint8_t op, uint8_t cbOp) {
  return op == 0xCB ? kCbOpcodes[cbOp] : kOpcodes[op];
}

const char* operandName(Operand o);  // "b", "[hl+]", "n8", "nz", ... (rgbds spelling)

}  // namespace emusm83
