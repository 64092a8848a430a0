// The instruction-level debugger, with no UI: a cursor on one call of the
// recording (frame, entity, instruction), stepping into, over, out and back,
// running to a breakpoint inside the call or across the whole recording,
// conditional breakpoints, watchpoints on reads and writes, the watch list and
// memory at the cursor. The GUI's CPU, Source, Memory and watch panels only
// display this state and forward clicks; tests drive it with no GL.
//
// Every call is re-executed from the simulation's keyframes (Simulation::trace),
// so stepping back is as exact as stepping forward.
//
//   Debugger dbg;  dbg.attach(&sim);
//   dbg.setBreakpoint(0x8012, "A == $10 && [entity_x] > 40", &err);
//   dbg.addWatchpoint("player_x,w", &err);
//   DebugStop s = dbg.runRecording(0, sim.recording().frames.size() - 1);
//   if (s.kind != DebugStop::Kind::None) show(dbg.cursor(), s.text);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/debug/expr.h"
#include "core/sim/simulation.h"
#include "core/sim/value_shape.h"

namespace core {

enum class StepKind {
  Into,   // one instruction
  Over,   // one instruction, or a whole subroutine call
  Out,    // to the instruction after the current subroutine returns
  Back,   // one instruction back
  ToEnd,  // run: to the next stop or the end of the call
};

// An address typed by the user: "$0300", "0x300", "label" or "label+2" (labels
// from the debug info; constants are not addresses). Sets `error` when unknown.
std::optional<uint16_t> parseAddress(const DebugInfo& dbg, const std::string& text,
                                     std::string* error);
// "label" or "label+N" for an address; "$XXXX" when no label is at or just before it.
// The user's labels win over the linker's (isLinkerSymbol): $0300 is `player`, not
// `__RAM_START__`, wherever both are.
std::string addressName(const DebugInfo& dbg, uint16_t addr);

// How a watch reads its value: any ValueShape (core/sim/value_shape.h). A click
// in the watch list cycles u8, s8, u16, s16 (both CPUs are little-endian).
inline constexpr ValueShape kWatchShapes[] = {kU8, kS8, kU16, kS16};
// The shape after `s` in kWatchShapes (u8 after s16, or for a shape not in it).
ValueShape nextWatchShape(const ValueShape& s);

// A watch: a memory location shown as bytes ("player_x", "$0300,u16") or any
// expression shown as a number ("[x] - [old_x]", "A & $0F").
struct Watch {
  std::string expr;  // as typed, without the format suffix
  ValueShape format = kU8;
  DebugExpr compiled;
  std::optional<uint16_t> address;  // set for a memory location
};
// "expr" or "expr,FORMAT" (a value shape's name: u8 s8 u16 s16 u24 s24, "be"
// after a multi-byte one, fixed point "u16 8.8"; w = u16). With no format, a label
// whose debug-info size is 2 is a u16.
std::optional<Watch> parseWatch(const DebugInfo& dbg, Cpu cpu, const std::string& text,
                                std::string* error);
// The value at `addr` as `f`: "$12 18", "$FF -1", "$1234 4660".
std::string watchValueText(const std::vector<uint8_t>& memory, uint16_t addr, const ValueShape& f);
// Whether any byte of the watch differs between `a` and `b`.
bool watchChanged(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, uint16_t addr,
                  const ValueShape& f);

struct Breakpoint {
  uint16_t address = 0;
  bool enabled = true;
  std::string condition;              // empty = always
  std::optional<DebugExpr> compiled;  // the parsed condition
};

// Stops on a data read and/or write of [begin, end).
struct Watchpoint {
  std::string text;  // as typed: "player_x", "$0300,r", "map+16,rw"
  uint16_t begin = 0, end = 0;
  bool onRead = false, onWrite = true;
  bool enabled = true;
};
// "expr[,r|w|rw][,N bytes]": e.g. "player_x" (writes), "map,r", "$0300,rw,16".
std::optional<Watchpoint> parseWatchpoint(const DebugInfo& dbg, const std::string& text,
                                          std::string* error);

// Memory as the cursor sees it: the machine's 64 KiB at the start of the call,
// with the writes of every instruction before the cursor applied.
struct MemoryAtCursor {
  std::vector<uint8_t> start;    // at the start of the call
  std::vector<uint8_t> now;      // at the cursor
  std::vector<uint8_t> before;   // one instruction earlier (for "changed by this step")
  std::vector<uint8_t> touched;  // per address: kTouchRead | kTouchWrite by the last step
};
inline constexpr uint8_t kTouchRead = 1, kTouchWrite = 2;

// Where the debugger stands: a call, and the state before instruction `step`
// of it (-1: after the call ended).
struct DebugCursor {
  int frame = -1, entity = -1, step = -1;
  bool operator==(const DebugCursor&) const = default;
};

// Why a run or step stopped where it did.
struct DebugStop {
  enum class Kind { None, Breakpoint, Watchpoint, EndOfCall, Fault } kind = Kind::None;
  int index = -1;     // the breakpoint or watchpoint
  uint16_t pc = 0;    // the instruction at the stop
  uint16_t addr = 0;  // watchpoint: the address accessed, its value and the access
  uint8_t value = 0;
  bool write = false;
  std::string text;  // one line for the status bar: "Watchpoint player_x: write $12 at $8014"
};

// The steps of a call as stepping sees them (pure functions of a trace).
int stepTarget(const Trace& trace, int from, StepKind kind, const std::set<uint16_t>& breakpoints);
int firstBreakpoint(const Trace& trace, const std::set<uint16_t>& breakpoints);

class Debugger {
 public:
  // Follows `sim` (null detaches). Breakpoints, watchpoints and watches stay:
  // their names are re-resolved against the new debug info; ones that no
  // longer resolve are dropped and named in the returned message.
  std::string attach(Simulation* sim);
  Simulation* simulation() const { return sim_; }
  // The recording changed (re-simulation): traces are re-executed on demand.
  void invalidate();

