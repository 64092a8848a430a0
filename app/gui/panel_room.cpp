// The room view: the map drawn cell by cell from the CHR tile atlas, with zoom
// around the cursor, pan (middle drag or space + drag), grid, collision-bit
// edges and op-code glyphs, entities, and the overlays of room_overlays.cpp.
// The editing gestures on it live in room_edit.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/gui_app.h"
#include "app/gui/room_draw.h"

namespace app {

void GuiApp::drawEntities(ImDrawList* dl, float ox, float oy, float z) {
  const core::Scenario& sc = sim_->scenario();
  const core::Recording& rec = sim_->recording();
  const int f = std::clamp(tl_.frame, 0, frameCount() - 1);
  const core::Room& room = sc.map.room;
  const float cs = room.cellSize * z;
  const float offX = ox - sc.manifest.originX * z, offY = oy - sc.manifest.originY * z;
  auto px = [&](int x, int y) { return ImVec2(offX + x * z, offY + y * z); };

  // Cells the selected entity's routine read this frame.
  if (view_.showProbes && tl_.entity < int(rec.frames[f].entities.size())) {
    for (uint16_t c : rec.frames[f].entities[tl_.entity].cellsRead) {
      ImVec2 p0(ox + (c % room.width) * cs, oy + (c / room.width) * cs);
      dl->AddRectFilled(p0, ImVec2(p0.x + cs, p0.y + cs), IM_COL32(80, 220, 255, 60));
      dl->AddRect(p0, ImVec2(p0.x + cs, p0.y + cs), IM_COL32(80, 220, 255, 220), 0, 0, 2.0f);
    }
  }
  // A stale recording (re-simulation under way) may lack an entity just added.
  const size_t recorded = std::min(sc.entities.size(), rec.frames[f].entities.size());
  for (size_t i = 0; i < recorded; ++i) {
    const core::EntitySpec& spec = sc.entities[i];
    const ImU32 colour = IM_COL32(spec.colour.r, spec.colour.g, spec.colour.b, 255);
    const core::Hitbox hb = sc.hitboxOf(i);
    if (view_.showPaths) {
      // A fading trail of where the hitbox centre was over the last frames.
      int from = std::max(0, f - view_.trailFrames);
      for (int k = from; k < f; ++k) {
        const auto& a = rec.frames[k].entities[i];
        const auto& b = rec.frames[k + 1].entities[i];
        float alpha = float(k - from + 1) / float(f - from + 1);
        ImVec2 pa = px(a.x() + hb.x + hb.w / 2, a.y() + hb.y + hb.h / 2);
        ImVec2 pb = px(b.x() + hb.x + hb.w / 2, b.y() + hb.y + hb.h / 2);
        dl->AddLine(pa, pb, IM_COL32(spec.colour.r, spec.colour.g, spec.colour.b, int(200 * alpha)),
                    2.0f);
      }
      // This frame's move: from the position before the call to the one after.
      const auto& e = rec.frames[f].entities[i];
      if (e.before.size() >= 2)
        dl->AddLine(px(e.before[0] + hb.x + hb.w / 2, e.before[1] + hb.y + hb.h / 2),
                    px(e.x() + hb.x + hb.w / 2, e.y() + hb.y + hb.h / 2), IM_COL32_WHITE, 2.0f);
    }
    const auto& e = rec.frames[f].entities[i];
    // Where the position is the sprite's top-left corner (the hitbox offsets are
    // not negative), the 16x16 sprite box around the hitbox; where it is a point
    // inside the box (the centre, the feet), a small cross on that point.
    ImVec2 s0 = px(e.x(), e.y());
    if (hb.x >= 0 && hb.y >= 0) {
      dl->AddRect(s0, ImVec2(s0.x + 16 * z, s0.y + 16 * z), IM_COL32(255, 255, 255, 90), 0, 0,
                  1.0f);
    } else {
      const float arm = 3.0f * z;
      dl->AddLine(ImVec2(s0.x - arm, s0.y), ImVec2(s0.x + arm, s0.y), IM_COL32_WHITE, 1.0f);
      dl->AddLine(ImVec2(s0.x, s0.y - arm), ImVec2(s0.x, s0.y + arm), IM_COL32_WHITE, 1.0f);
      s0 = px(e.x() + hb.x, e.y() + hb.y);
    }
    if (view_.showHitboxes) {
      ImVec2 h0 = px(e.x() + hb.x, e.y() + hb.y);
      ImVec2 h1 = px(e.x() + hb.x + hb.w, e.y() + hb.y + hb.h);
      dl->AddRectFilled(h0, h1, IM_COL32(spec.colour.r, spec.colour.g, spec.colour.b, 70));
      dl->AddRect(h0, h1, colour, 0, 0, int(i) == tl_.entity ? 3.0f : 1.5f);
    }
    dl->AddText(ImVec2(s0.x, s0.y - ImGui::GetTextLineHeight()), colour, spec.name.c_str());
  }
}

void GuiApp::drawRoomPanel() {
  ImGui::SetNextWindowPos(ImVec2(0, 19), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(900, 560), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Room")) {
    ImGui::End();
    return;
  }
  const core::MapDocument& map_ = map();
  const core::Room& room = map_.room;
  edit_.atlas.update(map_);
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.x = std::max(avail.x, 50.0f);
  avail.y = std::max(avail.y, 50.0f);
  ImGui::InvisibleButton("room_canvas", avail,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle |
                             ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();

  if (view_.fitRequested || (hovered && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home)))) {
    float z = std::min(avail.x / room.pixelWidth(), avail.y / room.pixelHeight());
    view_.zoom = std::max(0.25f, std::floor(z * 4) / 4);
    view_.panX = (avail.x - room.pixelWidth() * view_.zoom) * 0.5f;
    view_.panY = (avail.y - room.pixelHeight() * view_.zoom) * 0.5f;
    view_.fitRequested = false;
  }
  if (hovered && io.MouseWheel != 0) {
    // Zoom around the cursor: the room pixel under the mouse stays put.
    float mx = io.MousePos.x - origin.x, my = io.MousePos.y - origin.y;
    float wx = (mx - view_.panX) / view_.zoom, wy = (my - view_.panY) / view_.zoom;
    view_.zoom = std::clamp(view_.zoom * std::pow(1.2f, io.MouseWheel), 0.25f, 32.0f);
    view_.panX = mx - wx * view_.zoom;
    view_.panY = my - wy * view_.zoom;
  }
  // Space + left drag pans like middle drag. Space alone is play/pause, on
  // release, so a Space held for a pan does not also toggle playback.
  if (hovered && ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space)) &&
      ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    edit_.panning = true;
    edit_.spacePanned = true;
  }
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) edit_.panning = false;
  if (edit_.panning || (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Middle))) {
    view_.panX += io.MouseDelta.x;
    view_.panY += io.MouseDelta.y;
  }
  if (hovered && (edit_.panning || ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space))))
    ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 clip1(origin.x + avail.x, origin.y + avail.y);
  dl->PushClipRect(origin, clip1, true);
  const float z = view_.zoom;
  const float cs = room.cellSize * z;
  const float ox = origin.x + view_.panX, oy = origin.y + view_.panY;
  // Only the cells inside the canvas are drawn.
  const int c0 = std::max(0, int(std::floor((origin.x - ox) / cs)));
  const int r0 = std::max(0, int(std::floor((origin.y - oy) / cs)));
  const int c1 = std::min(room.width, int(std::ceil((clip1.x - ox) / cs)));
  const int r1 = std::min(room.height, int(std::ceil((clip1.y - oy) / cs)));
  // Two passes: every tile first, then every edge and glyph, so the draw list
  // switches texture (atlas, font) twice rather than twice per cell.
  const float edge = std::max(2.0f, z);
  for (int pass = 0; pass < (view_.showBits ? 2 : 1); ++pass)
    for (int r = r0; r < r1; ++r)
      for (int c = c0; c < c1; ++c) {
        ImVec2 p0(ox + c * cs, oy + r * cs);
        uint16_t m = room.at(c, r);
        if (m >= map_.metatiles.metatiles.size()) {
          if (pass == 0)
            dl->AddRectFilled(p0, ImVec2(p0.x + cs, p0.y + cs), IM_COL32(255, 0, 255, 255));
          continue;
        }
        const core::Metatile& mt = map_.metatiles.metatiles[m];
        if (pass == 0) {
          drawMetatileSwatch(dl, edit_.atlas, map_, mt, p0, cs, view_.colourByCollision);
        } else {
          drawCollisionEdges(dl, mt.collision, p0, cs, edge);
          drawOpcodeGlyphs(dl, mt.collision, map_.metatiles.opcodeNames, p0, cs);
        }
      }
  if (view_.showGrid) {
    const ImU32 grid = IM_COL32(255, 255, 255, 60);
    for (int c = 0; c <= room.width; ++c)
      dl->AddLine(ImVec2(ox + c * cs, oy), ImVec2(ox + c * cs, oy + room.height * cs), grid);
    for (int r = 0; r <= room.height; ++r)
      dl->AddLine(ImVec2(ox, oy + r * cs), ImVec2(ox + room.width * cs, oy + r * cs), grid);
  }
  if (sim_ && frameCount() > 0) {
    drawRoomOverlays(dl, ox, oy, z);
    drawEntities(dl, ox, oy, z);
    if (!edit_.panning) editRoom(ox, oy, z, hovered);
  }
  dl->PopClipRect();

  const bool gesture = edit_.panning || edit_.painting || edit_.dragEntity >= 0;
  if (hovered && !gesture) {
    int col = int(std::floor((io.MousePos.x - ox) / cs));
    int row = int(std::floor((io.MousePos.y - oy) / cs));
    if (room.inside(col, row)) {
      uint16_t m = room.at(col, row);
      uint8_t bits = map_.collisionAt(col, row);
      ImGui::BeginTooltip();
      ImGui::Text(
          "cell (%d, %d)  metatile %u %s", col, row, m,
          m < map_.metatiles.metatiles.size() ? map_.metatiles.metatiles[m].name.c_str() : "");
      ImGui::Text("collision %%%d%d%d%d%d%d%d%d  %s", bits >> 7 & 1, bits >> 6 & 1, bits >> 5 & 1,
                  bits >> 4 & 1, bits >> 3 & 1, bits >> 2 & 1, bits >> 1 & 1, bits & 1,
                  collisionText(bits, map_.metatiles.opcodeNames).c_str());
      ImGui::Text("pixel (%d, %d)", int(std::floor((io.MousePos.x - ox) / z)),
                  int(std::floor((io.MousePos.y - oy) / z)));
      if (!edit_.hint.empty()) ImGui::TextDisabled("%s", edit_.hint.c_str());
      ImGui::EndTooltip();
    }
  }
  ImGui::End();
}

}  // namespace app
