// The "Source" window. Its "Source" tab shows the ca65 or rgbds source of the
// instruction at the debugger's cursor (from the debug info's line map), or a
// disassembly where there is no line information; clicking the gutter toggles a
// breakpoint. Its "Routine" tab is the routine editor (panel_routine.cpp).
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <map>
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

namespace {

// The panel's own state: the source text by path, the file shown, the cursor
// it last scrolled to, and whether it shows the disassembly.
class SourcePanel : public Panel {
 public:
  void draw(PanelContext& c) override;
  void documentChanged() override { *this = SourcePanel(); }
  void imageChanged() override { lines_.clear(); }  // the sources may have changed

 private:
  // The text the running image was built from: the routine editor's when it
  // holds the file, else the file as first read.
  const std::vector<std::string>& sourceLines(PanelContext& c, const std::string& path);
  void toggleBreakpoints(PanelContext& c, const std::vector<uint32_t>& addresses);
  void drawSourceFile(PanelContext& c, const std::string& file, int currentLine, bool executed);
  void drawDisassembly(PanelContext& c, uint16_t pc, bool executed);
  void drawSourceView(PanelContext& c);

  std::map<std::string, std::vector<std::string>> lines_;
  std::string sourceFile_;  // the file shown
  CursorKey followed_;      // cursor the view last scrolled to
  bool showDisassembly_ = false;
};

void SourcePanel::draw(PanelContext& c) {
  if (!c.app.beginPanel("Source", 850, 229, 460, 350, true)) return;
  c.app.ensureTrace();
  if (ImGui::BeginTabBar("##sourceTabs")) {
    if (ImGui::BeginTabItem("Source")) {
      drawSourceView(c);
      ImGui::EndTabItem();
    }
    // In its own window the editor takes the request (drawRoutineWindow).
    const bool select = c.app.routineEditor().showEditor && !c.view.routineWindow;
    const ImGuiTabItemFlags flags = select ? ImGuiTabItemFlags_SetSelected : 0;
    if (!c.view.routineWindow) c.app.routineEditor().showEditor = false;
    if (ImGui::BeginTabItem("Routine", nullptr, flags)) {
      if (!c.view.routineWindow) {
        c.app.drawRoutineEditor();
      } else {
        ImGui::TextDisabled("The routine editor is in its own window.");
        if (ImGui::Button("Back into this tab")) c.view.routineWindow = false;
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

const std::vector<std::string>& SourcePanel::sourceLines(PanelContext& c, const std::string& path) {
  auto it = lines_.find(path);
  if (it != lines_.end()) return it->second;
  for (const EditorFile& f : c.app.routineEditor().files)
    if (f.path == path && !f.assembled.empty()) return lines_[path] = splitLines(f.assembled);
  std::string error;
  auto text = core::readTextFile(path, &error);
  return lines_[path] = text ? splitLines(*text) : std::vector<std::string>{error};
}

void SourcePanel::toggleBreakpoints(PanelContext& c, const std::vector<uint32_t>& addresses) {
  if (addresses.empty()) return;
  const bool on = !c.ws.debugger().hasBreakpoint(uint16_t(addresses[0]));
  for (uint32_t a : addresses) {
    if (on)
      c.ws.debugger().setBreakpoint(uint16_t(a), "", nullptr);
    else
      c.ws.debugger().removeBreakpoint(uint16_t(a));
  }
}

void SourcePanel::drawSourceFile(PanelContext& c, const std::string& file, int currentLine,
                                 bool executed) {
  const core::DebugInfo& dbg = c.sim()->image().debug;
  const std::vector<std::string>& lines = sourceLines(c, file);
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  if (followed_ != c.app.cursorKey() && currentLine > 0 &&
      scrollToRow(currentLine - 1, int(lines.size())))
    followed_ = c.app.cursorKey();
  ImGuiListClipper clipper;
  clipper.Begin(int(lines.size()), rowHeight);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const int line = i + 1;
      if (line == currentLine) rowBackground(executed ? kLastLine : kCurrentLine);
      std::vector<uint32_t> addrs = dbg.addressesFor(file, line);
      const bool bp = !addrs.empty() && c.ws.debugger().hasBreakpoint(uint16_t(addrs[0]));
      if (gutter(line, bp, !addrs.empty())) toggleBreakpoints(c, addrs);
      ImGui::TextDisabled("%4d", line);
      ImGui::SameLine();
      ImGui::TextUnformatted(lines[i].c_str());
    }
  }
}

void SourcePanel::drawDisassembly(PanelContext& c, uint16_t pc, bool executed) {
  const core::DebugInfo& dbg = c.sim()->image().debug;
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
    if (gutter(int(a), c.ws.debugger().hasBreakpoint(uint16_t(a)), true)) toggleBreakpoints(c, {a});
    int length = 1;
    std::string text = c.sim()->machine().disassemble(uint16_t(a), &dbg, &length);
    ImGui::TextDisabled("%04X", a);
    ImGui::SameLine();
    ImGui::TextUnformatted(text.c_str());
    a += std::max(length, 1);
  }
  if (followed_ != c.app.cursorKey() && currentRow >= 0 && scrollToRow(currentRow, row))
    followed_ = c.app.cursorKey();
}

void SourcePanel::drawSourceView(PanelContext& c) {
  const core::DebugInfo& dbg = c.sim()->image().debug;
  bool executed = false;
  const std::optional<uint16_t> pc = c.ws.debugger().cursorPc(&executed);
  std::optional<core::DebugInfo::Where> where;
  if (pc) where = c.app.sourceLineAt(*pc);
  if (where && followed_ != c.app.cursorKey()) sourceFile_ = where->file;
  if (sourceFile_.empty() && !dbg.files.empty()) sourceFile_ = dbg.files[0];

  ImGui::SetNextItemWidth(uiPx(220));
  const std::string shown = std::filesystem::path(sourceFile_).filename().string();
  if (ImGui::BeginCombo("##file", showDisassembly_ ? "(disassembly)" : shown.c_str())) {
    for (const std::string& f : dbg.files) {
      if (f.empty() || !std::filesystem::path(f).has_filename()) continue;
      if (ImGui::Selectable(std::filesystem::path(f).filename().c_str(), f == sourceFile_)) {
        sourceFile_ = f;
        showDisassembly_ = false;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Checkbox("Disassembly", &showDisassembly_);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The instructions at the cursor as the CPU sees them, not the source");
  ImGui::SameLine();
  const size_t breakpoints = c.ws.debugger().breakpoints().size();
  ImGui::TextDisabled("%zu breakpoint%s", breakpoints, breakpoints == 1 ? "" : "s");
  if (breakpoints > 0) {
    ImGui::SameLine();
    const bool clear = ImGui::SmallButton("Clear");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove every breakpoint");
    if (clear)
      while (!c.ws.debugger().breakpoints().empty())
        c.ws.debugger().removeBreakpoint(c.ws.debugger().breakpoints().front().address);
  }
  ImGui::BeginChild("##source", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (!pc)
    ImGui::TextDisabled("The call ran no instructions.");
  else if (showDisassembly_ || !where)
    drawDisassembly(c, *pc, executed);
  else
    drawSourceFile(c, sourceFile_, where->file == sourceFile_ ? where->line : 0, executed);
  ImGui::EndChild();
}

RegisterPanel<SourcePanel> registered("Source", 60);

}  // namespace

}  // namespace app
