// The "CPU" window: the debugger for the selected frame's call. A toolbar with
// step into (F11), over (F10), out (Shift+F11), back (Shift+F10) and run to the
// end of the call (F5); registers and flags at the instruction cursor (values
// changed by the last step highlighted, flags as letters that light up); the
// instruction trace; and the watch list. The call is re-executed from its
// keyframe by core, so stepping back is exact.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"

namespace app {

namespace {

const ImVec4 kChanged(1.0f, 0.75f, 0.3f, 1.0f);
const ImU32 kFlagOnBg = IM_COL32(60, 170, 90, 255);
const ImU32 kFlagChangedBg = IM_COL32(220, 150, 50, 255);
const ImU32 kFlagOffBg = IM_COL32(50, 52, 60, 255);
const ImU32 kCursorRow = IM_COL32(70, 110, 200, 160);
const ImU32 kBreakRow = IM_COL32(150, 40, 40, 120);

struct StepButton {
  const char* label;
  Action action;  // its key and description: shortcuts.h
};
constexpr StepButton kStepButtons[] = {
    {"Into", Action::StepInto}, {"Over", Action::StepOver},  {"Out", Action::StepOut},
    {"Back", Action::StepBack}, {"Run", Action::RunToBreak},
};

void registerText(const core::RegisterValue& r, char* out, size_t size) {
  if (r.bits == 16)
    std::snprintf(out, size, "%s $%04X", r.name, r.value);
  else
    std::snprintf(out, size, "%s $%02X", r.name, r.value);
}

// Flag letters in boxes: lit when set, orange when the last step changed them.
void drawFlags(const std::string& names, uint32_t flags, uint32_t prevFlags) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float size = ImGui::GetTextLineHeight() + 4;
  for (size_t i = 0; i < names.size(); ++i) {
    const int bit = int(names.size() - 1 - i);
    const bool on = flags >> bit & 1;
    const bool changed = (prevFlags >> bit & 1) != on;
    if (i) ImGui::SameLine(0, 3);
    ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(p, ImVec2(p.x + size, p.y + size),
                      changed ? kFlagChangedBg
                      : on    ? kFlagOnBg
                              : kFlagOffBg,
                      3);
    const char letter[2] = {names[i], 0};
    ImVec2 ts = ImGui::CalcTextSize(letter);
    dl->AddText(ImVec2(p.x + (size - ts.x) / 2, p.y + 2),
                on || changed ? IM_COL32(255, 255, 255, 255) : IM_COL32(120, 120, 130, 255),
                letter);
    ImGui::Dummy(ImVec2(size, size));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%c = %d%s", names[i], on ? 1 : 0, changed ? " (changed)" : "");
  }
}

}  // namespace

void GuiApp::resetDebugger() {
  ws_.auditJob().stop();
  audit_.result.reset();
  audit_.saved.reset();
  audit_.openedCase = -1;
  view_.lastAudit.reset();
  dbg_ = DebuggerState{};
  debugger_ = core::Debugger{};
  // The routine editor keeps its buffers while the routine stays the same
  // (syncEditorFiles reloads them when the manifest changes).
  memoryLabels_.clear();
  cpuScrolledTo_ = CursorKey{};
}

CursorKey GuiApp::cursorKey() const {
  const core::DebugCursor& c = debugger_.cursor();
  return {c.frame, c.entity, c.step};
}

void GuiApp::debugStep(StepKind kind) {
  if (!sim() || frameCount() == 0) return;
  ensureTrace();
  const core::DebugStop stop = debugger_.step(kind);
  if (stop.kind == core::DebugStop::Kind::Breakpoint ||
      stop.kind == core::DebugStop::Kind::Watchpoint)
    status_ = stop.text;
}

// Playback from `fromFrame` to the shown frame stops at the first call that
// reaches a breakpoint (whose condition holds) or touches a watchpoint.
bool GuiApp::stopAtBreakpoint(int fromFrame) {
  if (!sim() || (debugger_.breakpoints().empty() && debugger_.watchpoints().empty())) return false;
  ensureTrace();
  const core::DebugStop stop = debugger_.runRecording(std::max(fromFrame, 0), tl_.frame);
  if (stop.kind == core::DebugStop::Kind::None) return false;
  tl_.playing = false;
  tl_.frame = debugger_.cursor().frame;
  tl_.entity = debugger_.cursor().entity;
  status_ = stop.text;
  return true;
}

