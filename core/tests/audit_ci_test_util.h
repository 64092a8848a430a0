// A copy of the seed-004 sample (SM83, built-in assembler: no external tool)
// in a test's folder, with its garden scenario, optionally with an injected
// off-by-one: when a move right is blocked, the routine stops one pixel short
// of the wall (a GAP the oracle sees). The core and CLI tests of baselines,
// expectations, diffs and CI reports share it.
#pragma once

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace core::test {

inline const char* kGapBlockedRight =
    "    sub a, [hl]\n    ld [anise_x], a\n    pop bc\n    ret\n.row_open:";
inline const char* kGapInjected =
    "    sub a, [hl]\n    dec a ; injected off-by-one\n    ld [anise_x], a\n    pop bc\n    ret\n"
    ".row_open:";

// Writes dir/routine (the sample, injected or not) and dir/NAME.scenario.json
// (the garden room on that routine, with `extra` keys merged in); returns the
// scenario's path.
inline std::string writeGardenCopy(const std::filesystem::path& dir, const std::string& name,
                                   bool injectGap,
                                   const nlohmann::json& extra = nlohmann::json::object()) {
  namespace fs = std::filesystem;
  const fs::path src = fs::path(COLLIDOSCOPE_SOURCE_DIR) / "assets/routines/seed004_swept";
  const fs::path routine = dir / (name + "_routine");
  fs::create_directories(routine);
  for (const auto& e : fs::directory_iterator(src))
    fs::copy_file(e.path(), routine / e.path().filename(), fs::copy_options::overwrite_existing);
  if (injectGap) {
    std::ifstream in(routine / "collision.asm");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    const size_t at = text.find(kGapBlockedRight);
    if (at == std::string::npos) return "";  // the sample changed: the caller's test fails
    text.replace(at, std::string(kGapBlockedRight).size(), kGapInjected);
    std::ofstream(routine / "collision.asm") << text;
  }
  std::ifstream in(fs::path(COLLIDOSCOPE_SOURCE_DIR) / "maps/seed004_garden.scenario.json");
  nlohmann::json sc = nlohmann::json::parse(in);
  sc["map"] = (fs::path(COLLIDOSCOPE_SOURCE_DIR) / "maps/seed004_garden.map.json").string();
  sc["routine"] = (routine / "manifest.json").string();
  for (auto it = extra.begin(); it != extra.end(); ++it) sc[it.key()] = *it;
  const fs::path out = dir / (name + ".scenario.json");
  std::ofstream(out) << sc.dump(1);
  return out.string();
}

// The 1-based line of the first line of `file` that contains `text` after the
// first line containing `after`; 0 when absent.
inline int lineAfter(const std::string& file, const std::string& after, const std::string& text) {
  std::ifstream in(file);
  std::string line;
  bool seen = false;
  for (int n = 1; std::getline(in, line); ++n) {
    if (!seen && line.find(after) != std::string::npos) {
      seen = true;
      continue;
    }
    if (seen && line.find(text) != std::string::npos) return n;
  }
  return 0;
}

}  // namespace core::test
