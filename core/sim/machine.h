// One interface over both emulators, so the frame runner, the audits and the
// debugger drive a 6502 and an SM83 the same way: load an assembled image,
// read and write labelled variables, call a routine with a return sentinel
// under a cycle budget, snapshot and restore RAM, and single-step.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/asm/image.h"
#include "core/sim/manifest.h"

namespace core {

enum class AccessKind : uint8_t { Fetch, Operand, Read, Write, DummyRead, DummyWrite, Internal };

// Sees every bus access of a call or step. Null means the fast path.
struct AccessObserver {
  virtual ~AccessObserver() = default;
  virtual void onAccess(uint16_t addr, uint8_t value, AccessKind kind) = 0;
};

enum class HaltKind : uint8_t {
  Returned,           // the routine returned to the sentinel
  Breakpoint,         // stopped at a breakpoint
  InstructionBudget,  // ran out of instructions
  CycleBudget,        // ran out of cycles (a runaway routine)
  Jam,                // 6502 JAM opcode
  Locked,             // SM83 illegal opcode
  Stopped,            // SM83 STOP
  Stepped,            // single step finished normally
  LostReturn,         // reached the sentinel, but not by a return at the expected stack depth
  HaltForever,        // SM83 HALT with no interrupt enabled: nothing can ever end it
};
const char* haltKindName(HaltKind k);
// True for halts that mean the routine misbehaved.
bool isFault(HaltKind k);

struct CallResult {
  HaltKind reason = HaltKind::Returned;
  uint64_t cycles = 0;  // CPU cycles (6502) or M-cycles (SM83)
  uint64_t instructions = 0;
  // Why a fault happened, when the CPU can say ("illegal opcode $D3 at $0150",
  // "reached the return sentinel $FFF0 by sliding from $FFEF, not by RET"); else empty.
  std::string detail;
};

// A named register for the debugger's CPU panel.
struct RegisterValue {
  const char* name;
  uint32_t value;
  int bits;  // 8 or 16
};

// Addresses [begin, end).
struct AddressRange {
  uint32_t begin = 0, end = 0;
};

// What a game machine's snapshot holds beyond RAM and registers: the whole
// system (PPU/LCD state, VRAM, OAM, nametables, mapper registers, timers), opaque
// to the runner. Flat machines have none.
struct SystemState {
  virtual ~SystemState() = default;
  virtual bool equals(const SystemState& o) const = 0;
  virtual size_t bytes() const = 0;
};

// RAM contents plus CPU registers: enough to re-execute from this point.
struct Snapshot {
  std::vector<uint8_t> ram;                   // the machine's writable regions, concatenated
  std::vector<uint8_t> regs;                  // opaque CPU register block
  std::shared_ptr<const SystemState> system;  // game machines: everything else

  bool sameAs(const Snapshot& o) const {
    if (ram != o.ram || regs != o.regs || bool(system) != bool(o.system)) return false;
    return !system || system->equals(*o.system);
  }
};

// What a call read before writing it (instruction bytes included; first-read
// order, with the values) and which addresses it wrote: the call's inputs and
// effects, for the call memo (core/sim/call_memo.h). Valid until the next call.
struct CallLogView {
  const uint16_t* readAddr = nullptr;
  const uint8_t* readValue = nullptr;
  const uint8_t* readFetch = nullptr;  // 1 where the read was an instruction byte
  size_t reads = 0;
  const uint16_t* written = nullptr;
  size_t writes = 0;
};

class Machine {
 public:
  virtual ~Machine() = default;
  virtual Cpu cpu() const = 0;

  // Places the image's ROM chunks; RAM chunks are cleared. Errors name the chunk.
  virtual bool load(const AsmResult& image, std::string* error) = 0;

  virtual uint8_t peek(uint16_t addr) const = 0;
  virtual void poke(uint16_t addr, uint8_t v) = 0;
  // All 64 KiB as peek() sees them, for readers that take many bytes per call
  // (the frame runner's field reads); null when the machine has no flat view.
  virtual const uint8_t* memory() const { return nullptr; }

