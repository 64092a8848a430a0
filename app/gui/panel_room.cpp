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

namespace {

// The panel's own state: the document it last fitted, whether the scripted
// zoom and entity menu were applied, and a Space + drag pan in progress.
class RoomPanel : public Panel {
 public:
  void draw(PanelContext& c) override;

 private:
  void drawRoomScene(PanelContext& c, ImDrawList* dl, ImVec2 origin, float zoom, ImVec2 clip0,
                     ImVec2 clip1);
  void applyScriptedZoom(PanelContext& c, const core::Room& room, ImVec2 avail);

  // A document's first fit (and one after a resize, EditState::fitAtOne) stops
  // at zoom 1, so a level larger than the view opens at a workable scale with
  // the minimap; Home and View > Fit room fit it whole.
  uint64_t fittedDoc_ = ~0ull;
  bool scriptedZoomDone_ = false;  // --zoom applied (once, after the first fit)
  bool menuScripted_ = false;      // --show entity-menu opened the room's menu once
  bool panning_ = false;
};

void RoomPanel::draw(PanelContext& c) {
  ImGui::SetNextWindowPos(ImVec2(0, 19), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(900, 560), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Room")) {
    ImGui::End();
    return;
  }
  const core::MapDocument& map_ = c.app.map();
  const core::Room& room = map_.room;
  c.app.edit().atlas.update(map_);
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
  const bool home = c.view.fitWhole;
  if (c.view.fitRequested || home) {
    float z = std::min(avail.x / room.pixelWidth(), avail.y / room.pixelHeight());
    // Quarter steps, or the exact fit of a level too long for a quarter (256 cells).
    c.view.zoom = z >= 0.25f ? std::floor(z * 4) / 4 : std::max(z, 0.05f);
    // A newly opened or resized level larger than the view opens at zoom 1 at
    // its top-left (the minimap shows the rest); Home fits it whole.
    const bool firstFit = fittedDoc_ != c.app.documentId() || c.app.edit().fitAtOne;
    if (!home && firstFit && c.view.zoom < 1) c.view.zoom = 1;
    // Centred when it fits, else from its top-left corner.
    c.view.panX = std::max(0.0f, (avail.x - room.pixelWidth() * c.view.zoom) * 0.5f);
    c.view.panY = std::max(0.0f, (avail.y - room.pixelHeight() * c.view.zoom) * 0.5f);
    c.view.fitRequested = c.view.fitWhole = false;
    fittedDoc_ = c.app.documentId();
    c.app.edit().fitAtOne = false;
    applyScriptedZoom(c, room, avail);
  }
  if (c.app.options().panStep != 0) {
    // Scripted panning: right by panStep a frame, back to the left edge past the end.
    c.view.panX -= c.app.options().panStep;
    if (c.view.panX + room.pixelWidth() * c.view.zoom < avail.x) c.view.panX = 0;
  }
  if (hovered && io.MouseWheel != 0) {
    // Zoom around the cursor: the room pixel under the mouse stays put.
    float mx = io.MousePos.x - origin.x, my = io.MousePos.y - origin.y;
    float wx = (mx - c.view.panX) / c.view.zoom, wy = (my - c.view.panY) / c.view.zoom;
    c.view.zoom = std::clamp(c.view.zoom * std::pow(1.2f, io.MouseWheel), 0.05f, 32.0f);
    c.view.panX = mx - wx * c.view.zoom;
    c.view.panY = my - wy * c.view.zoom;
  }
  // Space + left drag pans like middle drag. Space alone is play/pause, on
  // release, so a Space held for a pan does not also toggle playback.
  if (hovered && ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space)) &&
      ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    panning_ = true;
    c.app.edit().spacePanned = true;
  }
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) panning_ = false;
  if (panning_ || (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Middle))) {
    c.view.panX += io.MouseDelta.x;
    c.view.panY += io.MouseDelta.y;
  }
  if (hovered && (panning_ || ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space))))
    ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 clip1(origin.x + avail.x, origin.y + avail.y);
  dl->PushClipRect(origin, clip1, true);
  const float z = c.view.zoom;
  const float cs = room.cellSize * z;
  const float ox = origin.x + c.view.panX, oy = origin.y + c.view.panY;
  // The room scene (core/scene) draws cells, bits, grid, heat, probes, paths,
  // entities and the oracle ghost; only the cells inside the canvas are drawn.
  drawRoomScene(c, dl, ImVec2(ox, oy), z, origin, clip1);
  // The game's screen on the map (the Game panel's scroll), as the frame shown there ended.
  if (const ViewState::GameWindow& g = c.view.gameWindow; g.valid) {
    const ImVec2 a(ox + float(g.x) * z, oy + float(g.y) * z);
    dl->AddRect(a, ImVec2(a.x + float(g.w) * z, a.y + float(g.h) * z), IM_COL32(255, 190, 60, 230),
                0, 0, 2.0f);
    dl->AddText(ImVec2(a.x + 4, a.y + 2), IM_COL32(255, 190, 60, 230), "screen");
  }
  // The minimap takes the clicks over it: no edit happens under it.
  const bool overMinimap = c.app.drawMinimap(dl, origin, clip1, hovered);
  if (c.sim() && c.app.frameCount() > 0 && !panning_)
    c.app.editRoom(ox, oy, z, hovered && !overMinimap);
  dl->PopClipRect();
  // --show entity-menu: the room's right-click menu over the selected entity, for screenshots.
  if (c.app.options().show == "entity-menu" && !menuScripted_ && ImGui::GetFrameCount() >= 3 &&
      c.sim() && c.app.frameCount() > 0 &&
      c.timeline.entity < int(c.sim()->scenario().entities.size())) {
    menuScripted_ = true;
    const core::Scenario& sc = c.sim()->scenario();
    const core::EntitySpec& e = sc.entities[size_t(c.timeline.entity)];
    c.app.edit().menuEntity = c.timeline.entity;
    c.app.edit().menuX = e.x + sc.map.room.cellSize * 2;
    c.app.edit().menuY = e.y;
    ImGui::SetNextWindowPos(ImVec2(ox + float(e.x - sc.manifest.originX + 16) * z,
                                   oy + float(e.y - sc.manifest.originY) * z));
    ImGui::OpenPopup("room_entity_menu");
  }
  c.app.drawRoomEntityMenu();

  // An edit may have replaced the simulation: read the room again.
  const core::MapDocument& shown = c.app.map();
  const bool gesture = panning_ || c.app.edit().painting || c.app.edit().dragEntity >= 0 ||
                       c.app.edit().rectDragging || c.app.edit().selecting || overMinimap;
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
      if (!c.app.edit().hint.empty()) ImGui::TextDisabled("%s", c.app.edit().hint.c_str());
      ImGui::EndTooltip();
    }
  }
  ImGui::End();
}

