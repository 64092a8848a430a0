// The one SM83 opcode table: an entry per unprefixed opcode (kOpcodes) and per
// CB-prefixed opcode (kCbOpcodes) with its mnemonic, operands, length, cycles and
// handler. The CPU executes each opcode through the handler named here, the
// disassembler prints mnemonics and operands from it, and the UI shows length and
// cycles from it, so the three cannot drift apart.
//
// The table has two parts, the way SameBoy's sm83_cpu.c reads:
//   - two 16x16 grids (EMUSM83_UNPREFIXED_GRID, EMUSM83_CB_GRID) name the handler of
//     every opcode. The same grids build the handler column below and the CPU's
//     dispatch (cpu_sm83_engine.h), where each name is the handler's definition,
//     EMUSM83_HANDLER(LdRR). A handler missing on either side fails to compile.
//   - one row per handler (decodeOpcode) gives its mnemonic, operands, length and
//     cycles, with the register, condition and ALU fields taken from the opcode bits
//     (x = bits 7-6, y = bits 5-3, z = bits 2-0, p = bits 5-4), the way the chip
//     decodes them, instead of being written out 8 times.
//
// Handler names spell out the operands, SameBoy-style: R = an 8-bit register field,
// Rr = a 16-bit register pair field, Cc = a condition field, N = a bit index field,
// D8/D16 = an immediate, A16 = an address, R8 = a signed offset, M = memory at:
// Mhl = [hl], Mrr = [bc] [de] [hl+] [hl-], Ma16 = [a16], Ma8 = [$FF00+a8],
// Mc = [$FF00+c]. So LdRrD16 is "ld rr, d16" and JrCcR8 is "jr cc, r8".
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
  Illegal,  // the 11 lock-up opcodes
  CbPrefix,
  LdRrD16,
  LdMrrA,
  LdAMrr,
  LdMa16Sp,
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
  AluAR,  // ADD ADC SUB SBC AND XOR OR CP (field y) a, r
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
  LdhMa8A,
  LdhAMa8,
  LdhMcA,
  LdhAMc,
  LdMa16A,
  LdAMa16,
  AddSpR8,
  LdHlSpR8,
  LdSpHl,
  // CB-prefixed (from ShiftR on)
  ShiftR,  // RLC RRC RL RR SLA SRA SWAP SRL (field y) r
  ShiftMhl,
  BitNR,
  BitNMhl,
  ResNR,
  ResNMhl,
  SetNR,
  SetNMhl,
};
inline constexpr unsigned kHandlerCount = static_cast<unsigned>(Handler::SetNMhl) + 1;

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

