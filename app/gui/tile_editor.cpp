// Metatiles and tiles in the Tiles window: each metatile's context menu
// (duplicate, move, delete: room cells follow), drag and drop to reorder, the
// composer (which CHR tiles a metatile is made of), the tile sheet, the pixel
// editor drawing with the map's 4-colour palette, and the palette colours.
// Every change is a core edit (core/edit/metatile_edits.cpp): undoable and
// saved in the map file.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/gui_app.h"
#include "app/gui/room_draw.h"
#include "app/gui/ui_scale.h"

namespace app {

namespace {

int cellsUsingMetatile(const core::Room& room, int metatile) {
  return int(std::count(room.cells.begin(), room.cells.end(), uint16_t(metatile)));
}

}  // namespace

void GuiApp::drawMetatileMenu(int m) {
  // Drag a swatch onto another to move it there.
  if (ImGui::BeginDragDropSource()) {
    ImGui::SetDragDropPayload("METATILE", &m, sizeof m);
    ImGui::Text("move metatile %d", m);
    ImGui::EndDragDropSource();
  }
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload("METATILE")) {
      const int from = *static_cast<const int*>(p->Data);
      applyEdit(core::makeMoveMetatile(sim()->scenario(), from, m));
      edit_.metatile = m;
    }
    ImGui::EndDragDropTarget();
  }
  if (!ImGui::BeginPopupContextItem("metatile_menu")) return;
  const int count = int(sim()->scenario().map.metatiles.metatiles.size());
  ImGui::TextDisabled("metatile %d", m);
  if (ImGui::MenuItem("Duplicate")) {
    applyEdit(core::makeDuplicateMetatile(sim()->scenario(), m));
    edit_.metatile = m + 1;
  }
  if (ImGui::MenuItem("Move left", nullptr, false, m > 0)) {
    applyEdit(core::makeMoveMetatile(sim()->scenario(), m, m - 1));
    edit_.metatile = m - 1;
  }
  if (ImGui::MenuItem("Move right", nullptr, false, m + 1 < count)) {
    applyEdit(core::makeMoveMetatile(sim()->scenario(), m, m + 1));
    edit_.metatile = m + 1;
  }
  if (ImGui::MenuItem("Delete...", nullptr, false, count > 1)) {
    if (cellsUsingMetatile(sim()->scenario().map.room, m) > 0) {
      edit_.deleteAsk = m;  // asked below, outside this popup
    } else {
      applyEdit(core::makeDeleteMetatile(sim()->scenario(), m, m == 0 ? 1 : 0));
      edit_.metatile = std::max(0, std::min(m, count - 2));
    }
  }
  ImGui::EndPopup();
}

