// The "Video" window (View > Video viewers...): the game's video state at the
// cursor frame, as Mesen2's viewers show it, one tab each: the nametables or BG
// map with the screen's window, the pattern tables or tile data, OAM (each
// sprite's box on the screen) and the palettes (core/render/video_viewers.h).
// Hovering a pixel shows the address it comes from. It draws from the screen
// the Game panel rendered (ViewState::gameScreen), integer-scaled to fit, and
// uploads a viewer's texture again only when the screen or the tab changes.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "app/gui/gl/gl_texture.h"
#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "core/game/screen.h"
#include "core/render/video_viewers.h"

namespace app {

namespace {

constexpr core::Viewer kTabs[] = {core::Viewer::Nametables, core::Viewer::Tiles, core::Viewer::Oam,
                                  core::Viewer::Palettes};
constexpr const char* kTabNames[] = {"Nametables", "Tiles", "OAM", "Palettes"};

class VideoPanel : public Panel {
 public:
  void draw(PanelContext& c) override;
  void documentChanged() override { shown_.reset(); }
  // --show video:nametables (tiles, oam, palettes): the panel open on that tab.
  void show(const std::string& what) override {
    if (what.rfind("video", 0) != 0) return;
    showRequested_ = true;
    const std::string tab = what.size() > 6 ? what.substr(6) : "";
    for (int i = 0; i < 4; ++i)
      if (tab == core::viewerName(kTabs[i])) tab_ = i;
  }

 private:
  std::shared_ptr<const core::game::GameScreen> shown_;
  int shownTab_ = -1;
  int tab_ = 0;
  bool showRequested_ = false;
  int requestedTab_ = -1;  // a tab to select once (scripted)
  int w_ = 0, h_ = 0;      // the viewer picture at scale 1
  GlTexture texture_;
};

void VideoPanel::draw(PanelContext& c) {
  if (showRequested_) {
    c.view.showVideo = true;
    requestedTab_ = tab_;
    showRequested_ = false;
  }
  if (!c.view.showVideo) return;
  ImGui::SetNextWindowPos(ImVec2(200, 80), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(560, 560), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Video", &c.view.showVideo)) {
    ImGui::End();
    return;
  }
  const std::shared_ptr<const core::game::GameScreen> screen = c.view.gameScreen;
  if (!screen) {
    ImGui::TextDisabled("No game picture at this frame (a game scenario shows one).");
    ImGui::End();
    return;
  }
  if (ImGui::BeginTabBar("viewers")) {
    for (int i = 0; i < 4; ++i) {
      const ImGuiTabItemFlags flags = requestedTab_ == i ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(kTabNames[i], nullptr, flags)) {
        tab_ = i;
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  requestedTab_ = -1;
  const core::Viewer viewer = kTabs[tab_];
  if (screen != shown_ || tab_ != shownTab_) {
    const core::Canvas canvas = core::renderViewer(*screen, viewer, 1);
    w_ = canvas.width();
    h_ = canvas.height();
    std::vector<uint32_t> px(size_t(w_) * size_t(h_));
    const std::vector<uint8_t>& b = canvas.pixels();
    for (size_t i = 0; i < px.size(); ++i)
      px[i] = uint32_t(b[i * 4]) | uint32_t(b[i * 4 + 1]) << 8 | uint32_t(b[i * 4 + 2]) << 16 |
              uint32_t(b[i * 4 + 3]) << 24;
    texture_.upload(w_, h_, px);
    shown_ = screen;
    shownTab_ = tab_;
  }
  if (w_ == 0 || h_ == 0) {
    ImGui::End();
    return;
  }
  ImGui::TextDisabled("frame %d, as it ended", c.timeline.frame);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const int scale =
      std::max(1, int(std::floor(std::min(avail.x / float(w_), avail.y / float(h_)))));
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const ImVec2 size(float(w_ * scale), float(h_ * scale));
  ImGui::Image(texture_.id(), size);
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int x = int((m.x - p0.x) / float(scale)), y = int((m.y - p0.y) / float(scale));
    const std::string text = core::viewerHover(*screen, viewer, x, y);
    ImGui::BeginTooltip();
    ImGui::Text("(%d, %d)", x, y);
    if (!text.empty()) ImGui::TextUnformatted(text.c_str());
    ImGui::EndTooltip();
  }
  ImGui::End();
}

RegisterPanel<VideoPanel> registered("Video", 85);

}  // namespace

}  // namespace app
