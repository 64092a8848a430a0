// A small software rasteriser: an RGBA pixel buffer with filled and outlined
// rectangles and thick lines, alpha-blended. `collido render`, the audit and
// sweep PNGs draw with it, so images come out of a build with no GL at all.
// Pixels are tightly packed RGBA, top row first (what app/common/png writes).
// A canvas may be a window onto a bigger picture: drawing takes picture
// coordinates and keeps what falls inside the window, so a picture too big for
// memory is drawn band by band (room_render.h).
//
//   Canvas c(64, 32, Rgba{0, 0, 0, 255});
//   c.fillRect(4, 4, 8, 8, Rgba{255, 0, 0, 128});   // x, y, w, h; blended
//   c.line(0, 0, 63, 31, 2, Rgba{255, 255, 255, 255});
#pragma once

#include <cstdint>
#include <vector>

#include "core/map/tiles.h"

namespace core {

class Canvas {
 public:
  Canvas() = default;
  Canvas(int width, int height, Rgba fill);
  // The window x0..x0+width-1, y0..y0+height-1 of a bigger picture.
  Canvas(int x0, int y0, int width, int height, Rgba fill);

  int width() const { return width_; }
  int height() const { return height_; }
  int originX() const { return x0_; }
  int originY() const { return y0_; }
  const std::vector<uint8_t>& pixels() const { return pixels_; }
  std::vector<uint8_t>& pixels() { return pixels_; }

  // The pixel at picture point (x, y); transparent black outside the canvas.
  Rgba at(int x, int y) const;
  // Draws `c` over the pixel with its alpha (a = 255 replaces it). Clipped.
  void blend(int x, int y, Rgba c);
  void fillRect(int x, int y, int w, int h, Rgba c);
  // The outline of x..x+w-1, y..y+h-1, `thickness` pixels inwards.
  void strokeRect(int x, int y, int w, int h, int thickness, Rgba c);
  // A line from (x0, y0) to (x1, y1), `thickness` pixels wide (square pen).
  void line(int x0, int y0, int x1, int y1, int thickness, Rgba c);

 private:
  int x0_ = 0, y0_ = 0;
  int width_ = 0, height_ = 0;
  std::vector<uint8_t> pixels_;
};

}  // namespace core
