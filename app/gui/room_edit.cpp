// Editing gestures on the room view, one per tool:
//  Paint   left click/drag paints the selected metatile, right click picks one;
//  Rect    drag a rectangle of the selected metatile (one undo step on release);
//  Fill    click floods the area of equal cells with the selected metatile;
//  Region  drag a selection; Ctrl+C/X/V copy, cut (to metatile 0) and paste
//          it at the cursor, Delete clears it to 0, Escape drops it;
//  Bits    a click near a cell's edge toggles the bit that edge draws (on the
//          cell's metatile, so on every cell using it); the middle toggles all four
//          (anywhere, for routines that read one solid bit);
//  Select  drag an entity to move its start position; right click for the
//          entity menu (entity_edit.cpp); with no entity yet, a click places one.
// Alt+click (Paint, Rect, Fill) or I over a cell picks its metatile (eyedropper).
// A drag is one undo step; each change re-simulates (applyEdit).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/gui/collision_labels.h"
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

// The screen rectangle of cells [c0, c1] x [r0, r1] (either order).
void cellRect(ImDrawList* dl, float ox, float oy, float cs, int c0, int r0, int c1, int r1,
              ImU32 colour, float thickness) {
  const ImVec2 a(ox + float(std::min(c0, c1)) * cs, oy + float(std::min(r0, r1)) * cs);
  const ImVec2 b(ox + float(std::max(c0, c1) + 1) * cs, oy + float(std::max(r0, r1) + 1) * cs);
  dl->AddRect(a, b, IM_COL32(0, 0, 0, 200), 0, 0, thickness + 2);
  dl->AddRect(a, b, colour, 0, 0, thickness);
}

}  // namespace

void GuiApp::pickMetatileAt(int col, int row) {
  const core::Room& room = sim()->scenario().map.room;
  if (!room.inside(col, row)) return;
  edit_.metatile = room.at(col, row);
  const auto& set = sim()->scenario().map.metatiles.metatiles;
  status_ = "Picked metatile " + std::to_string(edit_.metatile) +
            (edit_.metatile < int(set.size()) ? " " + set[edit_.metatile].name : std::string());
}

