// Sharp SM83 (Game Boy DMG CPU): all 245 legal unprefixed opcodes and the 256
// CB-prefixed ones, each M-cycle's bus access in hardware order, HALT (with the halt
// bug), STOP, the EI delay, interrupt dispatch, and lock-up on the 11 illegal opcodes.
//
// Usage:
//   emusm83::FlatBus bus;                   // or a GbBus
//   emusm83::CpuSm83 cpu(bus);
//   cpu.regs.pc = 0x0150;                   // or cpu.setPostBootState() for a ROM
//   unsigned m = cpu.step();                // one instruction, in M-cycles
//   RunResult r = cpu.runUntil({.sentinel = 0xFFF0, .maxCycles = 20000});
//
// Registers and the M-cycle counter are plain public state: copy `regs` for a trace
// snapshot, assign it to restore one. While an instruction runs they are held in
// locals, so an observer must not rely on them mid-instruction; they are written
// back when step()/runUntil() return.
//
// Interrupts are taken between instructions when IME is set and IE & IF has a bit
// set; the lowest bit wins (VBlank, STAT, timer, serial, joypad). Dispatch takes 5
// M-cycles: 2 internal, push PC high, push PC low, internal. IE is sampled after
// the high-byte push, as on hardware: if that push cleared the pending bit, no
// interrupt is acknowledged and PC becomes $0000.
//
// HALT waits for IE & IF. When nothing can ever end it (IE has no source enabled, as
// on the FlatBus, which has no interrupts) runUntil reports Locked with a reason.
// STOP is 2 bytes and makes runUntil return Stopped; the next call resumes after it
// (this system has no joypad to wake it), unless the bus handles it (Bus::stop(): the
// CGB speed switch), and then the CPU goes on.
//
// Bus tags: the opcode byte is OpcodeFetch; the byte after a $CB prefix and every
// immediate byte are Operand; data and stack accesses are Read/Write; cycles with no
// access are Internal. Interrupt dispatch reports its 5 cycles (Internal, Internal,
// Write, Write, Internal). Halted M-cycles make no access and are not reported.
//
// Timing is M-cycle exact for the CPU; devices on the bus are ticked lazily (see
// emusm83/bus.h) and are up to date whenever step()/runUntil() return. While halted,
// runUntil skips straight to the next device event instead of idling cycle by cycle.
// Assigning `cycles` by hand does not move the devices' clock.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "emusm83/bus.h"
#include "emusm83/regs.h"

namespace emusm83 {

enum class HaltReason : uint8_t {
  None,
  Returned,           // PC reached RunLimits::sentinel
  Breakpoint,         // PC reached an address marked in RunLimits::breakpoints
  InstructionBudget,  // RunLimits::maxInstructions ran out
  CycleBudget,        // RunLimits::maxCycles ran out
  Locked,             // illegal opcode, or HALT that nothing can end (see lockReason())
  Stopped,            // a STOP instruction ran
  Loop,               // RunLimits::stopOnSelfLoop: an instruction jumped to itself
};
const char* haltReasonName(HaltReason reason);

struct RunLimits {
  // Halt (before executing) when PC equals this address. The frame runner pushes
  // the sentinel as a return address, so RET from the routine halts here.
  std::optional<uint16_t> sentinel;
  // Counted from the start of this call. Checked before each instruction, so the
  // cycle budget may be overrun by the last instruction (at most 6 M-cycles, or
  // 5 more for an interrupt dispatch). Cycles are M-cycles.
  uint64_t maxInstructions = UINT64_MAX;
  uint64_t maxCycles = UINT64_MAX;
  // 65536 entries, or null. The instruction at the starting PC always runs, so
  // runUntil can resume from a breakpoint.
  const std::vector<bool>* breakpoints = nullptr;
  // Halt with Loop when an instruction leaves PC where it started (jr @, jp @),
  // the way test programs signal the end.
  bool stopOnSelfLoop = false;
};

// Everything a snapshot needs to resume the CPU exactly (Regs alone misses a pending
// EI, HALT and lock-up).
struct CpuState {
  Regs regs;
  uint64_t cycles = 0;
  bool halted = false, haltEntry = false, haltBug = false, locked = false, stopped = false;
  bool eiPending = false;
  bool operator==(const CpuState&) const = default;
};

struct RunResult {
  HaltReason reason = HaltReason::None;
  uint64_t instructions = 0;  // executed by this call (interrupt dispatches not counted)
  uint64_t cycles = 0;        // M-cycles spent by this call, halted cycles included
};

class CpuSm83 {
 public:
  explicit CpuSm83(Bus& bus);
  CpuSm83(const CpuSm83&) = delete;
  CpuSm83& operator=(const CpuSm83&) = delete;

