// The instruction-level debugger's state and its stepping rules. Everything
// here works on a core::Trace of one call (recorded by core, re-executed from a
// keyframe), so stepping back is as exact as stepping forward. The CPU, Source,
// Memory and Watch panels read this state; none of them runs the CPU.
//
// The cursor is an index into Trace::steps: the state *before* that
// instruction runs. -1 stands for the state after the call returned.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/sim/simulation.h"

namespace app {

enum class StepKind {
  Into,   // one instruction
  Over,   // one instruction, or a whole subroutine call
  Out,    // to the instruction after the current subroutine returns
  Back,   // one instruction back
  ToEnd,  // to the end of the call
};

// Where `kind` moves the cursor `from`; stops early on the first breakpoint
// (except Into and Back, which always move one instruction).
int stepTarget(const core::Trace& trace, int from, StepKind kind,
               const std::set<uint16_t>& breakpoints);
// The first step whose PC is a breakpoint, or -1.
int firstBreakpoint(const core::Trace& trace, const std::set<uint16_t>& breakpoints);

// An address typed by the user: "$0300", "0x300", "label" or "label+2" (labels
// from the debug info; constants are not addresses). Sets `error` when unknown.
std::optional<uint16_t> parseAddress(const core::DebugInfo& dbg, const std::string& text,
                                     std::string* error);
// "label" or "label+N" for an address; "$XXXX" when no label is at or just before it.
std::string addressName(const core::DebugInfo& dbg, uint16_t addr);

// How a watch shows its value. Both CPUs are little-endian: a word is the
// byte at the address plus 256 times the next one.
enum class WatchFormat { U8, S8, U16, S16 };
inline constexpr WatchFormat kWatchFormats[] = {WatchFormat::U8, WatchFormat::S8, WatchFormat::U16,
                                                WatchFormat::S16};
const char* watchFormatName(WatchFormat f);  // "u8", "s8", "u16", "s16"
int watchBytes(WatchFormat f);

struct Watch {
  std::string expr;  // a label, "label+N" or "$address" (parseAddress)
  WatchFormat format = WatchFormat::U8;
};

// "expr" or "expr,FORMAT" with FORMAT one of u8 s8 u16 s16 (w = u16). With no
// format, a label whose debug-info size is 2 is a u16. Sets `error` when the
// address or the format is unknown.
std::optional<Watch> parseWatch(const core::DebugInfo& dbg, const std::string& text,
                                std::string* error);
// The value at `addr` as `f`: "$12 18", "$FF -1", "$1234 4660".
std::string watchValueText(const std::vector<uint8_t>& memory, uint16_t addr, WatchFormat f);
// Whether any byte of the watch differs between `a` and `b`.
bool watchChanged(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, uint16_t addr,
                  WatchFormat f);

// Memory as the cursor sees it: the machine's 64 KiB at the start of the call,
// with the writes of every instruction before the cursor applied.
struct MemoryAtCursor {
  std::vector<uint8_t> start;    // at the start of the call
  std::vector<uint8_t> now;      // at the cursor
  std::vector<uint8_t> before;   // one instruction earlier (for "changed by this step")
  std::vector<uint8_t> touched;  // per address: kTouchRead | kTouchWrite by the last step
  int frame = -1, entity = -1, step = -2;
};
inline constexpr uint8_t kTouchRead = 1, kTouchWrite = 2;
// Recomputes `m.now` (and friends) for `step` from `m.start`.
void memoryAtStep(MemoryAtCursor& m, const core::Trace& trace, int step);

// Which call and instruction a view last followed (frame, entity, step).
struct CursorKey {
  int frame = -1, entity = -1, step = -3;
  bool operator==(const CursorKey&) const = default;
};

struct DebuggerState {
  std::set<uint16_t> breakpoints;
  std::vector<Watch> watches;
  std::string seededFor;  // manifest whose fields seeded the watch list
  char watchInput[64] = {};
  std::string watchError;

  MemoryAtCursor memory;
  char gotoInput[64] = {};
  std::string gotoError;
  int gotoAddress = -1;      // memory view: the address "Go to" found (outlined)
  int scrollToAddress = -2;  // memory view: scroll there on the next draw (-2: to the RAM in use)

  // Source view: file text cache by path (what was last assembled).
  std::map<std::string, std::vector<std::string>> sourceLines;
  std::string sourceFile;  // the file shown
  CursorKey followed;      // cursor the source view last scrolled to
  bool showDisassembly = false;
};

}  // namespace app