  // Cursor.
  const DebugCursor& cursor() const { return cursor_; }
  // Selects a call; the cursor goes to its end state (step -1).
  void select(int frame, int entity);
  void setStep(int step);
  // The instruction trace of the selected call (re-executed when needed).
  const Trace& trace();
  // The PC at the cursor; `executed` says the instruction already ran (the end state).
  std::optional<uint16_t> cursorPc(bool* executed = nullptr);

  // Stepping inside the selected call. Into and Back always move one
  // instruction; Over, Out and ToEnd stop at breakpoints and watchpoints.
  DebugStop step(StepKind kind);
  // Plays calls in order from (frame, entity) up to and including `lastFrame`,
  // stopping at the first breakpoint or watchpoint hit; moves the cursor there.
  // Kind::None (cursor unchanged) when nothing stops.
  DebugStop runRecording(int frame, int lastFrame, int entity = 0);

  // Breakpoints (one per address).
  const std::vector<Breakpoint>& breakpoints() const { return breakpoints_; }
  bool hasBreakpoint(uint16_t addr) const;
  // Sets (or replaces the condition of) the breakpoint at `addr`.
  bool setBreakpoint(uint16_t addr, const std::string& condition, std::string* error);
  void removeBreakpoint(uint16_t addr);
  void enableBreakpoint(uint16_t addr, bool on);
  // A breakpoint from "label", "$8012" or "label+3", optionally followed by
  // " if CONDITION".
  bool addBreakpoint(const std::string& text, std::string* error);

  const std::vector<Watchpoint>& watchpoints() const { return watchpoints_; }
  bool addWatchpoint(const std::string& text, std::string* error);
  void removeWatchpoint(size_t index);
  void enableWatchpoint(size_t index, bool on);

  // Watches.
  const std::vector<Watch>& watches() const { return watches_; }
  bool addWatch(const std::string& text, std::string* error);
  void removeWatch(size_t index);
  void setWatchFormat(size_t index, const ValueShape& f);
  // The watch's value at the cursor, as text ("$12 18" or "-3").
  std::string watchValue(size_t index);
  // Whether the last step changed it.
  bool watchChangedByStep(size_t index);

  // Memory at the cursor (computed once per call and cursor move).
  const MemoryAtCursor& memory();

 private:
  bool ensureTrace();
  bool ensureMemory();
  ExprContext contextAt(int step);
  // Scans steps of the trace for the first stop strictly after `from` and
  // before `end` (trace size when -1). Returns the step or -1.
  int scanTrace(int from, int end, DebugStop* stop);
  // Runs one call (machine state after seek) instruction by instruction,
  // testing stops; returns the step index of a stop or -1.
  int scanCall(int frame, int entity, DebugStop* stop);
  bool conditionHolds(const Breakpoint& b, const ExprContext& ctx) const;
  // The first enabled breakpoint at `pc` whose condition holds; `registers`
  // fills the context's registers and flags, only when one sits at `pc`.
  bool breakpointStop(uint16_t pc, ExprContext& ctx,
                      const std::function<void(ExprContext&)>& registers, DebugStop* stop) const;
  // The first watchpoint that one of `accesses` (of the instruction at `pc`) touches.
  bool watchpointStop(uint16_t pc, const std::vector<TraceAccess>& accesses, DebugStop* stop) const;
  std::string stopText(const DebugStop& s) const;
  bool hasConditionsOrWatchpoints() const;

  Simulation* sim_ = nullptr;
  DebugCursor cursor_;
  Trace trace_;
  int traceFrame_ = -1, traceEntity_ = -1;
  MemoryAtCursor memory_;
  int memoryFrame_ = -1, memoryEntity_ = -1, memoryStep_ = -2;
  std::vector<Breakpoint> breakpoints_;
  std::vector<Watchpoint> watchpoints_;
  std::vector<Watch> watches_;
};

}  // namespace core
