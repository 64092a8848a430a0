#include "app/gui/panel_registry.h"

#include <algorithm>

namespace app {

namespace {

std::vector<PanelEntry>& registry() {
  static std::vector<PanelEntry> panels;
  return panels;
}

}  // namespace

const std::vector<PanelEntry>& registeredPanels() {
  return registry();
}

PanelRegistrar::PanelRegistrar(const char* title, int order, std::unique_ptr<Panel> (*make)()) {
  auto& r = registry();
  r.push_back({title, order, make});
  std::stable_sort(r.begin(), r.end(),
                   [](const PanelEntry& a, const PanelEntry& b) { return a.order < b.order; });
}

}  // namespace app