  Regs regs;
  uint64_t cycles = 0;  // M-cycles since construction

  void setObserver(BusObserver* observer) { observer_ = observer; }  // null = fast path
  BusObserver* observer() const { return observer_; }
  Bus& bus() { return bus_; }

  // Runs one instruction (after dispatching an interrupt if one is due) and returns
  // the M-cycles it took. While halted it runs one M-cycle and returns 1. While
  // locked it does nothing and returns 0. After STOP, the next step() resumes.
  unsigned step();
  RunResult runUntil(const RunLimits& limits);

  // Registers as the DMG boot ROM leaves them: AF=$01B0 BC=$0013 DE=$00D8
  // HL=$014D SP=$FFFE PC=$0100, IME off; with `cgb`, as the CGB boot ROM leaves them
  // for a CGB game: AF=$1180 BC=$0000 DE=$FF56 HL=$000D (A=$11 tells a game it runs
  // on a CGB). Clears halt, lock and pending EI.
  void setPostBootState(bool cgb = false);
  // All registers zero, PC=$0000. Clears halt, lock and pending EI.
  void reset();

  bool halted() const { return halted_; }
  bool locked() const { return locked_; }
  // Why the CPU locked: "illegal opcode $D3 at $0150" or "HALT with IE = 0 ...".
  const char* lockReason() const { return lockReason_; }
  // Lets the CPU run again from PC after a lock-up; also ends a HALT or STOP.
  void clearLock();
  // The M-cycle count at the end of the last return taken (RET, RETI, RET cc). It
  // equals `cycles` when a return was the last thing the CPU did, which tells a
  // caller halted at a return sentinel a RET from a slide or a jump into it. A
  // store per return rather than per instruction keeps the fast path fast.
  uint64_t lastReturnEnd() const { return returnEnd_; }
  // EI ran and IME turns on after the next instruction.
  bool eiPending() const { return eiPending_; }
  void setEiPending(bool pending) { eiPending_ = pending; }
  // The halt bug is armed: the next opcode fetch does not advance PC.
  bool haltBug() const { return haltBug_; }

  CpuState state() const;
  void setState(const CpuState& s);

 private:
  template <class Mem, bool kObserve>
  friend class Engine;
  template <class Mem, bool kObserve>
  RunResult run(const RunLimits& limits);
  HaltReason service(uint64_t cycleLimit, bool mayRun);
  void syncBus();
  uint8_t pendingInterrupts() const;
  void dispatchInterrupt();
  void internalCycle();
  void writeCycle(uint16_t addr, uint8_t v);
  uint8_t slowRead(uint16_t addr, uint64_t now, Access kind);
  void slowWrite(uint16_t addr, uint8_t v, uint64_t now);
  void lockIllegal(uint8_t op, uint16_t pc);
  void clearStates();

  Bus& bus_;
  BusObserver* observer_ = nullptr;
  FastPages* pages_;
  FastPages ownPages_;  // all null: used when the bus has no page map
  uint8_t* flat_;
  uint64_t ticked_ = 0;    // cycles the bus has been ticked up to
  uint64_t deadline_ = 0;  // next cycle count at which service() must run
  uint16_t lastAddr_ = 0;  // previous bus cycle, reported for internal cycles
  uint8_t lastData_ = 0;
  uint64_t returnEnd_ = UINT64_MAX;
  bool halted_ = false;
  bool haltEntry_ = false;  // HALT just ran: an interrupt already pending triggers the bug
  bool haltBug_ = false;
  bool locked_ = false;
  bool stopped_ = false;
  bool eiPending_ = false;
  char lockReason_[64] = "";
};

}  // namespace emusm83
