// The room view: core's room scene (core/scene/room_scene.h) drawn through
// ImGui (room_scene_imgui.h), with zoom around the cursor and pan (middle drag
// or space + drag). Only the cells inside the view are drawn, so a 256 x 32
// level pans and zooms as fast as one screen; a room larger than the view
// gets a minimap (room_tools.cpp).
// The editing gestures on it live in room_edit.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/room_draw.h"
#include "app/gui/room_scene_imgui.h"

namespace app {

void GuiApp::drawRoomScene(ImDrawList* dl, ImVec2 origin, float z, ImVec2 clip0, ImVec2 clip1) {
  core::SceneInput in;
  core::Scenario placeholder;
  if (sim()) {
    in.scenario = &sim()->scenario();
    if (frameCount() > 0) {
      in.recording = &sim()->recording();
      in.frame = std::clamp(tl_.frame, 0, frameCount() - 1);
      in.verdicts = &ws_.judged().verdicts;
    }
  } else {
    placeholder.map = placeholder_;
    in.scenario = &placeholder;
  }
  in.selectedEntity = tl_.entity;
  in.overlays = view_.overlays;
  in.trailFrames = view_.trailFrames;
  applyAuditHeat(in);  // the Audit panel's selected classes, with a legend
  // Room pixel (0, 0) is where routine pixel (originX, originY) is drawn.
  roomView_ = {origin.x, origin.y, z, clip0.x, clip0.y, clip1.x, clip1.y};
  ImGuiSceneDraw draw(dl, edit_.atlas, in.scenario->map, origin, z, clip0, clip1, edit_.heat);
  core::drawRoomScene(in, draw);
}

// --zoom: a factor, or "fit" (the whole room, as Home), from the top-left corner.
void GuiApp::applyScriptedZoom(const core::Room& room, ImVec2 avail) {
  if (opts_.zoom.empty() || edit_.scriptedZoomDone) return;
  edit_.scriptedZoomDone = true;
  if (opts_.zoom == "fit") {
    const float z = std::min(avail.x / room.pixelWidth(), avail.y / room.pixelHeight());
    view_.zoom = std::clamp(z, 0.05f, 32.0f);
  } else {
    view_.zoom = std::clamp(std::strtof(opts_.zoom.c_str(), nullptr), 0.25f, 32.0f);
  }
  view_.panX = std::max(0.0f, (avail.x - room.pixelWidth() * view_.zoom) * 0.5f);
  view_.panY = std::max(0.0f, (avail.y - room.pixelHeight() * view_.zoom) * 0.5f);
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

  // Home is the table's FitRoom (shortcuts.h): one binding, whether or not the
  // pointer is over the room.
  const bool home = view_.fitWhole;
  if (view_.fitRequested || home) {
    float z = std::min(avail.x / room.pixelWidth(), avail.y / room.pixelHeight());
    // Quarter steps, or the exact fit of a level too long for a quarter (256 cells).
    view_.zoom = z >= 0.25f ? std::floor(z * 4) / 4 : std::max(z, 0.05f);
    // A newly opened or resized level larger than the view opens at zoom 1 at
    // its top-left (the minimap shows the rest); Home fits it whole.
    const bool firstFit = edit_.fittedDoc != simId_ || edit_.fitAtOne;
    if (!home && firstFit && view_.zoom < 1) view_.zoom = 1;
    // Centred when it fits, else from its top-left corner.
    view_.panX = std::max(0.0f, (avail.x - room.pixelWidth() * view_.zoom) * 0.5f);
    view_.panY = std::max(0.0f, (avail.y - room.pixelHeight() * view_.zoom) * 0.5f);
    view_.fitRequested = view_.fitWhole = false;
    edit_.fittedDoc = simId_;
    edit_.fitAtOne = false;
    applyScriptedZoom(room, avail);
  }
  if (opts_.panStep != 0) {
    // Scripted panning: right by panStep a frame, back to the left edge past the end.
    view_.panX -= opts_.panStep;
    if (view_.panX + room.pixelWidth() * view_.zoom < avail.x) view_.panX = 0;
  }
  if (hovered && io.MouseWheel != 0) {
    // Zoom around the cursor: the room pixel under the mouse stays put.
    float mx = io.MousePos.x - origin.x, my = io.MousePos.y - origin.y;
    float wx = (mx - view_.panX) / view_.zoom, wy = (my - view_.panY) / view_.zoom;
    view_.zoom = std::clamp(view_.zoom * std::pow(1.2f, io.MouseWheel), 0.05f, 32.0f);
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
  // The room scene (core/scene) draws cells, bits, grid, heat, probes, paths,
  // entities and the oracle ghost; only the cells inside the canvas are drawn.
  drawRoomScene(dl, ImVec2(ox, oy), z, origin, clip1);
  // The minimap takes the clicks over it: no edit happens under it.
  const bool overMinimap = drawMinimap(dl, origin, clip1, hovered);
  if (sim() && frameCount() > 0 && !edit_.panning) editRoom(ox, oy, z, hovered && !overMinimap);
  dl->PopClipRect();
  // --show entity-menu: the room's right-click menu over the selected entity, for screenshots.
  if (opts_.show == "entity-menu" && !edit_.menuScripted && ImGui::GetFrameCount() >= 3 && sim() &&
      frameCount() > 0 && tl_.entity < int(sim()->scenario().entities.size())) {
    edit_.menuScripted = true;
    const core::Scenario& sc = sim()->scenario();
    const core::EntitySpec& e = sc.entities[size_t(tl_.entity)];
    edit_.menuEntity = tl_.entity;
    edit_.menuX = e.x + sc.map.room.cellSize * 2;
    edit_.menuY = e.y;
    ImGui::SetNextWindowPos(ImVec2(ox + float(e.x - sc.manifest.originX + 16) * z,
                                   oy + float(e.y - sc.manifest.originY) * z));
    ImGui::OpenPopup("room_entity_menu");
  }
  drawRoomEntityMenu();

  // An edit may have replaced the simulation: read the room again.
  const core::MapDocument& shown = map();
  const bool gesture = edit_.panning || edit_.painting || edit_.dragEntity >= 0 ||
                       edit_.rectDragging || edit_.selecting || overMinimap;
  if (hovered && !gesture) {
    const core::Room& room = shown.room;
    const core::MapDocument& map_ = shown;
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

namespace {
PanelRegistrar registered("Room", 10, [](GuiApp& g) { g.drawRoomPanel(); });
}  // namespace

}  // namespace app