  // Calls `entry` as a subroutine: plants a return to the sentinel on the stack
  // and runs until the routine returns or a limit is hit. `breakpoints` may be null.
  virtual CallResult call(uint16_t entry, uint64_t cycleBudget, AccessObserver* observer,
                          const std::vector<bool>* breakpoints = nullptr) = 0;
  // Prepares a call without running it (the debugger then steps).
  virtual void beginCall(uint16_t entry) = 0;
  // Runs one instruction of a call in progress. Returns Stepped, Returned or a fault.
  virtual CallResult step(AccessObserver* observer) = 0;
  // Continues a call begun with beginCall().
  virtual CallResult resume(uint64_t cycleBudget, AccessObserver* observer,
                            const std::vector<bool>* breakpoints) = 0;

  // Data reads and writes inside the watched ranges are reported to the sink
  // during calls and steps (kinds Read and Write only), at a fraction of the
  // cost of an observer. A null sink stops the reports; `reads` false reports
  // writes only (cheaper still: what audits use to catch writes into the map).
  // Ranges are clipped to the 64 KiB address space.
  virtual void setWatch(const std::vector<AddressRange>& ranges) = 0;
  virtual void setWatchSink(AccessObserver* sink, bool reads = true) = 0;

  virtual uint16_t pc() const = 0;
  virtual uint16_t sentinel() const = 0;
  virtual std::vector<RegisterValue> registers() const = 0;
  // Flag letters, most significant first ("NV-BDIZC" / "ZNHC") and their values.
  virtual std::string flagNames() const = 0;
  virtual uint32_t flagBits() const = 0;
  // One instruction disassembled at `addr`, with labels from `names`; sets `length`.
  virtual std::string disassemble(uint16_t addr, const DebugInfo* names, int* length) const = 0;
  // Cycles per display frame (NES 29,780 CPU cycles, Game Boy 17,556 M-cycles).
  virtual uint64_t frameCycles() const = 0;

  virtual Snapshot snapshot() const = 0;
  virtual void restore(const Snapshot& s) = 0;

  // Bytes that a snapshot holds (for memory budgets).
  virtual size_t snapshotSize() const = 0;

  // Registers beginCall() sets after its own defaults, in order (the manifest's
  // register presets: "X" = the entity's slot ...). Names as presetRegisterBits
  // takes them. They stay until replaced, so a debugger's beginCall sees them too.
  void setCallRegisters(std::vector<std::pair<std::string, uint32_t>> regs) {
    callRegisters_ = std::move(regs);
  }
  // Sets one register by name; false when the CPU has no such register.
  virtual bool setRegister(const std::string& name, uint32_t value) = 0;

  // For the call memo: only a machine whose memory has no side effects (a call is
  // then a function of the bytes it reads) says true and implements the rest.
  virtual bool canLogCalls() const { return false; }
  // resume() with no observer or breakpoints that fills `log`. Instruction bytes
  // fetched from addresses set in `unloggedFetches` (a 65,536-bit map, or null)
  // are left out of the log.
  virtual CallResult resumeLogged(uint64_t cycleBudget, CallLogView& log,
                                  const uint64_t* /*unloggedFetches*/) {
    log = {};
    return resume(cycleBudget, nullptr, nullptr);
  }
  // The register block of a snapshot alone (at most `cap` bytes; returns its
  // size), and restoring one without touching RAM.
  virtual size_t saveRegs(uint8_t* /*out*/, size_t /*cap*/) const { return 0; }
  virtual void loadRegs(const uint8_t* /*in*/, size_t /*n*/) {}
  // The memory behind memory(), writable; null when there is none.
  virtual uint8_t* writableMemory() { return nullptr; }

 protected:
  void applyCallRegisters() {
    for (const auto& [name, value] : callRegisters_) setRegister(name, value);
  }

 private:
  std::vector<std::pair<std::string, uint32_t>> callRegisters_;
};

std::unique_ptr<Machine> makeMachine(Cpu cpu);

}  // namespace core
