// The per-CPU pieces every Machine over that CPU shares, whatever its bus: the
// flat machines (machine_6502.cpp, machine_sm83.cpp) and the game machines
// (core/game/game_machine_*.cpp). Access and halt kinds, registers by name,
// register blocks for snapshots, the review of a call's end, disassembly.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/sim/machine_cpu.h"
#include "emu6502/cpu6502.h"
#include "emu6502/disasm.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/disasm.h"

namespace core::detail {

// ---- 6502 ----

inline AccessKind toKind(emu6502::Access a) {
  switch (a) {
    case emu6502::Access::OpcodeFetch:
      return AccessKind::Fetch;
    case emu6502::Access::Operand:
      return AccessKind::Operand;
    case emu6502::Access::Read:
      return AccessKind::Read;
    case emu6502::Access::Write:
      return AccessKind::Write;
    case emu6502::Access::DummyRead:
      return AccessKind::DummyRead;
    case emu6502::Access::DummyWrite:
      return AccessKind::DummyWrite;
  }
  return AccessKind::Read;
}

inline HaltKind toHalt(emu6502::HaltReason r) {
  switch (r) {
    case emu6502::HaltReason::Returned:
      return HaltKind::Returned;
    case emu6502::HaltReason::Breakpoint:
      return HaltKind::Breakpoint;
    case emu6502::HaltReason::InstructionBudget:
      return HaltKind::InstructionBudget;
    case emu6502::HaltReason::CycleBudget:
      return HaltKind::CycleBudget;
    case emu6502::HaltReason::Jam:
      return HaltKind::Jam;
    case emu6502::HaltReason::Loop:
    case emu6502::HaltReason::None:
      break;
  }
  return HaltKind::Stepped;
}

inline bool set6502Register(emu6502::Regs& r, const std::string& name, uint32_t v) {
  if (name == "A")
    r.a = uint8_t(v);
  else if (name == "X")
    r.x = uint8_t(v);
  else if (name == "Y")
    r.y = uint8_t(v);
  else
    return false;
  return true;
}

inline std::vector<RegisterValue> registers6502(const emu6502::Regs& r) {
  return {{"A", r.a, 8}, {"X", r.x, 8}, {"Y", r.y, 8},
          {"S", r.s, 8}, {"P", r.p, 8}, {"PC", r.pc, 16}};
}

// Field by field: the struct's padding bytes would make equal states compare unequal.
inline std::vector<uint8_t> save6502Regs(const emu6502::Cpu6502& cpu) {
  const auto& r = cpu.regs;
  return {uint8_t(r.pc), uint8_t(r.pc >> 8), r.a, r.x, r.y, r.s, r.p, uint8_t(cpu.jammed())};
}

inline void restore6502Regs(emu6502::Cpu6502& cpu, const std::vector<uint8_t>& b) {
  if (b.size() != 8) return;
  auto& r = cpu.regs;
  r.pc = uint16_t(b[0] | b[1] << 8);
  r.a = b[2], r.x = b[3], r.y = b[4], r.s = b[5], r.p = b[6];
  cpu.clearJam();
}

// A Returned needs S back at `expectedS` (the call's JSR frame pulled); a JAM
// gets its opcode and address. Zeroed memory is BRK on a 6502, so a slide never
// reaches the sentinel; a jump there without the pull shows in S.
template <class Peek>
void review6502(const emu6502::Cpu6502& cpu, Peek peek, unsigned expectedS, CallResult& r) {
  if (r.reason == HaltKind::Returned) {
    reviewReturn(r, true, 0, "RTS", "S", cpu.regs.s, expectedS, 2);
    return;
  }
  char text[48];  // JAM leaves PC on the opcode
  std::snprintf(text, sizeof text, "JAM opcode $%02X at $%04X", peek(cpu.regs.pc), cpu.regs.pc);
  r.detail = text;
}

inline std::string disassemble6502(uint16_t addr, const emu6502::Bus& bus, const DebugInfo* names,
                                   int* length) {
  emu6502::SymbolFn symbols;
  if (names) symbols = [names](uint16_t a) { return names->nameAt(a); };
  auto d = emu6502::disassemble(addr, bus, symbols);
  if (length) *length = d.length;
  return d.text;
}

// ---- SM83 ----

inline AccessKind toKind(emusm83::Access a) {
  switch (a) {
    case emusm83::Access::OpcodeFetch:
      return AccessKind::Fetch;
    case emusm83::Access::Operand:
      return AccessKind::Operand;
    case emusm83::Access::Read:
      return AccessKind::Read;
    case emusm83::Access::Write:
      return AccessKind::Write;
    case emusm83::Access::Internal:
      return AccessKind::Internal;
  }
  return AccessKind::Read;
}

inline HaltKind toHalt(emusm83::HaltReason r) {
  switch (r) {
    case emusm83::HaltReason::Returned:
      return HaltKind::Returned;
    case emusm83::HaltReason::Breakpoint:
      return HaltKind::Breakpoint;
    case emusm83::HaltReason::InstructionBudget:
      return HaltKind::InstructionBudget;
    case emusm83::HaltReason::CycleBudget:
      return HaltKind::CycleBudget;
    case emusm83::HaltReason::Locked:
      return HaltKind::Locked;
    case emusm83::HaltReason::Stopped:
      return HaltKind::Stopped;
    case emusm83::HaltReason::Loop:
    case emusm83::HaltReason::None:
      break;
  }
  return HaltKind::Stepped;
}

inline bool setSm83Register(emusm83::Regs& r, const std::string& name, uint32_t v) {
  const auto b = uint8_t(v);
  if (name == "A")
    r.a = b;
  else if (name == "B")
    r.b = b;
  else if (name == "C")
    r.c = b;
  else if (name == "D")
    r.d = b;
  else if (name == "E")
    r.e = b;
  else if (name == "H")
    r.h = b;
  else if (name == "L")
    r.l = b;
  else if (name == "AF")
    r.setAf(uint16_t(v));
  else if (name == "BC")
    r.setBc(uint16_t(v));
  else if (name == "DE")
    r.setDe(uint16_t(v));
  else if (name == "HL")
    r.setHl(uint16_t(v));
  else
    return false;
  return true;
}

inline std::vector<RegisterValue> registersSm83(const emusm83::Regs& r) {
  return {{"A", r.a, 8},      {"F", r.f, 8},    {"BC", r.bc(), 16}, {"DE", r.de(), 16},
          {"HL", r.hl(), 16}, {"SP", r.sp, 16}, {"PC", r.pc, 16},   {"IME", r.ime, 1}};
}

constexpr size_t kSm83RegBytes = 14;  // registers, IME, and a byte of HALT/EI/lock bits

// CpuState rather than Regs alone, so a pending EI, HALT or lock-up survives.
inline std::vector<uint8_t> saveSm83Regs(const emusm83::CpuSm83& cpu) {
  const emusm83::CpuState st = cpu.state();
  const auto& r = st.regs;
  return {r.a,
          r.f,
          r.b,
          r.c,
          r.d,
          r.e,
          r.h,
          r.l,
          uint8_t(r.sp),
          uint8_t(r.sp >> 8),
          uint8_t(r.pc),
          uint8_t(r.pc >> 8),
          uint8_t(r.ime),
          uint8_t(st.halted | st.haltEntry << 1 | st.haltBug << 2 | st.locked << 3 |
                  st.stopped << 4 | st.eiPending << 5)};
}

inline void restoreSm83Regs(emusm83::CpuSm83& cpu, const std::vector<uint8_t>& b) {
  if (b.size() != kSm83RegBytes) return;
  emusm83::CpuState st = cpu.state();
  auto& r = st.regs;
  r.a = b[0], r.f = b[1], r.b = b[2], r.c = b[3], r.d = b[4], r.e = b[5], r.h = b[6], r.l = b[7];
  r.sp = uint16_t(b[8] | b[9] << 8);
  r.pc = uint16_t(b[10] | b[11] << 8);
  r.ime = b[12] != 0;
  const uint8_t bits = b[13];
  st.halted = bits & 1, st.haltEntry = bits & 2, st.haltBug = bits & 4;
  st.locked = bits & 8, st.stopped = bits & 16, st.eiPending = bits & 32;
  cpu.setState(st);
}

// A Returned needs a RET to have brought PC there with SP back at `expectedSp`;
// not by RET is most likely a slide through zeroed memory (NOPs), which began
// where the run of zero bytes before the sentinel begins. A lock-up inside HALT
// is not an illegal opcode: nothing was enabled to end the wait.
template <class Peek>
void reviewSm83(const emusm83::CpuSm83& cpu, Peek peek, unsigned expectedSp, CallResult& r) {
  if (r.reason == HaltKind::Returned) {
    const bool ret = cpu.lastReturnEnd() == cpu.cycles;
    int from = -1;
    if (!ret && peek(uint16_t(kSentinel - 1)) == 0) {
      from = kSentinel - 1;
      while (from > 0 && peek(uint16_t(from - 1)) == 0) --from;
    }
    reviewReturn(r, ret, from, "RET", "SP", cpu.regs.sp, expectedSp, 4);
    return;
  }
  if (cpu.halted()) r.reason = HaltKind::HaltForever;
  r.detail = cpu.lockReason();
}

template <class Peek>
std::string disassembleSm83(uint16_t addr, Peek peek, const DebugInfo* names, int* length) {
  emusm83::SymbolFn symbols;
  if (names) symbols = [names](uint16_t a, emusm83::SymbolUse) { return names->nameAt(a); };
  auto d = emusm83::disassemble(addr, peek, symbols);
  if (length) *length = d.length;
  return d.text;
}

}  // namespace core::detail
