// The UI scale: the monitor's content scale (or --content-scale) sets the font
// size and ImGui's spacing. The font atlas is rasterised at the scaled pixel
// size, so text stays crisp at 1.5x and 2x instead of being magnified.
#pragma once

#include <string>

struct GLFWwindow;

namespace app {

// The window's content scale (the larger axis), 1 when GLFW reports none.
float windowContentScale(GLFWwindow* window);

// Sets ImGui's style (dark, scaled) and rebuilds the font atlas for `scale`:
// at 1 ImGui's built-in 13-pixel font, else DejaVu Sans Mono (Debian's
// fonts-dejavu-core) at 13 x scale pixels, or the built-in font rasterised at
// that size when DejaVu is not installed. Returns what it used, for --print-layout.
// Call before the renderer's first frame, or after ImGui_ImplOpenGL3_DestroyFontsTexture.
std::string applyUiScale(float scale);

// The scale applyUiScale set last, and a length in pixels at scale 1 at that
// scale: panels size their fixed columns and cells with it.
float uiScale();
inline float uiPx(float pixels) {
  return pixels * uiScale();
}

}  // namespace app
