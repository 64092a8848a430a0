// The room scene (core/scene/room_scene.h) drawn into a Canvas: the PNG side
// of the scene's callbacks. `collido render` and `collido audit --png` use it;
// the GUI implements the same callbacks over ImGui (app/gui/room_scene_imgui).
//
//   Canvas c(room.pixelWidth() * 2, room.pixelHeight() * 2, palette::kEmpty);
//   CanvasSceneDraw draw(c, scenario.map, 2);
//   drawRoomScene(input, draw);
#pragma once

#include "core/map/room.h"
#include "core/render/canvas.h"
#include "core/scene/room_scene.h"

namespace core {

class CanvasSceneDraw final : public SceneDraw {
 public:
  // Room pixel (x, y) lands on picture pixel (x * scale, y * scale); a canvas
  // that is a window onto the picture (a band, a region) gets only its part.
  CanvasSceneDraw(Canvas& canvas, const MapDocument& map, int scale)
      : c_(canvas), map_(map), s_(scale) {}

  float scale() const override { return float(s_); }
  std::array<float, 4> visible() const override;
  void cellGraphics(int col, int row, const Metatile& mt) override;
  void fill(float x0, float y0, float x1, float y1, Rgba c) override;
  void outline(float x0, float y0, float x1, float y1, Rgba c, float px, bool dashed) override;
  void line(float x0, float y0, float x1, float y1, Rgba c, float px, bool dashed) override;
  void circle(float x, float y, float radius, Rgba fill, Rgba edge, float px) override;
  void text(float x, float y, const std::string& s, Rgba c, Rgba plate, bool centred) override;
  float textHeight() const override;
  void heatmap(const std::vector<int>& counts, int w, int h, int stride, int most,
               const std::vector<uint8_t>* classes) override;

 private:
  int px(float x) const;  // canvas column of room x
  int py(float y) const;
  int glyphScale() const;

  Canvas& c_;
  const MapDocument& map_;
  int s_;
};

}  // namespace core
