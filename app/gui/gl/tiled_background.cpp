#include "app/gui/gl/tiled_background.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <vector>

namespace app {

namespace {

constexpr float kWindowBgAlpha = 0.94f;  // StyleColorsDark's WindowBg alpha

bool topLevelWindowsOverlap() {
  const ImGuiWindowFlags skip =
      ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip;
  std::vector<ImRect> rects;
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!w->Active || w->Hidden || w->IsFallbackWindow || (w->Flags & skip)) continue;
    const ImRect r = w->Rect();
    for (const ImRect& o : rects)
      if (r.Overlaps(o)) return true;  // edges that only touch do not overlap
    rects.push_back(r);
  }
  return false;
}

}  // namespace

void updateTiledBackground() {
  ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = topLevelWindowsOverlap() ? kWindowBgAlpha : 0;
}

void clearColour(float rgb[3]) {
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  rgb[0] = bg.x;
  rgb[1] = bg.y;
  rgb[2] = bg.z;
}

}  // namespace app
