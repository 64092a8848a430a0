// NMOS 6502 as the NES 2A03 runs it: all 256 opcodes (official, stable and
// unstable undocumented, JAM), exact cycle counts and the exact bus sequence,
// dummy reads and the double write of read-modify-write included.
//
// Usage:
//   emu6502::FlatBus bus;                 // or a NesBus
//   emu6502::Cpu6502 cpu(bus);
//   cpu.regs.pc = 0x8000;                 // or cpu.reset() to go through $FFFC
//   unsigned c = cpu.step();              // one instruction
//   RunLimits limits;                     // (designated initializers trip
//   limits.sentinel = 0x0000;             //  -Wmissing-field-initializers)
//   limits.maxCycles = 30000;
//   RunResult r = cpu.runUntil(limits);
//
// Registers and the cycle counter are plain public state: copy `regs` for a trace
// snapshot, assign it to restore one. While an instruction runs they are held in
// locals, so an observer must not rely on them mid-instruction; they are written
// back when step()/runUntil() return.
//
// Decimal mode: the 2A03 has the D flag but ADC/SBC ignore it. Set
// CpuConfig::decimalMode for a stock NMOS 6502 with BCD arithmetic.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "emu6502/bus.h"

namespace emu6502 {

// Status flag bits of Regs::p.
enum Flag : uint8_t {
  kFlagC = 0x01,
  kFlagZ = 0x02,
  kFlagI = 0x04,
  kFlagD = 0x08,
  kFlagB = 0x10,  // only exists in the copy pushed by BRK/PHP
  kFlagU = 0x20,  // always reads as 1
  kFlagV = 0x40,
  kFlagN = 0x80,
};

struct Regs {
  uint16_t pc = 0;
  uint8_t a = 0, x = 0, y = 0;
  uint8_t s = 0xFD;
  uint8_t p = kFlagU | kFlagI;
  bool operator==(const Regs&) const = default;
};

enum class HaltReason : uint8_t {
  None,
  Returned,           // PC reached RunLimits::sentinel
  Breakpoint,         // PC reached an address marked in RunLimits::breakpoints
  InstructionBudget,  // RunLimits::maxInstructions ran out
  CycleBudget,        // RunLimits::maxCycles ran out
  Jam,                // a JAM opcode halted the CPU (see Cpu6502::jammed)
  Loop,               // RunLimits::stopOnSelfLoop: an instruction jumped to itself
};
const char* haltReasonName(HaltReason reason);

struct RunLimits {
  // Halt (before executing) when PC equals this address. The frame runner pushes
  // sentinel-1 as a return address, so RTS from the routine halts here.
  std::optional<uint16_t> sentinel;
  // Counted from the start of this call. Checked before each instruction, so the
  // cycle budget may be overrun by the last instruction (at most 7 cycles).
  uint64_t maxInstructions = UINT64_MAX;
  uint64_t maxCycles = UINT64_MAX;
  // 65536 entries, or null. The instruction at the starting PC always runs, so
  // runUntil can resume from a breakpoint.
  const std::vector<bool>* breakpoints = nullptr;
  // Halt with Loop when an instruction leaves PC where it started (JMP *, BNE *),
  // the way test programs signal the end.
  bool stopOnSelfLoop = false;
};

struct RunResult {
  HaltReason reason = HaltReason::None;
  uint64_t instructions = 0;  // executed by this call
  uint64_t cycles = 0;        // spent by this call
};

// What one run read and wrote, for callers that memoise runs (a run on memory
// without side effects is a function of the bytes it read): every address whose
// first access was a read (instruction bytes included) with the value it had, and
// every address written. Dummy reads are left out: their values are discarded.
// Filled only on the flat-memory fast path (a bus with flatMemory()), with no
// observer attached.
class AccessLog {
 public:
  std::vector<uint16_t> readAddr;
  std::vector<uint8_t> readValue;
  std::vector<uint8_t> readFetch;  // 1: an opcode or operand fetch, 0: a data read
  std::vector<uint16_t> written;

