#include "app/gui/gl/damage_renderer.h"

#include <glad/gl.h>
#include <imgui_impl_opengl3.h>

#include <vector>

namespace app {

namespace {

uint64_t gTextureGeneration = 1;

// ImGui's renderer turns the stencil test off when it sets up; these run as
// draw-list callbacks right after that. The reference value is the callback data.
void markDirtyTiles(const ImDrawList*, const ImDrawCmd* cmd) {
  glEnable(GL_STENCIL_TEST);
  glStencilMask(0xFF);
  glStencilFunc(GL_ALWAYS, GLint(intptr_t(cmd->UserCallbackData)), 0xFF);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
}

void drawInDirtyTiles(const ImDrawList*, const ImDrawCmd* cmd) {
  glEnable(GL_STENCIL_TEST);
  glStencilMask(0);
  glStencilFunc(GL_EQUAL, GLint(intptr_t(cmd->UserCallbackData)), 0xFF);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
}

ImDrawCmd callbackCommand(ImDrawCallback fn, int ref) {
  ImDrawCmd cmd;
  cmd.UserCallback = fn;
  cmd.UserCallbackData = reinterpret_cast<void*>(intptr_t(ref));
  return cmd;
}

uint32_t packClear(const float c[3]) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], 1.0f));
}

// Whether the bound default framebuffer has a stencil buffer of 8 bits or more.
bool backBufferHasStencil() {
  GLint bits = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL,
                                        GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &bits);
  return glGetError() == GL_NO_ERROR && bits >= 8;
}

}  // namespace

uint64_t textureGeneration() {
  return gTextureGeneration;
}
void bumpTextureGeneration() {
  ++gTextureGeneration;
}

const char* DamageRenderer::modeName(Mode mode) {
  switch (mode) {
    case Mode::Full:
      return "full redraw";
    case Mode::InPlace:
      return "changed tiles, in place";
    case Mode::Offscreen:
      return "changed tiles, offscreen";
  }
  return "?";
}

DamageRenderer::~DamageRenderer() {
  release();
}

void DamageRenderer::release() {
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  if (colour_) glDeleteTextures(1, &colour_);
  if (stencil_) glDeleteRenderbuffers(1, &stencil_);
  framebuffer_ = colour_ = stencil_ = 0;
}

void DamageRenderer::choose(const std::string& request, int width, int height,
                            const std::function<void()>& swap) {
  mode_ = Mode::Full;
  if (request == "full" || width <= 0 || height <= 0) return;
  if (request == "offscreen") {
    if (ensureOffscreen(width, height)) mode_ = Mode::Offscreen;
    return;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDisable(GL_SCISSOR_TEST);
  while (glGetError() != GL_NO_ERROR) {
  }
  bool kept = backBufferHasStencil();
  // Two near-black probe colours: each must still be there after its swap.
  for (int probe = 1; probe <= 2 && kept; ++probe) {
    const uint8_t want[3] = {uint8_t(probe), uint8_t(probe + 1), uint8_t(probe + 2)};
    glClearColor(want[0] / 255.0f, want[1] / 255.0f, want[2] / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    swap();
    uint8_t got[4] = {0, 0, 0, 0};
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(width / 2, height / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
    kept = got[0] == want[0] && got[1] == want[1] && got[2] == want[2];
  }
  mode_ = kept ? Mode::InPlace : ensureOffscreen(width, height) ? Mode::Offscreen : Mode::Full;
}

bool DamageRenderer::ensureOffscreen(int width, int height) {
  if (framebuffer_ && width == targetWidth_ && height == targetHeight_) return true;
  release();
  glGenFramebuffers(1, &framebuffer_);
  glGenTextures(1, &colour_);
  glGenRenderbuffers(1, &stencil_);
  glBindTexture(GL_TEXTURE_2D, colour_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindRenderbuffer(GL_RENDERBUFFER, stencil_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil_);
  const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (!complete) release();
  targetWidth_ = complete ? width : 0;
  targetHeight_ = complete ? height : 0;
  return complete;
}

void DamageRenderer::renderFull(ImDrawData* data, const float clear[3]) {
  glClearColor(clear[0], clear[1], clear[2], 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(data);
}

void DamageRenderer::render(ImDrawData* data, int width, int height, const float clear[3]) {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  if (width <= 0 || height <= 0) return;
  if (mode_ == Mode::Offscreen && !ensureOffscreen(width, height)) mode_ = Mode::Full;
  if (mode_ == Mode::Full) {
    width_ = width;
    height_ = height;
    renderFull(data, clear);
    return;
  }
  if (width != width_ || height != height_) {  // a new buffer: nothing in it is kept
    width_ = width;
    height_ = height;
    stencilRef_ = 0;
    tracker_.invalidate();
  }
  const uint32_t key = packClear(clear);
  if (key != clearKey_) tracker_.invalidate();
  clearKey_ = key;

  ImGuiIO& io = ImGui::GetIO();
  DamageTracker::Textures textures;
  textures.font = io.Fonts->TexID;
  textures.generation = textureGeneration();
  textures.whiteUv = io.Fonts->TexUvWhitePixel;
  tracker_.update(*data, width, height, textures);

  const unsigned target = mode_ == Mode::Offscreen ? framebuffer_ : 0;
  if (tracker_.anyDirty()) {
    glBindFramebuffer(GL_FRAMEBUFFER, target);
    glDisable(GL_SCISSOR_TEST);
    // Each frame marks its dirty tiles with a new stencil value, so last
    // frame's marks need no clearing; start over when the values run out.
    if (++stencilRef_ > 255) stencilRef_ = 1;
    if (stencilRef_ == 1) {
      glStencilMask(0xFF);
      glClearStencil(0);
      glClear(GL_STENCIL_BUFFER_BIT);
    }
    // One list marks and clears the dirty tiles, then the kept triangles draw inside them.
    ImDrawList& rects = tracker_.dirtyRects(key);
    rects.CmdBuffer.push_front(callbackCommand(markDirtyTiles, stencilRef_));
    rects.CmdBuffer.push_back(callbackCommand(drawInDirtyTiles, stencilRef_));
    std::vector<ImDrawList*> lists{&rects};
    const std::vector<ImDrawList*>& kept = tracker_.filtered();
    lists.insert(lists.end(), kept.begin(), kept.end());
    ImDrawData frame = *data;
    frame.CmdLists = lists.data();
    frame.CmdListsCount = int(lists.size());
    frame.TotalVtxCount = frame.TotalIdxCount = 0;
    for (ImDrawList* l : lists) {
      frame.TotalVtxCount += l->VtxBuffer.Size;
      frame.TotalIdxCount += l->IdxBuffer.Size;
    }
    ImGui_ImplOpenGL3_RenderDrawData(&frame);
    glDisable(GL_STENCIL_TEST);
    glStencilMask(0xFF);
  }
  if (mode_ == Mode::Offscreen) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glDisable(GL_SCISSOR_TEST);
    glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace app
