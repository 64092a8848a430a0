// The "Source" window. Its "Source" tab shows the ca65 or rgbds source of the
// instruction at the debugger's cursor (from the debug info's line map), or a
// disassembly where there is no line information; clicking the gutter toggles a
// breakpoint. Its "Routine" tab is the routine editor (panel_routine.cpp).
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"
#include "core/util/files.h"

namespace app {

namespace {

const ImU32 kCurrentLine = IM_COL32(70, 110, 200, 150);
const ImU32 kLastLine = IM_COL32(110, 110, 130, 130);  // the last instruction run
const ImU32 kBreakDot = IM_COL32(225, 60, 60, 255);
const ImU32 kCodeDot = IM_COL32(90, 90, 100, 255);
constexpr float kGutter = 18;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    for (size_t i = 0; (i = line.find('\t', i)) != std::string::npos;)
      line.replace(i, 1, std::string(8 - i % 8, ' '));
    lines.push_back(std::move(line));
  }
  return lines;
}

// Draws the gutter of one row; returns true when it was clicked.
bool gutter(int id, bool breakpoint, bool hasCode) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::PushID(id);
  const float h = ImGui::GetTextLineHeight();
  const float w = uiPx(kGutter);
  const bool clicked = ImGui::InvisibleButton("##gutter", ImVec2(w, h));
  ImGui::PopID();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 c(p.x + w / 2, p.y + h / 2);
  if (breakpoint)
    dl->AddCircleFilled(c, h * 0.36f, kBreakDot);
  else if (hasCode && ImGui::IsItemHovered())
    dl->AddCircle(c, h * 0.36f, kBreakDot);
  else if (hasCode)
    dl->AddCircleFilled(c, uiPx(1.5f), kCodeDot);
  if (hasCode && ImGui::IsItemHovered()) ImGui::SetTooltip("Toggle breakpoint");
  ImGui::SameLine(0, 2);
  return clicked && hasCode;
}

// Scrolls so `row` sits a third of the way down. The scroll range is known only
// once the view has been laid out, so this repeats until it could take effect.
bool scrollToRow(int row, int rows) {
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  ImGui::SetScrollY(std::max(0.0f, row * rowHeight - ImGui::GetWindowHeight() / 3));
  return ImGui::GetScrollMaxY() > 0 || rows * rowHeight <= ImGui::GetWindowHeight();
}

// Highlights the row the cursor is on, full width.
void rowBackground(ImU32 colour) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetWindowWidth() + ImGui::GetScrollX();
  ImGui::GetWindowDrawList()->AddRectFilled(
      ImVec2(ImGui::GetWindowPos().x, p.y),
      ImVec2(ImGui::GetWindowPos().x + w, p.y + ImGui::GetTextLineHeightWithSpacing()), colour);
}

}  // namespace

const std::vector<std::string>& GuiApp::sourceLines(const std::string& path) {
  auto it = dbg_.sourceLines.find(path);
  if (it != dbg_.sourceLines.end()) return it->second;
  std::string error;
  auto text = core::readTextFile(path, &error);
  return dbg_.sourceLines[path] = text ? splitLines(*text) : std::vector<std::string>{error};
}

void GuiApp::cacheSourceText(const std::string& path, const std::string& text) {
  dbg_.sourceLines[path] = splitLines(text);
}

void GuiApp::toggleBreakpoints(const std::vector<uint32_t>& addresses) {
  if (addresses.empty()) return;
  const bool on = !debugger_.hasBreakpoint(uint16_t(addresses[0]));
  for (uint32_t a : addresses) {
    if (on)
      debugger_.setBreakpoint(uint16_t(a), "", nullptr);
    else
      debugger_.removeBreakpoint(uint16_t(a));
  }
}

// The PC the views follow: the instruction at the cursor, or the last one run.
std::optional<uint16_t> GuiApp::cursorPc(bool* executed) {
  return debugger_.cursorPc(executed);
}

void GuiApp::drawSourceFile(const std::string& file, int currentLine, bool executed) {
  const core::DebugInfo& dbg = sim()->image().debug;
  const std::vector<std::string>& lines = sourceLines(file);
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  if (dbg_.followed != cursorKey() && currentLine > 0 &&
      scrollToRow(currentLine - 1, int(lines.size())))
    dbg_.followed = cursorKey();
  ImGuiListClipper clipper;
  clipper.Begin(int(lines.size()), rowHeight);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const int line = i + 1;
      if (line == currentLine) rowBackground(executed ? kLastLine : kCurrentLine);
      std::vector<uint32_t> addrs = dbg.addressesFor(file, line);
      const bool bp = !addrs.empty() && debugger_.hasBreakpoint(uint16_t(addrs[0]));
      if (gutter(line, bp, !addrs.empty())) toggleBreakpoints(addrs);
      ImGui::TextDisabled("%4d", line);
      ImGui::SameLine();
      ImGui::TextUnformatted(lines[i].c_str());
    }
  }
}

