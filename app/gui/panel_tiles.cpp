// The "Tiles" window: the tools (select, paint, collision bits, rectangle,
// fill, region), the metatile palette drawn with its CHR graphics (right-click
// a metatile to duplicate, move or delete it; drag it to reorder), and the
// collision-bit editor of the selected metatile, labelled the way the
// routine's attribute format reads the byte: the four direction bits and the
// four named op-code bits for seed 002's format, one "solid" bit for
// solid-bit and walkable tables, the manifest's masks for mask tables. Below
// them, the metatile's tiles, the tile sheet, the pixel editor and the palette
// (tile_editor.cpp). Every change goes through core's edit history and
// re-simulates.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/gui/collision_labels.h"
#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/room_draw.h"
#include "app/gui/room_scene_imgui.h"
#include "app/gui/ui_scale.h"

namespace app {

namespace {

struct DirectionBit {
  uint8_t bit;
  const char* letter;
  const char* meaning;
};

// In the order a designer reads them: U D L R.
constexpr DirectionBit kDirectionBits[] = {
    {core::kBlockUp, "U", "blocks entry from below"},
    {core::kBlockDown, "D", "blocks entry from above"},
    {core::kBlockLeft, "L", "blocks entry from the right"},
    {core::kBlockRight, "R", "blocks entry from the left"},
};

void toolButton(const char* label, const char* key, Tool tool, Tool& current) {
  const bool on = current == tool;
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::Button(label)) current = tool;
  if (on) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("shortcut %s", key);
  ImGui::SameLine();
}

int cellsUsing(const core::Room& room, int metatile) {
  return int(std::count(room.cells.begin(), room.cells.end(), uint16_t(metatile)));
}

}  // namespace

