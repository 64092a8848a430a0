#include "core/render/scene_canvas.h"

#include <algorithm>
#include <cmath>

#include "core/render/font5x7.h"

namespace core {

int CanvasSceneDraw::px(float x) const {
  return int(std::lround(x * float(s_)));
}
int CanvasSceneDraw::py(float y) const {
  return int(std::lround(y * float(s_)));
}
std::array<float, 4> CanvasSceneDraw::visible() const {
  const float s = float(s_);
  return {float(c_.originX()) / s, float(c_.originY()) / s, float(c_.originX() + c_.width()) / s,
          float(c_.originY() + c_.height()) / s};
}

int CanvasSceneDraw::glyphScale() const {
  return std::max(1, s_ / 2);
}

// Each room pixel of the cell maps to a tile pixel (a 1-tile metatile in a
// 16-pixel cell is drawn at double size).
void CanvasSceneDraw::cellGraphics(int col, int row, const Metatile& mt) {
  const int cs = map_.room.cellSize, tps = std::max(1, map_.metatiles.tilesPerSide);
  const int x0 = px(float(col * cs)), y0 = py(float(row * cs));
  for (int v = 0; v < cs; ++v)
    for (int u = 0; u < cs; ++u) {
      const int q = (v * tps / cs) * tps + u * tps / cs;
      const uint16_t tid = mt.tiles[size_t(std::min(q, 3))];
      Rgba colour = palette::kEmpty;
      if (tid < map_.tiles.size()) {
        const int tx = (u * tps * 8 / cs) % 8, ty = (v * tps * 8 / cs) % 8;
        colour = map_.palette[map_.tiles[tid].px[size_t(ty * 8 + tx)] & 3];
      }
      c_.fillRect(x0 + u * s_, y0 + v * s_, s_, s_, colour);
    }
}

void CanvasSceneDraw::fill(float x0, float y0, float x1, float y1, Rgba c) {
  const int a = px(x0), b = py(y0);
  c_.fillRect(a, b, std::max(1, px(x1) - a), std::max(1, py(y1) - b), c);
}

void CanvasSceneDraw::outline(float x0, float y0, float x1, float y1, Rgba c, float thickness,
                              bool dashed) {
  const int t = std::max(1, int(std::lround(thickness)));
  if (!dashed) {
    const int a = px(x0), b = py(y0);
    c_.strokeRect(a, b, px(x1) - a, py(y1) - b, t, c);
    return;
  }
  line(x0, y0, x1, y0, c, thickness, true);
  line(x1, y0, x1, y1, c, thickness, true);
  line(x1, y1, x0, y1, c, thickness, true);
  line(x0, y1, x0, y0, c, thickness, true);
}

void CanvasSceneDraw::line(float x0, float y0, float x1, float y1, Rgba c, float thickness,
                           bool dashed) {
  const int t = std::max(1, int(std::lround(thickness)));
  const int a = px(x0), b = py(y0), e = px(x1), f = py(y1);
  if (!dashed) {
    c_.line(a, b, e, f, t, c);
    return;
  }
  const double len = std::hypot(double(e - a), double(f - b));
  const double dash = 5;
  if (len < 1) return;
  for (double d = 0; d < len; d += 2 * dash) {
    const double d1 = std::min(len, d + dash);
    c_.line(int(a + (e - a) * d / len), int(b + (f - b) * d / len), int(a + (e - a) * d1 / len),
            int(b + (f - b) * d1 / len), t, c);
  }
}

void CanvasSceneDraw::circle(float x, float y, float radius, Rgba fillColour, Rgba edge,
                             float thickness) {
  const double cx = double(x) * s_, cy = double(y) * s_, r = radius;
  const double inner = std::max(0.0, r - std::max(1.0, double(thickness)));
  const int x0 = int(std::floor(cx - r)), x1 = int(std::ceil(cx + r));
  const int y0 = int(std::floor(cy - r)), y1 = int(std::ceil(cy + r));
  for (int j = y0; j <= y1; ++j)
    for (int i = x0; i <= x1; ++i) {
      const double d = std::hypot(i + 0.5 - cx, j + 0.5 - cy);
      if (d > r) continue;
      if (d >= inner)
        c_.blend(i, j, edge);
      else if (fillColour.a)
        c_.blend(i, j, fillColour);
    }
}

float CanvasSceneDraw::textHeight() const {
  return float((kFontHeight + 2) * glyphScale());
}

void CanvasSceneDraw::text(float x, float y, const std::string& s, Rgba c, Rgba plate,
                           bool centred) {
  const int k = glyphScale();
  const int w = int(s.size()) * kFontAdvance * k - k, h = kFontHeight * k;
  int x0 = px(x), y0 = py(y);
  if (centred) {
    x0 -= w / 2;
    y0 -= h / 2;
  }
  if (plate.a) c_.fillRect(x0 - 2 * k, y0 - k, w + 4 * k, h + 2 * k, plate);
  for (size_t i = 0; i < s.size(); ++i) {
    const auto& g = fontGlyph(s[i]);
    const int gx = x0 + int(i) * kFontAdvance * k;
    for (int row = 0; row < kFontHeight; ++row)
      for (int col = 0; col < kFontWidth; ++col)
        if (g[size_t(row)] >> (kFontWidth - 1 - col) & 1)
          c_.fillRect(gx + col * k, y0 + row * k, k, k, c);
  }
}

void CanvasSceneDraw::heatmap(const std::vector<int>& counts, int w, int h, int stride, int most,
                              const std::vector<uint8_t>* classes) {
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const size_t i = size_t(y) * size_t(w) + size_t(x);
      const int n = counts[i];
      if (n <= 0) continue;
      c_.fillRect(px(float(x)), py(float(y)), s_ * stride, s_ * stride,
                  classes ? heatColour(n, most, Verdict((*classes)[i])) : heatColour(n, most));
    }
}

}  // namespace core