  // Forgets the last run (what Cpu6502::runUntil does when it starts).
  void begin() {
    readAddr.clear();
    readValue.clear();
    readFetch.clear();
    written.clear();
    if (seen_.empty()) seen_.assign(65536, 0), wrote_.assign(65536, 0);
    if (++gen_ == 0) {  // the stamps wrapped: start them over
      std::fill(seen_.begin(), seen_.end(), 0);
      std::fill(wrote_.begin(), wrote_.end(), 0);
      gen_ = 1;
    }
  }
  // Instruction fetches from addresses whose bit is set in `bits` (1024 words,
  // bit a of the map is address a) are not logged: the caller checks those bytes
  // its own way (a whole code segment at once). Null logs every fetch.
  void skipFetches(const uint64_t* bits) { skip_ = bits; }
  void onFetch(uint16_t a, uint8_t v) {
    if (skip_ && ((skip_[a >> 6] >> (a & 63)) & 1)) return;
    onRead(a, v, true);
  }
  void onRead(uint16_t a, uint8_t v, bool fetch) {
    if (seen_[a] == gen_) return;
    seen_[a] = gen_;
    readAddr.push_back(a);
    readValue.push_back(v);
    readFetch.push_back(fetch);
  }
  void onWrite(uint16_t a) {
    seen_[a] = gen_;
    if (wrote_[a] == gen_) return;
    wrote_[a] = gen_;
    written.push_back(a);
  }

 private:
  // Per address, the run that last touched (seen_) or wrote (wrote_) it.
  std::vector<uint32_t> seen_, wrote_;
  uint32_t gen_ = 0;
  const uint64_t* skip_ = nullptr;
};

struct CpuConfig {
  bool decimalMode = false;  // false = 2A03 (binary ADC/SBC even with D set)
  // ANE ($8B) and LXA ($AB) mix A with a chip-dependent constant:
  // ANE: A = (A | magic) & X & imm, LXA: A = X = (A | magic) & imm.
  // $FF is the NES behaviour the common test ROMs expect; $EE is another chip.
  uint8_t unstableMagic = 0xFF;
};

class Cpu6502 {
 public:
  explicit Cpu6502(Bus& bus, CpuConfig config = {});
  Cpu6502(const Cpu6502&) = delete;
  Cpu6502& operator=(const Cpu6502&) = delete;

  Regs regs;
  uint64_t cycles = 0;  // total since construction
  CpuConfig config;

  void setObserver(BusObserver* observer) { observer_ = observer; }  // null = fast path
  // Runs fill `log` (see AccessLog) while it is set and no observer, breakpoints
  // or loop stop are; null = off.
  void setAccessLog(AccessLog* log) { log_ = log; }
  BusObserver* observer() const { return observer_; }
  Bus& bus() { return bus_; }

  // Runs one instruction and returns the cycles it took. A JAM opcode returns the
  // cycles spent before the halt and leaves jammed() set; while jammed, step()
  // returns 0 and does nothing.
  unsigned step();
  RunResult runUntil(const RunLimits& limits);

  // Entry sequences, 7 cycles each, with their bus accesses. reset() loads PC from
  // $FFFC, sets I, drops S by 3 (its pushes are reads) and clears a JAM.
  // nmi() always enters through $FFFA; irq() enters through $FFFE only when I is
  // clear. Each returns the cycles spent (irq(): 0 when masked or jammed).
  void reset();
  unsigned nmi();
  unsigned irq();

  bool jammed() const { return jammed_; }
  void clearJam() { jammed_ = false; }
  void setJammed(bool jammed) { jammed_ = jammed; }  // for restoring a snapshot

 private:
  template <class Mem, bool kObserve, bool kChecks>
  RunResult run(const RunLimits& limits);
  RunResult runLogged(const RunLimits& limits);  // with log_ set, no breakpoints or loop stop
  unsigned interrupt(uint16_t vector, bool isReset);
  uint8_t access(uint16_t addr, Access kind, uint8_t value = 0);

  Bus& bus_;
  BusObserver* observer_ = nullptr;
  FastPages* pages_;
  FastPages ownPages_;  // all null: used when the bus has no page map
  uint8_t* flat_;
  const uint64_t* hooked_;  // with flat_: pages that still go through the bus
  AccessLog* log_ = nullptr;
  bool jammed_ = false;
};

}  // namespace emu6502
