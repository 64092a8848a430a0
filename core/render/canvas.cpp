#include "core/render/canvas.h"

#include <algorithm>
#include <cstdlib>

namespace core {

Canvas::Canvas(int width, int height, Rgba fill) : Canvas(0, 0, width, height, fill) {}

Canvas::Canvas(int x0, int y0, int width, int height, Rgba fill)
    : x0_(x0), y0_(y0), width_(std::max(0, width)), height_(std::max(0, height)) {
  pixels_.resize(size_t(width_) * size_t(height_) * 4);
  for (size_t i = 0; i < pixels_.size(); i += 4) {
    pixels_[i] = fill.r;
    pixels_[i + 1] = fill.g;
    pixels_[i + 2] = fill.b;
    pixels_[i + 3] = fill.a;
  }
}

Rgba Canvas::at(int x, int y) const {
  x -= x0_;
  y -= y0_;
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return Rgba{0, 0, 0, 0};
  const uint8_t* p = &pixels_[(size_t(y) * size_t(width_) + size_t(x)) * 4];
  return Rgba{p[0], p[1], p[2], p[3]};
}

void Canvas::blend(int x, int y, Rgba c) {
  x -= x0_;
  y -= y0_;
  if (x < 0 || y < 0 || x >= width_ || y >= height_ || c.a == 0) return;
  uint8_t* p = &pixels_[(size_t(y) * size_t(width_) + size_t(x)) * 4];
  const int a = c.a;
  auto mix = [a](uint8_t dst, uint8_t src) {
    return uint8_t((src * a + dst * (255 - a) + 127) / 255);
  };
  p[0] = mix(p[0], c.r);
  p[1] = mix(p[1], c.g);
  p[2] = mix(p[2], c.b);
  p[3] = uint8_t(std::min(255, p[3] + a * (255 - p[3]) / 255));
}

void Canvas::fillRect(int x, int y, int w, int h, Rgba c) {
  const int x0 = std::max(x0_, x), y0 = std::max(y0_, y);
  const int x1 = std::min(x0_ + width_, x + w), y1 = std::min(y0_ + height_, y + h);
  if (c.a == 255) {  // opaque: a plain fill, the bulk of a room picture
    for (int yy = y0; yy < y1; ++yy) {
      uint8_t* p = &pixels_[(size_t(yy - y0_) * size_t(width_) + size_t(x0 - x0_)) * 4];
      for (int xx = x0; xx < x1; ++xx, p += 4) {
        p[0] = c.r;
        p[1] = c.g;
        p[2] = c.b;
        p[3] = 255;
      }
    }
    return;
  }
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) blend(xx, yy, c);
}

void Canvas::strokeRect(int x, int y, int w, int h, int t, Rgba c) {
  if (w <= 0 || h <= 0 || t <= 0) return;
  t = std::min({t, (w + 1) / 2, (h + 1) / 2});
  fillRect(x, y, w, t, c);              // top
  fillRect(x, y + h - t, w, t, c);      // bottom
  fillRect(x, y + t, t, h - 2 * t, c);  // left
  fillRect(x + w - t, y + t, t, h - 2 * t, c);
}

void Canvas::line(int x0, int y0, int x1, int y1, int t, Rgba c) {
  // Bresenham, stamping a t x t square centred on each point. Pixels the pen
  // covers twice are blended twice, which only matters for translucent lines.
  const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
  const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  const int half = (t - 1) / 2;
  if (std::max(x0, x1) + t < x0_ || std::min(x0, x1) - t >= x0_ + width_ ||
      std::max(y0, y1) + t < y0_ || std::min(y0, y1) - t >= y0_ + height_)
    return;  // misses the window (one band of a big picture)
  int err = dx + dy;
  for (;;) {
    if (t <= 1)
      blend(x0, y0, c);
    else
      fillRect(x0 - half, y0 - half, t, t, c);
    if (x0 == x1 && y0 == y1) break;
    const int e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
}

}  // namespace core