void GuiApp::drawDisassembly(uint16_t pc, bool executed) {
  const core::DebugInfo& dbg = sim()->image().debug;
  // Sweep from the nearest label at or before the PC, so the decoding is aligned.
  int64_t start = -1;
  for (const core::DebugSymbol& s : dbg.symbols)
    if (s.isLabel && s.address <= pc && pc - s.address < 0x400 && int64_t(s.address) > start)
      start = s.address;
  uint32_t a = start < 0 ? pc : uint32_t(start);
  int row = 0, currentRow = -1;
  for (; row < 200 && a <= 0xFFFF; ++row) {
    const std::string name = dbg.nameAt(a);
    if (!name.empty()) ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1), "%s:", name.c_str());
    if (a == pc) {
      currentRow = row;
      rowBackground(executed ? kLastLine : kCurrentLine);
    }
    if (gutter(int(a), debugger_.hasBreakpoint(uint16_t(a)), true)) toggleBreakpoints({a});
    int length = 1;
    std::string text = sim()->machine().disassemble(uint16_t(a), &dbg, &length);
    ImGui::TextDisabled("%04X", a);
    ImGui::SameLine();
    ImGui::TextUnformatted(text.c_str());
    a += std::max(length, 1);
  }
  if (dbg_.followed != cursorKey() && currentRow >= 0 && scrollToRow(currentRow, row))
    dbg_.followed = cursorKey();
}

void GuiApp::drawSourceView() {
  const core::DebugInfo& dbg = sim()->image().debug;
  bool executed = false;
  const std::optional<uint16_t> pc = cursorPc(&executed);
  std::optional<core::DebugInfo::Where> where;
  if (pc) where = sourceLineAt(*pc);
  if (where && dbg_.followed != cursorKey()) dbg_.sourceFile = where->file;
  if (dbg_.sourceFile.empty() && !dbg.files.empty()) dbg_.sourceFile = dbg.files[0];

  ImGui::SetNextItemWidth(uiPx(220));
  const std::string shown = std::filesystem::path(dbg_.sourceFile).filename().string();
  if (ImGui::BeginCombo("##file", dbg_.showDisassembly ? "(disassembly)" : shown.c_str())) {
    for (const std::string& f : dbg.files) {
      if (f.empty() || !std::filesystem::path(f).has_filename()) continue;
      if (ImGui::Selectable(std::filesystem::path(f).filename().c_str(), f == dbg_.sourceFile)) {
        dbg_.sourceFile = f;
        dbg_.showDisassembly = false;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Checkbox("Disassembly", &dbg_.showDisassembly);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The instructions at the cursor as the CPU sees them, not the source");
  ImGui::SameLine();
  const size_t breakpoints = debugger_.breakpoints().size();
  ImGui::TextDisabled("%zu breakpoint%s", breakpoints, breakpoints == 1 ? "" : "s");
  if (breakpoints > 0) {
    ImGui::SameLine();
    const bool clear = ImGui::SmallButton("Clear");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove every breakpoint");
    if (clear)
      while (!debugger_.breakpoints().empty())
        debugger_.removeBreakpoint(debugger_.breakpoints().front().address);
  }
  ImGui::BeginChild("##source", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (!pc)
    ImGui::TextDisabled("The call ran no instructions.");
  else if (dbg_.showDisassembly || !where)
    drawDisassembly(*pc, executed);
  else
    drawSourceFile(dbg_.sourceFile, where->file == dbg_.sourceFile ? where->line : 0, executed);
  ImGui::EndChild();
}

void GuiApp::drawSourcePanel() {
  if (!beginPanel("Source", 850, 229, 460, 350, true)) return;
  ensureTrace();
  if (ImGui::BeginTabBar("##sourceTabs")) {
    if (ImGui::BeginTabItem("Source")) {
      drawSourceView();
      ImGui::EndTabItem();
    }
    // In its own window the editor takes the request (drawRoutineWindow).
    const bool select = editor_.showEditor && !view_.routineWindow;
    const ImGuiTabItemFlags flags = select ? ImGuiTabItemFlags_SetSelected : 0;
    if (!view_.routineWindow) editor_.showEditor = false;
    if (ImGui::BeginTabItem("Routine", nullptr, flags)) {
      if (!view_.routineWindow) {
        drawRoutineEditor();
      } else {
        ImGui::TextDisabled("The routine editor is in its own window.");
        if (ImGui::Button("Back into this tab")) view_.routineWindow = false;
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

namespace {
PanelRegistrar registered("Source", 60, [](GuiApp& g) { g.drawSourcePanel(); });
}  // namespace

}  // namespace app
