// The entity inspector: every entity of the scenario with its fields before
// and after the selected frame's call, the input, cycles, halt reason and the
// map cells its routine read. Selecting a row selects the call the CPU panel shows.
// Below the table, the selected entity's start position and hitbox are editable
// (undoable edits that re-simulate); a row's right-click menu and the footer's
// Entity... button add, duplicate, rename and remove entities (entity_edit.cpp). The verdict column
// names each call's verdict in its class colour, its meaning on hover; clicking it opens the "Why"
// window, which explains the selected call's verdict (core/check/verdict_why.h).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"
#include "core/check/verdict_why.h"

namespace app {

namespace {

// The judged verdict of `entity` at `frame` (verdicts are frame-major), or null.
const core::FrameVerdict* verdictAt(const std::vector<core::FrameVerdict>& all, int frame,
                                    int entity) {
  auto it = std::lower_bound(all.begin(), all.end(), frame,
                             [](const core::FrameVerdict& v, int f) { return v.frame < f; });
  for (; it != all.end() && it->frame == frame; ++it)
    if (it->entity == entity) return &*it;
  return nullptr;
}

ImVec4 verdictTextColour(core::Verdict v) {
  const core::Rgba c = core::verdictColour(v);
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f);
}

}  // namespace

void GuiApp::drawEntityPanel() {
  if (!beginPanel("Entities", 900, 579, 700, 297, true)) return;
  const core::Scenario& sc = sim()->scenario();
  const core::Recording& rec = sim()->recording();
  const auto& frame = rec.frames[tl_.frame].entities;
  // Entities of the manifest's other tables: a table column, and their own fields
  // under the columns of the same name (blank where their table has none).
  const bool tables = !sc.manifest.tables.empty();
  const int cols = 6 + int(rec.fieldNames.size()) + (tables ? 1 : 0);
  const auto& verdicts = ws_.judged().verdicts;
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
    if (tables)
      ImGui::TableSetupColumn("table", ImGuiTableColumnFlags_WidthFixed, fit("table", "enemies"));
    ImGui::TableSetupColumn("verdict", ImGuiTableColumnFlags_WidthFixed,
                            fit("verdict", "ROUTINE-FAULT"));
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
    // The recording lags an entity added or removed until it re-simulates.
    const size_t rows = std::min(frame.size(), sc.entities.size());
    for (size_t i = 0; i < rows; ++i) {
      const core::EntityFrame& e = frame[i];
      const auto& c = sc.entities[i].colour;
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(c.r, c.g, c.b, 255));
      if (ImGui::Selectable(sc.entities[i].name.c_str(), int(i) == tl_.entity,
                            ImGuiSelectableFlags_SpanAllColumns))
        tl_.entity = int(i);
      ImGui::PopStyleColor();
      // Right click: duplicate, rename, remove this entity, or add one.
      ImGui::PushID(int(i) + 100000);
      if (ImGui::BeginPopupContextItem("entity_row")) {
        tl_.entity = int(i);
        drawEntityMenuItems(int(i), false);
        ImGui::EndPopup();
        ImGui::PopID();
        break;  // an edit may have replaced the scenario: the next frame draws it
      }
      ImGui::PopID();
      const int first = tables ? 3 : 2;  // the first field column
      if (tables) {
        ImGui::TableSetColumnIndex(1);
        const std::string& t = sc.entities[i].table;
        ImGui::TextUnformatted(t.empty() ? "entity" : t.c_str());
      }
      ImGui::TableSetColumnIndex(first - 1);
      const core::FrameVerdict* v = verdictAt(verdicts, tl_.frame, int(i));
      if (v && v->passive) {
        // Data the routine reads, never called, so never judged.
        ImGui::TextDisabled("passive");
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(
              "An entity of a table with no entry: the routine reads it, the "
              "runner never calls it, the oracle never judges it");
      } else if (v) {
        ImGui::PushID(int(i));
        ImGui::PushStyleColor(ImGuiCol_Text, verdictTextColour(v->verdict));
        if (ImGui::SmallButton(core::verdictName(v->verdict))) {
          tl_.entity = int(i);
          view_.showWhy = true;
        }
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s: %s%s%s\nClick: why (the cell, the oracle's stop, the pixels)",
                            core::verdictName(v->verdict), core::verdictExplanation(v->verdict),
                            v->message.empty() ? "" : "\n", v->message.c_str());
        ImGui::PopID();
      } else {
        ImGui::TextDisabled("-");
      }
      const std::vector<std::string>& names = rec.namesOf(sc.tableOf(i));
      const auto& fields = sim()->binding().fieldsOf(sc.tableOf(i));  // in `names` order
      for (size_t c = 0; c < rec.fieldNames.size(); ++c) {
        size_t k = c;
        if (&names != &rec.fieldNames)
          k = size_t(std::find(names.begin(), names.end(), rec.fieldNames[c]) - names.begin());
        if (k >= e.before.size() || k >= e.after.size()) continue;
        ImGui::TableSetColumnIndex(int(c) + first);
        // Fixed point as pixels.subpixels/2^frac; plain fields as the number.
        auto text = [&](int32_t raw) {
          return k < fields.size() ? core::valueFraction(fields[k], raw) : std::to_string(raw);
        };
        if (e.before[k] != e.after[k])
          ImGui::TextColored(ImVec4(1, 0.75f, 0.3f, 1), "%s > %s", text(e.before[k]).c_str(),
                             text(e.after[k]).c_str());
        else
          ImGui::TextUnformatted(text(e.after[k]).c_str());
      }
      int col = int(rec.fieldNames.size()) + first;
      ImGui::TableSetColumnIndex(col++);
      std::string in = core::buttonsText(e.input);
      ImGui::TextUnformatted(in.empty() ? "-" : in.c_str());
      ImGui::TableSetColumnIndex(col++);
      ImGui::Text("%u", e.cycles);
      ImGui::TableSetColumnIndex(col++);
      if (e.passive)
        ImGui::TextDisabled("passive");
      else if (core::isFault(e.halt))
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

// The footer's entity menu (the rows' right-click menu, for the selected
// entity), and what to do when there is no entity yet.
void GuiApp::drawEntityFooterMenu() {
  if (ImGui::SmallButton("Entity...")) ImGui::OpenPopup("entity_footer_menu");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Add, duplicate (%s), rename (%s) or remove entities; also a right click "
        "on a row, or on the room with the Select tool",
        shortcutKeys(Action::DuplicateEntity).c_str(), shortcutKeys(Action::RenameEntity).c_str());
  if (ImGui::BeginPopup("entity_footer_menu")) {
    drawEntityMenuItems(tl_.entity, false);
    ImGui::EndPopup();
  }
}

