// The debugger for the selected frame's call: registers and flags at the
// instruction cursor (values changed by the last step highlighted), the
// instruction trace with source lines, and stepping (F11 into, Shift+F10 back,
// Shift+F11 out to the end of the call). The call is re-executed from its
// keyframe by core, so stepping back is exact.
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/gui/gui_app.h"

namespace app {

namespace {

const ImVec4 kChanged(1.0f, 0.75f, 0.3f, 1.0f);
const ImVec4 kFlagOn(0.4f, 1.0f, 0.5f, 1.0f);
const ImVec4 kFlagOff(0.45f, 0.45f, 0.5f, 1.0f);

}  // namespace

void GuiApp::drawCpuPanel() {
  ImGui::SetNextWindowPos(ImVec2(900, 19), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(700, 560), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("CPU")) {
    ImGui::End();
    return;
  }
  if (!sim_ || frameCount() == 0) {
    ImGui::TextDisabled("No scenario open.");
    ImGui::End();
    return;
  }
  ensureTrace();
  const core::Trace& t = tl_.trace;
  const int steps = int(t.steps.size());
  if (ImGui::Button("Step into (F11)")) tl_.step = std::min(tl_.step + 1, steps - 1);
  ImGui::SameLine();
  if (ImGui::Button("Step back (Shift+F10)")) tl_.step = std::max(tl_.step - 1, 0);
  ImGui::SameLine();
  if (ImGui::Button("Run to end (Shift+F11)")) tl_.step = -1;
  ImGui::SameLine();
  ImGui::Text("%s: frame %d, %d instructions, %s",
              sim_->scenario().entities[tl_.entity].name.c_str(), tl_.frame, steps,
              core::haltKindName(t.halt));

  // Registers before the instruction at the cursor (or after the call at -1).
  const bool atEnd = tl_.step < 0 || tl_.step >= steps;
  const auto& regs = atEnd ? t.regsAfter : t.steps[tl_.step].regsBefore;
  const uint32_t flags = atEnd ? t.flagsAfter : t.steps[tl_.step].flagsBefore;
  const std::vector<core::RegisterValue>* prev = nullptr;
  uint32_t prevFlags = flags;
  if (!atEnd && tl_.step > 0) {
    prev = &t.steps[tl_.step - 1].regsBefore;
    prevFlags = t.steps[tl_.step - 1].flagsBefore;
  } else if (atEnd && steps > 0) {
    prev = &t.steps.back().regsBefore;
    prevFlags = t.steps.back().flagsBefore;
  }
  for (size_t i = 0; i < regs.size(); ++i) {
    bool changed = prev && i < prev->size() && (*prev)[i].value != regs[i].value;
    if (i) ImGui::SameLine();
    char text[32];
    if (regs[i].bits == 16)
      std::snprintf(text, sizeof text, "%s=$%04X", regs[i].name, regs[i].value);
    else
      std::snprintf(text, sizeof text, "%s=$%02X", regs[i].name, regs[i].value);
    if (changed)
      ImGui::TextColored(kChanged, "%s", text);
    else
      ImGui::TextUnformatted(text);
  }
  std::string names = sim_->machine().flagNames();
  for (size_t i = 0; i < names.size(); ++i) {
    int bit = int(names.size() - 1 - i);
    bool on = flags >> bit & 1;
    bool changed = (prevFlags >> bit & 1) != on;
    if (i) ImGui::SameLine(0, 4);
    ImGui::TextColored(changed ? kChanged : on ? kFlagOn : kFlagOff, "%c", names[i]);
  }
  ImGui::Separator();

  // The trace: one row per executed instruction, with its source line.
  const core::DebugInfo& dbg = sim_->image().debug;
  if (ImGui::BeginTable("trace", 4,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 40);
    ImGui::TableSetupColumn("PC", ImGuiTableColumnFlags_WidthFixed, 50);
    ImGui::TableSetupColumn("instruction", ImGuiTableColumnFlags_WidthFixed, 220);
    ImGui::TableSetupColumn("source");
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(steps);
    static int scrolledTo = -2;
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const core::TraceStep& s = t.steps[i];
        ImGui::TableNextRow();
        if (i == tl_.step)
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(70, 110, 200, 160));
        ImGui::TableSetColumnIndex(0);
        char label[16];
        std::snprintf(label, sizeof label, "%d", i);
        if (ImGui::Selectable(label, i == tl_.step, ImGuiSelectableFlags_SpanAllColumns))
          tl_.step = i;
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("$%04X", s.pc);
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(s.text.c_str());
        ImGui::TableSetColumnIndex(3);
        if (auto where = dbg.lineFor(s.pc))
          ImGui::TextDisabled("%s:%d", std::filesystem::path(where->file).filename().c_str(),
                              where->line);
      }
    }
    if (tl_.step >= 0 && scrolledTo != tl_.step) {
      ImGui::SetScrollY(std::max(0.0f, tl_.step * ImGui::GetTextLineHeightWithSpacing() -
                                           ImGui::GetWindowHeight() * 0.4f));
      scrolledTo = tl_.step;
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace app
