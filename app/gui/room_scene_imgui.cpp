#include "app/gui/room_scene_imgui.h"

#include <algorithm>
#include <cmath>

namespace app {

namespace {

void dashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float thickness) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  const float dash = 5;
  if (len < 1) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float t1 = std::min(len, t + dash);
    dl->AddLine(ImVec2(a.x + (b.x - a.x) * t / len, a.y + (b.y - a.y) * t / len),
                ImVec2(a.x + (b.x - a.x) * t1 / len, a.y + (b.y - a.y) * t1 / len), colour,
                thickness);
  }
}

}  // namespace

std::array<float, 4> ImGuiSceneDraw::visible() const {
  return {(clip0_.x - o_.x) / z_, (clip0_.y - o_.y) / z_, (clip1_.x - o_.x) / z_,
          (clip1_.y - o_.y) / z_};
}

void ImGuiSceneDraw::cellGraphics(int col, int row, const core::Metatile& mt) {
  const float cs = float(map_.room.cellSize);
  const ImVec2 p0 = at(col * cs, row * cs);
  if (atlas_.ready())
    atlas_.drawMetatile(dl_, map_, mt, p0, cs * z_);
  else
    dl_->AddRectFilled(p0, ImVec2(p0.x + cs * z_, p0.y + cs * z_),
                       imColour(core::collisionColour(mt.collision)));
}

void ImGuiSceneDraw::fill(float x0, float y0, float x1, float y1, core::Rgba c) {
  dl_->AddRectFilled(at(x0, y0), at(x1, y1), imColour(c));
}

void ImGuiSceneDraw::outline(float x0, float y0, float x1, float y1, core::Rgba c, float px,
                             bool dashed) {
  // Inside the edge, as the canvas strokes it.
  const float h = px * 0.5f;
  ImVec2 a = at(x0, y0), b = at(x1, y1);
  a = ImVec2(a.x + h, a.y + h);
  b = ImVec2(b.x - h, b.y - h);
  if (!dashed) {
    dl_->AddRect(a, b, imColour(c), 0, 0, px);
    return;
  }
  const ImU32 col = imColour(c);
  dashedLine(dl_, a, ImVec2(b.x, a.y), col, px);
  dashedLine(dl_, ImVec2(b.x, a.y), b, col, px);
  dashedLine(dl_, b, ImVec2(a.x, b.y), col, px);
  dashedLine(dl_, ImVec2(a.x, b.y), a, col, px);
}

void ImGuiSceneDraw::line(float x0, float y0, float x1, float y1, core::Rgba c, float px,
                          bool dashed) {
  if (dashed)
    dashedLine(dl_, at(x0, y0), at(x1, y1), imColour(c), px);
  else
    dl_->AddLine(at(x0, y0), at(x1, y1), imColour(c), px);
}

void ImGuiSceneDraw::circle(float x, float y, float radius, core::Rgba fillColour, core::Rgba edge,
                            float px) {
  const ImVec2 c = at(x, y);
  if (fillColour.a) dl_->AddCircleFilled(c, radius, imColour(fillColour));
  dl_->AddCircle(c, radius, imColour(edge), 0, px);
}

float ImGuiSceneDraw::textHeight() const {
  return ImGui::GetTextLineHeight();
}

void ImGuiSceneDraw::text(float x, float y, const std::string& s, core::Rgba c, core::Rgba plate,
                          bool centred) {
  ImVec2 p = at(x, y);
  const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
  if (centred) p = ImVec2(p.x - ts.x * 0.5f, p.y - ts.y * 0.5f);
  if (plate.a)
    dl_->AddRectFilled(ImVec2(p.x - 3, p.y - 1), ImVec2(p.x + ts.x + 3, p.y + ts.y + 1),
                       imColour(plate));
  dl_->AddText(p, imColour(c), s.c_str());
}

void ImGuiSceneDraw::heatmap(const std::vector<int>& counts, int w, int h, int stride, int most,
                             const std::vector<uint8_t>* classes) {
  if (heat_.data != counts.data() || heat_.size != counts.size() || heat_.most != most ||
      heat_.stride != stride || !heat_.texture.valid()) {
    std::vector<uint32_t> px(size_t(w) * size_t(h), 0);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const size_t i = size_t(y) * size_t(w) + size_t(x);
        const int n = counts[i];
        if (n <= 0) continue;
        const core::Rgba c = classes ? core::heatColour(n, most, core::Verdict((*classes)[i]))
                                     : core::heatColour(n, most);
        const uint32_t v =
            uint32_t(c.r) | uint32_t(c.g) << 8 | uint32_t(c.b) << 16 | uint32_t(c.a) << 24;
        // Each start stands for a stride x stride block, as on the canvas.
        for (int v2 = y; v2 < std::min(h, y + stride); ++v2)
          for (int u = x; u < std::min(w, x + stride); ++u)
            px[size_t(v2) * size_t(w) + size_t(u)] = v;
      }
    heat_.texture.upload(w, h, px);
    heat_.data = counts.data();
    heat_.size = counts.size();
    heat_.most = most;
    heat_.stride = stride;
  }
  dl_->AddImage(heat_.texture.id(), at(0, 0), at(float(w), float(h)));
}

}  // namespace app
