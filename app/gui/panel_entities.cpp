// The entity inspector: every entity of the scenario with its fields before
// and after the selected frame's call, the input, cycles, halt reason and the
// map cells its routine read. Selecting a row selects the call the CPU panel shows.
// Below the table, the selected entity's start position and hitbox are editable
// (undoable edits that re-simulate).
#include <imgui.h>

#include <algorithm>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"

namespace app {

void GuiApp::drawEntityPanel() {
  if (!beginPanel("Entities", 900, 579, 700, 297, true)) return;
  const core::Scenario& sc = sim()->scenario();
  const core::Recording& rec = sim()->recording();
  const auto& frame = rec.frames[tl_.frame].entities;
  const int cols = 5 + int(rec.fieldNames.size());
  const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + 4;
  // Columns as wide as their header or widest value; the table scrolls sideways
  // rather than squeezing names to a letter.
  auto fit = [](const char* header, const char* widest) {
    const float pad = ImGui::GetStyle().CellPadding.x * 2;
    return std::max(ImGui::CalcTextSize(header).x, ImGui::CalcTextSize(widest).x) + pad;
  };
  float nameWidth = fit("entity", "");
  for (const core::EntitySpec& spec : sc.entities)
    nameWidth = std::max(nameWidth, fit(spec.name.c_str(), ""));
  if (ImGui::BeginTable("entities", cols,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable,
                        ImVec2(0, -footer))) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("entity", ImGuiTableColumnFlags_WidthFixed, nameWidth);
    const auto& bound = sim()->binding().fields;
    for (size_t k = 0; k < rec.fieldNames.size(); ++k) {
      const bool fixed = k < bound.size() && bound[k].fracBits > 0;
      ImGui::TableSetupColumn(
          rec.fieldNames[k].c_str(), ImGuiTableColumnFlags_WidthFixed,
          fit(rec.fieldNames[k].c_str(), fixed ? "4095.15/16 > 4095.15/16" : "255 > 255"));
    }
    ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthFixed, fit("input", "UDLRAB"));
    ImGui::TableSetupColumn("cycles", ImGuiTableColumnFlags_WidthFixed, fit("cycles", "99999"));
    ImGui::TableSetupColumn("halt", ImGuiTableColumnFlags_WidthFixed,
                            fit("halt", "instruction budget"));
    ImGui::TableSetupColumn("cells read", ImGuiTableColumnFlags_WidthFixed,
                            fit("cells read", "(15,14) (15,14) (15,14) (15,14)"));
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
      const auto& fields = sim()->binding().fields;  // the recording's field order
      for (size_t k = 0; k < rec.fieldNames.size(); ++k) {
        ImGui::TableSetColumnIndex(int(k) + 1);
        // Fixed point as pixels.subpixels/2^frac; plain fields as the number.
        auto text = [&](int32_t raw) {
          return k < fields.size() ? core::formatFieldValue(fields[k], raw) : std::to_string(raw);
        };
        if (e.before[k] != e.after[k])
          ImGui::TextColored(ImVec4(1, 0.75f, 0.3f, 1), "%s > %s", text(e.before[k]).c_str(),
                             text(e.after[k]).c_str());
        else
          ImGui::TextUnformatted(text(e.after[k]).c_str());
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
  drawHitboxEditor();
  ImGui::End();
}

void GuiApp::drawHitboxEditor() {
  const core::Scenario& sc = sim()->scenario();
  const int i = tl_.entity;
  if (i < 0 || i >= int(sc.entities.size())) return;
  const core::EntitySpec& spec = sc.entities[i];
  // A drag or a typed value is one undo step: the group spans the item's activity.
  auto gesture = [&](const char* label) {
    if (ImGui::IsItemActivated()) edit_.history.beginGroup(label);
    if (ImGui::IsItemDeactivated()) edit_.history.endGroup();
  };
  ImGui::Text("%s", spec.name.c_str());
  ImGui::SameLine(110);
  int start[2] = {spec.x, spec.y};
  ImGui::SetNextItemWidth(120);
  if (ImGui::DragInt2("start", start, 0.25f))
    applyEdit(core::makeMoveEntity(sc, i, start[0], start[1]));
  gesture("Move entity");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("start position x, y (drag or type)");

  const core::Hitbox hb = sc.hitboxOf(size_t(i));
  int box[4] = {hb.x, hb.y, hb.w, hb.h};
  ImGui::Dummy(ImVec2(1, 0));
  ImGui::SameLine(110);
  ImGui::SetNextItemWidth(200);
  if (ImGui::DragInt4("hitbox", box, 0.1f, -256, 256))
    applyEdit(core::makeSetHitbox(
        sc, i, core::Hitbox{box[0], box[1], std::max(1, box[2]), std::max(1, box[3])}));
  gesture("Hitbox");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("hitbox x, y, w, h from the position");
  ImGui::SameLine();
  if (spec.hitbox) {
    if (ImGui::SmallButton("reset")) applyEdit(core::makeSetHitbox(sc, i, std::nullopt));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drop this entity's hitbox override");
  } else {
    ImGui::TextDisabled("(routine's)");
  }
}

namespace {
PanelRegistrar registered("Entities", 50, [](GuiApp& g) { g.drawEntityPanel(); });
}  // namespace

}  // namespace app
