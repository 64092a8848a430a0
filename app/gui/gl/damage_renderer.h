// Draws ImGui's frame redrawing only the tiles DamageTracker finds changed.
// The pixels must survive between frames. Where the window's back buffer keeps
// them across a swap (Mesa's software rasteriser copies it to the window), the
// tiles are redrawn in place; otherwise into an offscreen framebuffer that is
// copied to the window each frame. Either way the window gets exactly the
// pixels a full redraw would; a frame where nothing moved costs next to nothing.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <functional>
#include <string>

#include "app/gui/gl/damage_tracker.h"

namespace app {

class DamageRenderer {
 public:
  enum class Mode { Full, InPlace, Offscreen };

  DamageRenderer() = default;
  DamageRenderer(const DamageRenderer&) = delete;
  DamageRenderer& operator=(const DamageRenderer&) = delete;
  ~DamageRenderer();

  // Picks the mode for `request` ("auto", "offscreen" or "full"). Auto is
  // InPlace when the back buffer (with a stencil buffer) keeps its pixels over
  // two `swap()`s of probe colours, else Offscreen. Full is the fallback when
  // an offscreen framebuffer cannot be made. Call once, with the context
  // current, before render().
  void choose(const std::string& request, int width, int height, const std::function<void()>& swap);
  Mode mode() const { return mode_; }
  static const char* modeName(Mode mode);

  // Renders `data` to the window's back buffer (width x height pixels) on an
  // opaque background of `clear`.
  void render(ImDrawData* data, int width, int height, const float clear[3]);

  // Tiles redrawn by the last render(), and how many there are.
  int dirtyTiles() const { return mode_ == Mode::Full ? tiles() : tracker_.dirtyCount(); }
  int tiles() const {
    constexpr int t = DamageTracker::kTile;
    return ((width_ + t - 1) / t) * ((height_ + t - 1) / t);
  }

 private:
  bool ensureOffscreen(int width, int height);
  void release();
  void renderFull(ImDrawData* data, const float clear[3]);

  Mode mode_ = Mode::Full;
  DamageTracker tracker_;
  unsigned framebuffer_ = 0, colour_ = 0, stencil_ = 0;
  int width_ = 0, height_ = 0;              // the window's buffer last drawn
  int targetWidth_ = 0, targetHeight_ = 0;  // the offscreen framebuffer's size
  int stencilRef_ = 0;                      // the value that marks this frame's dirty tiles
  uint32_t clearKey_ = 0;
};

// Bumped by every texture upload other than the font atlas (GlTexture).
uint64_t textureGeneration();
void bumpTextureGeneration();

}  // namespace app
