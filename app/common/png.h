// PNG files for screenshots, `collido render` and the tests that check them.
// Pixels are tightly packed RGBA, top row first.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace app {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;  // width * height * 4

  // True when every pixel has the same colour (a blank screenshot).
  bool isFlat() const;
  // Number of distinct colours, capped at `limit`.
  int distinctColours(int limit = 1 << 20) const;
};

// Writes `image` as PNG. On failure returns false and sets `error`.
bool writePng(const std::string& path, const RgbaImage& image, std::string* error);
// Reads a PNG into RGBA. On failure returns false and sets `error`.
bool readPng(const std::string& path, RgbaImage& image, std::string* error);

}  // namespace app
