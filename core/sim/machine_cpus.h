// The per-CPU half of CpuMachine (machine_cpu.h): what every Machine over that
// CPU shares, whatever its bus: the flat machines (machine_6502.cpp,
// machine_sm83.cpp) and the game machines (core/game/game_machine_*.cpp).
// Access and halt kinds, the fault, registers by name, flags, register blocks
// for snapshots, the return frame a call plants, the review of a call's end,
// disassembly. Traits6502 and TraitsSm83 are the `Traits` CpuMachine takes.
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

struct Traits6502 {
  using Cpu = emu6502::Cpu6502;
  using Observer = emu6502::BusObserver;
  using Access = emu6502::Access;
  using Limits = emu6502::RunLimits;
  static constexpr HaltKind kFault = HaltKind::Jam;
  static constexpr const char* kFlagNames = "NV-BDIZC";
  static constexpr size_t kRegBytes = 8;
  // Where a flat machine's calls start the stack (a game machine's stack before its first call).
  static constexpr unsigned kCallStack = 0xFD;
  // What a JSR frame returning to the sentinel holds (RTS lands one past it).
  static constexpr uint16_t kPushedReturn = kSentinel - 1;
  static constexpr int kReturnBias = 1;

  static AccessKind kind(Access a) {
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
  static HaltKind halt(emu6502::HaltReason r) {
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
  static bool faulted(const Cpu& cpu) { return cpu.jammed(); }
  static void clearFault(Cpu& cpu) { cpu.clearJam(); }
  static void resetCpu(Cpu& cpu) {
    cpu.regs = emu6502::Regs{};
    cpu.clearJam();
  }

  static bool setRegister(emu6502::Regs& r, const std::string& name, uint32_t v) {
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
  static std::vector<RegisterValue> registers(const emu6502::Regs& r) {
    return {{"A", r.a, 8}, {"X", r.x, 8}, {"Y", r.y, 8},
            {"S", r.s, 8}, {"P", r.p, 8}, {"PC", r.pc, 16}};
  }
  static uint32_t flagBits(const emu6502::Regs& r) { return r.p; }

  // Field by field: the struct's padding bytes would make equal states compare unequal.
  static std::vector<uint8_t> saveRegs(const Cpu& cpu) {
    const auto& r = cpu.regs;
    return {uint8_t(r.pc), uint8_t(r.pc >> 8), r.a, r.x, r.y, r.s, r.p, uint8_t(cpu.jammed())};
  }
  static void restoreRegs(Cpu& cpu, const std::vector<uint8_t>& b) {
    if (b.size() != kRegBytes) return;
    auto& r = cpu.regs;
    r.pc = uint16_t(b[0] | b[1] << 8);
    r.a = b[2], r.x = b[3], r.y = b[4], r.s = b[5], r.p = b[6];
    cpu.clearJam();
  }

  // JSR semantics: pushes the frame whose RTS pulls sentinel-1 and lands on the
  // sentinel, and enters `entry` with the registers a call starts from. Returns
  // the S that RTS leaves (the review of a return expects it).
  template <class Poke>
  static unsigned plantCall(Cpu& cpu, Poke poke, uint16_t entry) {
    auto& r = cpu.regs;
    const unsigned returnS = r.s;
    poke(uint16_t(0x0100 | r.s--), uint8_t(kPushedReturn >> 8));
    poke(uint16_t(0x0100 | r.s--), uint8_t(kPushedReturn));
    r.pc = entry;
    r.p = emu6502::kFlagU | emu6502::kFlagI;
    r.a = r.x = r.y = 0;
    return returnS;
  }
  // The frame a JSR just pushed: its return address - 1 at S+1 (low) and S+2
  // (high); `returnStack` the S once RTS pulled it.
  struct Frame {
    uint16_t at[2];
    unsigned returnStack;
  };
  static Frame pushedFrame(const Cpu& cpu) {
    const unsigned s = cpu.regs.s;
    return {{uint16_t(0x0100 | ((s + 1) & 0xFF)), uint16_t(0x0100 | ((s + 2) & 0xFF))},
            (s + 2) & 0xFF};
  }

  // A Returned needs S back at `expectedS` (the call's JSR frame pulled); a JAM
  // gets its opcode and address. Zeroed memory is BRK on a 6502, so a slide never
  // reaches the sentinel; a jump there without the pull shows in S.
  template <class Peek>
  static void review(const Cpu& cpu, Peek peek, unsigned expectedS, CallResult& r) {
    if (r.reason == HaltKind::Returned) {
      reviewReturn(r, true, 0, "RTS", "S", cpu.regs.s, expectedS, 2);
      return;
    }
    char text[48];  // JAM leaves PC on the opcode
    std::snprintf(text, sizeof text, "JAM opcode $%02X at $%04X", peek(cpu.regs.pc), cpu.regs.pc);
    r.detail = text;
  }

  static std::string disassemble(uint16_t addr, const emu6502::Bus& bus, const DebugInfo* names,
                                 int* length) {
    emu6502::SymbolFn symbols;
    if (names) symbols = [names](uint16_t a) { return names->nameAt(a); };
    auto d = emu6502::disassemble(addr, bus, symbols);
    if (length) *length = d.length;
    return d.text;
  }
};

// ---- SM83 ----

struct TraitsSm83 {
  using Cpu = emusm83::CpuSm83;
  using Observer = emusm83::BusObserver;
  using Access = emusm83::Access;
  using Limits = emusm83::RunLimits;
  static constexpr HaltKind kFault = HaltKind::Locked;
  static constexpr const char* kFlagNames = "ZNHC";
  static constexpr size_t kRegBytes = 14;  // registers, IME, and a byte of HALT/EI/lock bits
  // Where a flat machine's calls start the stack (a game machine's stack before its first call).
  static constexpr unsigned kCallStack = 0xFFFE;
  // What a CALL frame returning to the sentinel holds (RET lands on it).
  static constexpr uint16_t kPushedReturn = kSentinel;
  static constexpr int kReturnBias = 0;

  static AccessKind kind(Access a) {
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
  static HaltKind halt(emusm83::HaltReason r) {
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
  static bool faulted(const Cpu& cpu) { return cpu.locked(); }
  static void clearFault(Cpu& cpu) { cpu.clearLock(); }  // also ends a HALT
  static void resetCpu(Cpu& cpu) { cpu.setState(emusm83::CpuState{}); }

  static bool setRegister(emusm83::Regs& r, const std::string& name, uint32_t v) {
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
  static std::vector<RegisterValue> registers(const emusm83::Regs& r) {
    return {{"A", r.a, 8},      {"F", r.f, 8},    {"BC", r.bc(), 16}, {"DE", r.de(), 16},
            {"HL", r.hl(), 16}, {"SP", r.sp, 16}, {"PC", r.pc, 16},   {"IME", r.ime, 1}};
  }
  static uint32_t flagBits(const emusm83::Regs& r) { return r.f >> 4; }

  // CpuState rather than Regs alone, so a pending EI, HALT or lock-up survives.
  static std::vector<uint8_t> saveRegs(const Cpu& cpu) {
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
  static void restoreRegs(Cpu& cpu, const std::vector<uint8_t>& b) {
    if (b.size() != kRegBytes) return;
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

  // CALL semantics: pushes the frame whose RET pops the sentinel and enters
  // `entry`. Returns the SP that RET leaves (the review of a return expects it).
  template <class Poke>
  static unsigned plantCall(Cpu& cpu, Poke poke, uint16_t entry) {
    auto& r = cpu.regs;
    const unsigned returnSp = r.sp;
    r.sp = uint16_t(r.sp - 2);
    poke(r.sp, uint8_t(kPushedReturn));
    poke(uint16_t(r.sp + 1), uint8_t(kPushedReturn >> 8));
    r.pc = entry;
    return returnSp;
  }
  // The frame a CALL just pushed: its return address at SP (low) and SP+1
  // (high); `returnStack` the SP once RET popped it.
  struct Frame {
    uint16_t at[2];
    unsigned returnStack;
  };
  static Frame pushedFrame(const Cpu& cpu) {
    const uint16_t sp = cpu.regs.sp;
    return {{sp, uint16_t(sp + 1)}, uint16_t(sp + 2)};
  }

  // A Returned needs a RET to have brought PC there with SP back at `expectedSp`;
  // not by RET is most likely a slide through zeroed memory (NOPs), which began
  // where the run of zero bytes before the sentinel begins. A lock-up inside HALT
  // is not an illegal opcode: nothing was enabled to end the wait.
  template <class Peek>
  static void review(const Cpu& cpu, Peek peek, unsigned expectedSp, CallResult& r) {
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

  static std::string disassemble(uint16_t addr, const emusm83::Bus& bus, const DebugInfo* names,
                                 int* length) {
    emusm83::SymbolFn symbols;
    if (names) symbols = [names](uint16_t a, emusm83::SymbolUse) { return names->nameAt(a); };
    auto d = emusm83::disassemble(addr, bus, symbols);
    if (length) *length = d.length;
    return d.text;
  }
};

}  // namespace core::detail
