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

namespace {

// The panel's own state: the metatile and op-code name fields while typed in.
class TilesPanel : public Panel {
 public:
  void draw(PanelContext& c) override;

 private:
  void drawCollisionEditor(PanelContext& c);

  char opcodeName_[4][32] = {};
  int editingOpcode_ = -1;
  char metatileName_[48] = {};  // the selected metatile's name field
  int editingMetatile_ = -1;
};

void TilesPanel::draw(PanelContext& c) {
  if (!c.app.beginPanel("Tiles", 900, 19, 300, 560, false)) return;
  toolButton("Select", "V", Tool::Select, c.app.edit().tool);
  toolButton("Paint", "B", Tool::Paint, c.app.edit().tool);
  toolButton("Bits", "C", Tool::Bits, c.app.edit().tool);
  ImGui::NewLine();
  toolButton("Rect", "R", Tool::Rect, c.app.edit().tool);
  toolButton("Fill", "F", Tool::Fill, c.app.edit().tool);
  toolButton("Region", "M (Ctrl+C/X/V)", Tool::Region, c.app.edit().tool);
  ImGui::NewLine();

  const core::MapDocument& doc = c.sim()->scenario().map;
  c.app.edit().atlas.update(doc);
  const auto& set = doc.metatiles.metatiles;
  c.app.edit().metatile = std::clamp(c.app.edit().metatile, 0, std::max(0, int(set.size()) - 1));
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
        c.app.edit().metatile = m;
        if (c.app.edit().tool == Tool::Select || c.app.edit().tool == Tool::Region)
          c.app.edit().tool = Tool::Paint;
      }
      const bool hovered = ImGui::IsItemHovered();
      const size_t before = set.size();
      c.app.drawMetatileMenu(m);  // tile_editor.cpp; may change the set (and the document)
      if (c.sim()->scenario().map.metatiles.metatiles.size() != before ||
          &c.sim()->scenario().map != &doc) {
        ImGui::PopID();
        break;
      }
      drawMetatileSwatch(dl, c.app.edit().atlas, doc, set[m], p0, swatch,
                         c.view.on(core::kOverlayCollision));
      const float ring = uiPx(2);
      if (m == c.app.edit().metatile)
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
  c.app.drawDeleteMetatilePrompt();
  drawCollisionEditor(c);
  if (ImGui::CollapsingHeader("Metatile tiles")) c.app.drawMetatileComposer();
  if (ImGui::CollapsingHeader("Tile sheet and pixels")) {
    c.app.drawTileSheet();
    c.app.drawPixelEditor();
  }
  if (ImGui::CollapsingHeader("Palette")) c.app.drawPaletteEditor();
  ImGui::End();
}

void TilesPanel::drawCollisionEditor(PanelContext& c) {
  const core::Scenario& sc = c.sim()->scenario();
  const core::MapDocument& doc = sc.map;
  if (c.app.edit().metatile >= int(doc.metatiles.metatiles.size())) return;
  const int m = c.app.edit().metatile;
  const core::Metatile& mt = doc.metatiles.metatiles[m];
  const uint8_t bits = mt.collision;

  // A large swatch with its blocking edges, beside the byte and its use.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float big = uiPx(56);
  ImGui::Dummy(ImVec2(big, big));
  drawMetatileSwatch(dl, c.app.edit().atlas, doc, mt, p0, big, c.view.on(core::kOverlayCollision));
  // The same edges as the room's bits overlay, in window pixels (zoom 1).
  ImGuiSceneDraw swatch(dl, c.app.edit().atlas, doc, p0, 1.0f, p0, ImVec2(p0.x + big, p0.y + big),
                        c.app.edit().heat);
  core::drawBlockingEdges(swatch, bits, 0, 0, big, uiPx(4));
  ImGui::SameLine();
  ImGui::BeginGroup();
  // The metatile's name, edited in place (one undo step when the field is left).
  ImGui::Text("%d", m);
  ImGui::SameLine();
  if (editingMetatile_ < 0)
    std::snprintf(metatileName_, sizeof metatileName_, "%s", mt.name.c_str());
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##mtname", "metatile name", metatileName_, sizeof metatileName_);
  if (ImGui::IsItemActivated()) editingMetatile_ = m;
  if (ImGui::IsItemDeactivated() && editingMetatile_ >= 0) {
    const int target = editingMetatile_;  // the selection may have moved meanwhile
    editingMetatile_ = -1;
    c.app.applyEdit(core::makeRenameMetatile(sc, target, metatileName_));
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
      c.app.applyEdit(core::makeSetCollision(
          sc, m, uint8_t(on ? bits | core::kSolid : bits & ~uint8_t(core::kSolid))));
    ImGui::SameLine();
    ImGui::TextDisabled("%s", labels.solidMeaning.c_str());
    return;
  }
  for (const DirectionBit& d : kDirectionBits) {
    bool on = bits & d.bit;
    if (ImGui::Checkbox(d.letter, &on)) c.app.applyEdit(core::makeToggleCollision(sc, m, d.bit));
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
    if (ImGui::Checkbox(label, &on)) c.app.applyEdit(core::makeToggleCollision(sc, m, bit));
    ImGui::SameLine();
    char* buf = opcodeName_[i];
    if (editingOpcode_ != i)
      std::snprintf(buf, sizeof opcodeName_[i], "%s", doc.metatiles.opcodeNames[i].c_str());
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##name", "op-code name", buf, sizeof opcodeName_[i]);
    if (ImGui::IsItemActivated()) editingOpcode_ = i;
    if (ImGui::IsItemDeactivated()) {
      editingOpcode_ = -1;
      c.app.applyEdit(core::makeRenameOpcode(sc, i, buf));
    }
    ImGui::PopID();
  }
}

RegisterPanel<TilesPanel> registered("Tiles", 20);

}  // namespace

}  // namespace app
