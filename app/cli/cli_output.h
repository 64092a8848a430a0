// Output helpers shared by the CLI commands: a progress bar on stderr and
// Canvas images written as PNG.
#pragma once

#include <cstdio>
#include <string>

#include "app/common/png.h"
#include "core/render/canvas.h"

namespace app::cli {

// Redraws "[#####     ] done/total unit" on stderr (call finishProgress after).
inline void drawProgress(size_t done, size_t total, const char* unit) {
  const int width = 40;
  const int filled = total ? int(double(done) / double(total) * width) : width;
  std::fprintf(stderr, "\r[%-*s] %zu/%zu %s", width, std::string(size_t(filled), '#').c_str(), done,
               total, unit);
  std::fflush(stderr);
}

inline void finishProgress() {
  std::fprintf(stderr, "\n");
}

inline bool writeCanvasPng(const std::string& path, const core::Canvas& canvas,
                           std::string* error) {
  RgbaImage img;
  img.width = canvas.width();
  img.height = canvas.height();
  img.pixels = canvas.pixels();
  return writePng(path, img, error);
}

}  // namespace app::cli
