#include "core/render/sweep_image.h"

#include <algorithm>

#include "core/scene/room_scene.h"

namespace core {

Canvas renderSweepImage(const SweepResult& r, int scale) {
  scale = std::clamp(scale, 1, 8);
  const int n = kSweepImageSize;
  Canvas c(n * scale, n * scale, kSweepApartColour);
  const size_t pixels = size_t(n) * size_t(n);
  if (r.image.size() != pixels || r.overlapImage.size() != pixels) return c;
  const uint32_t most = *std::max_element(r.image.begin(), r.image.end());
  const double perPixel = double(std::max<uint64_t>(r.casesPerPixel, 1));
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const size_t i = size_t(y) * size_t(n) + size_t(x);
      Rgba col = kSweepApartColour;
      if (r.image[i] > 0) {
        // The audit heatmap's ramp, opaque: nothing lies beneath a sweep image.
        const double t = double(r.image[i]) / double(most);
        col = heatColour(int(r.image[i]), int(most));
        col.a = 255;
        if (r.extraImage.size() == pixels && 2 * r.extraImage[i] > r.image[i])
          col = Rgba{uint8_t(40 + 80 * t), uint8_t(90 + 110 * t), 255, 255};
      } else if (r.overlapImage[i] > 0) {
        const uint8_t g = uint8_t(60 + 70 * double(r.overlapImage[i]) / perPixel);
        col = Rgba{g, g, uint8_t(g + 10), 255};
      }
      c.fillRect(x * scale, y * scale, scale, scale, col);
    }
  return c;
}

}  // namespace core