void GuiApp::drawTilesPanel() {
  if (!beginPanel("Tiles", 900, 19, 300, 560, false)) return;
  toolButton("Select", "V", Tool::Select, edit_.tool);
  toolButton("Paint", "B", Tool::Paint, edit_.tool);
  toolButton("Bits", "C", Tool::Bits, edit_.tool);
  ImGui::NewLine();
  toolButton("Rect", "R", Tool::Rect, edit_.tool);
  toolButton("Fill", "F", Tool::Fill, edit_.tool);
  toolButton("Region", "M (Ctrl+C/X/V)", Tool::Region, edit_.tool);
  ImGui::NewLine();

  const core::MapDocument& doc = sim()->scenario().map;
  edit_.atlas.update(doc);
  const auto& set = doc.metatiles.metatiles;
  edit_.metatile = std::clamp(edit_.metatile, 0, std::max(0, int(set.size()) - 1));
  // The palette takes the rows it needs, leaving the collision editor below it room.
  // Sizes at scale 1, scaled with the font (ui_scale.h) so the swatches keep
  // their size beside the text at a content scale of 1.5 or 2.
  const float swatch = uiPx(40), pad = uiPx(4);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float inner = ImGui::GetContentRegionAvail().x - 2 * style.WindowPadding.x;
  const int perRow = std::max(1, int((inner + pad) / (swatch + pad)));
  const int rows = (int(set.size()) + perRow - 1) / perRow;
  const float editorHeight = uiPx(56) + 8 * ImGui::GetFrameHeightWithSpacing() + uiPx(8);
  const float paletteHeight =
      std::clamp(float(rows) * (swatch + pad) + 2 * style.WindowPadding.y, swatch + uiPx(16),
                 std::max(swatch + uiPx(16), ImGui::GetContentRegionAvail().y - editorHeight));
  if (ImGui::BeginChild("palette", ImVec2(0, paletteHeight), true)) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (int m = 0; m < int(set.size()); ++m) {
      if (m % perRow) ImGui::SameLine(0, pad);
      ImGui::PushID(m);
      ImVec2 p0 = ImGui::GetCursorScreenPos();
      if (ImGui::InvisibleButton("mt", ImVec2(swatch, swatch))) {
        edit_.metatile = m;
        if (edit_.tool == Tool::Select || edit_.tool == Tool::Region) edit_.tool = Tool::Paint;
      }
      const bool hovered = ImGui::IsItemHovered();
      const size_t before = set.size();
      drawMetatileMenu(m);  // tile_editor.cpp; may change the set (and the document)
      if (sim()->scenario().map.metatiles.metatiles.size() != before ||
          &sim()->scenario().map != &doc) {
        ImGui::PopID();
        break;
      }
      drawMetatileSwatch(dl, edit_.atlas, doc, set[m], p0, swatch,
                         view_.on(core::kOverlayCollision));
      const float ring = uiPx(2);
      if (m == edit_.metatile)
        dl->AddRect(ImVec2(p0.x - ring, p0.y - ring),
                    ImVec2(p0.x + swatch + ring, p0.y + swatch + ring), IM_COL32(255, 220, 80, 255),
                    0, 0, uiPx(2.5f));
      else if (hovered)
        dl->AddRect(p0, ImVec2(p0.x + swatch, p0.y + swatch), IM_COL32(255, 255, 255, 160));
      if (hovered && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
        ImGui::SetTooltip(
            "%d %s\ncollision %s\nright click: duplicate, move, delete; drag: reorder", m,
            set[m].name.c_str(),
            collisionText(set[m].collision, doc.metatiles.opcodeNames).c_str());
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
  drawDeleteMetatilePrompt();
  drawCollisionEditor();
  if (ImGui::CollapsingHeader("Metatile tiles")) drawMetatileComposer();
  if (ImGui::CollapsingHeader("Tile sheet and pixels")) {
    drawTileSheet();
    drawPixelEditor();
  }
  if (ImGui::CollapsingHeader("Palette")) drawPaletteEditor();
  ImGui::End();
}

void GuiApp::drawCollisionEditor() {
  const core::Scenario& sc = sim()->scenario();
  const core::MapDocument& doc = sc.map;
  if (edit_.metatile >= int(doc.metatiles.metatiles.size())) return;
  const int m = edit_.metatile;
  const core::Metatile& mt = doc.metatiles.metatiles[m];
  const uint8_t bits = mt.collision;

  // A large swatch with its blocking edges, beside the byte and its use.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float big = uiPx(56);
  ImGui::Dummy(ImVec2(big, big));
  drawMetatileSwatch(dl, edit_.atlas, doc, mt, p0, big, view_.on(core::kOverlayCollision));
  // The same edges as the room's bits overlay, in window pixels (zoom 1).
  ImGuiSceneDraw swatch(dl, edit_.atlas, doc, p0, 1.0f, p0, ImVec2(p0.x + big, p0.y + big),
                        edit_.heat);
  core::drawBlockingEdges(swatch, bits, 0, 0, big, uiPx(4));
  ImGui::SameLine();
  ImGui::BeginGroup();
  // The metatile's name, edited in place (one undo step when the field is left).
  ImGui::Text("%d", m);
  ImGui::SameLine();
  if (edit_.editingMetatile < 0)
    std::snprintf(edit_.metatileName, sizeof edit_.metatileName, "%s", mt.name.c_str());
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##mtname", "metatile name", edit_.metatileName,
                           sizeof edit_.metatileName);
  if (ImGui::IsItemActivated()) edit_.editingMetatile = m;
  if (ImGui::IsItemDeactivated() && edit_.editingMetatile >= 0) {
    const int target = edit_.editingMetatile;  // the selection may have moved meanwhile
    edit_.editingMetatile = -1;
    applyEdit(core::makeRenameMetatile(sc, target, edit_.metatileName));
  }
  ImGui::Text("$%02X  %%%d%d%d%d %d%d%d%d", bits, bits >> 7 & 1, bits >> 6 & 1, bits >> 5 & 1,
              bits >> 4 & 1, bits >> 3 & 1, bits >> 2 & 1, bits >> 1 & 1, bits & 1);
  ImGui::TextDisabled("used by %d cells", cellsUsing(doc.room, m));
  ImGui::EndGroup();

  const CollisionLabels labels = collisionLabels(sc.manifest);
  if (!labels.note.empty()) {
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", labels.note.c_str());
    ImGui::SameLine();
  }
  if (labels.solidOnly) {
    // The routine reads one bit: solid means all four directions block.
    bool on = (bits & core::kSolid) == core::kSolid;
    if (ImGui::Checkbox("solid", &on))
      applyEdit(core::makeSetCollision(
          sc, m, uint8_t(on ? bits | core::kSolid : bits & ~uint8_t(core::kSolid))));
    ImGui::SameLine();
    ImGui::TextDisabled("%s", labels.solidMeaning.c_str());
    return;
  }
  for (const DirectionBit& d : kDirectionBits) {
    bool on = bits & d.bit;
    if (ImGui::Checkbox(d.letter, &on)) applyEdit(core::makeToggleCollision(sc, m, d.bit));
    ImGui::SameLine();
    ImGui::TextDisabled("%s%s", d.meaning, labels.directionSuffix(d.bit).c_str());
  }
  if (!labels.opcodes) return;
  // Op-code bits 4..7, each with its user-given name (edited in place, undoable).
  for (int i = 0; i < 4; ++i) {
    ImGui::PushID(i);
    const uint8_t bit = uint8_t(0x10 << i);
    bool on = bits & bit;
    char label[8];
    std::snprintf(label, sizeof label, "%d", 4 + i);
    if (ImGui::Checkbox(label, &on)) applyEdit(core::makeToggleCollision(sc, m, bit));
    ImGui::SameLine();
    char* buf = edit_.opcodeName[i];
    if (edit_.editingOpcode != i)
      std::snprintf(buf, sizeof edit_.opcodeName[i], "%s", doc.metatiles.opcodeNames[i].c_str());
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##name", "op-code name", buf, sizeof edit_.opcodeName[i]);
    if (ImGui::IsItemActivated()) edit_.editingOpcode = i;
    if (ImGui::IsItemDeactivated()) {
      edit_.editingOpcode = -1;
      applyEdit(core::makeRenameOpcode(sc, i, buf));
    }
    ImGui::PopID();
  }
}

namespace {
PanelRegistrar registered("Tiles", 20, [](GuiApp& g) { g.drawTilesPanel(); });
}  // namespace

}  // namespace app
