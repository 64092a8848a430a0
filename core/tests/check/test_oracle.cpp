// The exact oracle and the per-frame verdicts on hand-made rooms: one
// constructed case per verdict class, one-way bits, out-of-room, axis order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/check/oracle.h"
#include "core/check/verdict.h"

namespace core {
namespace {

// '.' free, '#' solid, '_' one-way floor (blocks down), '^' blocks up,
// '>' blocks rightward entry, '<' blocks leftward entry. 8-pixel cells.
MapDocument roomOf(const std::vector<std::string>& rows) {
  MapDocument d;
  const char* kinds = ".#_^><";
  const uint8_t bits[] = {0, kSolid, kBlockDown, kBlockUp, kBlockRight, kBlockLeft};
  for (int i = 0; i < 6; ++i) {
    Metatile m;
    m.name = std::string(1, kinds[i]);
    m.collision = bits[i];
    d.metatiles.metatiles.push_back(m);
  }
  d.metatiles.tilesPerSide = 1;
  d.room.cellSize = 8;
  d.room.height = int(rows.size());
  d.room.width = int(rows[0].size());
  for (const auto& r : rows)
    for (char c : r) d.room.cells.push_back(uint16_t(std::string(kinds).find(c)));
  return d;
}

const Hitbox kBox{0, 0, 8, 8};
const OracleSettings kXy{true, true};

TEST(Oracle, MovesFreelyTheFullDistance) {
  MapDocument m = roomOf({"......", "......", "......"});
  OracleMove o = oracleMove(m, kBox, 8, 8, 5, -3, kXy);
  EXPECT_EQ(o.x, 13);
  EXPECT_EQ(o.y, 5);
  EXPECT_FALSE(o.blockedX);
  EXPECT_FALSE(o.blockedY);
}

TEST(Oracle, StopsFlushAgainstAWallInEachDirection) {
  MapDocument m = roomOf({"######", "#....#", "#....#", "######"});
  OracleMove r = oracleMove(m, kBox, 9, 8, 40, 0, kXy);
  EXPECT_EQ(r.x, 32);  // right edge 39, wall column 5 starts at 40
  EXPECT_TRUE(r.blockedX);
  EXPECT_EQ(r.cellX, (CellPos{5, 1}));
  OracleMove l = oracleMove(m, kBox, 30, 8, -40, 0, kXy);
  EXPECT_EQ(l.x, 8);
  EXPECT_EQ(l.cellX, (CellPos{0, 1}));
  OracleMove d = oracleMove(m, kBox, 8, 9, 0, 30, kXy);
  EXPECT_EQ(d.y, 16);
  EXPECT_TRUE(d.blockedY);
  EXPECT_EQ(d.cellY, (CellPos{1, 3}));
  OracleMove u = oracleMove(m, kBox, 8, 15, 0, -30, kXy);
  EXPECT_EQ(u.y, 8);
  EXPECT_EQ(u.cellY, (CellPos{1, 0}));
  // Partly overlapping a wall row is enough to be stopped by it.
  OracleMove part = oracleMove(m, Hitbox{0, 0, 8, 8}, 20, 12, 40, 0, kXy);
  EXPECT_EQ(part.x, 32);
  EXPECT_EQ(part.cellX.col, 5);
}

TEST(Oracle, OneWayFloorStopsFallingButNotJumping) {
  MapDocument m = roomOf({"....", "....", "____", "....", "...."});
  OracleMove fall = oracleMove(m, kBox, 0, 0, 0, 20, kXy);
  EXPECT_EQ(fall.y, 8);
  EXPECT_TRUE(fall.blockedY);
  EXPECT_EQ(fall.cellY, (CellPos{0, 2}));
  OracleMove jump = oracleMove(m, kBox, 0, 30, 0, -30, kXy);
  EXPECT_EQ(jump.y, 0);
  EXPECT_FALSE(jump.blockedY);
  // Already overlapping the one-way row: it does not stop the entity going down.
  OracleMove inside = oracleMove(m, kBox, 0, 12, 0, 6, kXy);
  EXPECT_EQ(inside.y, 18);
  EXPECT_FALSE(inside.blockedY);
}

TEST(Oracle, SideBitsBlockOnlyTheirDirection) {
  MapDocument m = roomOf({"..>..", "..<.."});
  OracleMove right = oracleMove(m, kBox, 0, 0, 20, 0, kXy);
  EXPECT_EQ(right.x, 8);
  EXPECT_TRUE(right.blockedX);
  OracleMove left = oracleMove(m, kBox, 32, 0, -32, 0, kXy);
  EXPECT_EQ(left.x, 0);
  EXPECT_FALSE(left.blockedX);
  OracleMove left2 = oracleMove(m, kBox, 32, 8, -32, 0, kXy);
  EXPECT_EQ(left2.x, 24);
  EXPECT_TRUE(left2.blockedX);
  OracleMove right2 = oracleMove(m, kBox, 0, 8, 32, 0, kXy);
  EXPECT_EQ(right2.x, 32);
}

TEST(Oracle, OutsideTheRoomFollowsTheSetting) {
  MapDocument m = roomOf({"....", "...."});
  OracleMove solid = oracleMove(m, kBox, 4, 4, -10, 10, kXy);
  EXPECT_EQ(solid.x, 0);
  EXPECT_EQ(solid.y, 8);
  EXPECT_TRUE(solid.blockedX);
  EXPECT_EQ(solid.cellX, (CellPos{-1, 0}));
  EXPECT_EQ(solid.cellY, (CellPos{0, 2}));
  OracleMove open = oracleMove(m, kBox, 4, 4, -10, 10, OracleSettings{true, false});
  EXPECT_EQ(open.x, -6);
  EXPECT_EQ(open.y, 14);
  EXPECT_FALSE(open.blockedX || open.blockedY);
}

TEST(Oracle, AxisOrderDecidesCorners) {
  // Down-right next to a block: x first hits the block beside the entity,
  // y first drops below it and then moves right freely.
  MapDocument m = roomOf({"..#", "...", "..."});
  OracleMove xy = oracleMove(m, kBox, 8, 0, 8, 8, OracleSettings{true, true});
  EXPECT_EQ(xy.x, 8);
  EXPECT_EQ(xy.y, 8);
  EXPECT_TRUE(xy.blockedX);
  OracleMove yx = oracleMove(m, kBox, 8, 0, 8, 8, OracleSettings{false, true});
  EXPECT_EQ(yx.x, 16);
  EXPECT_EQ(yx.y, 8);
  EXPECT_FALSE(yx.blockedX);
}

TEST(Oracle, OriginAndHitboxOffsetShiftIntoRoomPixels) {
  MapDocument m = roomOf({"....#"});
  // Routine x 100 is room pixel 100 - 90 = 10; hitbox starts 2 px right, 4 wide.
  OracleMove o = oracleMove(m, Hitbox{2, 0, 4, 8}, 100, 50, 40, 0, kXy, 90, 50);
  EXPECT_EQ(o.x, 90 + 32 - 4 - 2);  // right edge flush at room pixel 31
  EXPECT_TRUE(o.blockedX);
}

// --- verdicts on single moves --------------------------------------------

class Verdicts : public ::testing::Test {
 protected:
  MapDocument m = roomOf({"########", "#......#", "#......#", "#..#...#", "########"});
  FrameVerdict judge(int x, int y, int dx, int dy, int rx, int ry) {
    return classifyMove(m, kBox, kXy, 0, 0, x, y, Motion{dx, dy}, rx, ry);
  }
};

TEST_F(Verdicts, OkWhenTheRoutineMatchesTheOracle) {
  EXPECT_EQ(judge(8, 8, 3, 0, 11, 8).verdict, Verdict::Ok);
  EXPECT_EQ(judge(46, 8, 3, 0, 48, 8).verdict, Verdict::Ok);  // flush at the wall
  EXPECT_TRUE(judge(8, 8, 3, 0, 11, 8).message.empty());
}

TEST_F(Verdicts, ClipWhenEndingInsideAWall) {
  FrameVerdict v = judge(46, 8, 3, 0, 49, 8);
  EXPECT_EQ(v.verdict, Verdict::Clip);
  EXPECT_TRUE(v.hasCell);
  EXPECT_EQ(v.cell, (CellPos{7, 1}));
  EXPECT_EQ(v.oracleX, 48);
  EXPECT_EQ(v.routineX, 49);
  EXPECT_FALSE(v.message.empty());
  // Snapping back into the wall behind is a clip too.
  EXPECT_EQ(judge(10, 8, 2, 0, 7, 8).verdict, Verdict::Clip);
}

TEST_F(Verdicts, TunnelWhenPassingThroughAWall) {
  // Block at column 3, row 3; entity left of it moves right 16 and lands past it.
  FrameVerdict v = judge(16, 24, 16, 0, 32, 24);
  EXPECT_EQ(v.verdict, Verdict::Tunnel);
  EXPECT_EQ(v.cell, (CellPos{3, 3}));
  EXPECT_EQ(v.oracleX, 16);
}

TEST_F(Verdicts, GapWhenStoppingShortOfContact) {
  FrameVerdict v = judge(44, 8, 6, 0, 46, 8);
  EXPECT_EQ(v.verdict, Verdict::Gap);
  EXPECT_EQ(v.oracleX, 48);
  EXPECT_EQ(v.cell, (CellPos{7, 1}));
  EXPECT_NE(v.message.find("2 px short"), std::string::npos) << v.message;
}

TEST_F(Verdicts, FalseBlockWhenThePathIsFree) {
  FrameVerdict v = judge(8, 8, 4, 0, 9, 8);
  EXPECT_EQ(v.verdict, Verdict::FalseBlock);
  EXPECT_TRUE(v.hasPixel);
  EXPECT_EQ(v.pixelX, 16);  // the routine's right edge
  // A diagonal where the routine only moves vertically.
  EXPECT_EQ(judge(8, 8, 1, 1, 8, 9).verdict, Verdict::FalseBlock);
}

TEST_F(Verdicts, DiagonalTakenVerticallyIsFalseBlockNotGapOrTunnel) {
  // Down-right from (8,8) with the block at column 3 row 3: the oracle moves
  // right 8 then falls onto the block (y 16); the routine only falls, in a
  // column with no block under it, and ends lower than the oracle.
  FrameVerdict v = judge(16, 8, 8, 16, 16, 24);
  EXPECT_EQ(v.oracleX, 24);
  EXPECT_EQ(v.oracleY, 16);
  EXPECT_EQ(v.verdict, Verdict::FalseBlock) << v.message;
}

TEST_F(Verdicts, DriftWhenMovingWithoutIntendedMotion) {
  EXPECT_EQ(judge(8, 8, 0, 0, 9, 8).verdict, Verdict::Drift);
  EXPECT_EQ(judge(8, 8, 1, 0, 9, 9).verdict, Verdict::Drift);
}

TEST(VerdictNames, AreTheDesignNames) {
  EXPECT_STREQ(verdictName(Verdict::Ok), "ok");
  EXPECT_STREQ(verdictName(Verdict::FalseBlock), "FALSE-BLOCK");
  EXPECT_STREQ(verdictName(Verdict::RoutineFault), "ROUTINE-FAULT");
  EXPECT_STREQ(verdictName(Verdict::Jitter), "JITTER");
}

TEST(UnwrapField, FollowsTheFieldWidth) {
  EXPECT_EQ(unwrapField(0, 255, 1), -1);
  EXPECT_EQ(unwrapField(254, 1, 1), 257);
  EXPECT_EQ(unwrapField(10, 12, 1), 12);
  EXPECT_EQ(unwrapField(0, 255, 2), 255);
  EXPECT_EQ(unwrapField(0, 65535, 2), -1);
}

// --- whole recordings ------------------------------------------------------

Scenario syntheticScenario() {
  Scenario s;
  s.map = roomOf({"########", "#......#", "#......#", "#......#", "########"});
  s.manifest.fields["x"] = FieldBinding{};
  s.manifest.fields["y"] = FieldBinding{};
  s.manifest.fields["dir"] = FieldBinding{};
  s.manifest.hitbox = kBox;
  s.manifest.motion.speed = 2;
  s.manifest.motion.inputSlots = {0};
  s.manifest.motion.directions = {{0, {0, -1}}, {1, {0, 1}}, {2, {1, 0}}, {3, {-1, 0}}};
  s.entities.resize(2);
  return s;
}

EntityFrame ef(uint8_t input, int x, int y, int dir, int ax, int ay) {
  EntityFrame e;
  e.input = input;
  e.before = {x, y, dir};
  e.after = {ax, ay, dir};
  return e;
}

Recording recordingOf(const std::vector<std::vector<EntityFrame>>& frames) {
  Recording r;
  r.fieldNames = {"x", "y", "dir"};
  for (const auto& f : frames) r.frames.push_back(FrameRecord{f});
  return r;
}

TEST(IntendedMotion, InputSlotsUseButtonsOthersTheirDirection) {
  Scenario s = syntheticScenario();
  const std::vector<std::string> names{"x", "y", "dir"};
  EXPECT_EQ(intendedMotion(s.manifest, names, {0, 0, 0}, 0, kButtonRight | kButtonUp),
            (Motion{2, -2}));
  EXPECT_EQ(intendedMotion(s.manifest, names, {0, 0, 0}, 0, kButtonLeft | kButtonRight),
            (Motion{0, 0}));
  EXPECT_EQ(intendedMotion(s.manifest, names, {0, 0, 3}, 1, kButtonRight), (Motion{-2, 0}));
  EXPECT_EQ(intendedMotion(s.manifest, names, {0, 0, 9}, 1, 0), (Motion{0, 0}));
  s.manifest.fields["speed"] = FieldBinding{};
  s.manifest.motion.from = IntentSource::Speed;  // what a version-1 file with "speed" loads as
  s.manifest.motion.speedField = "speed";
  EXPECT_EQ(intendedMotion(s.manifest, {"x", "y", "dir", "speed"}, {0, 0, 1, 5}, 1, 0),
            (Motion{0, 5}));
}

TEST(ClassifyRecording, OneVerdictPerFramePerEntity) {
  Scenario s = syntheticScenario();
  // Entity 0 follows the pad (speed 2), entity 1 walks down (dir 1).
  Recording r = recordingOf({{ef(kButtonRight, 8, 8, 2, 10, 8), ef(0, 16, 8, 1, 18, 8)},
                             {ef(kButtonRight, 10, 8, 2, 12, 8), ef(0, 16, 8, 1, 16, 10)}});
  auto v = classifyRecording(s, r);
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0].verdict, Verdict::Ok);
  EXPECT_EQ(v[1].verdict, Verdict::FalseBlock);  // sideways instead of down: y refused
  EXPECT_EQ(v[1].entity, 1);
  EXPECT_EQ(v[2].frame, 1);
  EXPECT_EQ(v[3].verdict, Verdict::Ok);
}

