#include "emu6502/opcodes.h"

namespace emu6502 {

// Base cycles are the NMOS counts. Branches add 1 when taken and 1 more when the
// target is in another page; "read" instructions with a page-cross penalty add 1
// when the index carries into the high byte. Stores and read-modify-writes always
// spend that cycle, so it is in their base count.
const std::array<OpcodeInfo, 256> kOpcodes = {{
    // 0x
    {"BRK", AddrMode::Imp, 1, 7, OpClass::Official, false},  // 00
    {"ORA", AddrMode::Izx, 2, 6, OpClass::Official, false},  // 01
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 02
    {"SLO", AddrMode::Izx, 2, 8, OpClass::Stable, false},    // 03
    {"NOP", AddrMode::Zp, 2, 3, OpClass::Stable, false},     // 04
    {"ORA", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 05
    {"ASL", AddrMode::Zp, 2, 5, OpClass::Official, false},   // 06
    {"SLO", AddrMode::Zp, 2, 5, OpClass::Stable, false},     // 07
    {"PHP", AddrMode::Imp, 1, 3, OpClass::Official, false},  // 08
    {"ORA", AddrMode::Imm, 2, 2, OpClass::Official, false},  // 09
    {"ASL", AddrMode::Acc, 1, 2, OpClass::Official, false},  // 0A
    {"ANC", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 0B
    {"NOP", AddrMode::Abs, 3, 4, OpClass::Stable, false},    // 0C
    {"ORA", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 0D
    {"ASL", AddrMode::Abs, 3, 6, OpClass::Official, false},  // 0E
    {"SLO", AddrMode::Abs, 3, 6, OpClass::Stable, false},    // 0F
    // 1x
    {"BPL", AddrMode::Rel, 2, 2, OpClass::Official, false},  // 10
    {"ORA", AddrMode::Izy, 2, 5, OpClass::Official, true},   // 11
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 12
    {"SLO", AddrMode::Izy, 2, 8, OpClass::Stable, false},    // 13
    {"NOP", AddrMode::Zpx, 2, 4, OpClass::Stable, false},    // 14
    {"ORA", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // 15
    {"ASL", AddrMode::Zpx, 2, 6, OpClass::Official, false},  // 16
    {"SLO", AddrMode::Zpx, 2, 6, OpClass::Stable, false},    // 17
    {"CLC", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 18
    {"ORA", AddrMode::Aby, 3, 4, OpClass::Official, true},   // 19
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Stable, false},    // 1A
    {"SLO", AddrMode::Aby, 3, 7, OpClass::Stable, false},    // 1B
    {"NOP", AddrMode::Abx, 3, 4, OpClass::Stable, true},     // 1C
    {"ORA", AddrMode::Abx, 3, 4, OpClass::Official, true},   // 1D
    {"ASL", AddrMode::Abx, 3, 7, OpClass::Official, false},  // 1E
    {"SLO", AddrMode::Abx, 3, 7, OpClass::Stable, false},    // 1F
    // 2x
    {"JSR", AddrMode::Abs, 3, 6, OpClass::Official, false},  // 20
    {"AND", AddrMode::Izx, 2, 6, OpClass::Official, false},  // 21
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 22
    {"RLA", AddrMode::Izx, 2, 8, OpClass::Stable, false},    // 23
    {"BIT", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 24
    {"AND", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 25
    {"ROL", AddrMode::Zp, 2, 5, OpClass::Official, false},   // 26
    {"RLA", AddrMode::Zp, 2, 5, OpClass::Stable, false},     // 27
    {"PLP", AddrMode::Imp, 1, 4, OpClass::Official, false},  // 28
    {"AND", AddrMode::Imm, 2, 2, OpClass::Official, false},  // 29
    {"ROL", AddrMode::Acc, 1, 2, OpClass::Official, false},  // 2A
    {"ANC", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 2B
    {"BIT", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 2C
    {"AND", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 2D
    {"ROL", AddrMode::Abs, 3, 6, OpClass::Official, false},  // 2E
    {"RLA", AddrMode::Abs, 3, 6, OpClass::Stable, false},    // 2F
    // 3x
    {"BMI", AddrMode::Rel, 2, 2, OpClass::Official, false},  // 30
    {"AND", AddrMode::Izy, 2, 5, OpClass::Official, true},   // 31
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 32
    {"RLA", AddrMode::Izy, 2, 8, OpClass::Stable, false},    // 33
    {"NOP", AddrMode::Zpx, 2, 4, OpClass::Stable, false},    // 34
    {"AND", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // 35
    {"ROL", AddrMode::Zpx, 2, 6, OpClass::Official, false},  // 36
    {"RLA", AddrMode::Zpx, 2, 6, OpClass::Stable, false},    // 37
    {"SEC", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 38
    {"AND", AddrMode::Aby, 3, 4, OpClass::Official, true},   // 39
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Stable, false},    // 3A
    {"RLA", AddrMode::Aby, 3, 7, OpClass::Stable, false},    // 3B
    {"NOP", AddrMode::Abx, 3, 4, OpClass::Stable, true},     // 3C
    {"AND", AddrMode::Abx, 3, 4, OpClass::Official, true},   // 3D
    {"ROL", AddrMode::Abx, 3, 7, OpClass::Official, false},  // 3E
    {"RLA", AddrMode::Abx, 3, 7, OpClass::Stable, false},    // 3F
    // 4x
    {"RTI", AddrMode::Imp, 1, 6, OpClass::Official, false},  // 40
    {"EOR", AddrMode::Izx, 2, 6, OpClass::Official, false},  // 41
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 42
    {"SRE", AddrMode::Izx, 2, 8, OpClass::Stable, false},    // 43
    {"NOP", AddrMode::Zp, 2, 3, OpClass::Stable, false},     // 44
    {"EOR", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 45
    {"LSR", AddrMode::Zp, 2, 5, OpClass::Official, false},   // 46
    {"SRE", AddrMode::Zp, 2, 5, OpClass::Stable, false},     // 47
    {"PHA", AddrMode::Imp, 1, 3, OpClass::Official, false},  // 48
    {"EOR", AddrMode::Imm, 2, 2, OpClass::Official, false},  // 49
    {"LSR", AddrMode::Acc, 1, 2, OpClass::Official, false},  // 4A
    {"ALR", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 4B
    {"JMP", AddrMode::Abs, 3, 3, OpClass::Official, false},  // 4C
    {"EOR", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 4D
    {"LSR", AddrMode::Abs, 3, 6, OpClass::Official, false},  // 4E
    {"SRE", AddrMode::Abs, 3, 6, OpClass::Stable, false},    // 4F
    // 5x
    {"BVC", AddrMode::Rel, 2, 2, OpClass::Official, false},  // 50
    {"EOR", AddrMode::Izy, 2, 5, OpClass::Official, true},   // 51
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 52
    {"SRE", AddrMode::Izy, 2, 8, OpClass::Stable, false},    // 53
    {"NOP", AddrMode::Zpx, 2, 4, OpClass::Stable, false},    // 54
    {"EOR", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // 55
    {"LSR", AddrMode::Zpx, 2, 6, OpClass::Official, false},  // 56
    {"SRE", AddrMode::Zpx, 2, 6, OpClass::Stable, false},    // 57
    {"CLI", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 58
    {"EOR", AddrMode::Aby, 3, 4, OpClass::Official, true},   // 59
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Stable, false},    // 5A
    {"SRE", AddrMode::Aby, 3, 7, OpClass::Stable, false},    // 5B
    {"NOP", AddrMode::Abx, 3, 4, OpClass::Stable, true},     // 5C
    {"EOR", AddrMode::Abx, 3, 4, OpClass::Official, true},   // 5D
    {"LSR", AddrMode::Abx, 3, 7, OpClass::Official, false},  // 5E
    {"SRE", AddrMode::Abx, 3, 7, OpClass::Stable, false},    // 5F
    // 6x
    {"RTS", AddrMode::Imp, 1, 6, OpClass::Official, false},  // 60
    {"ADC", AddrMode::Izx, 2, 6, OpClass::Official, false},  // 61
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 62
    {"RRA", AddrMode::Izx, 2, 8, OpClass::Stable, false},    // 63
    {"NOP", AddrMode::Zp, 2, 3, OpClass::Stable, false},     // 64
    {"ADC", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 65
    {"ROR", AddrMode::Zp, 2, 5, OpClass::Official, false},   // 66
    {"RRA", AddrMode::Zp, 2, 5, OpClass::Stable, false},     // 67
    {"PLA", AddrMode::Imp, 1, 4, OpClass::Official, false},  // 68
    {"ADC", AddrMode::Imm, 2, 2, OpClass::Official, false},  // 69
    {"ROR", AddrMode::Acc, 1, 2, OpClass::Official, false},  // 6A
    {"ARR", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 6B
    {"JMP", AddrMode::Ind, 3, 5, OpClass::Official, false},  // 6C
    {"ADC", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 6D
    {"ROR", AddrMode::Abs, 3, 6, OpClass::Official, false},  // 6E
    {"RRA", AddrMode::Abs, 3, 6, OpClass::Stable, false},    // 6F
    // 7x
    {"BVS", AddrMode::Rel, 2, 2, OpClass::Official, false},  // 70
    {"ADC", AddrMode::Izy, 2, 5, OpClass::Official, true},   // 71
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 72
    {"RRA", AddrMode::Izy, 2, 8, OpClass::Stable, false},    // 73
    {"NOP", AddrMode::Zpx, 2, 4, OpClass::Stable, false},    // 74
    {"ADC", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // 75
    {"ROR", AddrMode::Zpx, 2, 6, OpClass::Official, false},  // 76
    {"RRA", AddrMode::Zpx, 2, 6, OpClass::Stable, false},    // 77
    {"SEI", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 78
    {"ADC", AddrMode::Aby, 3, 4, OpClass::Official, true},   // 79
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Stable, false},    // 7A
    {"RRA", AddrMode::Aby, 3, 7, OpClass::Stable, false},    // 7B
    {"NOP", AddrMode::Abx, 3, 4, OpClass::Stable, true},     // 7C
    {"ADC", AddrMode::Abx, 3, 4, OpClass::Official, true},   // 7D
    {"ROR", AddrMode::Abx, 3, 7, OpClass::Official, false},  // 7E
    {"RRA", AddrMode::Abx, 3, 7, OpClass::Stable, false},    // 7F
    // 8x
    {"NOP", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 80
    {"STA", AddrMode::Izx, 2, 6, OpClass::Official, false},  // 81
    {"NOP", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 82
    {"SAX", AddrMode::Izx, 2, 6, OpClass::Stable, false},    // 83
    {"STY", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 84
    {"STA", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 85
    {"STX", AddrMode::Zp, 2, 3, OpClass::Official, false},   // 86
    {"SAX", AddrMode::Zp, 2, 3, OpClass::Stable, false},     // 87
    {"DEY", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 88
    {"NOP", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // 89
    {"TXA", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 8A
    {"ANE", AddrMode::Imm, 2, 2, OpClass::Unstable, false},  // 8B
    {"STY", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 8C
    {"STA", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 8D
    {"STX", AddrMode::Abs, 3, 4, OpClass::Official, false},  // 8E
    {"SAX", AddrMode::Abs, 3, 4, OpClass::Stable, false},    // 8F
    // 9x
    {"BCC", AddrMode::Rel, 2, 2, OpClass::Official, false},  // 90
    {"STA", AddrMode::Izy, 2, 6, OpClass::Official, false},  // 91
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // 92
    {"SHA", AddrMode::Izy, 2, 6, OpClass::Unstable, false},  // 93
    {"STY", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // 94
    {"STA", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // 95
    {"STX", AddrMode::Zpy, 2, 4, OpClass::Official, false},  // 96
    {"SAX", AddrMode::Zpy, 2, 4, OpClass::Stable, false},    // 97
    {"TYA", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 98
    {"STA", AddrMode::Aby, 3, 5, OpClass::Official, false},  // 99
    {"TXS", AddrMode::Imp, 1, 2, OpClass::Official, false},  // 9A
    {"TAS", AddrMode::Aby, 3, 5, OpClass::Unstable, false},  // 9B
    {"SHY", AddrMode::Abx, 3, 5, OpClass::Unstable, false},  // 9C
    {"STA", AddrMode::Abx, 3, 5, OpClass::Official, false},  // 9D
    {"SHX", AddrMode::Aby, 3, 5, OpClass::Unstable, false},  // 9E
    {"SHA", AddrMode::Aby, 3, 5, OpClass::Unstable, false},  // 9F
    // Ax
    {"LDY", AddrMode::Imm, 2, 2, OpClass::Official, false},  // A0
    {"LDA", AddrMode::Izx, 2, 6, OpClass::Official, false},  // A1
    {"LDX", AddrMode::Imm, 2, 2, OpClass::Official, false},  // A2
    {"LAX", AddrMode::Izx, 2, 6, OpClass::Stable, false},    // A3
    {"LDY", AddrMode::Zp, 2, 3, OpClass::Official, false},   // A4
    {"LDA", AddrMode::Zp, 2, 3, OpClass::Official, false},   // A5
    {"LDX", AddrMode::Zp, 2, 3, OpClass::Official, false},   // A6
    {"LAX", AddrMode::Zp, 2, 3, OpClass::Stable, false},     // A7
    {"TAY", AddrMode::Imp, 1, 2, OpClass::Official, false},  // A8
    {"LDA", AddrMode::Imm, 2, 2, OpClass::Official, false},  // A9
    {"TAX", AddrMode::Imp, 1, 2, OpClass::Official, false},  // AA
    {"LXA", AddrMode::Imm, 2, 2, OpClass::Unstable, false},  // AB
    {"LDY", AddrMode::Abs, 3, 4, OpClass::Official, false},  // AC
    {"LDA", AddrMode::Abs, 3, 4, OpClass::Official, false},  // AD
    {"LDX", AddrMode::Abs, 3, 4, OpClass::Official, false},  // AE
    {"LAX", AddrMode::Abs, 3, 4, OpClass::Stable, false},    // AF
    // Bx
    {"BCS", AddrMode::Rel, 2, 2, OpClass::Official, false},  // B0
    {"LDA", AddrMode::Izy, 2, 5, OpClass::Official, true},   // B1
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // B2
    {"LAX", AddrMode::Izy, 2, 5, OpClass::Stable, true},     // B3
    {"LDY", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // B4
    {"LDA", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // B5
    {"LDX", AddrMode::Zpy, 2, 4, OpClass::Official, false},  // B6
    {"LAX", AddrMode::Zpy, 2, 4, OpClass::Stable, false},    // B7
    {"CLV", AddrMode::Imp, 1, 2, OpClass::Official, false},  // B8
    {"LDA", AddrMode::Aby, 3, 4, OpClass::Official, true},   // B9
    {"TSX", AddrMode::Imp, 1, 2, OpClass::Official, false},  // BA
    {"LAS", AddrMode::Aby, 3, 4, OpClass::Unstable, true},   // BB
    {"LDY", AddrMode::Abx, 3, 4, OpClass::Official, true},   // BC
    {"LDA", AddrMode::Abx, 3, 4, OpClass::Official, true},   // BD
    {"LDX", AddrMode::Aby, 3, 4, OpClass::Official, true},   // BE
    {"LAX", AddrMode::Aby, 3, 4, OpClass::Stable, true},     // BF
    // Cx
    {"CPY", AddrMode::Imm, 2, 2, OpClass::Official, false},  // C0
    {"CMP", AddrMode::Izx, 2, 6, OpClass::Official, false},  // C1
    {"NOP", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // C2
    {"DCP", AddrMode::Izx, 2, 8, OpClass::Stable, false},    // C3
    {"CPY", AddrMode::Zp, 2, 3, OpClass::Official, false},   // C4
    {"CMP", AddrMode::Zp, 2, 3, OpClass::Official, false},   // C5
    {"DEC", AddrMode::Zp, 2, 5, OpClass::Official, false},   // C6
    {"DCP", AddrMode::Zp, 2, 5, OpClass::Stable, false},     // C7
    {"INY", AddrMode::Imp, 1, 2, OpClass::Official, false},  // C8
    {"CMP", AddrMode::Imm, 2, 2, OpClass::Official, false},  // C9
    {"DEX", AddrMode::Imp, 1, 2, OpClass::Official, false},  // CA
    {"SBX", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // CB
    {"CPY", AddrMode::Abs, 3, 4, OpClass::Official, false},  // CC
    {"CMP", AddrMode::Abs, 3, 4, OpClass::Official, false},  // CD
    {"DEC", AddrMode::Abs, 3, 6, OpClass::Official, false},  // CE
    {"DCP", AddrMode::Abs, 3, 6, OpClass::Stable, false},    // CF
    // Dx
    {"BNE", AddrMode::Rel, 2, 2, OpClass::Official, false},  // D0
    {"CMP", AddrMode::Izy, 2, 5, OpClass::Official, true},   // D1
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // D2
    {"DCP", AddrMode::Izy, 2, 8, OpClass::Stable, false},    // D3
    {"NOP", AddrMode::Zpx, 2, 4, OpClass::Stable, false},    // D4
    {"CMP", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // D5
    {"DEC", AddrMode::Zpx, 2, 6, OpClass::Official, false},  // D6
    {"DCP", AddrMode::Zpx, 2, 6, OpClass::Stable, false},    // D7
    {"CLD", AddrMode::Imp, 1, 2, OpClass::Official, false},  // D8
    {"CMP", AddrMode::Aby, 3, 4, OpClass::Official, true},   // D9
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Stable, false},    // DA
    {"DCP", AddrMode::Aby, 3, 7, OpClass::Stable, false},    // DB
    {"NOP", AddrMode::Abx, 3, 4, OpClass::Stable, true},     // DC
    {"CMP", AddrMode::Abx, 3, 4, OpClass::Official, true},   // DD
    {"DEC", AddrMode::Abx, 3, 7, OpClass::Official, false},  // DE
    {"DCP", AddrMode::Abx, 3, 7, OpClass::Stable, false},    // DF
    // Ex
    {"CPX", AddrMode::Imm, 2, 2, OpClass::Official, false},  // E0
    {"SBC", AddrMode::Izx, 2, 6, OpClass::Official, false},  // E1
    {"NOP", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // E2
    {"ISC", AddrMode::Izx, 2, 8, OpClass::Stable, false},    // E3
    {"CPX", AddrMode::Zp, 2, 3, OpClass::Official, false},   // E4
    {"SBC", AddrMode::Zp, 2, 3, OpClass::Official, false},   // E5
    {"INC", AddrMode::Zp, 2, 5, OpClass::Official, false},   // E6
    {"ISC", AddrMode::Zp, 2, 5, OpClass::Stable, false},     // E7
    {"INX", AddrMode::Imp, 1, 2, OpClass::Official, false},  // E8
    {"SBC", AddrMode::Imm, 2, 2, OpClass::Official, false},  // E9
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Official, false},  // EA
    {"SBC", AddrMode::Imm, 2, 2, OpClass::Stable, false},    // EB
    {"CPX", AddrMode::Abs, 3, 4, OpClass::Official, false},  // EC
    {"SBC", AddrMode::Abs, 3, 4, OpClass::Official, false},  // ED
    {"INC", AddrMode::Abs, 3, 6, OpClass::Official, false},  // EE
    {"ISC", AddrMode::Abs, 3, 6, OpClass::Stable, false},    // EF
    // Fx
    {"BEQ", AddrMode::Rel, 2, 2, OpClass::Official, false},  // F0
    {"SBC", AddrMode::Izy, 2, 5, OpClass::Official, true},   // F1
    {"JAM", AddrMode::Imp, 1, 3, OpClass::Jam, false},       // F2
    {"ISC", AddrMode::Izy, 2, 8, OpClass::Stable, false},    // F3
    {"NOP", AddrMode::Zpx, 2, 4, OpClass::Stable, false},    // F4
    {"SBC", AddrMode::Zpx, 2, 4, OpClass::Official, false},  // F5
    {"INC", AddrMode::Zpx, 2, 6, OpClass::Official, false},  // F6
    {"ISC", AddrMode::Zpx, 2, 6, OpClass::Stable, false},    // F7
    {"SED", AddrMode::Imp, 1, 2, OpClass::Official, false},  // F8
    {"SBC", AddrMode::Aby, 3, 4, OpClass::Official, true},   // F9
    {"NOP", AddrMode::Imp, 1, 2, OpClass::Stable, false},    // FA
    {"ISC", AddrMode::Aby, 3, 7, OpClass::Stable, false},    // FB
    {"NOP", AddrMode::Abx, 3, 4, OpClass::Stable, true},     // FC
    {"SBC", AddrMode::Abx, 3, 4, OpClass::Official, true},   // FD
    {"INC", AddrMode::Abx, 3, 7, OpClass::Official, false},  // FE
    {"ISC", AddrMode::Abx, 3, 7, OpClass::Stable, false},    // FF
}};

const char* addrModeName(AddrMode mode) {
  switch (mode) {
    case AddrMode::Imp:
      return "imp";
    case AddrMode::Acc:
      return "acc";
    case AddrMode::Imm:
      return "imm";
    case AddrMode::Zp:
      return "zp";
    case AddrMode::Zpx:
      return "zpx";
    case AddrMode::Zpy:
      return "zpy";
    case AddrMode::Abs:
      return "abs";
    case AddrMode::Abx:
      return "abx";
    case AddrMode::Aby:
      return "aby";
    case AddrMode::Ind:
      return "ind";
    case AddrMode::Izx:
      return "izx";
    case AddrMode::Izy:
      return "izy";
    case AddrMode::Rel:
      return "rel";
  }
  return "?";
}

const char* opClassName(OpClass cls) {
  switch (cls) {
    case OpClass::Official:
      return "official";
    case OpClass::Stable:
      return "unofficial-stable";
    case OpClass::Unstable:
      return "unofficial-unstable";
    case OpClass::Jam:
      return "jam";
  }
  return "?";
}

}  // namespace emu6502
