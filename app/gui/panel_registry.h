// GUI panels register themselves, as CLI commands do (app/cli/command.h): each
// panel_*.cpp holds one PanelRegistrar naming its window, its place in the
// drawing order and its draw function, so adding a panel touches no central
// list. GuiApp::drawFrame draws the registered panels in order.
//
//   namespace { PanelRegistrar reg("Memory", 70, [](GuiApp& g) { g.drawMemoryPanel(); }); }
#pragma once

#include <vector>

namespace app {

class GuiApp;

struct PanelEntry {
  const char* title;
  int order;  // drawing order (windows drawn later sit on top when they overlap)
  void (*draw)(GuiApp&);
};

// Sorted by order.
const std::vector<PanelEntry>& registeredPanels();

struct PanelRegistrar {
  PanelRegistrar(const char* title, int order, void (*draw)(GuiApp&));
};

}  // namespace app
