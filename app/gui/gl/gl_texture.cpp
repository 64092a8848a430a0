#include "app/gui/gl/gl_texture.h"

#include <glad/gl.h>

#include "app/gui/gl/damage_renderer.h"

namespace app {

GlTexture::~GlTexture() {
  if (id_) glDeleteTextures(1, &id_);
}

void GlTexture::upload(int w, int h, const std::vector<uint32_t>& pixels) {
  if (!id_) glGenTextures(1, &id_);
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  glBindTexture(GL_TEXTURE_2D, id_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glBindTexture(GL_TEXTURE_2D, GLuint(previous));
  bumpTextureGeneration();  // tiles drawn with the old pixels must be redrawn
}

}  // namespace app
