// The one 6502 opcode table. The CPU takes base cycle counts from it, the
// disassembler takes mnemonics, modes and sizes, and the UI shows all of it, so
// the three cannot drift apart.
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

struct OpcodeInfo {
  const char* mnemonic;
  AddrMode mode;
  uint8_t size;        // bytes, opcode included
  uint8_t baseCycles;  // without page-cross or branch penalties; JAM: cycles before the halt
  OpClass cls;
  bool pageCrossPenalty;  // +1 cycle when the indexed address crosses a page
};

extern const std::array<OpcodeInfo, 256> kOpcodes;

const char* addrModeName(AddrMode mode);  // "imp", "abx", ... as in the conformance metadata
const char* opClassName(OpClass cls);

}  // namespace emu6502