void GuiApp::drawDeleteMetatilePrompt() {
  if (edit_.deleteAsk >= 0 && !ImGui::IsPopupOpen("Delete metatile"))
    ImGui::OpenPopup("Delete metatile");
  if (!ImGui::BeginPopupModal("Delete metatile", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const core::MapDocument& doc = sim()->scenario().map;
  const int m = edit_.deleteAsk;
  const int count = int(doc.metatiles.metatiles.size());
  bool close = m < 0 || m >= count;
  if (!close) {
    // Metatile 0 (1 when deleting 0) takes the cells, as an empty room starts.
    const int with = m == 0 ? 1 : 0;
    ImGui::Text("Metatile %d \"%s\" is used by %d cells.", m,
                doc.metatiles.metatiles[m].name.c_str(), cellsUsingMetatile(doc.room, m));
    ImGui::Text("Replace them with metatile %d \"%s\" and delete it?", with,
                doc.metatiles.metatiles[with].name.c_str());
    if (ImGui::Button("Replace and delete")) {
      applyEdit(core::makeDeleteMetatile(sim()->scenario(), m, uint16_t(with)));
      edit_.metatile = std::max(0, std::min(m, count - 2));
      close = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
      close = true;
  }
  if (close) {
    edit_.deleteAsk = -1;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void GuiApp::drawMetatileComposer() {
  const core::MapDocument& doc = sim()->scenario().map;
  if (edit_.metatile >= int(doc.metatiles.metatiles.size())) return;
  const core::Metatile& mt = doc.metatiles.metatiles[edit_.metatile];
  const int side = doc.metatiles.tilesPerSide;
  edit_.tileSlot = std::clamp(edit_.tileSlot, 0, side * side - 1);
  // The Tiles window is narrow: the hint wraps.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Click a slot, then double-click a tile in the sheet to put it there.");
  ImGui::PopStyleColor();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Sizes at scale 1, scaled with the font (ui_scale.h).
  const float slot = uiPx(36), gap = uiPx(2);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  for (int q = 0; q < side * side; ++q) {
    const ImVec2 a(p0.x + float(q % side) * (slot + gap), p0.y + float(q / side) * (slot + gap));
    ImGui::SetCursorScreenPos(a);
    ImGui::PushID(q);
    if (ImGui::InvisibleButton("slot", ImVec2(slot, slot))) {
      edit_.tileSlot = q;
      edit_.tile = mt.tiles[q];  // and show its pixels
    }
    ImGui::PopID();
    if (edit_.atlas.ready())
      edit_.atlas.drawTile(dl, mt.tiles[q], a, ImVec2(a.x + slot, a.y + slot));
    const bool on = q == edit_.tileSlot;
    dl->AddRect(a, ImVec2(a.x + slot, a.y + slot),
                on ? IM_COL32(255, 220, 80, 255) : IM_COL32(120, 120, 140, 255), 0, 0,
                on ? uiPx(2.5f) : uiPx(1));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("slot %d: tile %d", q, mt.tiles[q]);
  }
  ImGui::SetCursorScreenPos(ImVec2(p0.x + float(side) * (slot + gap) + uiPx(8), p0.y));
  ImGui::BeginGroup();
  ImGui::Text("slot %d", edit_.tileSlot);
  char label[48];
  std::snprintf(label, sizeof label, "Put tile %d", edit_.tile);
  if (ImGui::Button(label) && edit_.tile < int(doc.tiles.size())) {
    std::array<uint16_t, 4> tiles = mt.tiles;
    tiles[size_t(edit_.tileSlot)] = uint16_t(edit_.tile);
    applyEdit(core::makeSetMetatileTiles(sim()->scenario(), edit_.metatile, tiles));
  }
  const bool add = ImGui::Button("New metatile");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Append a metatile made of these tiles, with no collision bits");
  if (add) {
    core::Metatile copy = mt;
    copy.name = "new";
    copy.collision = 0;
    applyEdit(core::makeAddMetatile(sim()->scenario(), copy));
    edit_.metatile = int(sim()->scenario().map.metatiles.metatiles.size()) - 1;
  }
  ImGui::EndGroup();
  ImGui::SetCursorScreenPos(ImVec2(p0.x, p0.y + float(side) * (slot + gap) + uiPx(4)));
  ImGui::Dummy(ImVec2(1, 1));
}

void GuiApp::drawTileSheet() {
  const core::MapDocument& doc = sim()->scenario().map;
  const int count = int(doc.tiles.size());
  ImGui::Text("%d CHR tiles", count);
  ImGui::SameLine();
  if (ImGui::SmallButton("Add blank tile")) {
    applyEdit(core::makeAddTile(sim()->scenario()));
    edit_.tile = int(sim()->scenario().map.tiles.size()) - 1;
  }
  const float t = uiPx(18), pad = uiPx(2);
  const float width = ImGui::GetContentRegionAvail().x;
  const int perRow = std::max(1, int((width - uiPx(12)) / (t + pad)));
  const int rows = (count + perRow - 1) / perRow;
  if (!ImGui::BeginChild(
          "tilesheet", ImVec2(0, std::min(6.0f, float(rows) + 0.5f) * (t + pad) + uiPx(8)), true)) {
    ImGui::EndChild();
    return;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Only the visible rows: a 65,536-tile CHR scrolls as fast as a small one.
  ImGuiListClipper clipper;
  clipper.Begin(rows, t + pad);
  while (clipper.Step())
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      for (int c = 0; c < perRow; ++c) {
        const int id = r * perRow + c;
        if (id >= count) break;
        if (c) ImGui::SameLine(0, pad);
        ImGui::PushID(id);
        const ImVec2 a = ImGui::GetCursorScreenPos();
        if (ImGui::InvisibleButton("t", ImVec2(t, t))) edit_.tile = id;
        if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) &&
            edit_.metatile < int(doc.metatiles.metatiles.size())) {
          std::array<uint16_t, 4> tiles = doc.metatiles.metatiles[edit_.metatile].tiles;
          tiles[size_t(edit_.tileSlot)] = uint16_t(id);
          applyEdit(core::makeSetMetatileTiles(sim()->scenario(), edit_.metatile, tiles));
          ImGui::PopID();
          ImGui::EndChild();
          return;  // the edit may have replaced the document `doc` belongs to
        }
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("tile %d (double-click: put it in the selected slot)", id);
        if (edit_.atlas.ready())
          edit_.atlas.drawTile(dl, uint16_t(id), a, ImVec2(a.x + t, a.y + t));
        if (id == edit_.tile)
          dl->AddRect(ImVec2(a.x - uiPx(1), a.y - uiPx(1)),
                      ImVec2(a.x + t + uiPx(1), a.y + t + uiPx(1)), IM_COL32(255, 220, 80, 255), 0,
                      0, uiPx(2));
        ImGui::PopID();
      }
    }
  ImGui::EndChild();
}

void GuiApp::drawPixelEditor() {
  const core::MapDocument& doc = sim()->scenario().map;
  if (doc.tiles.empty()) return;
  edit_.tile = std::clamp(edit_.tile, 0, int(doc.tiles.size()) - 1);
  // The four colours to draw with.
  for (int i = 0; i < 4; ++i) {
    ImGui::PushID(i);
    const core::Rgba& c = doc.palette[i];
    const ImVec4 v(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1);
    if (ImGui::ColorButton("##draw", v, ImGuiColorEditFlags_NoTooltip, ImVec2(uiPx(22), uiPx(22))))
      edit_.drawColour = uint8_t(i);
    if (i == edit_.drawColour) {
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      const float ring = uiPx(2);
      ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - ring, a.y - ring),
                                          ImVec2(b.x + ring, b.y + ring),
                                          IM_COL32(255, 220, 80, 255), 0, 0, ring);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("draw with colour %d", i);
    ImGui::PopID();
    ImGui::SameLine(0, uiPx(8));
  }
  ImGui::Text("tile %d", edit_.tile);
  const float px = std::clamp((ImGui::GetContentRegionAvail().x - uiPx(8)) / 8, uiPx(10), uiPx(24));
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("pixels", ImVec2(px * 8, px * 8),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const core::Tile& tile = doc.tiles[size_t(edit_.tile)];
  for (int i = 0; i < 64; ++i) {
    const ImVec2 a(p0.x + float(i % 8) * px, p0.y + float(i / 8) * px);
    dl->AddRectFilled(a, ImVec2(a.x + px, a.y + px), imColour(doc.palette[tile.px[i] & 3]));
  }
  for (int k = 0; k <= 8; ++k) {
    dl->AddLine(ImVec2(p0.x + float(k) * px, p0.y), ImVec2(p0.x + float(k) * px, p0.y + 8 * px),
                IM_COL32(0, 0, 0, 90));
    dl->AddLine(ImVec2(p0.x, p0.y + float(k) * px), ImVec2(p0.x + 8 * px, p0.y + float(k) * px),
                IM_COL32(0, 0, 0, 90));
  }
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const int x = int((mouse.x - p0.x) / px), y = int((mouse.y - p0.y) / px);
  const bool inside = mouse.x >= p0.x && mouse.y >= p0.y && x < 8 && y < 8;
  if (edit_.drawingTile && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    edit_.drawingTile = false;
    edit_.history.endGroup();
  }
  if (hovered && inside && ImGui::IsMouseClicked(ImGuiMouseButton_Right))
    edit_.drawColour = tile.px[size_t(y) * 8 + x];  // pick the colour under the cursor
  if (hovered && inside && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    edit_.history.beginGroup("Draw tile");  // a stroke on one tile is one merged edit
    edit_.drawingTile = true;
  }
  if (edit_.drawingTile && inside)
    applyEdit(core::makeSetTilePixel(sim()->scenario(), edit_.tile, x, y, edit_.drawColour));
  if (hovered) ImGui::SetTooltip("left: draw, right: pick the colour");
}

void GuiApp::drawPaletteEditor() {
  const core::Palette pal = sim()->scenario().map.palette;
  for (int i = 0; i < 4; ++i) {
    ImGui::PushID(i);
    float rgb[3] = {pal[i].r / 255.0f, pal[i].g / 255.0f, pal[i].b / 255.0f};
    char label[16];
    std::snprintf(label, sizeof label, "colour %d", i);
    ImGui::SetNextItemWidth(-70);
    const bool changed = ImGui::ColorEdit3(label, rgb, ImGuiColorEditFlags_DisplayHex);
    // A drag in the picker is one undo step.
    if (ImGui::IsItemActivated() && !edit_.editingPalette) {
      edit_.history.beginGroup("Palette colour");
      edit_.editingPalette = true;
    }
    if (changed) {
      auto channel = [](float f) { return uint8_t(std::clamp(int(f * 255.0f + 0.5f), 0, 255)); };
      applyEdit(core::makeSetPaletteColour(
          sim()->scenario(), i,
          core::Rgba{channel(rgb[0]), channel(rgb[1]), channel(rgb[2]), 255}));
    }
    ImGui::PopID();
  }
  // The picker's popup has items of its own: the step ends when none is active.
  if (edit_.editingPalette && !ImGui::IsAnyItemActive()) {
    edit_.history.endGroup();
    edit_.editingPalette = false;
  }
}

}  // namespace app
