// The panels' default layout and the window's remembered size. ImGui 1.86 has
// no docking: panels are plain windows, which the GUI places from
// defaultLayout() in proportion to the work area (below the menu bar, above
// the status bar) and places again whenever the window is resized, until the
// user moves or resizes a panel; from then on imgui.ini keeps the user's
// places (and window.json remembers that), until View > Reset layout.
#pragma once

#include <string>
#include <vector>

#include "app/common/gui_config.h"

namespace app {

struct PanelRect {
  const char* name;  // the ImGui window's name
  float x, y, w, h;  // whole pixels
  bool tiled;        // one of the panels that share the work area without overlapping
};

// The work area's rectangle and the UI scale (the monitor's content scale).
struct WorkArea {
  float x0, y0, x1, y1;
  float scale = 1;
};

// Tiles, Room, CPU, Source and Audit on top; Timeline, Entities and Memory
// below (at 1600x900 and scale 1, the places the shipped imgui.ini has); then
// the floating windows: Binding and, when `routineWindow`, the routine editor.
// With `game` (a game scenario is open) the Game panel takes the right half of
// the Room's place.
std::vector<PanelRect> defaultLayout(const WorkArea& area, bool routineWindow, bool game = false);

// What the GUI remembers about its window between sessions (WindowState,
// app/common/gui_config.h), in window.json beside imgui.ini (app::configDir()).
std::string windowStatePath();
// An absent or unreadable file is a state with valid = false (not an error:
// the window opens at the monitor's work area).
WindowState loadWindowState(const std::string& path);
bool saveWindowState(const std::string& path, const WindowState& state, std::string* error);

}  // namespace app
