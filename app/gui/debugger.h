// The GUI's side of the debugger: the names the panels use, and the cursor key
// a view follows. The debugger itself (the cursor, stepping, breakpoints,
// watchpoints, watches, memory at the cursor) is core::Debugger
// (core/debug/debugger.h); the CPU, Source and Memory panels only display it
// and forward clicks, each keeping its own text fields and scroll requests.
#pragma once

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

}  // namespace app