// The handler of every opcode: row = high nibble, column = low nibble; each ROW
// lists x0..x7 on its first line and x8..xF on its second. ROW(row, 16 names) is
// supplied by the user of the grid.
// clang-format off
#define EMUSM83_UNPREFIXED_GRID(ROW)                                                    \
/*          x0/x8     x1/x9    x2/xA    x3/xB     x4/xC      x5/xD    x6/xE    x7/xF */ \
  ROW(0x00, Nop,      LdRrD16, LdMrrA,  IncRr,    IncR,      DecR,    LdRD8,   Rlca,    \
            LdMa16Sp, AddHlRr, LdAMrr,  DecRr,    IncR,      DecR,    LdRD8,   Rrca)    \
  ROW(0x10, Stop,     LdRrD16, LdMrrA,  IncRr,    IncR,      DecR,    LdRD8,   Rla,     \
            JrR8,     AddHlRr, LdAMrr,  DecRr,    IncR,      DecR,    LdRD8,   Rra)     \
  ROW(0x20, JrCcR8,   LdRrD16, LdMrrA,  IncRr,    IncR,      DecR,    LdRD8,   Daa,     \
            JrCcR8,   AddHlRr, LdAMrr,  DecRr,    IncR,      DecR,    LdRD8,   Cpl)     \
  ROW(0x30, JrCcR8,   LdRrD16, LdMrrA,  IncRr,    IncMhl,    DecMhl,  LdMhlD8, Scf,     \
            JrCcR8,   AddHlRr, LdAMrr,  DecRr,    IncR,      DecR,    LdRD8,   Ccf)     \
  ROW(0x40, LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR,    \
            LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR)    \
  ROW(0x50, LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR,    \
            LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR)    \
  ROW(0x60, LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR,    \
            LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR)    \
  ROW(0x70, LdMhlR,   LdMhlR,  LdMhlR,  LdMhlR,   LdMhlR,    LdMhlR,  Halt,    LdMhlR,  \
            LdRR,     LdRR,    LdRR,    LdRR,     LdRR,      LdRR,    LdRMhl,  LdRR)    \
  ROW(0x80, AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR,   \
            AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR)   \
  ROW(0x90, AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR,   \
            AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR)   \
  ROW(0xA0, AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR,   \
            AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR)   \
  ROW(0xB0, AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR,   \
            AluAR,    AluAR,   AluAR,   AluAR,    AluAR,     AluAR,   AluAMhl, AluAR)   \
  ROW(0xC0, RetCc,    PopRr,   JpCcA16, JpA16,    CallCcA16, PushRr,  AluAD8,  Rst,     \
            RetCc,    Ret,     JpCcA16, CbPrefix, CallCcA16, CallA16, AluAD8,  Rst)     \
  ROW(0xD0, RetCc,    PopRr,   JpCcA16, Illegal,  CallCcA16, PushRr,  AluAD8,  Rst,     \
            RetCc,    Reti,    JpCcA16, Illegal,  CallCcA16, Illegal, AluAD8,  Rst)     \
  ROW(0xE0, LdhMa8A,  PopRr,   LdhMcA,  Illegal,  Illegal,   PushRr,  AluAD8,  Rst,     \
            AddSpR8,  JpHl,    LdMa16A, Illegal,  Illegal,   Illegal, AluAD8,  Rst)     \
  ROW(0xF0, LdhAMa8,  PopRr,   LdhAMc,  Di,       Illegal,   PushRr,  AluAD8,  Rst,     \
            LdHlSpR8, LdSpHl,  LdAMa16, Ei,       Illegal,   Illegal, AluAD8,  Rst)

#define EMUSM83_CB_GRID(ROW)                                                   \
/*          x0/x8   x1/x9   x2/xA   x3/xB   x4/xC   x5/xD   x6/xE     x7/xF */ \
  ROW(0x00, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR,  \
            ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR)  \
  ROW(0x10, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR,  \
            ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR)  \
  ROW(0x20, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR,  \
            ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR)  \
  ROW(0x30, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR,  \
            ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftR, ShiftMhl, ShiftR)  \
  ROW(0x40, BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR,   \
            BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR)   \
  ROW(0x50, BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR,   \
            BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR)   \
  ROW(0x60, BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR,   \
            BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR)   \
  ROW(0x70, BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR,   \
            BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNR,  BitNMhl,  BitNR)   \
  ROW(0x80, ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR,   \
            ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR)   \
  ROW(0x90, ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR,   \
            ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR)   \
  ROW(0xA0, ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR,   \
            ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR)   \
  ROW(0xB0, ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR,   \
            ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNR,  ResNMhl,  ResNR)   \
  ROW(0xC0, SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR,   \
            SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR)   \
  ROW(0xD0, SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR,   \
            SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR)   \
  ROW(0xE0, SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR,   \
            SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR)   \
  ROW(0xF0, SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR,   \
            SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNR,  SetNMhl,  SetNR)
// clang-format on

