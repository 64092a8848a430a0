// The one 6502 opcode table. The CPU's decoder is generated from it (each
// opcode's handler is chosen by its mnemonic and addressing mode at compile
// time, see cpu6502_exec.h), the disassembler takes mnemonics, modes and sizes
// from it, and the UI shows all of it, so the three cannot drift apart.
//
// Mnemonics follow the names of the conformance metadata (SBX, ISC, LXA, ANE,
// SHA, TAS, JAM); the disassembler maps them to ca65's spelling where it differs.
#pragma once

#include <array>
#include <cstdint>

namespace emu6502 {

enum class AddrMode : uint8_t {
  Imp,  // implied
  Acc,  // accumulator: ASL A
  Imm,  // #$nn
  Zp,   // $nn
  Zpx,  // $nn,X
  Zpy,  // $nn,Y
  Abs,  // $nnnn
  Abx,  // $nnnn,X
  Aby,  // $nnnn,Y
  Ind,  // ($nnnn)       JMP only
  Izx,  // ($nn,X)
  Izy,  // ($nn),Y
  Rel,  // branch target
};

enum class OpClass : uint8_t {
  Official,  // the 151 documented opcodes
  Stable,    // undocumented, same on every NMOS chip
  Unstable,  // undocumented, depends on the chip (ANE, LXA, SHA, SHX, SHY, TAS, LAS)
  Jam,       // halts the CPU
};

// The operation, independent of the addressing mode. Upper case like a datasheet.
enum class Mnemonic : uint8_t {
  ADC,
  ALR,
  ANC,
  AND,
  ANE,
  ARR,
  ASL,
  BCC,
  BCS,
  BEQ,
  BIT,
  BMI,
  BNE,
  BPL,
  BRK,
  BVC,
  BVS,
  CLC,
  CLD,
  CLI,
  CLV,
  CMP,
  CPX,
  CPY,
  DCP,
  DEC,
  DEX,
  DEY,
  EOR,
  INC,
  INX,
  INY,
  ISC,
  JAM,
  JMP,
  JSR,
  LAS,
  LAX,
  LDA,
  LDX,
  LDY,
  LSR,
  LXA,
  NOP,
  ORA,
  PHA,
  PHP,
  PLA,
  PLP,
  RLA,
  ROL,
  ROR,
  RRA,
  RTI,
  RTS,
  SAX,
  SBC,
  SBX,
  SEC,
  SED,
  SEI,
  SHA,
  SHX,
  SHY,
  SLO,
  SRE,
  STA,
  STX,
  STY,
  TAS,
  TAX,
  TAY,
  TSX,
  TXA,
  TXS,
  TYA,
};

inline constexpr std::array<const char*, 76> kMnemonicNames = {
    "ADC", "ALR", "ANC", "AND", "ANE", "ARR", "ASL", "BCC", "BCS", "BEQ", "BIT", "BMI", "BNE",
    "BPL", "BRK", "BVC", "BVS", "CLC", "CLD", "CLI", "CLV", "CMP", "CPX", "CPY", "DCP", "DEC",
    "DEX", "DEY", "EOR", "INC", "INX", "INY", "ISC", "JAM", "JMP", "JSR", "LAS", "LAX", "LDA",
    "LDX", "LDY", "LSR", "LXA", "NOP", "ORA", "PHA", "PHP", "PLA", "PLP", "RLA", "ROL", "ROR",
    "RRA", "RTI", "RTS", "SAX", "SBC", "SBX", "SEC", "SED", "SEI", "SHA", "SHX", "SHY", "SLO",
    "SRE", "STA", "STX", "STY", "TAS", "TAX", "TAY", "TSX", "TXA", "TXS", "TYA",
};

constexpr uint8_t addrModeSize(AddrMode mode) {
  switch (mode) {
    case AddrMode::Imp:
    case AddrMode::Acc:
      return 1;
    case AddrMode::Abs:
    case AddrMode::Abx:
    case AddrMode::Aby:
    case AddrMode::Ind:
      return 3;
    default:
      return 2;
  }
}

struct OpcodeInfo {
  const char* mnemonic;
  AddrMode mode;
  uint8_t size;        // bytes, opcode included
  uint8_t baseCycles;  // without page-cross or branch penalties; JAM: cycles before the halt
  OpClass cls;
  bool pageCrossPenalty;  // +1 cycle when the indexed address crosses a page
  Mnemonic op;

