// Seed 003 (can_move_right/left/up/down) through the frame runner: the sample
// routine in assets/routines/seed003_canmove on the dungeon room. Skips when
// ca65/ld65 are not installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/asm/ca65/ca65.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

// Room cell index (row * 16 + column) of the dungeon room.
constexpr uint16_t cell(int col, int row) {
  return uint16_t(row * 16 + col);
}

// The dungeon scenario with the hero placed at (x, y) and `buttons` held for
// `frames` frames. Returns the recording's hero frames.
std::vector<EntityFrame> run(int x, int y, uint8_t buttons, int frames) {
  Scenario s;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile("maps/seed003_dungeon.scenario.json"), s, &error)) << error;
  s.entities.resize(1);
  s.entities[0].x = x;
  s.entities[0].y = y;
  s.input.assign(size_t(frames), buttons);
  s.frames = frames;
  Simulation sim;
  EXPECT_TRUE(sim.build(s, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  std::vector<EntityFrame> out;
  for (const auto& f : sim.recording().frames) {
    const EntityFrame& e = f.entities.at(0);
    EXPECT_EQ(e.halt, HaltKind::Returned);
    EXPECT_FALSE(e.badWrite);
    out.push_back(e);
  }
  return out;
}

// Feet box: columns x+5..x+11, rows y+26..y+31; room row = (y - 32) / 16.

TEST(Seed003, MovingRightInsideATileReadsNoCell) {
  REQUIRE_CA65();
  // Box right edge at 35: the next pixel (36) is inside column 2.
  auto f = run(24, 24, kButtonRight, 1);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(f[0].cellsRead.empty());
  EXPECT_TRUE(f[0].attrsRead.empty());
  EXPECT_EQ(f[0].x(), 25);
  EXPECT_EQ(f[0].y(), 24);
}

TEST(Seed003, AtAnEdgeOneRowReadsOneCell) {
  REQUIRE_CA65();
  // Box right at 47, next pixel 48 starts column 3; box rows 50..55 are all row 1.
  auto f = run(36, 24, kButtonRight, 1);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(3, 1)}));
  EXPECT_EQ(f[0].x(), 37);  // floor: walkable
}

TEST(Seed003, AtAnEdgeStraddlingTwoRowsReadsTwoCells) {
  REQUIRE_CA65();
  // Box rows 59..64: routine rows 3 and 4, room rows 1 and 2. The lower row is read first.
  auto f = run(36, 33, kButtonRight, 1);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(3, 2), cell(3, 1)}));
  EXPECT_EQ(f[0].x(), 37);
}

TEST(Seed003, OneOrTwoRowsSwitchesWhereTheBoxCrossesARow) {
  REQUIRE_CA65();
  // Box top 58 (rows 58..63) fits in one routine row; top 59 does not.
  EXPECT_EQ(run(36, 32, kButtonRight, 1)[0].cellsRead.size(), 1u);
  EXPECT_EQ(run(36, 33, kButtonRight, 1)[0].cellsRead.size(), 2u);
  // Box rows 74..79 end exactly on the row's last pixel: still one cell.
  EXPECT_EQ(run(36, 48, kButtonRight, 1)[0].cellsRead.size(), 1u);
}

TEST(Seed003, BlockedByANonWalkableTile) {
  REQUIRE_CA65();
  // Block at column 9, room row 2 (routine rows 64..79). Box right at 143 is flush.
  auto f = run(132, 40, kButtonRight, 1);
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(9, 2)}));
  EXPECT_EQ(f[0].x(), 132);
  // Straddling rows 1 (floor) and 2 (block): the lower cell blocks, and the
  // routine stops there without reading the upper one.
  f = run(132, 33, kButtonRight, 1);
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(9, 2)}));
  EXPECT_EQ(f[0].x(), 132);
  // Rows 1 only: free.
  f = run(132, 24, kButtonRight, 1);
  EXPECT_EQ(f[0].x(), 133);
}

TEST(Seed003, HoldingRightStopsFlushAgainstTheBlock) {
  REQUIRE_CA65();
  auto f = run(100, 40, kButtonRight, 60);
  EXPECT_EQ(f.back().x(), 132);  // box right 143, the block starts at 144
  int firstStop = -1;
  for (size_t i = 0; i < f.size(); ++i)
    if (f[i].after == f[i].before) {
      firstStop = int(i);
      break;
    }
  EXPECT_EQ(firstStop, 32);
  // Inside a tile the map is not read; only the edge frames (box right + 1 on
  // a column's first pixel: x = 100, 116, then 132 for every blocked frame) read it.
  for (const auto& e : f) {
    if ((e.before[0] + 11 + 1) % 16 != 0) {
      EXPECT_TRUE(e.cellsRead.empty()) << e.before[0];
    }
  }
}

TEST(Seed003, AllFourDirectionsStopAtWalls) {
  REQUIRE_CA65();
  // Left: wall in column 0, box left stops at 16.
  EXPECT_EQ(run(24, 24, kButtonLeft, 30).back().x(), 11);
  // Up: wall in room row 0 (routine rows 32..47): box top stops at 48.
  EXPECT_EQ(run(24, 24, kButtonUp, 30).back().y(), 22);
  // Down, box in column 1 only: floor, then the stairs, then the bottom wall (row 12).
  EXPECT_EQ(run(16, 24, kButtonDown, 200).back().y(), 32 + 12 * 16 - 32);
  // Down, box over columns 1 and 2: the block at column 2, row 8 stops it.
  EXPECT_EQ(run(24, 24, kButtonDown, 200).back().y(), 32 + 8 * 16 - 32);
}

TEST(Seed003, UpAndDownReadOneOrTwoColumns) {
  REQUIRE_CA65();
  // Box top at 48 (room row 1's first pixel): up reads room row 0.
  auto f = run(16, 22, kButtonUp, 1);  // box columns 21..27: column 1 only
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(1, 0)}));
  f = run(24, 22, kButtonUp, 1);  // box columns 29..35: columns 1 and 2, right first
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(2, 0)}));  // the wall stops it at once
  EXPECT_EQ(f[0].y(), 22);
  // Down from box bottom 63 reads room row 2, columns 2 then 1 (both floor).
  f = run(24, 32, kButtonDown, 1);
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(2, 2), cell(1, 2)}));
  EXPECT_EQ(f[0].y(), 33);
  // Left at box left 16: column 0 (wall) blocks.
  f = run(11, 24, kButtonLeft, 1);
  EXPECT_EQ(f[0].cellsRead, (std::vector<uint16_t>{cell(0, 1)}));
  EXPECT_EQ(f[0].x(), 11);
}

TEST(Seed003, StatusBarRowsAreOutsideTheRoom) {
  REQUIRE_CA65();
  // Box top at routine row 32 = room row 0's first pixel; above it is the
  // status bar, which is outside the room: blocked without reading the map.
  auto f = run(24, 6, kButtonUp, 1);
  EXPECT_TRUE(f[0].cellsRead.empty());
  EXPECT_EQ(f[0].y(), 6);
}

TEST(Seed003, SampleScenarioRuns) {
  REQUIRE_CA65();
  Scenario s;
  std::string error;
  ASSERT_TRUE(loadScenario(repoFile("maps/seed003_dungeon.scenario.json"), s, &error)) << error;
  EXPECT_GE(s.frames, 300);
  EXPECT_EQ(s.manifest.originY, 32);
  Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const auto [moved, blocked] = test::countMoves(sim.recording());
  EXPECT_GT(moved, 200);
  EXPECT_GT(blocked, 20);  // the script walks into walls, blocks and water
}

}  // namespace
}  // namespace core
