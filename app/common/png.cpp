#include "app/common/png.h"

#include <unordered_set>

#ifdef COLLIDOSCOPE_HAVE_STB
#include <stb_image.h>
#include <stb_image_write.h>
#endif

namespace app {

bool RgbaImage::isFlat() const {
  return distinctColours(2) <= 1;
}

int RgbaImage::distinctColours(int limit) const {
  std::unordered_set<uint32_t> seen;
  for (size_t i = 0; i + 3 < pixels.size(); i += 4) {
    uint32_t c =
        pixels[i] | pixels[i + 1] << 8 | pixels[i + 2] << 16 | uint32_t(pixels[i + 3]) << 24;
    seen.insert(c);
    if (static_cast<int>(seen.size()) >= limit) break;
  }
  return static_cast<int>(seen.size());
}

#ifdef COLLIDOSCOPE_HAVE_STB
bool writePng(const std::string& path, const RgbaImage& image, std::string* error) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() != size_t(image.width) * image.height * 4) {
    if (error) *error = "image has no pixels";
    return false;
  }
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(),
                      image.width * 4)) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

bool readPng(const std::string& path, RgbaImage& image, std::string* error) {
  int w = 0, h = 0, n = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 4);
  if (!data) {
    if (error)
      *error = path + ": " + (stbi_failure_reason() ? stbi_failure_reason() : "unreadable");
    return false;
  }
  image.width = w;
  image.height = h;
  image.pixels.assign(data, data + size_t(w) * h * 4);
  stbi_image_free(data);
  return true;
}
#else
bool writePng(const std::string& path, const RgbaImage&, std::string* error) {
  if (error) *error = "cannot write " + path + ": built without stb (install libstb-dev)";
  return false;
}
bool readPng(const std::string& path, RgbaImage&, std::string* error) {
  if (error) *error = "cannot read " + path + ": built without stb (install libstb-dev)";
  return false;
}
#endif

}  // namespace app
