// A GUI panel, self-contained as Box2D's samples are: one panel_*.cpp holds a
// class derived from Panel with the panel's own state (its text fields, caches,
// scroll requests) and one RegisterPanel line that puts it in the drawing
// order. GuiApp makes one of each registered panel when it starts and draws
// them in order, handing each a PanelContext: the workspace (the open
// scenario, its judged recording and the debugger over it), the view settings
// and the timeline, plus the GuiApp for the document's services (edits, the
// status line, re-simulation). No central list names a panel.
//
//   class MemoryPanel : public Panel {
//    public:
//     void draw(PanelContext& c) override;  // reads c.ws, c.view, c.timeline
//    private:
//     std::vector<std::string> labels_;     // the panel's own state
//   };
//   RegisterPanel<MemoryPanel> registered("Memory", 70);
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/check/audit.h"
#include "core/scene/room_scene.h"

namespace core {
class Simulation;
class Workspace;
namespace game {
struct GameScreen;
}  // namespace game
}  // namespace core

namespace app {

class GuiApp;

// Where the room view last drew room pixel (0, 0), its zoom and its clip
// rectangle, in window pixels (printed by scripted screenshots).
struct RoomViewGeometry {
  float originX = 0, originY = 0, zoom = 0;
  float clipX0 = 0, clipY0 = 0, clipX1 = 0, clipY1 = 0;
};

// View settings shared by panels, toggled from the View menu.
struct ViewState {
  // The room overlays on (core::Overlay bits, from core/scene's one table).
  uint32_t overlays = core::defaultOverlays(true);
  bool on(uint32_t overlay) const { return (overlays & overlay) != 0; }
  int trailFrames = 30;
  float zoom = 2.0f;
  float panX = 0, panY = 0;
  bool fitRequested = true;
  bool fitWhole = false;  // Home / View > Fit room: the whole room, even past zoom 1
  bool showAbout = false;
  bool showShortcuts = false;  // Help > Keyboard shortcuts
  bool routineWindow = false;  // View > Routine editor in its own window
  bool showWhy = false;        // the Why window (panel_entities.cpp)
  float uiScale = 1;           // the content scale fonts and spacing follow
  // The last finished audit of the open scenario (null until one ran); the Room
  // view draws its heatmap. Set by the Audit panel, reset when a scenario opens.
  std::shared_ptr<const core::AuditResult> lastAudit;
  RoomViewGeometry roomGeometry;  // set by the Room panel as it draws
  // The game's screen as room pixels (x, y, w, h): set by the Game panel as it
  // draws a game's picture, outlined by the Room panel (the scroll on the map).
  struct GameWindow {
    bool valid = false;
    int x = 0, y = 0, w = 0, h = 0;
  } gameWindow;
  // The game's screen and video state at the cursor frame (core/game/screen.h),
  // made by the Game panel; the Video panel's viewers draw from it. Null
  // without a game.
  std::shared_ptr<const core::game::GameScreen> gameScreen;
  bool showVideo = false;  // View > Video viewers (panel_video.cpp)
  int videoTab = 0;        // its viewer: nametables, tiles, OAM, palettes
};

// Playback and debugger cursor.
struct TimelineState {
  int frame = 0;
  int entity = 0;
  bool playing = false;
  float speed = 1.0f;  // frames per display frame
  float accumulator = 0;
};

// What a panel draws from.
struct PanelContext {
  core::Workspace& ws;
  ViewState& view;
  TimelineState& timeline;
  GuiApp& app;  // the document's services (gui_app.h): edits, status, re-simulation
  core::Simulation* sim() const;  // ws.simulation(): null while nothing is open
};

class Panel {
 public:
  virtual ~Panel() = default;
  virtual void draw(PanelContext& c) = 0;
  // Another document was opened: forget what belonged to the old one.
  virtual void documentChanged() {}
  // The routine's image changed (assembled, rebuilt): labels and sources may differ.
  virtual void imageChanged() {}
  // A scripted run's --show WHAT, once the scenario is open (e.g. "oam").
  virtual void show(const std::string& what) { (void)what; }
};

}  // namespace app
