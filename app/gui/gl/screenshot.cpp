#include "app/gui/gl/screenshot.h"

#include <glad/gl.h>

#include <cstring>

#include "app/common/png.h"

namespace app {

bool writeFramebufferPng(const std::string& path, int width, int height, std::string* error) {
  RgbaImage image;
  image.width = width;
  image.height = height;
  image.pixels.resize(size_t(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  // OpenGL's first row is the bottom one; PNG's is the top one.
  const size_t stride = size_t(width) * 4;
  std::vector<uint8_t> row(stride);
  for (int y = 0; y < height / 2; ++y) {
    uint8_t* a = image.pixels.data() + y * stride;
    uint8_t* b = image.pixels.data() + (height - 1 - y) * stride;
    std::memcpy(row.data(), a, stride);
    std::memcpy(a, b, stride);
    std::memcpy(b, row.data(), stride);
  }
  for (size_t i = 3; i < image.pixels.size(); i += 4) image.pixels[i] = 255;
  return writePng(path, image, error);
}

}  // namespace app
