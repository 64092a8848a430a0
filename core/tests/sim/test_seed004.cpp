// Seed 004 (swept collision of a point between the feet with radius 3 on an
// 8x8 cell map) through the frame runner: the sample routine in
// assets/routines/seed004_swept on the garden room, plus an audit of that room
// with its verdict counts pinned (docs/seeds.md explains them).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/check/audit.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

// Room cell index (row * 20 + column) of the 20x18 garden.
constexpr uint16_t cell(int col, int row) {
  return uint16_t(row * 20 + col);
}
using Cells = std::vector<uint16_t>;

Scenario garden() {
  Scenario s;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile("maps/seed004_garden.scenario.json"), s, &error)) << error;
  return s;
}

// Anise at (x, y) in `s` with `buttons` held for `frames` frames at `speed` pixels.
std::vector<EntityFrame> runIn(Scenario s, int x, int y, uint8_t buttons, int frames, int speed = 1,
                               bool expectReturn = true) {
  s.entities.resize(1);
  s.entities[0].x = x;
  s.entities[0].y = y;
  s.entities[0].fields["speed"] = speed;
  s.input.assign(size_t(frames), buttons);
  s.frames = frames;
  Simulation sim;
  std::string error;
  EXPECT_TRUE(sim.build(s, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  std::vector<EntityFrame> out;
  for (const auto& f : sim.recording().frames) {
    const EntityFrame& e = f.entities.at(0);
    if (expectReturn) {
      EXPECT_EQ(e.halt, HaltKind::Returned);
    }
    EXPECT_FALSE(e.badWrite);
    out.push_back(e);
  }
  return out;
}

std::vector<EntityFrame> run(int x, int y, uint8_t buttons, int frames, int speed = 1) {
  return runIn(garden(), x, y, buttons, frames, speed);
}

// Box: x-3..x+2, y-3..y+2. The garden: a brick border (column 0 and 19, row 0
// and 17), a brick wall in row 7 over columns 8..13, blocks at (3,9), (6,11),
// (6,12), (8,11), (8,12), (4..5, 3..4), row 14 columns 11..14, water (13..15, 3..5).

TEST(Seed004, FlushOnAWallBelowStillMovesSideways) {
  // y 53: the bottom edge is 56, the first pixel of wall row 7. Exclusive
  // conversion puts that edge in row 6, so crossing into column 12 reads
  // only (12, 6) and the wall below does not block.
  auto f = run(93, 53, kButtonRight, 1);
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(12, 6)}));
  EXPECT_EQ(f[0].x(), 94);
  EXPECT_EQ(f[0].y(), 53);
  f = run(94, 53, kButtonLeft, 1);  // left edge 91 -> 90: no grid line
  EXPECT_TRUE(f[0].cellsRead.empty());
  EXPECT_EQ(f[0].x(), 93);
  // Twenty frames along the whole top of the wall, never blocked.
  f = run(70, 53, kButtonRight, 20);
  for (size_t i = 0; i < f.size(); ++i) EXPECT_EQ(f[i].x(), 71 + int(i));
  EXPECT_EQ(f.back().y(), 53);
}

TEST(Seed004, FlushBesideAWallStillMovesVertically) {
  // x 149: the right edge is 152, the first pixel of border column 19.
  auto f = run(149, 51, kButtonUp, 1);  // top edge 48 -> 47 crosses into row 5
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(18, 5)}));
  EXPECT_EQ(f[0].y(), 50);
}

TEST(Seed004, MovingRightStopsFlushAgainstASolidCell) {
  auto f = run(140, 52, kButtonRight, 20);
  EXPECT_EQ(f.back().x(), 149);  // right edge 152 = column 19's first pixel
  EXPECT_EQ(f.back().cellsRead, (Cells{cell(19, 6)}));
  EXPECT_EQ(f.back().after, f.back().before);
  // Faster than a pixel a frame, the last step is cut short to flush.
  f = run(140, 52, kButtonRight, 4, 4);
  EXPECT_EQ(f[0].x(), 144);
  EXPECT_EQ(f[1].x(), 148);
  EXPECT_EQ(f[2].x(), 149);
  EXPECT_EQ(f[3].x(), 149);
}

TEST(Seed004, LeftUpAndDownStopFlush) {
  EXPECT_EQ(run(20, 52, kButtonLeft, 30).back().x(), 11);    // left edge 8, column 1's first pixel
  EXPECT_EQ(run(20, 52, kButtonUp, 60).back().y(), 11);      // top edge 8, row 1's first pixel
  EXPECT_EQ(run(20, 52, kButtonDown, 100).back().y(), 133);  // bottom edge 136 = row 17
  // Into a block from each side: block (3, 9) spans x 24..31, y 72..79.
  EXPECT_EQ(run(14, 76, kButtonRight, 20).back().x(), 21);
  EXPECT_EQ(run(40, 76, kButtonLeft, 20).back().x(), 35);
  EXPECT_EQ(run(28, 60, kButtonDown, 20).back().y(), 69);
  EXPECT_EQ(run(28, 90, kButtonUp, 20).back().y(), 83);
}

