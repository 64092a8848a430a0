// libFuzzer target for the GUI's settings files (app/common/gui_config.h): the
// input is read as window.json and as recent.json. Neither may crash or throw,
// whatever the bytes; a window state is within its clamps, and one that is valid
// reads back the same from the JSON the GUI saves for it, and its numbers are
// those of the file clamped (not wrapped to int first); the recent list holds
// at most the entries asked for. (The one target that links app_common: the
// parsing is the app's, and headless.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "app/common/gui_config.h"

namespace {

bool sameState(const app::WindowState& a, const app::WindowState& b) {
  return a.valid == b.valid && a.x == b.x && a.y == b.y && a.width == b.width &&
         a.height == b.height && a.maximized == b.maximized && a.arranged == b.arranged;
}

// An integer in the file is clamped to lo..hi as the number it is (never wrapped
// into int's range first): `got` is that clamp, or untouched when not an integer.
bool clampedRight(const nlohmann::json& j, const char* key, int got, int lo, int hi) {
  const auto it = j.is_object() ? j.find(key) : j.end();
  if (it == j.end() || !it->is_number_integer()) return true;
  // By hand: json's own comparison takes an unsigned past INT64_MAX for negative.
  if (it->is_number_unsigned()) {
    const uint64_t u = it->get<uint64_t>();
    return got == (lo > 0 && u < uint64_t(lo) ? lo : u > uint64_t(hi) ? hi : int(u));
  }
  const int64_t v = it->get<int64_t>();
  return got == (v < lo ? lo : v > hi ? hi : int(v));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const app::WindowState s = app::parseWindowState(text);
  if (s.x < -16384 || s.x > 16384 || s.y < -16384 || s.y > 16384) std::abort();
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!clampedRight(j, "x", s.x, -16384, 16384) || !clampedRight(j, "y", s.y, -16384, 16384))
    std::abort();
  if (s.valid && (!clampedRight(j, "width", s.width, 320, 16384) ||
                  !clampedRight(j, "height", s.height, 240, 16384)))
    std::abort();
  if (s.valid) {
    if (s.width < 320 || s.width > 16384 || s.height < 240 || s.height > 16384) std::abort();
    // As saveWindowState (app/gui/layout_state.cpp) writes it.
    const nlohmann::ordered_json j = {
        {"width", s.width}, {"height", s.height},       {"x", s.x},
        {"y", s.y},         {"maximized", s.maximized}, {"arranged", s.arranged}};
    if (!sameState(app::parseWindowState(j.dump(2) + "\n"), s)) std::abort();
  }
  const size_t max = 1 + size % 16;
  if (app::parseRecentFiles(text, max).size() > max) std::abort();
  return 0;
}
