// What the GUI remembers about the debugger between frames: text fields,
// errors, scroll requests and the source view's file. The debugger itself (the
// cursor, stepping, breakpoints, watchpoints, watches, memory at the cursor)
// is core::Debugger (core/debug/debugger.h); the CPU, Source, Memory and
// watch panels only display it and forward clicks.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/debug/debugger.h"

namespace app {

using core::kTouchRead;
using core::kTouchWrite;
using core::MemoryAtCursor;
using core::StepKind;

// Which call and instruction a view last followed (frame, entity, step).
struct CursorKey {
  int frame = -1, entity = -1, step = -3;
  bool operator==(const CursorKey&) const = default;
};

struct DebuggerState {
  std::string seededFor;  // manifest whose fields seeded the watch list
  char watchInput[96] = {};
  std::string watchError;
  char breakInput[128] = {};  // "label if A == $10" / "player_x,w"
  std::string breakError;
  std::vector<std::string> conditionEdits;  // per breakpoint: its condition field's text

  char gotoInput[64] = {};
  std::string gotoError;
  int gotoAddress = -1;      // memory view: the address "Go to" found (outlined)
  int scrollToAddress = -2;  // memory view: scroll there on the next draw (-2: to the RAM in use)

  // Source view: file text cache by path (what was last assembled).
  std::map<std::string, std::vector<std::string>> sourceLines;
  std::string sourceFile;  // the file shown
  CursorKey followed;      // cursor the source view last scrolled to
  bool showDisassembly = false;

  // Memory view of a game: 0 the CPU bus, 1 OAM, 2 VRAM (NES: nametables and
  // palette), the latter read at the start of the selected call.
  int memorySource = 0;
  std::vector<uint8_t> videoBytes;
  CursorKey videoFor;
  int videoSource = -1;
  uint64_t videoGeneration = ~0ull;
};

}  // namespace app
