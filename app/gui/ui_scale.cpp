#include "app/gui/ui_scale.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace app {

namespace {

float gScale = 1;  // the UI thread's: set between frames, read while drawing

constexpr float kBaseFontPixels = 13;  // ImGui's built-in ProggyClean
constexpr const char* kScalableFonts[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
};

}  // namespace

float windowContentScale(GLFWwindow* window) {
  float x = 1, y = 1;
  glfwGetWindowContentScale(window, &x, &y);
  const float s = std::max(x, y);
  return std::isfinite(s) && s > 0 ? s : 1.0f;
}

float uiScale() {
  return gScale;
}

std::string applyUiScale(float scale) {
  gScale = scale;
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  // Lines drawn from the font atlas's baked line texels break up under nearest
  // sampling (main.cpp's useNearestFontSampling); geometry lines do not.
  style.AntiAliasedLinesUseTex = false;
  if (scale != 1) style.ScaleAllSizes(scale);

  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  atlas->Clear();
  const float pixels = std::round(kBaseFontPixels * scale);
  std::string used;
  if (scale != 1) {
    std::error_code ec;
    for (const char* path : kScalableFonts) {
      if (!std::filesystem::exists(path, ec)) continue;
      ImFontConfig cfg;
      cfg.PixelSnapH = true;  // whole-pixel advances: even spacing under nearest sampling
      cfg.OversampleH = 1;
      if (atlas->AddFontFromFileTTF(path, pixels, &cfg)) {
        used = std::filesystem::path(path).filename().string();
        break;
      }
    }
  }
  if (used.empty()) {
    ImFontConfig cfg;
    cfg.SizePixels = pixels;
    atlas->AddFontDefault(&cfg);
    used = "built-in ProggyClean";
  }
  atlas->Build();
  return used + " " + std::to_string(int(pixels)) + " px";
}

}  // namespace app
