#include "app/common/gui_config.h"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/util/json_reader.h"

namespace app {

WindowState parseWindowState(const std::string& text) {
  WindowState s;
  const auto j = core::parseJson(text, "window.json", nullptr).value_or(nlohmann::json());
  if (!j.is_object()) return s;
  auto number = [&](const char* key, int& out, int lo, int hi) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer()) return false;
    // Read wide, so a number past int's range is clamped, not wrapped into range.
    const int64_t v = it->is_number_unsigned()
                          ? int64_t(std::min<uint64_t>(it->get<uint64_t>(), uint64_t(hi)))
                          : it->get<int64_t>();
    out = int(std::clamp<int64_t>(v, lo, hi));
    return true;
  };
  auto flag = [&](const char* key, bool& out) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_boolean()) out = it->get<bool>();
  };
  s.valid = number("width", s.width, 320, 16384) && number("height", s.height, 240, 16384);
  number("x", s.x, -16384, 16384);
  number("y", s.y, -16384, 16384);
  flag("maximized", s.maximized);
  flag("arranged", s.arranged);
  return s;
}

std::vector<std::string> parseRecentFiles(const std::string& text, size_t max) {
  std::vector<std::string> paths;
  auto j = core::parseJson(text, "recent.json", nullptr).value_or(nlohmann::json());
  // A comparison rather than value(), which throws when "format" is not a string.
  if (!j.is_object() || j["format"] != "collidoscope-recent/1" || !j["files"].is_array())
    return paths;
  for (const auto& p : j["files"])
    if (p.is_string() && paths.size() < max) paths.push_back(p.get<std::string>());
  return paths;
}

}  // namespace app