  constexpr OpcodeInfo(Mnemonic m, AddrMode md, uint8_t cycles, OpClass c, bool pageCross = false)
      : mnemonic(kMnemonicNames[static_cast<uint8_t>(m)]),
        mode(md),
        size(addrModeSize(md)),
        baseCycles(cycles),
        cls(c),
        pageCrossPenalty(pageCross),
        op(m) {}
};

namespace detail {
inline constexpr bool kPageCross = true;
}  // namespace detail

// Base cycles are the NMOS counts. Branches add 1 when taken and 1 more when the
// target is in another page; "read" instructions with a page-cross penalty add 1
// when the index carries into the high byte. Stores and read-modify-writes always
// spend that cycle, so it is in their base count.
inline constexpr std::array<OpcodeInfo, 256> kOpcodes = [] {
  using M = Mnemonic;
  using A = AddrMode;
  using C = OpClass;
  using detail::kPageCross;
  // clang-format off
  return std::array<OpcodeInfo, 256>{{
      // 0x
      {M::BRK, A::Imp, 7, C::Official},  // 00
      {M::ORA, A::Izx, 6, C::Official},  // 01
      {M::JAM, A::Imp, 3, C::Jam},  // 02
      {M::SLO, A::Izx, 8, C::Stable},  // 03
      {M::NOP, A::Zp, 3, C::Stable},  // 04
      {M::ORA, A::Zp, 3, C::Official},  // 05
      {M::ASL, A::Zp, 5, C::Official},  // 06
      {M::SLO, A::Zp, 5, C::Stable},  // 07
      {M::PHP, A::Imp, 3, C::Official},  // 08
      {M::ORA, A::Imm, 2, C::Official},  // 09
      {M::ASL, A::Acc, 2, C::Official},  // 0A
      {M::ANC, A::Imm, 2, C::Stable},  // 0B
      {M::NOP, A::Abs, 4, C::Stable},  // 0C
      {M::ORA, A::Abs, 4, C::Official},  // 0D
      {M::ASL, A::Abs, 6, C::Official},  // 0E
      {M::SLO, A::Abs, 6, C::Stable},  // 0F
      // 1x
      {M::BPL, A::Rel, 2, C::Official},  // 10
      {M::ORA, A::Izy, 5, C::Official, kPageCross},  // 11
      {M::JAM, A::Imp, 3, C::Jam},  // 12
      {M::SLO, A::Izy, 8, C::Stable},  // 13
      {M::NOP, A::Zpx, 4, C::Stable},  // 14
      {M::ORA, A::Zpx, 4, C::Official},  // 15
      {M::ASL, A::Zpx, 6, C::Official},  // 16
      {M::SLO, A::Zpx, 6, C::Stable},  // 17
      {M::CLC, A::Imp, 2, C::Official},  // 18
      {M::ORA, A::Aby, 4, C::Official, kPageCross},  // 19
      {M::NOP, A::Imp, 2, C::Stable},  // 1A
      {M::SLO, A::Aby, 7, C::Stable},  // 1B
      {M::NOP, A::Abx, 4, C::Stable, kPageCross},  // 1C
      {M::ORA, A::Abx, 4, C::Official, kPageCross},  // 1D
      {M::ASL, A::Abx, 7, C::Official},  // 1E
      {M::SLO, A::Abx, 7, C::Stable},  // 1F
      // 2x
      {M::JSR, A::Abs, 6, C::Official},  // 20
      {M::AND, A::Izx, 6, C::Official},  // 21
      {M::JAM, A::Imp, 3, C::Jam},  // 22
      {M::RLA, A::Izx, 8, C::Stable},  // 23
      {M::BIT, A::Zp, 3, C::Official},  // 24
      {M::AND, A::Zp, 3, C::Official},  // 25
      {M::ROL, A::Zp, 5, C::Official},  // 26
      {M::RLA, A::Zp, 5, C::Stable},  // 27
      {M::PLP, A::Imp, 4, C::Official},  // 28
      {M::AND, A::Imm, 2, C::Official},  // 29
      {M::ROL, A::Acc, 2, C::Official},  // 2A
      {M::ANC, A::Imm, 2, C::Stable},  // 2B
      {M::BIT, A::Abs, 4, C::Official},  // 2C
      {M::AND, A::Abs, 4, C::Official},  // 2D
      {M::ROL, A::Abs, 6, C::Official},  // 2E
      {M::RLA, A::Abs, 6, C::Stable},  // 2F
      // 3x
      {M::BMI, A::Rel, 2, C::Official},  // 30
      {M::AND, A::Izy, 5, C::Official, kPageCross},  // 31
      {M::JAM, A::Imp, 3, C::Jam},  // 32
      {M::RLA, A::Izy, 8, C::Stable},  // 33
      {M::NOP, A::Zpx, 4, C::Stable},  // 34
      {M::AND, A::Zpx, 4, C::Official},  // 35
      {M::ROL, A::Zpx, 6, C::Official},  // 36
      {M::RLA, A::Zpx, 6, C::Stable},  // 37
      {M::SEC, A::Imp, 2, C::Official},  // 38
      {M::AND, A::Aby, 4, C::Official, kPageCross},  // 39
      {M::NOP, A::Imp, 2, C::Stable},  // 3A
      {M::RLA, A::Aby, 7, C::Stable},  // 3B
      {M::NOP, A::Abx, 4, C::Stable, kPageCross},  // 3C
      {M::AND, A::Abx, 4, C::Official, kPageCross},  // 3D
      {M::ROL, A::Abx, 7, C::Official},  // 3E
      {M::RLA, A::Abx, 7, C::Stable},  // 3F
      // 4x
      {M::RTI, A::Imp, 6, C::Official},  // 40
      {M::EOR, A::Izx, 6, C::Official},  // 41
      {M::JAM, A::Imp, 3, C::Jam},  // 42
      {M::SRE, A::Izx, 8, C::Stable},  // 43
      {M::NOP, A::Zp, 3, C::Stable},  // 44
      {M::EOR, A::Zp, 3, C::Official},  // 45
      {M::LSR, A::Zp, 5, C::Official},  // 46
      {M::SRE, A::Zp, 5, C::Stable},  // 47
      {M::PHA, A::Imp, 3, C::Official},  // 48
      {M::EOR, A::Imm, 2, C::Official},  // 49
      {M::LSR, A::Acc, 2, C::Official},  // 4A
      {M::ALR, A::Imm, 2, C::Stable},  // 4B
      {M::JMP, A::Abs, 3, C::Official},  // 4C
      {M::EOR, A::Abs, 4, C::Official},  // 4D
      {M::LSR, A::Abs, 6, C::Official},  // 4E
      {M::SRE, A::Abs, 6, C::Stable},  // 4F
      // 5x
      {M::BVC, A::Rel, 2, C::Official},  // 50
      {M::EOR, A::Izy, 5, C::Official, kPageCross},  // 51
      {M::JAM, A::Imp, 3, C::Jam},  // 52
      {M::SRE, A::Izy, 8, C::Stable},  // 53
      {M::NOP, A::Zpx, 4, C::Stable},  // 54
      {M::EOR, A::Zpx, 4, C::Official},  // 55
      {M::LSR, A::Zpx, 6, C::Official},  // 56
      {M::SRE, A::Zpx, 6, C::Stable},  // 57
      {M::CLI, A::Imp, 2, C::Official},  // 58
      {M::EOR, A::Aby, 4, C::Official, kPageCross},  // 59
      {M::NOP, A::Imp, 2, C::Stable},  // 5A
      {M::SRE, A::Aby, 7, C::Stable},  // 5B
      {M::NOP, A::Abx, 4, C::Stable, kPageCross},  // 5C
      {M::EOR, A::Abx, 4, C::Official, kPageCross},  // 5D
      {M::LSR, A::Abx, 7, C::Official},  // 5E
      {M::SRE, A::Abx, 7, C::Stable},  // 5F
      // 6x
      {M::RTS, A::Imp, 6, C::Official},  // 60
      {M::ADC, A::Izx, 6, C::Official},  // 61
      {M::JAM, A::Imp, 3, C::Jam},  // 62
      {M::RRA, A::Izx, 8, C::Stable},  // 63
      {M::NOP, A::Zp, 3, C::Stable},  // 64
      {M::ADC, A::Zp, 3, C::Official},  // 65
      {M::ROR, A::Zp, 5, C::Official},  // 66
      {M::RRA, A::Zp, 5, C::Stable},  // 67
      {M::PLA, A::Imp, 4, C::Official},  // 68
      {M::ADC, A::Imm, 2, C::Official},  // 69
      {M::ROR, A::Acc, 2, C::Official},  // 6A
      {M::ARR, A::Imm, 2, C::Stable},  // 6B
      {M::JMP, A::Ind, 5, C::Official},  // 6C
      {M::ADC, A::Abs, 4, C::Official},  // 6D
      {M::ROR, A::Abs, 6, C::Official},  // 6E
      {M::RRA, A::Abs, 6, C::Stable},  // 6F
      // 7x
      {M::BVS, A::Rel, 2, C::Official},  // 70
      {M::ADC, A::Izy, 5, C::Official, kPageCross},  // 71
      {M::JAM, A::Imp, 3, C::Jam},  // 72
      {M::RRA, A::Izy, 8, C::Stable},  // 73
      {M::NOP, A::Zpx, 4, C::Stable},  // 74
      {M::ADC, A::Zpx, 4, C::Official},  // 75
      {M::ROR, A::Zpx, 6, C::Official},  // 76
      {M::RRA, A::Zpx, 6, C::Stable},  // 77
      {M::SEI, A::Imp, 2, C::Official},  // 78
      {M::ADC, A::Aby, 4, C::Official, kPageCross},  // 79
      {M::NOP, A::Imp, 2, C::Stable},  // 7A
      {M::RRA, A::Aby, 7, C::Stable},  // 7B
      {M::NOP, A::Abx, 4, C::Stable, kPageCross},  // 7C
      {M::ADC, A::Abx, 4, C::Official, kPageCross},  // 7D
      {M::ROR, A::Abx, 7, C::Official},  // 7E
      {M::RRA, A::Abx, 7, C::Stable},  // 7F
      // 8x
      {M::NOP, A::Imm, 2, C::Stable},  // 80
      {M::STA, A::Izx, 6, C::Official},  // 81
      {M::NOP, A::Imm, 2, C::Stable},  // 82
      {M::SAX, A::Izx, 6, C::Stable},  // 83
      {M::STY, A::Zp, 3, C::Official},  // 84
      {M::STA, A::Zp, 3, C::Official},  // 85
      {M::STX, A::Zp, 3, C::Official},  // 86
      {M::SAX, A::Zp, 3, C::Stable},  // 87
      {M::DEY, A::Imp, 2, C::Official},  // 88
      {M::NOP, A::Imm, 2, C::Stable},  // 89
      {M::TXA, A::Imp, 2, C::Official},  // 8A
      {M::ANE, A::Imm, 2, C::Unstable},  // 8B
      {M::STY, A::Abs, 4, C::Official},  // 8C
      {M::STA, A::Abs, 4, C::Official},  // 8D
      {M::STX, A::Abs, 4, C::Official},  // 8E
      {M::SAX, A::Abs, 4, C::Stable},  // 8F
      // 9x
      {M::BCC, A::Rel, 2, C::Official},  // 90
      {M::STA, A::Izy, 6, C::Official},  // 91
      {M::JAM, A::Imp, 3, C::Jam},  // 92
      {M::SHA, A::Izy, 6, C::Unstable},  // 93
      {M::STY, A::Zpx, 4, C::Official},  // 94
      {M::STA, A::Zpx, 4, C::Official},  // 95
      {M::STX, A::Zpy, 4, C::Official},  // 96
      {M::SAX, A::Zpy, 4, C::Stable},  // 97
      {M::TYA, A::Imp, 2, C::Official},  // 98
      {M::STA, A::Aby, 5, C::Official},  // 99
      {M::TXS, A::Imp, 2, C::Official},  // 9A
      {M::TAS, A::Aby, 5, C::Unstable},  // 9B
      {M::SHY, A::Abx, 5, C::Unstable},  // 9C
      {M::STA, A::Abx, 5, C::Official},  // 9D
      {M::SHX, A::Aby, 5, C::Unstable},  // 9E
      {M::SHA, A::Aby, 5, C::Unstable},  // 9F
      // Ax
      {M::LDY, A::Imm, 2, C::Official},  // A0
      {M::LDA, A::Izx, 6, C::Official},  // A1
      {M::LDX, A::Imm, 2, C::Official},  // A2
      {M::LAX, A::Izx, 6, C::Stable},  // A3
      {M::LDY, A::Zp, 3, C::Official},  // A4
      {M::LDA, A::Zp, 3, C::Official},  // A5
      {M::LDX, A::Zp, 3, C::Official},  // A6
      {M::LAX, A::Zp, 3, C::Stable},  // A7
      {M::TAY, A::Imp, 2, C::Official},  // A8
      {M::LDA, A::Imm, 2, C::Official},  // A9
      {M::TAX, A::Imp, 2, C::Official},  // AA
      {M::LXA, A::Imm, 2, C::Unstable},  // AB
      {M::LDY, A::Abs, 4, C::Official},  // AC
      {M::LDA, A::Abs, 4, C::Official},  // AD
      {M::LDX, A::Abs, 4, C::Official},  // AE
      {M::LAX, A::Abs, 4, C::Stable},  // AF
      // Bx
      {M::BCS, A::Rel, 2, C::Official},  // B0
      {M::LDA, A::Izy, 5, C::Official, kPageCross},  // B1
      {M::JAM, A::Imp, 3, C::Jam},  // B2
      {M::LAX, A::Izy, 5, C::Stable, kPageCross},  // B3
      {M::LDY, A::Zpx, 4, C::Official},  // B4
      {M::LDA, A::Zpx, 4, C::Official},  // B5
      {M::LDX, A::Zpy, 4, C::Official},  // B6
      {M::LAX, A::Zpy, 4, C::Stable},  // B7
      {M::CLV, A::Imp, 2, C::Official},  // B8
      {M::LDA, A::Aby, 4, C::Official, kPageCross},  // B9
      {M::TSX, A::Imp, 2, C::Official},  // BA
      {M::LAS, A::Aby, 4, C::Unstable, kPageCross},  // BB
      {M::LDY, A::Abx, 4, C::Official, kPageCross},  // BC
      {M::LDA, A::Abx, 4, C::Official, kPageCross},  // BD
      {M::LDX, A::Aby, 4, C::Official, kPageCross},  // BE
      {M::LAX, A::Aby, 4, C::Stable, kPageCross},  // BF
      // Cx
      {M::CPY, A::Imm, 2, C::Official},  // C0
      {M::CMP, A::Izx, 6, C::Official},  // C1
      {M::NOP, A::Imm, 2, C::Stable},  // C2
      {M::DCP, A::Izx, 8, C::Stable},  // C3
      {M::CPY, A::Zp, 3, C::Official},  // C4
      {M::CMP, A::Zp, 3, C::Official},  // C5
      {M::DEC, A::Zp, 5, C::Official},  // C6
      {M::DCP, A::Zp, 5, C::Stable},  // C7
      {M::INY, A::Imp, 2, C::Official},  // C8
      {M::CMP, A::Imm, 2, C::Official},  // C9
      {M::DEX, A::Imp, 2, C::Official},  // CA
      {M::SBX, A::Imm, 2, C::Stable},  // CB
      {M::CPY, A::Abs, 4, C::Official},  // CC
      {M::CMP, A::Abs, 4, C::Official},  // CD
      {M::DEC, A::Abs, 6, C::Official},  // CE
      {M::DCP, A::Abs, 6, C::Stable},  // CF
      // Dx
      {M::BNE, A::Rel, 2, C::Official},  // D0
      {M::CMP, A::Izy, 5, C::Official, kPageCross},  // D1
      {M::JAM, A::Imp, 3, C::Jam},  // D2
      {M::DCP, A::Izy, 8, C::Stable},  // D3
      {M::NOP, A::Zpx, 4, C::Stable},  // D4
      {M::CMP, A::Zpx, 4, C::Official},  // D5
      {M::DEC, A::Zpx, 6, C::Official},  // D6
      {M::DCP, A::Zpx, 6, C::Stable},  // D7
      {M::CLD, A::Imp, 2, C::Official},  // D8
      {M::CMP, A::Aby, 4, C::Official, kPageCross},  // D9
      {M::NOP, A::Imp, 2, C::Stable},  // DA
      {M::DCP, A::Aby, 7, C::Stable},  // DB
      {M::NOP, A::Abx, 4, C::Stable, kPageCross},  // DC
      {M::CMP, A::Abx, 4, C::Official, kPageCross},  // DD
      {M::DEC, A::Abx, 7, C::Official},  // DE
      {M::DCP, A::Abx, 7, C::Stable},  // DF
      // Ex
      {M::CPX, A::Imm, 2, C::Official},  // E0
      {M::SBC, A::Izx, 6, C::Official},  // E1
      {M::NOP, A::Imm, 2, C::Stable},  // E2
      {M::ISC, A::Izx, 8, C::Stable},  // E3
      {M::CPX, A::Zp, 3, C::Official},  // E4
      {M::SBC, A::Zp, 3, C::Official},  // E5
      {M::INC, A::Zp, 5, C::Official},  // E6
      {M::ISC, A::Zp, 5, C::Stable},  // E7
      {M::INX, A::Imp, 2, C::Official},  // E8
      {M::SBC, A::Imm, 2, C::Official},  // E9
      {M::NOP, A::Imp, 2, C::Official},  // EA
      {M::SBC, A::Imm, 2, C::Stable},  // EB
      {M::CPX, A::Abs, 4, C::Official},  // EC
      {M::SBC, A::Abs, 4, C::Official},  // ED
      {M::INC, A::Abs, 6, C::Official},  // EE
      {M::ISC, A::Abs, 6, C::Stable},  // EF
      // Fx
      {M::BEQ, A::Rel, 2, C::Official},  // F0
      {M::SBC, A::Izy, 5, C::Official, kPageCross},  // F1
      {M::JAM, A::Imp, 3, C::Jam},  // F2
      {M::ISC, A::Izy, 8, C::Stable},  // F3
      {M::NOP, A::Zpx, 4, C::Stable},  // F4
      {M::SBC, A::Zpx, 4, C::Official},  // F5
      {M::INC, A::Zpx, 6, C::Official},  // F6
      {M::ISC, A::Zpx, 6, C::Stable},  // F7
      {M::SED, A::Imp, 2, C::Official},  // F8
      {M::SBC, A::Aby, 4, C::Official, kPageCross},  // F9
      {M::NOP, A::Imp, 2, C::Stable},  // FA
      {M::ISC, A::Aby, 7, C::Stable},  // FB
      {M::NOP, A::Abx, 4, C::Stable, kPageCross},  // FC
      {M::SBC, A::Abx, 4, C::Official, kPageCross},  // FD
      {M::INC, A::Abx, 7, C::Official},  // FE
      {M::ISC, A::Abx, 7, C::Stable},  // FF
  }};
  // clang-format on
}();

const char* addrModeName(AddrMode mode);  // "imp", "abx", ... as in the conformance metadata
const char* opClassName(OpClass cls);

}  // namespace emu6502