TEST(Seed004, EdgesOnAGridLineReadTheNextCellOnly) {
  // Left edge 16 on a grid line: moving left crosses into column 1.
  auto f = run(19, 52, kButtonLeft, 1);
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(1, 6)}));
  // Left edge 17: moving left stays in column 2, nothing is read.
  EXPECT_TRUE(run(20, 52, kButtonLeft, 1)[0].cellsRead.empty());
  // Box spanning rows 6 and 7 (y 52..57): a right crossing reads both, bottom row first.
  f = run(29, 55, kButtonRight, 1);
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(4, 7), cell(4, 6)}));
  // Down across a row: columns right to left.
  f = run(22, 37, kButtonDown, 1);  // box x 19..24: columns 2 and 3; bottom edge 40 -> 41
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(3, 5), cell(2, 5)}));
}

TEST(Seed004, FastMovesDoNotTunnel) {
  // 24 pixels in one frame would carry the box past the 8-pixel block (3, 9).
  auto f = run(14, 76, kButtonRight, 1, 24);
  EXPECT_EQ(f[0].x(), 21);
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(3, 9)}));  // the first column ahead blocks
  f = run(28, 60, kButtonDown, 1, 20);
  EXPECT_EQ(f[0].y(), 69);
}

TEST(Seed004, XMovesBeforeY) {
  // Down-right off the east end of the wall (row 7, columns 8..13): the box
  // needs x >= 115 to clear column 13, so y stays until x has moved there.
  auto f = run(109, 53, uint8_t(kButtonRight | kButtonDown), 10);
  for (const EntityFrame& e : f) {
    EXPECT_EQ(e.x(), e.before[0] + 1);
    EXPECT_EQ(e.y(), e.x() >= 115 ? e.before[1] + 1 : 53) << e.x();
  }
}

TEST(Seed004, AScanFromRowZeroWrapsThroughMemory) {
  // The scans loop while the current row >= the first row; from row 0 that
  // never ends by itself. Open the top border so a box can stand in row 0.
  Scenario s = garden();
  for (int c = 0; c < s.map.room.width; ++c) s.map.room.at(c, 0) = 0;
  // Crossing into column 3 reads the open (3, 0), then goes on through rows
  // 255, 254, ... (outside the room and its table), about 73 M-cycles a row: the
  // call ends by the frame's budget, or (where the bytes it meets there happen to
  // read as solid, which hangs on where the linker put the table) just before it;
  // either way it spends nearly the whole frame, where a scan inside the room takes
  // a few hundred cycles.
  auto wraps = [](const EntityFrame& e) {
    return e.halt == HaltKind::CycleBudget || (e.halt == HaltKind::Returned && e.cycles > 15000);
  };
  auto f = runIn(s, 21, 4, kButtonRight, 1, 1, false);
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(3, 0)}));
  EXPECT_TRUE(wraps(f[0])) << int(f[0].halt) << " after " << f[0].cycles << " cycles";
  // One row lower (box rows 0..1 at y 6: top row still 0) the same happens;
  // at y 11 the top row is 1 and the scan ends normally.
  auto g = runIn(s, 21, 6, kButtonRight, 1, 1, false);
  EXPECT_TRUE(wraps(g[0])) << int(g[0].halt) << " after " << g[0].cycles << " cycles";
  f = runIn(s, 21, 11, kButtonRight, 1);
  EXPECT_EQ(f[0].cellsRead, (Cells{cell(3, 1)}));
  EXPECT_EQ(f[0].x(), 22);
}

TEST(Seed004, SampleScenarioRuns) {
  Scenario s = garden();
  EXPECT_GE(s.frames, 300);
  EXPECT_EQ(s.manifest.cpu, Cpu::Sm83);
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const auto [moved, blocked] = test::countMoves(sim.recording());
  EXPECT_GT(moved, 600);
  EXPECT_GT(blocked, 50);  // the script pushes into walls, blocks and water
  for (const FrameVerdict& v : classifyRecording(s, sim.recording()))
    EXPECT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << v.message;
}

TEST(Seed004Audit, PinnedCountsOnTheGarden) {
  Scenario s = garden();
  AuditOptions o;
  o.stride = 2;
  o.maxSpeed = 8;
  AuditResult r = runAudit(s, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.skipped, 0u);
  EXPECT_EQ(r.cases, r.startPositions * 8 * 8);
  // Pinned (docs/seeds.md, seed 004): the sweep checks every cell between the
  // leading edge and where it would end, and moves x before y as the oracle
  // does, so every case agrees with the oracle.
  EXPECT_EQ(r.startPositions, 3624u);
  EXPECT_EQ(r.count(Verdict::Ok), r.cases);
}

}  // namespace
}  // namespace core
