// Scripted runs for tests, docs and benchmarks: overlay names for --overlay,
// and the per-frame script (select a frame, play N frames, step into K
// instructions) that GuiApp::runScript follows.
#pragma once

#include <string>

namespace app {

struct ViewState;

// Turns on the View overlay called `name` (grid, bits, collision, hitbox, path,
// probes, ghost, heat, or all); false for an unknown name.
bool applyOverlayName(ViewState& view, const std::string& name);
// The names applyOverlayName knows, for help and error messages.
std::string overlayNames();

}  // namespace app
