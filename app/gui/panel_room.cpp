// The room view: the map drawn cell by cell, with zoom around the cursor, pan,
// grid and collision-bit overlays.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/gui_app.h"

namespace app {

namespace {

ImU32 rgba(const core::Rgba& c) {
  return IM_COL32(c.r, c.g, c.b, 255);
}

ImU32 collisionColour(uint8_t bits) {
  if ((bits & core::kSolid) == core::kSolid) return IM_COL32(150, 70, 60, 255);
  if (bits & core::kSolid) return IM_COL32(170, 140, 60, 255);
  if (bits & core::kOpcodeMask) return IM_COL32(50, 90, 150, 255);
  return IM_COL32(30, 34, 40, 255);
}

}  // namespace

void GuiApp::drawRoomPanel() {
  ImGui::SetNextWindowPos(ImVec2(0, 20), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(900, 560), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Room")) {
    ImGui::End();
    return;
  }
  const core::Room& room = map_.room;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.x = std::max(avail.x, 50.0f);
  avail.y = std::max(avail.y, 50.0f);
  ImGui::InvisibleButton("room_canvas", avail,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();

  if (view_.fitRequested || (hovered && ImGui::IsKeyPressed(ImGuiKey_Home))) {
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
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Middle)) {
    view_.panX += io.MouseDelta.x;
    view_.panY += io.MouseDelta.y;
  }

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), true);
  const float z = view_.zoom;
  const float cs = room.cellSize * z;
  const float ox = origin.x + view_.panX, oy = origin.y + view_.panY;
  const int tilesPerSide = map_.metatiles.tilesPerSide;
  const float ts = cs / tilesPerSide;
  for (int r = 0; r < room.height; ++r) {
    for (int c = 0; c < room.width; ++c) {
      ImVec2 p0(ox + c * cs, oy + r * cs);
      uint16_t m = room.at(c, r);
      const core::Metatile* mt =
          m < map_.metatiles.metatiles.size() ? &map_.metatiles.metatiles[m] : nullptr;
      if (view_.colourByCollision || !mt || map_.tiles.empty()) {
        dl->AddRectFilled(p0, ImVec2(p0.x + cs, p0.y + cs),
                          collisionColour(mt ? mt->collision : 0));
      } else {
        // Each tile pixel as a rectangle; fine for rooms of a few hundred cells.
        for (int q = 0; q < tilesPerSide * tilesPerSide; ++q) {
          uint16_t tid = mt->tiles[q];
          if (tid >= map_.tiles.size()) continue;
          const core::Tile& tile = map_.tiles[tid];
          float tx = p0.x + (q % tilesPerSide) * ts, ty = p0.y + (q / tilesPerSide) * ts;
          float px = ts / 8;
          for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
              dl->AddRectFilled(ImVec2(tx + x * px, ty + y * px),
                                ImVec2(tx + (x + 1) * px, ty + (y + 1) * px),
                                rgba(map_.palette[tile.px[y * 8 + x]]));
        }
      }
      if (view_.showBits && mt) {
        // Thick edges on the sides that block motion into the cell.
        const float t = std::max(2.0f, z);
        const ImU32 edge = IM_COL32(255, 90, 60, 230);
        uint8_t b = mt->collision;
        if (b & core::kBlockDown) dl->AddRectFilled(p0, ImVec2(p0.x + cs, p0.y + t), edge);
        if (b & core::kBlockUp)
          dl->AddRectFilled(ImVec2(p0.x, p0.y + cs - t), ImVec2(p0.x + cs, p0.y + cs), edge);
        if (b & core::kBlockRight) dl->AddRectFilled(p0, ImVec2(p0.x + t, p0.y + cs), edge);
        if (b & core::kBlockLeft)
          dl->AddRectFilled(ImVec2(p0.x + cs - t, p0.y), ImVec2(p0.x + cs, p0.y + cs), edge);
      }
    }
  }
  if (view_.showGrid) {
    const ImU32 grid = IM_COL32(255, 255, 255, 60);
    for (int c = 0; c <= room.width; ++c)
      dl->AddLine(ImVec2(ox + c * cs, oy), ImVec2(ox + c * cs, oy + room.height * cs), grid);
    for (int r = 0; r <= room.height; ++r)
      dl->AddLine(ImVec2(ox, oy + r * cs), ImVec2(ox + room.width * cs, oy + r * cs), grid);
  }
  dl->PopClipRect();

  if (hovered) {
    int col = int(std::floor((io.MousePos.x - ox) / cs));
    int row = int(std::floor((io.MousePos.y - oy) / cs));
    if (room.inside(col, row)) {
      uint16_t m = room.at(col, row);
      uint8_t bits = map_.collisionAt(col, row);
      ImGui::BeginTooltip();
      ImGui::Text(
          "cell (%d, %d)  metatile %u %s", col, row, m,
          m < map_.metatiles.metatiles.size() ? map_.metatiles.metatiles[m].name.c_str() : "");
      ImGui::Text("collision %%%d%d%d%d%d%d%d%d", bits >> 7 & 1, bits >> 6 & 1, bits >> 5 & 1,
                  bits >> 4 & 1, bits >> 3 & 1, bits >> 2 & 1, bits >> 1 & 1, bits & 1);
      ImGui::Text("pixel (%d, %d)", int((io.MousePos.x - ox) / z), int((io.MousePos.y - oy) / z));
      ImGui::EndTooltip();
    }
  }
  ImGui::End();
}

}  // namespace app
