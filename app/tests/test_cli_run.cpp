// `collido run`'s contract: a verdict per row and a count per verdict; exit 0
// when every frame is ok, 1 when any is not (a routine that writes into its map
// is a ROUTINE-FAULT that says so), 2 for bad input (a table past $FFFF). The
// routines are SM83 (built-in assembler), so no external tool is needed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace {

using app::test::quote;
using app::test::runProcess;
namespace fs = std::filesystem;

using app::test::repoFile;

class CliRun : public app::test::TempDirTest {
 protected:
  CliRun() : TempDirTest("collido_run_") {}

  // A one-entity, 3-frame scenario on the castle map whose routine runs `body`
  // (cells at $C100, 16x15; `cellsLabel` may move the table).
  std::string scenario(const std::string& body, const std::string& cellsLabel = "cells") {
    std::ofstream(dir_ / "r.asm") << "SECTION \"Vars\", WRAM0[$C000]\n"
                                     "ent_x:: db\nent_y:: db\n"
                                     "SECTION \"Map\", WRAM0[$C100]\ncells:: ds 240\n"
                                     "SECTION \"Code\", ROM0[$0150]\nframe::\n"
                                  << body;
    nlohmann::json m = nlohmann::json::parse(R"({
      "format": "collidoscope-routine/1", "cpu": "sm83", "sources": ["r.asm"], "entry": "frame",
      "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
      "map": {"cells": {"stride": 16, "width": 16, "height": 15}},
      "hitbox": {"x": 0, "y": 0, "w": 16, "h": 16}})");
    m["map"]["cells"]["label"] = cellsLabel;
    std::ofstream(dir_ / "manifest.json") << m.dump(1);
    nlohmann::json sc = {{"format", "collidoscope-scenario/1"},
                         {"map", repoFile("maps/seed002_castle.map.json")},
                         {"routine", (dir_ / "manifest.json").string()},
                         {"entities", {{{"x", 32}, {"y", 48}}}},
                         {"frames", 3}};
    std::ofstream(dir_ / "scenario.json") << sc.dump(1);
    return (dir_ / "scenario.json").string();
  }
};

}  // namespace

TEST_F(CliRun, AStillRoutineWithNoInputIsOkAndExitsZero) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(scenario("  ret\n")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("verdict"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("3 call(s): ok 3, CLIP 0"), std::string::npos) << r.output;
}

TEST_F(CliRun, AWriteIntoTheMapIsAFindingThatSaysSo) {
  const std::string sc = scenario("  ld a, 7\n  ld [cells + 17], a\n  ret\n");
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(sc));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("ROUTINE-FAULT"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("wrote $07 into the map at $C111 (cell 1,1)"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("ROUTINE-FAULT 3"), std::string::npos) << r.output;

  const std::string out = (dir_ / "run.json").string();
  r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(sc) + " --json " + quote(out));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  nlohmann::json j = nlohmann::json::parse(std::ifstream(out));
  EXPECT_EQ(j["frames"][0][0]["verdict"], "ROUTINE-FAULT");
  EXPECT_NE(j["frames"][0][0]["message"].get<std::string>().find("into the map"),
            std::string::npos);
  EXPECT_EQ(j["summary"]["ROUTINE-FAULT"], 3);
  EXPECT_EQ(j["summary"]["ok"], 0);
}

TEST_F(CliRun, ALostReturnIsAFindingWithItsReason) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " +
                      quote(scenario("  pop hl\n  ld hl, $D000\n  push hl\n  ret\n")));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("lost return"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(", not by RET"), std::string::npos) << r.output;
}

TEST_F(CliRun, ACellTablePastFFFFIsBadInput) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " +
                      quote(scenario("  ret\n", "cells+16112")));  // $FFF0
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("map.cells: table $FFF0..$100DF runs past $FFFF"), std::string::npos)
      << r.output;
}

// Frame mode (issue 35): the summary counts frames, the game's routine calls and
// the rows apart (it once said "600 call(s): ok 600" for 211 calls). The macro
// game hooks no routine; the ball game lists PointSolid, called several times a
// frame. The Game Boy span games are built by CMake (assets/games/CMakeLists.txt).
#ifdef COLLIDOSCOPE_GAMES_DIR
TEST(CliRunFrameMode, TheSummaryCountsFramesCallsAndRowsApart) {
  const std::string games = COLLIDOSCOPE_GAMES_DIR;
  auto walk = runProcess(std::string(COLLIDO_EXE) + " run " +
                         quote(games + "/gb_macro_walk/gb_macro_walk.scenario.json"));
  EXPECT_EQ(walk.exitCode, 0) << walk.output;
  EXPECT_NE(walk.output.find("690 frame(s), 0 call(s) of the game's routines, 690 row(s) (0 "
                             "with no span: nothing to judge): ok 690, CLIP 0"),
            std::string::npos)
      << walk.output;
  auto ball = runProcess(std::string(COLLIDO_EXE) + " run " +
                         quote(games + "/gb_ball_inline/gb_ball_inline.scenario.json") +
                         " --frames 10");
  EXPECT_EQ(ball.exitCode, 0) << ball.output;
  // 10 frames of a ball moving right along row 2: two x probes a frame, no y move.
  EXPECT_NE(ball.output.find("10 frame(s), 20 call(s) of the game's routines, 10 row(s)"),
            std::string::npos)
      << ball.output;
}
#endif
