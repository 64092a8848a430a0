// The "Game" window: the game's own screen at the cursor frame (core/game/screen.h:
// the frame run again from its keyframe with the renderer on), integer-scaled,
// with the room scene's overlays in screen coordinates (the View menu's
// toggles, as on the Room panel; core/render/screen_render.h says where the
// room sits on the screen). Hovering a pixel names the room cell, its metatile
// and collision byte, the background tile and its map address, and the entity
// whose hitbox is there. The screen's rectangle in room pixels goes to
// ViewState::gameWindow, which the Room panel outlines on the map.
//
// It renders on a copy of the shown simulation (Simulation::clone, made again
// when the workspace's generation moves), so the debugger's machine is never
// disturbed, and only when the frame or the generation changes. Only game
// scenarios show it.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "app/gui/gl/gl_texture.h"
#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/room_draw.h"
#include "app/gui/room_scene_imgui.h"
#include "core/game/screen.h"
#include "core/render/screen_render.h"
#include "core/sim/field_codec.h"
#include "core/sim/simulation.h"
#include "core/workspace/workspace.h"

namespace app {

namespace {

class GamePanel : public Panel {
 public:
  void draw(PanelContext& c) override;
  void documentChanged() override { reset(); }
  void imageChanged() override { reset(); }

 private:
  void reset() {
    copy_.reset();
    copyOf_ = nullptr;
    shownFrame_ = -1;
    screen_ = {};
    shared_.reset();
    error_.clear();
  }
  bool refresh(PanelContext& c, int frame);
  void drawTooltip(PanelContext& c, int x, int y, int frame);

  std::unique_ptr<core::Simulation> copy_;  // renders here, never on the shown one
  const core::Simulation* copyOf_ = nullptr;
  uint64_t generation_ = ~0ull;
  int shownFrame_ = -1;
  std::shared_ptr<core::game::GameScreen> shared_;  // what ViewState::gameScreen holds
  core::game::GameScreen screen_;
  std::string error_;
  GlTexture texture_;
  HeatTexture heat_;
};

bool GamePanel::refresh(PanelContext& c, int frame) {
  core::Simulation* sim = c.sim();
  if (!copy_ || copyOf_ != sim || generation_ != c.ws.generation()) {
    copy_ = sim->clone();
    copyOf_ = sim;
    generation_ = c.ws.generation();
    shownFrame_ = -1;
    if (!copy_) {
      error_ = "the game could not be copied for rendering";
      return false;
    }
  }
  if (frame == shownFrame_) return error_.empty();
  shownFrame_ = frame;
  error_.clear();
  if (!core::game::renderGameScreen(*copy_, frame, screen_, &error_)) return false;
  shared_ = std::make_shared<core::game::GameScreen>(screen_);
  std::vector<uint32_t> px(size_t(screen_.width) * size_t(screen_.height));
  for (size_t i = 0; i < px.size(); ++i)
    px[i] = screen_.at(int(i) % screen_.width, int(i) / screen_.width);
  texture_.upload(screen_.width, screen_.height, px);
  return true;
}

void GamePanel::drawTooltip(PanelContext& c, int x, int y, int frame) {
  const core::Scenario& sc = c.sim()->scenario();
  const core::ScreenHover h = core::screenHover(screen_, sc, &c.sim()->recording(), frame, x, y);
  ImGui::BeginTooltip();
  ImGui::Text("screen pixel (%d, %d)", x, y);
  if (h.col >= 0) {
    const auto& set = sc.map.metatiles.metatiles;
    ImGui::Text("cell (%d, %d)  metatile %d %s", h.col, h.row, h.metatile,
                size_t(h.metatile) < set.size() ? set[size_t(h.metatile)].name.c_str() : "");
    const uint8_t b = h.collision;
    ImGui::Text("collision $%02X %%%d%d%d%d%d%d%d%d  %s", b, b >> 7 & 1, b >> 6 & 1, b >> 5 & 1,
                b >> 4 & 1, b >> 3 & 1, b >> 2 & 1, b >> 1 & 1, b & 1,
                collisionText(b, sc.map.metatiles.opcodeNames).c_str());
  } else {
    ImGui::TextDisabled("outside the room");
  }
  if (h.tileKnown)
    ImGui::Text("tile $%02X at $%04X (map column %d, row %d)", h.tile.tile, h.tile.address,
                h.tile.column, h.tile.row);
  if (h.entity >= 0)
    ImGui::Text("entity %d %s", h.entity, sc.entities[size_t(h.entity)].name.c_str());
  ImGui::EndTooltip();
}

void GamePanel::draw(PanelContext& c) {
  core::Simulation* sim = c.sim();
  c.view.gameWindow.valid = false;
  c.view.gameScreen.reset();
  // Only a game scenario has a screen: no window at all otherwise.
  if (!sim || !sim->gameMachine() || c.app.frameCount() == 0) return;
  // Rendered even when the window is collapsed: the Video panel draws from it.
  const int frame = std::clamp(c.timeline.frame, 0, c.app.frameCount() - 1);
  const bool ok = refresh(c, frame);
  if (ok) c.view.gameScreen = shared_;
  if (!c.app.beginPanel("Game", 560, 19, 560, 540, true)) return;
  if (!ok) {
    ImGui::TextWrapped("No picture at frame %d: %s", frame, error_.c_str());
    ImGui::End();
    return;
  }
  const core::Scenario& sc = sim->scenario();
  const core::Recording& rec = sim->recording();
  ImGui::Text("frame %d  scroll %d,%d%s", frame, screen_.scrollX, screen_.scrollY,
              screen_.still ? "  still" : "");
  if (screen_.still && ImGui::IsItemHovered())
    ImGui::SetTooltip("Call mode: the game's main loop does not run, so this is drawn from the "
                      "PPU/LCD state at the end of the frame");
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const int scale = std::max(
      1,
      int(std::floor(std::min(avail.x / float(screen_.width), avail.y / float(screen_.height)))));
  const ImVec2 size(float(screen_.width * scale), float(screen_.height * scale));
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  p0.x = std::floor(p0.x + std::max(0.0f, (avail.x - size.x) * 0.5f));
  ImGui::SetCursorScreenPos(p0);
  ImGui::InvisibleButton("game_screen", size);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 p1(p0.x + size.x, p0.y + size.y);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddImage(texture_.id(), p0, p1);

  const auto origin = core::screenOrigin(screen_, sc, &rec, frame);
  c.view.gameWindow = {true, -origin[0], -origin[1], screen_.width, screen_.height};
  core::SceneInput in;
  in.scenario = &sc;
  in.recording = &rec;
  in.frame = frame;
  in.verdicts = &c.ws.judged().verdicts;
  in.selectedEntity = c.timeline.entity;
  in.overlays = c.view.overlays & ~uint32_t(core::kOverlayCollision);
  in.trailFrames = c.view.trailFrames;
  in.cells = false;
  c.app.applyAuditHeat(in);
  dl->PushClipRect(p0, p1, true);
  const float z = float(scale);
  ImGuiSceneDraw draw(dl, c.app.edit().atlas, sc.map,
                      ImVec2(p0.x + float(origin[0]) * z, p0.y + float(origin[1]) * z), z, p0, p1,
                      heat_);
  core::drawRoomScene(in, draw);
  dl->PopClipRect();
  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    drawTooltip(c, int((m.x - p0.x) / z), int((m.y - p0.y) / z), frame);
  }
  ImGui::End();
}

RegisterPanel<GamePanel> registered("Game", 15);

}  // namespace

}  // namespace app
