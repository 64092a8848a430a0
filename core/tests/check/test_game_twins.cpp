// The flat-bus twins of the test games (assets/routines/game_*): each game's own
// collision source, assembled alone and driven by maps/game_*.scenario.json,
// which walks the player into walls on every side. Pins the frames, the stops
// at each wall and the final position (game mode must reproduce them from the
// built ROM), and checks the routine against the oracle: every frame and a whole
// audit are ok. The NES twins skip when ca65 is not installed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

struct Stop {
  int frame, x, y;
};

// Runs the scenario and checks the frame count, the positions after the
// listed frames, and that every frame is judged ok.
void expectRun(const std::string& scenario, int frames, const std::vector<Stop>& stops) {
  Scenario sc;
  std::string error;
  ASSERT_TRUE(loadScenario(repoFile(scenario), sc, &error)) << error;
  Simulation sim;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const Recording& rec = sim.recording();
  ASSERT_EQ(rec.frames.size(), size_t(frames));
  test::MoveCounts moves = test::countMoves(rec);
  EXPECT_GT(moves.moved, 0);
  EXPECT_GT(moves.blocked, 0);
  for (const Stop& s : stops) {
    const EntityFrame& e = rec.frames.at(size_t(s.frame)).entities.at(0);
    EXPECT_EQ(e.x(), s.x) << "frame " << s.frame;
    EXPECT_EQ(e.y(), s.y) << "frame " << s.frame;
  }
  for (const FrameVerdict& v : classifyRecording(sc, rec))
    EXPECT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame;
}

void expectCleanAudit(const std::string& scenario) {
  Scenario sc;
  std::string error;
  ASSERT_TRUE(loadScenario(repoFile(scenario), sc, &error)) << error;
  AuditOptions o;
  o.stride = 3;
  AuditResult r = runAudit(sc, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_GT(r.cases, 0u);
  EXPECT_EQ(r.counts[size_t(Verdict::Ok)], r.cases);
}

TEST(GameTwins, NromDemoWalksIntoEveryWall) {
  REQUIRE_CA65();
  expectRun("maps/game_nrom_demo.scenario.json", 980,
            {{229, 224, 32},   // right wall: 16 + 224 = column 15
             {429, 224, 208},  // floor: row 14
             {649, 16, 208},   // left wall: column 0
             {849, 16, 16},    // ceiling: row 0
             {909, 32, 46},    // the block at column 3, row 3
             {949, 38, 86},    // down-right slides past the blocks at rows 3-4
             {979, 38, 86}});  // Right+Left and no input: still
}

TEST(GameTwins, Mmc1DemoWalksIntoEveryWall) {
  REQUIRE_CA65();
  expectRun("maps/game_mmc1_demo.scenario.json", 960,
            {{119, 128, 32},   // the wall at column 9
             {309, 128, 208},  // floor
             {439, 16, 208},   // left wall
             {639, 16, 16},    // ceiling
             {759, 128, 16},   // column 9 again, from row 1
             {899, 68, 80},    // on top of the blocks of row 6
             {929, 98, 80},    // down-right slides along them
             {959, 98, 80}});  // Up+Down and no input: still
}

TEST(GameTwins, GameBoyDemoWalksIntoEveryWall) {
  expectRun("maps/game_gb_mbc1_demo.scenario.json", 690,
            {{159, 144, 16},   // right wall: 144 + 8 = column 19
             {289, 144, 128},  // floor: row 17
             {439, 8, 128},    // left wall
             {569, 8, 8},      // ceiling
             {619, 16, 28},    // the block at column 3, row 3
             {659, 44, 68},    // down-right
             {689, 44, 68}});  // Left+Right and no input: still
}

TEST(GameTwins, AuditsAreClean) {
  expectCleanAudit("maps/game_gb_mbc1_demo.scenario.json");
  if (!ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)";
  expectCleanAudit("maps/game_nrom_demo.scenario.json");
  expectCleanAudit("maps/game_mmc1_demo.scenario.json");
}

}  // namespace
}  // namespace core
