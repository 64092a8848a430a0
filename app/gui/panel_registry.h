// GUI panels register themselves, as CLI commands do (app/cli/command.h): each
// panel_*.cpp holds one RegisterPanel naming its window, its place in the
// drawing order and its Panel class (panel.h), so adding a panel touches no
// central list. GuiApp makes one of each and draws them in order.
//
//   namespace { RegisterPanel<MemoryPanel> registered("Memory", 70); }
#pragma once

#include <memory>
#include <vector>

#include "app/gui/panel.h"

namespace app {

struct PanelEntry {
  const char* title;
  int order;  // drawing order (windows drawn later sit on top when they overlap)
  std::unique_ptr<Panel> (*make)();
};

// Sorted by order.
const std::vector<PanelEntry>& registeredPanels();

struct PanelRegistrar {
  PanelRegistrar(const char* title, int order, std::unique_ptr<Panel> (*make)());
};

template <class P>
struct RegisterPanel : PanelRegistrar {
  RegisterPanel(const char* title, int order)
      : PanelRegistrar(title, order,
                       []() -> std::unique_ptr<Panel> { return std::make_unique<P>(); }) {}
};

}  // namespace app