TEST(ClassifyRecording, RoutineFaultFromHaltOrBadWrite) {
  Scenario s = syntheticScenario();
  EntityFrame jam = ef(kButtonRight, 8, 8, 2, 10, 8);
  jam.halt = HaltKind::Jam;
  EntityFrame scribble = ef(kButtonRight, 8, 8, 2, 10, 8);
  scribble.badWrite = true;
  auto v = classifyRecording(s, recordingOf({{jam}, {scribble}}));
  EXPECT_EQ(v[0].verdict, Verdict::RoutineFault);
  EXPECT_NE(v[0].message.find("JAM"), std::string::npos) << v[0].message;
  EXPECT_EQ(v[1].verdict, Verdict::RoutineFault);
  EXPECT_EQ(v[1].oracleX, 10);
}

TEST(ClassifyRecording, JitterWhenPositionAlternatesUnderConstantInput) {
  Scenario s = syntheticScenario();
  // Pushing right against the wall: flush at 48, the routine bounces 46 <-> 48.
  Recording r = recordingOf({{ef(kButtonRight, 46, 8, 2, 48, 8)},
                             {ef(kButtonRight, 48, 8, 2, 46, 8)},
                             {ef(kButtonRight, 46, 8, 2, 48, 8)},
                             {ef(0, 48, 8, 2, 48, 8)}});
  auto v = classifyRecording(s, r);
  EXPECT_EQ(v[0].verdict, Verdict::Jitter);
  EXPECT_EQ(v[1].verdict, Verdict::Jitter);
  EXPECT_EQ(v[2].verdict, Verdict::Jitter);
  EXPECT_EQ(v[3].verdict, Verdict::Ok);
  // The same positions with the input changing are not jitter.
  Recording r2 = recordingOf({{ef(kButtonRight, 46, 8, 2, 48, 8)},
                              {ef(kButtonLeft, 48, 8, 2, 46, 8)},
                              {ef(kButtonRight, 46, 8, 2, 48, 8)}});
  auto v2 = classifyRecording(s, r2);
  for (const auto& f : v2) EXPECT_EQ(f.verdict, Verdict::Ok) << f.message;
}

TEST(ClassifyRecording, WrappingPastZeroIsAMoveOutOfTheRoom) {
  Scenario s = syntheticScenario();
  s.map = roomOf({"......", "......"});
  // x 1 moving left by 2 wraps the 8-bit field to 255: that is x = -1, outside.
  auto v = classifyRecording(s, recordingOf({{ef(kButtonLeft, 1, 0, 3, 255, 0)}}));
  EXPECT_EQ(v[0].routineX, -1);
  EXPECT_EQ(v[0].oracleX, 0);
  EXPECT_EQ(v[0].verdict, Verdict::Clip);
  EXPECT_EQ(v[0].cell, (CellPos{-1, 0}));
  s.oracle.outsideSolid = false;
  auto open = classifyRecording(s, recordingOf({{ef(kButtonLeft, 1, 0, 3, 255, 0)}}));
  EXPECT_EQ(open[0].verdict, Verdict::Ok);
}

}  // namespace
}  // namespace core
