// Editing gestures on the room view, one per tool:
//  Paint   left click/drag paints the selected metatile, right click picks one;
//  Bits    a click near a cell's edge toggles the bit that edge draws (on the
//          cell's metatile, so on every cell using it); the middle toggles all four;
//  Select  drag an entity to move its start position.
// A drag is one undo step; each change re-simulates (applyEdit).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/gui/gui_app.h"

namespace app {

namespace {

struct EdgeHit {
  uint8_t bit = 0;  // the collision bit the edge shows; kSolid in the middle
  ImVec2 a, b;      // the edge, screen coordinates (the cell for the middle)
  const char* meaning = "";
};

// The edge of the cell at `p0` (side `cs`) nearest to `mouse`.
EdgeHit edgeAt(ImVec2 p0, float cs, ImVec2 mouse) {
  const float fx = (mouse.x - p0.x) / cs, fy = (mouse.y - p0.y) / cs;
  const ImVec2 p1(p0.x + cs, p0.y + cs);
  const float d[4] = {fy, 1 - fy, fx, 1 - fx};  // top, bottom, left, right
  int best = 0;
  for (int i = 1; i < 4; ++i)
    if (d[i] < d[best]) best = i;
  if (d[best] > 0.3f) return {core::kSolid, p0, p1, "all four direction bits"};
  switch (best) {
    case 0:
      return {core::kBlockDown, p0, ImVec2(p1.x, p0.y), "D (blocks moving down into it)"};
    case 1:
      return {core::kBlockUp, ImVec2(p0.x, p1.y), p1, "U (blocks moving up into it)"};
    case 2:
      return {core::kBlockRight, p0, ImVec2(p0.x, p1.y), "R (blocks moving right into it)"};
    default:
      return {core::kBlockLeft, ImVec2(p1.x, p0.y), p1, "L (blocks moving left into it)"};
  }
}

}  // namespace

void GuiApp::editRoom(float ox, float oy, float z, bool hovered) {
  ImGuiIO& io = ImGui::GetIO();
  const core::Scenario& sc = sim()->scenario();
  const core::Room& room = sc.map.room;
  const float cs = room.cellSize * z;
  const int col = int(std::floor((io.MousePos.x - ox) / cs));
  const int row = int(std::floor((io.MousePos.y - oy) / cs));
  const bool inside = room.inside(col, row);
  const ImVec2 cell(ox + col * cs, oy + row * cs);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  edit_.hint.clear();

  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left) && (edit_.painting || edit_.dragEntity >= 0)) {
    edit_.history.endGroup();
    edit_.painting = false;
    edit_.dragEntity = -1;
  }
  if (ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space))) return;  // space + drag pans

  switch (edit_.tool) {
    case Tool::Paint: {
      if (hovered && inside) {
        // The brush, half see-through, over the cell it would paint.
        const auto& set = sc.map.metatiles.metatiles;
        if (edit_.metatile < int(set.size()) && edit_.atlas.ready() &&
            !view_.on(core::kOverlayCollision))
          edit_.atlas.drawMetatile(dl, sc.map, set[edit_.metatile], cell, cs,
                                   IM_COL32(255, 255, 255, 150));
        dl->AddRect(cell, ImVec2(cell.x + cs, cell.y + cs), IM_COL32(255, 220, 80, 255), 0, 0, 2);
        edit_.hint = "click/drag: paint, right click: pick this metatile";
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
          edit_.metatile = room.at(col, row);
          status_ = "Picked metatile " + std::to_string(edit_.metatile);
        }
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
          edit_.history.beginGroup("Paint");
          edit_.painting = true;
          edit_.paintCol = col;
          edit_.paintRow = row;
        }
      }
      if (edit_.painting && inside) {
        // Every cell on the line from the last painted one: a fast stroke has no holes.
        const int dc = col - edit_.paintCol, dr = row - edit_.paintRow;
        const int steps = std::max(std::abs(dc), std::abs(dr));
        const int c0 = edit_.paintCol, r0 = edit_.paintRow;
        const auto metatile = uint16_t(edit_.metatile);
        applyEdits(steps + 1, [&](int i) {
          const int c = steps ? c0 + int(std::lround(float(dc) * float(i) / float(steps))) : col;
          const int r = steps ? r0 + int(std::lround(float(dr) * float(i) / float(steps))) : row;
          return core::makePaintCell(sim()->scenario(), c, r, metatile);
        });
        edit_.paintCol = col;
        edit_.paintRow = row;
      }
      break;
    }
    case Tool::Bits: {
      if (!hovered || !inside) break;
      const EdgeHit hit = edgeAt(cell, cs, io.MousePos);
      const ImU32 hot = IM_COL32(255, 230, 90, 255);
      if (hit.bit == core::kSolid)
        dl->AddRect(cell, ImVec2(cell.x + cs, cell.y + cs), hot, 0, 0, 3);
      else
        dl->AddLine(hit.a, hit.b, hot, std::max(4.0f, cs * 0.15f));
      const uint16_t m = room.at(col, row);
      if (m >= sc.map.metatiles.metatiles.size()) break;
      const std::string& name = sc.map.metatiles.metatiles[m].name;
      edit_.hint = "click: toggle " + std::string(hit.meaning) + " of metatile " +
                   std::to_string(m) + " \"" + name + "\" (every cell using it)";
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        uint8_t bits = sc.map.metatiles.metatiles[m].collision;
        // The middle makes the cell solid, or open when it already is.
        uint8_t flip = hit.bit == core::kSolid
                           ? uint8_t((bits & core::kSolid) == core::kSolid ? core::kSolid
                                                                           : ~bits & core::kSolid)
                           : hit.bit;
        applyEdit(core::makeToggleCollision(sc, m, flip));
        edit_.metatile = m;
      }
      break;
    }
    case Tool::Select: {
      const int f = std::clamp(tl_.frame, 0, frameCount() - 1);
      const auto& ents = sim()->recording().frames[f].entities;
      int over = -1;
      for (int i = 0; i < int(ents.size()); ++i) {
        const core::Hitbox hb = sc.hitboxOf(size_t(i));
        const int px = core::positionPixels(sc.manifest, 0, ents[i].x()),
                  py = core::positionPixels(sc.manifest, 1, ents[i].y());
        const float x0 = ox + float(px - sc.manifest.originX + std::min(0, hb.x)) * z;
        const float y0 = oy + float(py - sc.manifest.originY + std::min(0, hb.y)) * z;
        const float w = float(std::max(16, hb.x + hb.w)) * z,
                    h = float(std::max(16, hb.y + hb.h)) * z;
        if (io.MousePos.x >= x0 && io.MousePos.x < x0 + w && io.MousePos.y >= y0 &&
            io.MousePos.y < y0 + h)
          over = i;  // the last drawn is on top
      }
      if (hovered && over >= 0 && edit_.dragEntity < 0) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        edit_.hint = "drag: move " + sc.entities[over].name + "'s start position";
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
          // Dragging edits where the entity starts, so show the start.
          tl_.entity = over;
          tl_.frame = 0;
          tl_.playing = false;
          edit_.dragEntity = over;
          edit_.dragStartX = sc.entities[over].x;
          edit_.dragStartY = sc.entities[over].y;
          edit_.dragMouseX = io.MousePos.x;
          edit_.dragMouseY = io.MousePos.y;
          edit_.history.beginGroup("Move " + sc.entities[over].name);
        }
      }
      if (edit_.dragEntity >= 0) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
        const int x = edit_.dragStartX + int(std::lround((io.MousePos.x - edit_.dragMouseX) / z));
        const int y = edit_.dragStartY + int(std::lround((io.MousePos.y - edit_.dragMouseY) / z));
        applyEdit(core::makeMoveEntity(sc, edit_.dragEntity, x, y));
        char text[64];
        std::snprintf(text, sizeof text, "start (%d, %d)", x, y);
        dl->AddText(ImVec2(io.MousePos.x + 14, io.MousePos.y + 4), IM_COL32_WHITE, text);
      }
      break;
    }
  }
}

}  // namespace app