void GuiApp::drawHitboxEditor() {
  const core::Scenario& sc = sim()->scenario();
  const int i = tl_.entity;
  if (sc.entities.empty()) {
    drawEntityFooterMenu();
    ImGui::SameLine();
    ImGui::TextDisabled("No entities yet: click in the room (Select tool) to place one");
    return;
  }
  if (i < 0 || i >= int(sc.entities.size())) return;
  const core::EntitySpec& spec = sc.entities[i];
  // A drag or a typed value is one undo step: the group spans the item's activity.
  auto gesture = [&](const char* label) {
    if (ImGui::IsItemActivated()) edit_.history.beginGroup(label);
    if (ImGui::IsItemDeactivated()) edit_.history.endGroup();
  };
  drawEntityFooterMenu();
  ImGui::SameLine();
  ImGui::Text("%s", spec.name.c_str());
  // The inputs' column: past the button and the name, however long, at any scale.
  const float column = std::max(uiPx(160), ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x +
                                               ImGui::GetStyle().ItemSpacing.x);
  ImGui::SameLine(column);
  int start[2] = {spec.x, spec.y};
  ImGui::SetNextItemWidth(uiPx(120));
  if (ImGui::DragInt2("start", start, 0.25f))
    applyEdit(core::makeMoveEntity(sc, i, start[0], start[1]));
  gesture("Move entity");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("start position x, y (drag or type)");

  const core::Hitbox hb = sc.hitboxOf(size_t(i));
  int box[4] = {hb.x, hb.y, hb.w, hb.h};
  ImGui::Dummy(ImVec2(1, 0));
  ImGui::SameLine(column);
  ImGui::SetNextItemWidth(uiPx(200));
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

std::vector<std::string> GuiApp::whyLines() {
  if (!sim() || frameCount() == 0) return {"No recording: nothing to explain."};
  ws_.judgeIfStale();  // a scripted run asks before the first frame judged the recording
  const int frame = std::clamp(tl_.frame, 0, frameCount() - 1);
  const core::FrameVerdict* v = verdictAt(ws_.judged().verdicts, frame, tl_.entity);
  if (!v) return {"The selected call has no verdict yet."};
  std::vector<std::string> lines = core::explainVerdict(*v, sim()->scenario().map);
  const auto& spec = sim()->scenario().entities;
  const std::string who = tl_.entity >= 0 && tl_.entity < int(spec.size())
                              ? spec[size_t(tl_.entity)].name
                              : "entity " + std::to_string(tl_.entity);
  lines.insert(lines.begin(), "frame " + std::to_string(frame) + ", " + who);
  return lines;
}

void GuiApp::printWhy() {
  for (const std::string& line : whyLines()) std::printf("why: %s\n", line.c_str());
}

// A floating window, opened from the Entities table's verdict column: what
// blocked, where the oracle stopped, the pixels missing, and where to read more.
void GuiApp::drawWhyWindow() {
  if (!view_.showWhy) return;
  ImGui::SetNextWindowSize(ImVec2(460, 0), ImGuiCond_FirstUseEver);
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(centre, ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin("Why this verdict", &view_.showWhy, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  const std::vector<std::string> lines = whyLines();
  for (size_t k = 0; k < lines.size(); ++k) {
    if (k == 1) {
      const core::FrameVerdict* v =
          sim() && frameCount() > 0
              ? verdictAt(ws_.judged().verdicts, std::clamp(tl_.frame, 0, frameCount() - 1),
                          tl_.entity)
              : nullptr;
      ImGui::TextColored(v ? verdictTextColour(v->verdict) : ImVec4(1, 1, 1, 1), "%s",
                         lines[k].c_str());
    } else if (k + 1 == lines.size() && lines[k].rfind("more: ", 0) == 0) {
      ImGui::Separator();
      ImGui::TextDisabled("The classes, their order and evidence: %s", core::kVerdictsDoc);
      ImGui::SameLine();
      if (ImGui::SmallButton("Copy path")) {
        // The installed copy when there is one, else the repository-relative name.
        const std::string local = dataDir() + "/" + core::kVerdictsDoc;
        std::error_code ec;
        ImGui::SetClipboardText(std::filesystem::exists(local, ec) ? local.c_str()
                                                                   : core::kVerdictsDoc);
      }
    } else {
      ImGui::TextUnformatted(lines[k].c_str());
    }
  }
  ImGui::End();
}

namespace {
class EntitiesPanel : public Panel {
 public:
  void draw(PanelContext& c) override { c.app.drawEntityPanel(); }
};
RegisterPanel<EntitiesPanel> registered("Entities", 50);
class WhyPanel : public Panel {
 public:
  void draw(PanelContext& c) override { c.app.drawWhyWindow(); }
};
RegisterPanel<WhyPanel> registeredWhy("Why this verdict", 95);
}  // namespace

}  // namespace app
