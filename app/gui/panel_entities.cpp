// The entity inspector: every entity of the scenario with its fields before
// and after the selected frame's call, the input, cycles, halt reason and the
// map cells its routine read. Selecting a row selects the call the CPU panel shows.
#include <imgui.h>

#include "app/gui/gui_app.h"

namespace app {

void GuiApp::drawEntityPanel() {
  ImGui::SetNextWindowPos(ImVec2(900, 579), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(700, 297), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Entities")) {
    ImGui::End();
    return;
  }
  if (!sim_ || frameCount() == 0) {
    ImGui::TextDisabled("No scenario open.");
    ImGui::End();
    return;
  }
  const core::Scenario& sc = sim_->scenario();
  const core::Recording& rec = sim_->recording();
  const auto& frame = rec.frames[tl_.frame].entities;
  const int cols = 5 + int(rec.fieldNames.size());
  if (ImGui::BeginTable("entities", cols,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("entity");
    for (const auto& n : rec.fieldNames) ImGui::TableSetupColumn(n.c_str());
    ImGui::TableSetupColumn("input");
    ImGui::TableSetupColumn("cycles");
    ImGui::TableSetupColumn("halt");
    ImGui::TableSetupColumn("cells read");
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < frame.size(); ++i) {
      const core::EntityFrame& e = frame[i];
      const auto& c = sc.entities[i].colour;
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(c.r, c.g, c.b, 255));
      if (ImGui::Selectable(sc.entities[i].name.c_str(), int(i) == tl_.entity,
                            ImGuiSelectableFlags_SpanAllColumns))
        tl_.entity = int(i);
      ImGui::PopStyleColor();
      for (size_t k = 0; k < rec.fieldNames.size(); ++k) {
        ImGui::TableSetColumnIndex(int(k) + 1);
        if (e.before[k] != e.after[k])
          ImGui::TextColored(ImVec4(1, 0.75f, 0.3f, 1), "%d > %d", e.before[k], e.after[k]);
        else
          ImGui::Text("%d", e.after[k]);
      }
      int col = int(rec.fieldNames.size()) + 1;
      ImGui::TableSetColumnIndex(col++);
      std::string in = core::buttonsText(e.input);
      ImGui::TextUnformatted(in.empty() ? "-" : in.c_str());
      ImGui::TableSetColumnIndex(col++);
      ImGui::Text("%u", e.cycles);
      ImGui::TableSetColumnIndex(col++);
      if (core::isFault(e.halt))
        ImGui::TextColored(ImVec4(1, 0.3f, 0.3f, 1), "%s", core::haltKindName(e.halt));
      else
        ImGui::TextUnformatted(core::haltKindName(e.halt));
      ImGui::TableSetColumnIndex(col++);
      std::string cells;
      for (uint16_t cell : e.cellsRead)
        cells += "(" + std::to_string(cell % sc.map.room.width) + "," +
                 std::to_string(cell / sc.map.room.width) + ") ";
      ImGui::TextUnformatted(cells.empty() ? "-" : cells.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace app
