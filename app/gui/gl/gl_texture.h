// One RGBA OpenGL texture for ImGui to draw (ImTextureID is the GL name).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

namespace app {

class GlTexture {
 public:
  GlTexture() = default;
  GlTexture(const GlTexture&) = delete;
  GlTexture& operator=(const GlTexture&) = delete;
  ~GlTexture();

  // Uploads `w` x `h` pixels, 0xAABBGGRR each, row-major; nearest-neighbour sampling.
  void upload(int w, int h, const std::vector<uint32_t>& pixels);
  bool valid() const { return id_ != 0; }
  ImTextureID id() const { return reinterpret_cast<ImTextureID>(uintptr_t(id_)); }

 private:
  unsigned id_ = 0;
};

}  // namespace app
