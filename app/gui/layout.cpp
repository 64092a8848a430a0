#include "app/gui/layout.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/gui/gui_app.h"
#include "core/util/files.h"

namespace app {

namespace {

// The shipped layout's proportions (imgui.ini at 1600x900, scale 1: a 19-pixel
// menu bar and a 24-pixel status bar leave 857 rows; the top row takes 560).
constexpr float kTopRow = 560.0f / 857.0f;
constexpr float kTilesW = 250.0f / 1600.0f;
constexpr float kRightX = 850.0f / 1600.0f;
constexpr float kCpuH = 210.0f / 560.0f;
constexpr float kAuditW = 290.0f / 1600.0f;
constexpr float kTimelineW = 600.0f / 1600.0f;
constexpr float kEntitiesX = 1050.0f / 1600.0f;
constexpr float kEntitiesW = 450.0f / 1600.0f;

float px(float v) {
  return std::round(v);
}

}  // namespace

std::vector<PanelRect> defaultLayout(const WorkArea& a, bool routineWindow) {
  const float s = a.scale;
  const float w = a.x1 - a.x0, h = a.y1 - a.y0;
  // Tiles and Audit hold fixed-width content: past their share of a wide
  // window the room (and the source) gets the pixels.
  const float tilesW = px(std::clamp(w * kTilesW, 240 * s, 340 * s));
  const float rightX = a.x0 + px(std::max(w * kRightX, tilesW + 240 * s));
  const float auditW = px(std::clamp(w * kAuditW, 290 * s, 420 * s));
  const float topH = px(h * kTopRow);
  const float cpuH = px(topH * kCpuH);
  const float midY = a.y0 + topH;
  // Memory's sixteen hex columns and labels need their width; the timeline
  // scrolls, so it gives way first.
  const float memoryW = px(std::max(w * (1 - kEntitiesX), std::min(520 * s, w * 0.45f)));
  const float entitiesX1 = a.x1 - memoryW;
  const float timelineX1 = std::min(a.x0 + px(w * kTimelineW), entitiesX1 - px(w * kEntitiesW));
  std::vector<PanelRect> out = {
      {"Tiles", a.x0, a.y0, tilesW, topH, true},
      {"Room", a.x0 + tilesW, a.y0, rightX - a.x0 - tilesW, topH, true},
      {"CPU", rightX, a.y0, a.x1 - rightX, cpuH, true},
      {"Source", rightX, a.y0 + cpuH, a.x1 - auditW - rightX, topH - cpuH, true},
      {"Audit", a.x1 - auditW, a.y0 + cpuH, auditW, topH - cpuH, true},
      {"Timeline", a.x0, midY, timelineX1 - a.x0, a.y1 - midY, true},
      {"Entities", timelineX1, midY, entitiesX1 - timelineX1, a.y1 - midY, true},
      {"Memory", entitiesX1, midY, a.x1 - entitiesX1, a.y1 - midY, true},
  };
  // The Binding panel floats over the others, centred, as large as it is useful.
  const float bw = px(std::min(1300 * s, w - 40 * s)), bh = px(std::min(780 * s, h - 20 * s));
  out.push_back({"###binding", px(a.x0 + (w - bw) / 2), px(a.y0 + (h - bh) / 2), bw, bh, false});
  // The detached routine editor takes the debugger's column, top to bottom:
  // the room, tiles, timeline and entities stay in view while editing.
  if (routineWindow) out.push_back({"Routine editor", rightX, a.y0, a.x1 - rightX, h, false});
  return out;
}

std::string windowStatePath() {
  // As configDir(), without creating it: scripted runs read the file only.
  std::filesystem::path base;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    base = std::filesystem::path(home) / ".config";
  else
    base = std::filesystem::temp_directory_path();
  return (base / "collidoscope" / "window.json").string();
}

WindowState loadWindowState(const std::string& path) {
  WindowState s;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return s;
  auto text = core::readTextFile(path, nullptr, 64 * 1024);
  if (!text) return s;
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object()) return s;
  auto number = [&](const char* key, int& out, int lo, int hi) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer()) return false;
    out = std::clamp(it->get<int>(), lo, hi);
    return true;
  };
  auto flag = [&](const char* key, bool& out) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_boolean()) out = it->get<bool>();
  };
  s.valid = number("width", s.width, 320, 16384) && number("height", s.height, 240, 16384);
  number("x", s.x, -16384, 16384);
  number("y", s.y, -16384, 16384);
  flag("maximized", s.maximized);
  flag("arranged", s.arranged);
  return s;
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
  std::vector<PanelRect> rects = defaultLayout(workArea(), view_.routineWindow);
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
  for (const PanelRect& r : defaultLayout(a, view_.routineWindow)) {
    const ImGuiWindow* w = ImGui::FindWindowByName(r.name);
    if (!w || !w->Active) continue;
    std::snprintf(line, sizeof line, "layout: panel %s %.0f,%.0f %.0fx%.0f%s\n",
                  r.name[0] == '#' ? r.name + 3 : r.name, w->Pos.x, w->Pos.y, w->SizeFull.x,
                  w->SizeFull.y, r.tiled ? "" : " floating");
    out += line;
  }
  return out;
}

}  // namespace app
