#include "core/render/diff_image.h"

#include <algorithm>

namespace core {

Canvas renderAuditDiff(const Scenario& sc, const DiffHeat& heat, int stride,
                       const RoomRenderOptions& options) {
  RoomRenderOptions o = options;
  o.heat = nullptr;
  o.overlays &= ~uint32_t(kOverlayHeat);
  Canvas c = renderRoom(sc, o);
  const int s = std::max(1, o.scale), st = std::clamp(stride, 1, 64);
  for (int y = 0; y < heat.height; ++y)
    for (int x = 0; x < heat.width; ++x) {
      const size_t i = size_t(y) * size_t(heat.width) + size_t(x);
      const bool fixed = heat.fixed[i] > 0, broken = heat.broken[i] > 0;
      if (!fixed && !broken) continue;
      const Rgba col = fixed && broken ? kDiffBothColour
                       : broken        ? kDiffBrokenColour
                                       : kDiffFixedColour;
      c.fillRect(x * s, y * s, st * s, st * s, col);
    }
  return c;
}

}  // namespace core