bool GuiApp::handleRoomKeys(int col, int row, bool overRoom) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || edit_.dialog.visible() || edit_.askSave || edit_.recordInput ||
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) || !sim())
    return false;
  // The keys come from shortcuts.h's room-key table, which the duplicate check
  // covers; R, F and M pick the region tools from the shortcuts table itself.
  auto pressed = [](RoomKeyId id, bool repeat) {
    return ImGui::IsKeyPressed(roomKey(id).key, repeat);
  };
  if (!io.KeyCtrl && !io.KeyAlt) {
    if (overRoom && pressed(RoomKeyId::PickMetatile, false)) pickMetatileAt(col, row);
    if (pressed(RoomKeyId::DropSelection, true)) edit_.hasSelection = false;
  }
  const int c0 = std::min(edit_.selCol0, edit_.selCol1),
            r0 = std::min(edit_.selRow0, edit_.selRow1);
  const int c1 = std::max(edit_.selCol0, edit_.selCol1),
            r1 = std::max(edit_.selRow0, edit_.selRow1);
  // Each edit below may replace the simulation (and its scenario): nothing
  // read before it is used after it.
  if (io.KeyCtrl && edit_.hasSelection &&
      (pressed(RoomKeyId::Copy, false) || pressed(RoomKeyId::Cut, false))) {
    edit_.clipboard = core::copyCells(sim()->scenario().map.room, c0, r0, c1 - c0 + 1, r1 - r0 + 1);
    const bool cut = pressed(RoomKeyId::Cut, false);
    status_ = std::string(cut ? "Cut " : "Copied ") + std::to_string(edit_.clipboard.width) + "x" +
              std::to_string(edit_.clipboard.height) + " cells";
    if (!cut) return false;
    applyEdit(core::makeFillRect(sim()->scenario(), c0, r0, c1, r1, 0));
    return true;
  }
  if (io.KeyCtrl && pressed(RoomKeyId::Paste, false) && edit_.clipboard.width > 0 &&
      (overRoom || edit_.hasSelection)) {
    // At the cursor's cell, or over the selection when the cursor is elsewhere.
    const int pc = overRoom ? col : c0, pr = overRoom ? row : r0;
    applyEdit(core::makePasteCells(sim()->scenario(), pc, pr, edit_.clipboard));
    edit_.hasSelection = true;
    edit_.selCol0 = pc;
    edit_.selRow0 = pr;
    edit_.selCol1 = pc + edit_.clipboard.width - 1;
    edit_.selRow1 = pr + edit_.clipboard.height - 1;
    status_ = "Pasted " + std::to_string(edit_.clipboard.width) + "x" +
              std::to_string(edit_.clipboard.height) + " cells";
    return true;
  }
  if (!io.KeyCtrl && edit_.hasSelection && pressed(RoomKeyId::ClearRegion, false)) {
    applyEdit(core::makeFillRect(sim()->scenario(), c0, r0, c1, r1, 0));
    return true;
  }
  return false;
}

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
  // The region tools' rectangle ends where the mouse is, clamped to the room.
  const int ccol = std::clamp(col, 0, room.width - 1), crow = std::clamp(row, 0, room.height - 1);
  if (edit_.rectDragging && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    edit_.rectDragging = false;
    applyEdit(
        core::makeFillRect(sc, edit_.rectCol, edit_.rectRow, ccol, crow, uint16_t(edit_.metatile)));
    return;  // the edit may have replaced the simulation `sc` belongs to
  }
  if (edit_.selecting && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) edit_.selecting = false;
  if (edit_.hasSelection)
    cellRect(dl, ox, oy, cs, edit_.selCol0, edit_.selRow0, edit_.selCol1, edit_.selRow1,
             IM_COL32(90, 220, 255, 255), 2);
  if (handleRoomKeys(col, row, hovered && inside)) return;
  if (ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space))) return;  // space + drag pans
  // Eyedropper: Alt+click picks the metatile under the cursor in the brush tools.
  const bool brushTool =
      edit_.tool == Tool::Paint || edit_.tool == Tool::Rect || edit_.tool == Tool::Fill;
  if (brushTool && hovered && inside && io.KeyAlt) {
    edit_.hint = "Alt+click: pick this metatile";
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) pickMetatileAt(col, row);
    return;
  }

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
        edit_.hint = "click/drag: paint, right click, Alt+click or I: pick this metatile";
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) pickMetatileAt(col, row);
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
    case Tool::Rect: {
      if (edit_.rectDragging) {
        cellRect(dl, ox, oy, cs, edit_.rectCol, edit_.rectRow, ccol, crow,
                 IM_COL32(255, 220, 80, 255), 2);
        break;
      }
      if (!hovered || !inside) break;
      dl->AddRect(cell, ImVec2(cell.x + cs, cell.y + cs), IM_COL32(255, 220, 80, 255), 0, 0, 2);
      edit_.hint = "drag: fill a rectangle with the selected metatile, Alt+click: pick";
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) pickMetatileAt(col, row);
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        edit_.rectDragging = true;
        edit_.rectCol = col;
        edit_.rectRow = row;
      }
      break;
    }
    case Tool::Fill: {
      if (!hovered || !inside) break;
      dl->AddRect(cell, ImVec2(cell.x + cs, cell.y + cs), IM_COL32(255, 220, 80, 255), 0, 0, 2);
      edit_.hint = "click: flood fill this area with the selected metatile, Alt+click: pick";
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) pickMetatileAt(col, row);
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        applyEdit(core::makeFloodFill(sc, col, row, uint16_t(edit_.metatile)));
      break;
    }
    case Tool::Region: {
      if (edit_.selecting) {
        edit_.selCol1 = ccol;
        edit_.selRow1 = crow;
        break;
      }
      if (!hovered || !inside) break;
      if (edit_.clipboard.width > 0)  // where Ctrl+V would put the clipboard
        cellRect(dl, ox, oy, cs, col, row, col + edit_.clipboard.width - 1,
                 row + edit_.clipboard.height - 1, IM_COL32(255, 255, 255, 110), 1);
      edit_.hint = "drag: select cells; Ctrl+C/X/V copy, cut, paste here; Del clears; Esc";
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        edit_.selecting = edit_.hasSelection = true;
        edit_.selCol0 = edit_.selCol1 = col;
        edit_.selRow0 = edit_.selRow1 = row;
      }
      break;
    }
    case Tool::Bits: {
      if (!hovered || !inside) break;
      // A routine that reads one solid bit gets the whole cell, never one edge.
      const bool solidOnly = collisionLabels(sc.manifest).solidOnly;
      const EdgeHit hit =
          solidOnly ? EdgeHit{core::kSolid, cell, ImVec2(cell.x + cs, cell.y + cs), "the solid bit"}
                    : edgeAt(cell, cs, io.MousePos);
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
      // Where the timeline shows them; at their starts when there is no recording
      // for this room (a run that could not start, or is still running, after a
      // resize). The recording lags an entity added or removed until it re-simulates.
      const int f = std::max(0, std::min(tl_.frame, frameCount() - 1));
      const bool recorded = frameCount() > 0 && sim()->recording().madeFor(sc.map.room);
      const int shown = recorded
                            ? int(std::min(sim()->recording().frames[size_t(f)].entities.size(),
                                           sc.entities.size()))
                            : int(sc.entities.size());
      int over = -1;
      for (int i = 0; i < shown; ++i) {
        const core::Hitbox hb = sc.hitboxOf(size_t(i));
        const auto* e =
            recorded ? &sim()->recording().frames[size_t(f)].entities[size_t(i)] : nullptr;
        const int px = e ? core::positionPixels(sc.manifest, 0, e->x()) : sc.entities[size_t(i)].x,
                  py = e ? core::positionPixels(sc.manifest, 1, e->y()) : sc.entities[size_t(i)].y;
        const float x0 = ox + float(px - sc.manifest.originX + std::min(0, hb.x)) * z;
        const float y0 = oy + float(py - sc.manifest.originY + std::min(0, hb.y)) * z;
        const float w = float(std::max(16, hb.x + hb.w)) * z,
                    h = float(std::max(16, hb.y + hb.h)) * z;
        if (io.MousePos.x >= x0 && io.MousePos.x < x0 + w && io.MousePos.y >= y0 &&
            io.MousePos.y < y0 + h)
          over = i;  // the last drawn is on top
      }
      // Right click: the entity menu (add here; duplicate, rename, remove the one under it).
      if (hovered && inside && edit_.dragEntity < 0 &&
          ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
        placeEntityAtPointer(ox, oy, z);
        edit_.menuEntity = over;
        if (over >= 0) tl_.entity = over;
        ImGui::OpenPopup("room_entity_menu");
        break;
      }
      // A scenario with no entity yet (File > New scenario...): a click places the first.
      if (sc.entities.empty() && hovered && inside) {
        const ImVec2 m = io.MousePos;
        dl->AddLine(ImVec2(m.x - 10, m.y), ImVec2(m.x + 10, m.y), IM_COL32(255, 230, 90, 255), 2);
        dl->AddLine(ImVec2(m.x, m.y - 10), ImVec2(m.x, m.y + 10), IM_COL32(255, 230, 90, 255), 2);
        edit_.hint = "click: place the first entity here (its hitbox centred on the pointer)";
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
          placeEntityAtPointer(ox, oy, z);
          addEntityAt(edit_.menuX, edit_.menuY, {});
          return;  // the edit may have replaced the simulation `sc` belongs to
        }
        break;
      }
      if (hovered && over < 0 && edit_.dragEntity < 0)
        edit_.hint = "right click: add an entity here";
      if (hovered && over >= 0 && edit_.dragEntity < 0) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        edit_.hint = "drag: move " + sc.entities[over].name +
                     "'s start position; right click: duplicate, rename, remove";
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
      if (edit_.dragEntity >= 0 && edit_.dragEntity < int(sc.entities.size())) {
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