void GuiApp::drawCpuToolbar(int steps) {
  for (const StepButton& b : kStepButtons) {
    if (&b != kStepButtons) ImGui::SameLine();
    if (ImGui::Button(b.label)) runShortcut(b.action);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s (%s)", shortcutFor(b.action)->what, shortcutKeys(b.action).c_str());
  }
  ImGui::SameLine(0, 16);
  const core::Trace& t = debugger_.trace();
  const int step = debugger_.cursor().step;
  const auto& ents = sim()->scenario().entities;
  if (tl_.entity < 0 || tl_.entity >= int(ents.size())) {
    ImGui::TextDisabled("frame %d: no entity selected", tl_.frame);
    return;
  }
  const char* who = ents[size_t(tl_.entity)].name.c_str();
  if (step < 0)
    ImGui::Text("%s, frame %d: after the call (%d instructions, %s)", who, tl_.frame, steps,
                core::haltKindName(t.halt));
  else
    ImGui::Text("%s, frame %d: instruction %d of %d", who, tl_.frame, step + 1, steps);
}

void GuiApp::drawRegisters() {
  const core::Trace& t = debugger_.trace();
  const int steps = int(t.steps.size());
  const int step = debugger_.cursor().step;
  // Registers before the instruction at the cursor (or after the call at -1).
  const bool atEnd = step < 0 || step >= steps;
  const auto& regs = atEnd ? t.regsAfter : t.steps[step].regsBefore;
  const uint32_t flags = atEnd ? t.flagsAfter : t.steps[step].flagsBefore;
  const std::vector<core::RegisterValue>* prev = nullptr;
  uint32_t prevFlags = flags;
  const int prevIndex = atEnd ? steps - 1 : step - 1;
  if (prevIndex >= 0) {
    prev = &t.steps[prevIndex].regsBefore;
    prevFlags = t.steps[prevIndex].flagsBefore;
  }
  for (size_t i = 0; i < regs.size(); ++i) {
    const bool changed = prev && i < prev->size() && (*prev)[i].value != regs[i].value;
    if (i) ImGui::SameLine(0, 14);
    char text[32];
    registerText(regs[i], text, sizeof text);
    if (changed)
      ImGui::TextColored(kChanged, "%s", text);
    else
      ImGui::TextUnformatted(text);
  }
  ImGui::SameLine(0, 24);
  drawFlags(sim()->machine().flagNames(), flags, prevFlags);
}

void GuiApp::drawTraceTable() {
  const core::Trace& t = debugger_.trace();
  const int step = debugger_.cursor().step;
  if (!ImGui::BeginTable("trace", 4,
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, uiPx(36));
  ImGui::TableSetupColumn("PC", ImGuiTableColumnFlags_WidthFixed, uiPx(44));
  ImGui::TableSetupColumn("instruction", ImGuiTableColumnFlags_WidthFixed, uiPx(190));
  ImGui::TableSetupColumn("source");
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(int(t.steps.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const core::TraceStep& s = t.steps[i];
      ImGui::TableNextRow();
      if (i == step)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, kCursorRow);
      else if (debugger_.hasBreakpoint(s.pc))
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, kBreakRow);
      ImGui::TableSetColumnIndex(0);
      char label[16];
      std::snprintf(label, sizeof label, "%d", i);
      if (ImGui::Selectable(label, i == step, ImGuiSelectableFlags_SpanAllColumns))
        debugger_.setStep(i);
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("$%04X", s.pc);
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(s.text.c_str());
      ImGui::TableSetColumnIndex(3);
      if (auto where = sourceLineAt(s.pc))
        ImGui::TextDisabled("%s:%d", std::filesystem::path(where->file).filename().c_str(),
                            where->line);
    }
  }
  if (step >= 0 && cpuScrolledTo_ != cursorKey()) {
    ImGui::SetScrollY(std::max(
        0.0f, step * ImGui::GetTextLineHeightWithSpacing() - ImGui::GetWindowHeight() * 0.4f));
    cpuScrolledTo_ = cursorKey();
  }
  ImGui::EndTable();
}

void GuiApp::drawCpuPanel() {
  if (!beginPanel("CPU", 850, 19, 750, 210, true)) return;
  ensureTrace();
  drawCpuToolbar(int(debugger_.trace().steps.size()));
  drawRegisters();
  ImGui::Separator();
  const float watchWidth = std::min(uiPx(300), ImGui::GetContentRegionAvail().x * 0.4f);
  ImGui::BeginChild("##trace", ImVec2(-watchWidth - uiPx(8), 0));
  drawTraceTable();
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##watch", ImVec2(0, 0));
  if (ImGui::BeginTabBar("##watchTabs")) {
    if (ImGui::BeginTabItem("Watches")) {
      drawWatchList();
      ImGui::EndTabItem();
    }
    char title[48];
    std::snprintf(title, sizeof title, "Breakpoints (%zu)###breaks",
                  debugger_.breakpoints().size() + debugger_.watchpoints().size());
    if (ImGui::BeginTabItem(title)) {
      drawBreakpointList();
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
  ImGui::End();
}

namespace {
PanelRegistrar registered("CPU", 40, [](GuiApp& g) { g.drawCpuPanel(); });
}  // namespace

}  // namespace app
