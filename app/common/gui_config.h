// The GUI's small settings files in the user's config directory (paths.h):
// window.json, the window's place and size, and recent.json, the File > Recent
// list. Only their parsing lives here, headless, so the fuzz target
// (core/fuzz/fuzz_gui_config.cpp) reaches it without ImGui or OpenGL; the GUI
// reads and writes the files (app/gui/layout_state.cpp, app/gui/recent_files.cpp).
// Neither file is the user's work: a bad one gives defaults, never an error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace app {

// What the GUI remembers about its window between sessions (window.json).
struct WindowState {
  bool valid = false;  // read from a file
  int x = 0, y = 0, width = 0, height = 0;
  bool maximized = false;
  bool arranged = false;  // the user moved or resized a panel: imgui.ini holds the layout
};

// window.json's text: valid with a width of 320..16384 and a height of 240..16384;
// x and y are clamped to -16384..16384. Anything else is a state with valid = false.
WindowState parseWindowState(const std::string& text);

// recent.json's text ("format": "collidoscope-recent/1", "files": [...]): its
// first `max` string entries, newest first; empty for any other text.
std::vector<std::string> parseRecentFiles(const std::string& text, size_t max);

}  // namespace app