// One row per handler, for opcode `op`: {mnemonic, handler, operand 1, operand 2,
// bytes, M-cycles, M-cycles when a condition holds, value (ALU/shift op, bit index
// or RST vector), legal}. The bytes and cycles of CB handlers include the prefix.
constexpr OpcodeInfo decodeOpcode(Handler h, uint8_t op) {
  using O = Operand;
  using H = Handler;
  const uint8_t y = opY(op), z = opZ(op), p = opP(op);
  constexpr O kMemRr[] = {O::MemBc, O::MemDe, O::MemHlInc, O::MemHlDec};
  // The fields: registers y and z, pair p, memory at pair p, condition (the low two
  // bits of y, for jr cc too), ALU and shift operation y, RST vector.
  const O ry = r8Operand(y), rz = r8Operand(z), rr = r16Operand(p), rrStack = r16StackOperand(p);
  const O mrr = kMemRr[p], cc = condOperand(y);
  const char* const alu = kAluMnemonics[y];
  const char* const shift = kShiftMnemonics[y];
  const auto vec = static_cast<uint8_t>(y * 8);
  // clang-format off
  switch (h) {
    case H::Nop:       return {"NOP",    h};
    case H::Stop:      return {"STOP",   h, O::None,       O::None,       2, 1, 1};
    case H::Halt:      return {"HALT",   h};
    case H::Di:        return {"DI",     h};
    case H::Ei:        return {"EI",     h};
    case H::Illegal:   return {"DB",     h, O::None,       O::None,       1, 1, 1, 0, false};
    case H::CbPrefix:  return {"PREFIX", h, O::None,       O::None,       2, 2, 2};
    case H::LdRrD16:   return {"LD",     h, rr,            O::N16,        3, 3, 3};
    case H::LdMrrA:    return {"LD",     h, mrr,           O::A,          1, 2, 2};
    case H::LdAMrr:    return {"LD",     h, O::A,          mrr,           1, 2, 2};
    case H::LdMa16Sp:  return {"LD",     h, O::MemA16,     O::SP,         3, 5, 5};
    case H::IncRr:     return {"INC",    h, rr,            O::None,       1, 2, 2};
    case H::DecRr:     return {"DEC",    h, rr,            O::None,       1, 2, 2};
    case H::AddHlRr:   return {"ADD",    h, O::HL,         rr,            1, 2, 2};
    case H::IncR:      return {"INC",    h, ry};
    case H::IncMhl:    return {"INC",    h, O::MemHl,      O::None,       1, 3, 3};
    case H::DecR:      return {"DEC",    h, ry};
    case H::DecMhl:    return {"DEC",    h, O::MemHl,      O::None,       1, 3, 3};
    case H::LdRD8:     return {"LD",     h, ry,            O::N8,         2, 2, 2};
    case H::LdMhlD8:   return {"LD",     h, O::MemHl,      O::N8,         2, 3, 3};
    case H::Rlca:      return {"RLCA",   h};
    case H::Rrca:      return {"RRCA",   h};
    case H::Rla:       return {"RLA",    h};
    case H::Rra:       return {"RRA",    h};
    case H::Daa:       return {"DAA",    h};
    case H::Cpl:       return {"CPL",    h};
    case H::Scf:       return {"SCF",    h};
    case H::Ccf:       return {"CCF",    h};
    case H::JrR8:      return {"JR",     h, O::Rel8,       O::None,       2, 3, 3};
    case H::JrCcR8:    return {"JR",     h, cc,            O::Rel8,       2, 2, 3};
    case H::LdRR:      return {"LD",     h, ry,            rz};
    case H::LdRMhl:    return {"LD",     h, ry,            O::MemHl,      1, 2, 2};
    case H::LdMhlR:    return {"LD",     h, O::MemHl,      rz,            1, 2, 2};
    case H::AluAR:     return {alu,      h, O::A,          rz,            1, 1, 1, y};
    case H::AluAMhl:   return {alu,      h, O::A,          O::MemHl,      1, 2, 2, y};
    case H::AluAD8:    return {alu,      h, O::A,          O::N8,         2, 2, 2, y};
    case H::RetCc:     return {"RET",    h, cc,            O::None,       1, 2, 5};
    case H::Ret:       return {"RET",    h, O::None,       O::None,       1, 4, 4};
    case H::Reti:      return {"RETI",   h, O::None,       O::None,       1, 4, 4};
    case H::PopRr:     return {"POP",    h, rrStack,       O::None,       1, 3, 3};
    case H::PushRr:    return {"PUSH",   h, rrStack,       O::None,       1, 4, 4};
    case H::JpCcA16:   return {"JP",     h, cc,            O::A16,        3, 3, 4};
    case H::JpA16:     return {"JP",     h, O::A16,        O::None,       3, 4, 4};
    case H::JpHl:      return {"JP",     h, O::HL};
    case H::CallCcA16: return {"CALL",   h, cc,            O::A16,        3, 3, 6};
    case H::CallA16:   return {"CALL",   h, O::A16,        O::None,       3, 6, 6};
    case H::Rst:       return {"RST",    h, O::Vector,     O::None,       1, 4, 4, vec};
    case H::LdhMa8A:   return {"LDH",    h, O::MemHighA8,  O::A,          2, 3, 3};
    case H::LdhAMa8:   return {"LDH",    h, O::A,          O::MemHighA8,  2, 3, 3};
    case H::LdhMcA:    return {"LDH",    h, O::MemHighC,   O::A,          1, 2, 2};
    case H::LdhAMc:    return {"LDH",    h, O::A,          O::MemHighC,   1, 2, 2};
    case H::LdMa16A:   return {"LD",     h, O::MemA16,     O::A,          3, 4, 4};
    case H::LdAMa16:   return {"LD",     h, O::A,          O::MemA16,     3, 4, 4};
    case H::AddSpR8:   return {"ADD",    h, O::SP,         O::E8,         2, 4, 4};
    case H::LdHlSpR8:  return {"LD",     h, O::HL,         O::SpPlusE8,   2, 3, 3};
    case H::LdSpHl:    return {"LD",     h, O::SP,         O::HL,         1, 2, 2};
    // CB-prefixed: the register field is z.
    case H::ShiftR:    return {shift,    h, rz,            O::None,       2, 2, 2, y};
    case H::ShiftMhl:  return {shift,    h, O::MemHl,      O::None,       2, 4, 4, y};
    case H::BitNR:     return {"BIT",    h, O::BitIndex,   rz,            2, 2, 2, y};
    case H::BitNMhl:   return {"BIT",    h, O::BitIndex,   O::MemHl,      2, 3, 3, y};
    case H::ResNR:     return {"RES",    h, O::BitIndex,   rz,            2, 2, 2, y};
    case H::ResNMhl:   return {"RES",    h, O::BitIndex,   O::MemHl,      2, 4, 4, y};
    case H::SetNR:     return {"SET",    h, O::BitIndex,   rz,            2, 2, 2, y};
    case H::SetNMhl:   return {"SET",    h, O::BitIndex,   O::MemHl,      2, 4, 4, y};
  }
  // clang-format on
  return {"?", h};
}

