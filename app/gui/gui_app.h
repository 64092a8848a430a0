// The GUI's top-level object: owns the open document and the panels' shared
// view state, and draws one ImGui frame. Panels are split one per file
// (panel_*.cpp); each draws what core has recorded and never owns core logic.
#pragma once

#include <string>

#include "core/map/room.h"

struct GLFWwindow;

namespace app {

struct LaunchOptions {
  std::string scenario;
  std::string screenshot;
  int frames = 0;
  int width = 1600;
  int height = 900;
};

// View settings shared by panels, toggled from the View menu.
struct ViewState {
  bool showGrid = true;
  bool showBits = true;
  bool colourByCollision = false;
  float zoom = 2.0f;
  float panX = 0, panY = 0;
  bool fitRequested = true;
  bool showAbout = false;
};

class GuiApp {
 public:
  GuiApp(GLFWwindow* window, const LaunchOptions& opts);
  void drawFrame();
  bool quitRequested() const { return quit_; }

 private:
  void drawMenuBar();
  void drawAbout();
  void drawRoomPanel();

  GLFWwindow* window_;
  LaunchOptions opts_;
  core::MapDocument map_;
  ViewState view_;
  bool quit_ = false;
};

}  // namespace app
