// Helpers for the tests that run the test games CMake builds into
// COLLIDOSCOPE_GAMES_DIR (frame mode, room import): their files, a skip when
// the NES games are absent, and a fixture that loads edited copies of a game's
// manifest from a temporary folder.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core::test {

inline std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

inline bool gameNeedsCa65(const std::string& game) {
  return game != "gb_mbc1_demo";
}

inline Scenario loadGameScenario(const std::string& game, const std::string& file) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(gameFile(game, file), sc, &error)) << error;
  return sc;
}

// A game manifest as JSON with its ROM and symbols as absolute paths, so an
// edited copy can live in a temporary folder.
inline nlohmann::json gameManifestJson(const std::string& game, const std::string& file) {
  std::string error;
  auto j = readJsonFile(gameFile(game, file), &error);
  EXPECT_TRUE(j) << error;
  if (!j) return {};
  nlohmann::json& g = (*j)["game"];
  g["rom"] = gameFile(game, g["rom"].get<std::string>());
  if (g.contains("symbols"))
    for (auto& s : g["symbols"]) s = gameFile(game, s.get<std::string>());
  return *j;
}

class GameTempTest : public TempDirTest {
 protected:
  GameTempTest() : TempDirTest("game_test") {}
  // Writes `j` as a manifest and loads it; false with the loader's error.
  bool loadEdited(const nlohmann::json& j, RoutineManifest& m, std::string* error) {
    const std::string file = path("manifest.json");
    EXPECT_TRUE(writeFileAtomic(file, j.dump(1), error, false)) << *error;
    return loadManifest(file, m, error);
  }
  // A game's scenario driven by an edited manifest; build()'s result.
  bool buildEdited(const std::string& game, const std::string& scenario, const nlohmann::json& j,
                   Simulation& sim, std::string* error) {
    Scenario sc = loadGameScenario(game, scenario);
    if (!loadEdited(j, sc.manifest, error)) return false;
    return sim.build(sc, error);
  }
};

}  // namespace core::test

#define REQUIRE_GAME(game)                                                      \
  do {                                                                          \
    if (::core::test::gameNeedsCa65(game) && !COLLIDOSCOPE_HAVE_CA65)           \
      GTEST_SKIP() << "ca65/ld65 not found by CMake: the NES games are absent"; \
  } while (0)