namespace detail {

// clang-format off
#define EMUSM83_HANDLER_ROW(row, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, hA, hB, hC, hD, hE, hF) \
  Handler::h0, Handler::h1, Handler::h2, Handler::h3, Handler::h4, Handler::h5, Handler::h6,     \
  Handler::h7, Handler::h8, Handler::h9, Handler::hA, Handler::hB, Handler::hC, Handler::hD,     \
  Handler::hE, Handler::hF,
inline constexpr std::array<Handler, 256> kUnprefixedHandlers = {
    EMUSM83_UNPREFIXED_GRID(EMUSM83_HANDLER_ROW)};
inline constexpr std::array<Handler, 256> kCbHandlers = {EMUSM83_CB_GRID(EMUSM83_HANDLER_ROW)};
#undef EMUSM83_HANDLER_ROW
// clang-format on

constexpr std::array<OpcodeInfo, 256> buildOpcodeTable(const std::array<Handler, 256>& grid) {
  std::array<OpcodeInfo, 256> t{};
  for (unsigned i = 0; i < 256; ++i) t[i] = decodeOpcode(grid[i], static_cast<uint8_t>(i));
  return t;
}

// Every handler has an opcode, so none is dead code, and each grid holds only its
// own handlers (the CB ones from ShiftR on).
constexpr bool gridsCoverEveryHandler() {
  std::array<bool, kHandlerCount> used{};
  for (unsigned i = 0; i < 256; ++i) {
    if (kUnprefixedHandlers[i] >= Handler::ShiftR || kCbHandlers[i] < Handler::ShiftR) return false;
    used[static_cast<unsigned>(kUnprefixedHandlers[i])] = true;
    used[static_cast<unsigned>(kCbHandlers[i])] = true;
  }
  for (bool u : used)
    if (!u) return false;
  return true;
}
static_assert(gridsCoverEveryHandler(), "a Handler without an opcode, or in the wrong grid");

}  // namespace detail

inline constexpr std::array<OpcodeInfo, 256> kOpcodes =
    detail::buildOpcodeTable(detail::kUnprefixedHandlers);
inline constexpr std::array<OpcodeInfo, 256> kCbOpcodes =
    detail::buildOpcodeTable(detail::kCbHandlers);

// The instruction at `op` (with `cbOp` the byte after a $CB prefix).
constexpr const OpcodeInfo& opcodeInfo(uint8_t op, uint8_t cbOp) {
  return op == 0xCB ? kCbOpcodes[cbOp] : kOpcodes[op];
}

const char* operandName(Operand o);  // "b", "[hl+]", "n8", "nz", ... (rgbds spelling)

}  // namespace emusm83