void RoomPanel::drawRoomScene(PanelContext& c, ImDrawList* dl, ImVec2 origin, float z, ImVec2 clip0,
                              ImVec2 clip1) {
  core::SceneInput in;
  core::Scenario placeholder;
  if (c.sim()) {
    in.scenario = &c.sim()->scenario();
    if (c.app.frameCount() > 0) {
      in.recording = &c.sim()->recording();
      in.frame = std::clamp(c.timeline.frame, 0, c.app.frameCount() - 1);
      in.verdicts = &c.ws.judged().verdicts;
    }
  } else {
    placeholder.map = c.app.map();
    in.scenario = &placeholder;
  }
  in.selectedEntity = c.timeline.entity;
  in.overlays = c.view.overlays;
  in.trailFrames = c.view.trailFrames;
  c.app.applyAuditHeat(in);  // the Audit panel's selected classes, with a legend
  // Room pixel (0, 0) is where routine pixel (originX, originY) is drawn.
  c.view.roomGeometry = {origin.x, origin.y, z, clip0.x, clip0.y, clip1.x, clip1.y};
  ImGuiSceneDraw draw(dl, c.app.edit().atlas, in.scenario->map, origin, z, clip0, clip1,
                      c.app.edit().heat);
  core::drawRoomScene(in, draw);
}

// --zoom: a factor, or "fit" (the whole room, as Home), from the top-left corner.
void RoomPanel::applyScriptedZoom(PanelContext& c, const core::Room& room, ImVec2 avail) {
  if (c.app.options().zoom.empty() || scriptedZoomDone_) return;
  scriptedZoomDone_ = true;
  if (c.app.options().zoom == "fit") {
    const float z = std::min(avail.x / room.pixelWidth(), avail.y / room.pixelHeight());
    c.view.zoom = std::clamp(z, 0.05f, 32.0f);
  } else {
    c.view.zoom = std::clamp(std::strtof(c.app.options().zoom.c_str(), nullptr), 0.25f, 32.0f);
  }
  c.view.panX = std::max(0.0f, (avail.x - room.pixelWidth() * c.view.zoom) * 0.5f);
  c.view.panY = std::max(0.0f, (avail.y - room.pixelHeight() * c.view.zoom) * 0.5f);
}

RegisterPanel<RoomPanel> registered("Room", 10);

}  // namespace

}  // namespace app
