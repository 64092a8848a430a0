// The window's remembered size (window.json) and the GuiApp side of the
// layout: placing the panels, noticing the user's moves, --print-layout.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"
#include "app/gui/layout.h"
#include "core/util/files.h"

namespace app {

std::string windowStatePath() {
  // As configDir(), without creating it: scripted runs read the file only.
  return (std::filesystem::path(configDirPath()) / "window.json").string();
}

WindowState loadWindowState(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  auto text = core::readTextFile(path, nullptr, 64 * 1024);
  return text ? parseWindowState(*text) : WindowState{};
}

bool saveWindowState(const std::string& path, const WindowState& s, std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const nlohmann::ordered_json j = {
      {"width", s.width}, {"height", s.height},       {"x", s.x},
      {"y", s.y},         {"maximized", s.maximized}, {"arranged", s.arranged}};
  return core::writeFileAtomic(path, j.dump(2) + "\n", error);
}

float GuiApp::statusBarHeight() const {
  return std::round(ImGui::GetFrameHeight() + 5 * view_.uiScale);
}

WorkArea GuiApp::workArea() const {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  return {vp->Pos.x, vp->Pos.y + ImGui::GetFrameHeight(), vp->Pos.x + vp->Size.x,
          vp->Pos.y + vp->Size.y - statusBarHeight(), view_.uiScale};
}

namespace {

bool sameRects(const std::vector<PanelRect>& a, const std::vector<PanelRect>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& p, const auto& q) {
    return std::string_view(p.name) == q.name && p.x == q.x && p.y == q.y && p.w == q.w &&
           p.h == q.h;
  });
}

// Places a panel's window; one not created yet gets the place as its settings
// (which also keeps its own first-use place from applying).
void place(const PanelRect& r, bool uncollapse) {
  const ImVec2 pos(r.x, r.y), size(r.w, r.h);
  if (ImGuiWindow* w = ImGui::FindWindowByName(r.name)) {
    ImGui::SetWindowPos(w, pos, ImGuiCond_Always);
    ImGui::SetWindowSize(w, size, ImGuiCond_Always);
    if (uncollapse) ImGui::SetWindowCollapsed(w, false, ImGuiCond_Always);
    return;
  }
  ImGuiWindowSettings* s = ImGui::FindOrCreateWindowSettings(r.name);
  s->Pos = ImVec2ih(short(r.x), short(r.y));
  s->Size = ImVec2ih(short(r.w), short(r.h));
  s->Collapsed = false;
}

}  // namespace

// Run before the panels draw: the user's drag happened in ImGui::NewFrame and
// a resize in last frame's Begin, so a panel not where it was put was moved.
bool GuiApp::userMovedPanel() const {
  for (const PanelRect& r : layout_.applied) {
    const ImGuiWindow* w = ImGui::FindWindowByName(r.name);
    if (!w) continue;
    if (std::abs(w->Pos.x - r.x) > 1 || std::abs(w->Pos.y - r.y) > 1 ||
        std::abs(w->SizeFull.x - r.w) > 1 || std::abs(w->SizeFull.y - r.h) > 1)
      return true;
  }
  return false;
}

void GuiApp::layoutPanels() {
  std::vector<PanelRect> rects = defaultLayout(workArea(), view_.routineWindow, sim() && sim()->gameMachine());
  const bool reset = layout_.resetRequested;
  layout_.resetRequested = false;
  if (reset) {
    layout_.automatic = true;
  } else if (layout_.automatic && userMovedPanel()) {
    layout_.automatic = false;
    status_ = "Layout: your arrangement is kept (View > Reset layout lays the panels out again)";
  }
  if (!layout_.automatic) {
    // imgui.ini has the user's places; a panel it does not know yet (new in
    // this version, or never opened) starts at its place in the default layout.
    if (!layout_.seeded)
      for (const PanelRect& r : rects)
        if (!ImGui::FindWindowSettings(ImHashStr(r.name))) place(r, false);
    layout_.seeded = true;
    layout_.applied.clear();
    return;
  }
  layout_.seeded = true;
  if (!reset && sameRects(rects, layout_.applied)) return;
  for (const PanelRect& r : rects) place(r, reset);
  layout_.applied = std::move(rects);
}

void GuiApp::resetLayout() {
  layout_.resetRequested = true;
  status_ = "Layout reset: panels follow the window's size until you move one";
}

std::string GuiApp::layoutReport() const {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const WorkArea a = workArea();
  char line[256];
  std::snprintf(line, sizeof line,
                "layout: window %.0fx%.0f, work area %.0f,%.0f %.0fx%.0f, scale %.2f, font %.0f "
                "px, %s\n",
                vp->Size.x, vp->Size.y, a.x0, a.y0, a.x1 - a.x0, a.y1 - a.y0, view_.uiScale,
                ImGui::GetFontSize(), layout_.automatic ? "automatic" : "arranged by the user");
  std::string out = line;
  for (const PanelRect& r : defaultLayout(a, view_.routineWindow, sim() && sim()->gameMachine())) {
    const ImGuiWindow* w = ImGui::FindWindowByName(r.name);
    if (!w || !w->Active) continue;
    std::snprintf(line, sizeof line, "layout: panel %s %.0f,%.0f %.0fx%.0f%s\n",
                  r.name[0] == '#' ? r.name + 3 : r.name, w->Pos.x, w->Pos.y, w->SizeFull.x,
                  w->SizeFull.y, r.tiled ? "" : " floating");
    out += line;
  }
  // The windows that float over the panels without a place of their own.
  for (const char* name : {"Welcome to Collidoscope", "Keyboard shortcuts"}) {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!w || !w->Active) continue;
    std::snprintf(line, sizeof line, "layout: panel %s %.0f,%.0f %.0fx%.0f floating\n", name,
                  w->Pos.x, w->Pos.y, w->SizeFull.x, w->SizeFull.y);
    out += line;
  }
  return out;
}

}  // namespace app
