// The room scene (core/scene/room_scene.h) drawn with ImGui: the GUI side of
// the scene's callbacks. Room pixel (x, y) lands on screen at
// origin + (x, y) * zoom; cells are CHR graphics from the tile atlas.
#pragma once

#include <imgui.h>

#include "app/gui/gl/gl_texture.h"
#include "app/gui/tile_atlas.h"
#include "core/scene/room_scene.h"

namespace app {

// The heatmap as a texture, uploaded again only when its counts change.
struct HeatTexture {
  GlTexture texture;
  const void* data = nullptr;
  size_t size = 0;
  int most = 0, stride = 0;
};

class ImGuiSceneDraw final : public core::SceneDraw {
 public:
  ImGuiSceneDraw(ImDrawList* dl, const TileAtlas& atlas, const core::MapDocument& map,
                 ImVec2 origin, float zoom, ImVec2 clip0, ImVec2 clip1, HeatTexture& heat)
      : dl_(dl),
        atlas_(atlas),
        map_(map),
        o_(origin),
        z_(zoom),
        clip0_(clip0),
        clip1_(clip1),
        heat_(heat) {}

  float scale() const override { return z_; }
  std::array<float, 4> visible() const override;
  void cellGraphics(int col, int row, const core::Metatile& mt) override;
  void fill(float x0, float y0, float x1, float y1, core::Rgba c) override;
  void outline(float x0, float y0, float x1, float y1, core::Rgba c, float px,
               bool dashed) override;
  void line(float x0, float y0, float x1, float y1, core::Rgba c, float px, bool dashed) override;
  void circle(float x, float y, float radius, core::Rgba fill, core::Rgba edge, float px) override;
  void text(float x, float y, const std::string& s, core::Rgba c, core::Rgba plate,
            bool centred) override;
  float textHeight() const override;
  void heatmap(const std::vector<int>& counts, int w, int h, int stride, int most,
               const std::vector<uint8_t>* classes) override;

 private:
  ImVec2 at(float x, float y) const { return ImVec2(o_.x + x * z_, o_.y + y * z_); }

  ImDrawList* dl_;
  const TileAtlas& atlas_;
  const core::MapDocument& map_;
  ImVec2 o_;
  float z_;
  ImVec2 clip0_, clip1_;
  HeatTexture& heat_;
};

inline ImU32 imColour(core::Rgba c) {
  return IM_COL32(c.r, c.g, c.b, c.a);
}

}  // namespace app
