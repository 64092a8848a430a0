// A scenario made from nothing in the GUI (issue 21 item 4), in scripted runs
// under a virtual X server: --new-scenario with a routine, a room size and a
// name, entities added, duplicated, renamed and removed, input filled, then
// Save as; the saved file loads in core and runs in `collido run`. Bad answers
// are refused with the reason (exit 2), and File > New room starts clean.
// Skipped without xvfb-run.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"
#include "core/sim/scenario.h"

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

class GuiNewScenario : public app::test::GuiRunTest {
 protected:
  GuiNewScenario() : GuiRunTest("collidoscope_new_scenario_") {}
  static bool has(const std::string& output, const std::string& text) {
    return output.find(text) != std::string::npos;
  }
  // Game Boy routines: the built-in assembler, no external tool needed. The
  // swept one holds one entity (no stride); the per-axis one an array of them.
  const std::string swept_ = repoFile("assets/routines/seed004_swept/manifest.json");
  const std::string perAxis_ = repoFile("assets/routines/seed001_peraxis/manifest.json");
};

}  // namespace

TEST_F(GuiNewScenario, AScenarioFromNothingIsSavedAndRunsInTheCli) {
  const std::string saved = path("demo.scenario.json");
  const std::string shot = path("demo.png");
  auto r = gui("--new-scenario " + quote(perAxis_) +
               " --room-size 32x30 --name demo --add-entity 40,40 --add-entity 100,60"
               " --duplicate-entity 0 --rename-entity 2,hero --remove-entity 1"
               " --fill-input 0,40,R --fill-input 40,20,D --save-as " +
               quote(saved) + " --frames 3 --screenshot " + quote(shot));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output,
                  "script: new scenario \"demo\", 32x30 cells of 8 px, routine "
                  "seed001_peraxis, 0 entities"))
      << r.output;
  EXPECT_TRUE(has(r.output, "script: added entity \"entity 1\" at (40, 40)")) << r.output;
  EXPECT_TRUE(has(r.output, "script: duplicated entity 0 as \"entity 3\"")) << r.output;
  EXPECT_TRUE(has(r.output, "script: renamed entity 2 to \"hero\"")) << r.output;

  core::Scenario back;
  std::string error;
  ASSERT_TRUE(core::loadScenario(saved, back, &error)) << error;
  EXPECT_EQ(back.name, "demo");
  EXPECT_EQ(back.map.room.width, 32);
  EXPECT_EQ(back.map.room.height, 30);
  EXPECT_EQ(back.map.room.cellSize, 8);
  EXPECT_EQ(back.mapPath, path("demo.map.json"));  // the map beside it
  ASSERT_EQ(back.entities.size(), 2u);
  EXPECT_EQ(back.entities[0].name, "entity 1");
  EXPECT_EQ(back.entities[0].x, 40);
  EXPECT_EQ(back.entities[1].name, "hero");  // the copy of entity 1, one cell right
  EXPECT_EQ(back.entities[1].x, 48);
  EXPECT_EQ(back.entities[1].y, 40);
  EXPECT_FALSE(back.entities[0].colour == back.entities[1].colour);
  ASSERT_EQ(back.input.size(), 60u);
  EXPECT_EQ(back.input[0], core::kButtonRight);
  EXPECT_EQ(back.input[59], core::kButtonDown);
  EXPECT_EQ(back.frames, 60);
  EXPECT_TRUE(back.expect.empty());

  // The CLI runs it: 2 entities x 60 frames, every call judged.
  auto run = runProcess(std::string(COLLIDO_EXE) + " run " + quote(saved));
  EXPECT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.output;
  EXPECT_TRUE(has(run.output, "120 call(s): ok")) << run.output;
  EXPECT_TRUE(has(run.output, "hero")) << run.output;

  app::RgbaImage png;
  ASSERT_TRUE(app::readPng(shot, png, &error)) << error;
  EXPECT_EQ(png.width, 1600);
  EXPECT_FALSE(png.isFlat());
}

TEST_F(GuiNewScenario, BadAnswersAreRefusedWithTheReason) {
  auto r = gui("--new-scenario " + quote(path("nope.json")) + " --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "--new-scenario: New scenario: routine:")) << r.output;

  r = gui("--new-scenario " + quote(swept_) + " --room-size 12 --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "COLUMNSxROWS")) << r.output;

  // A room larger than the routine's 32 x 32 table does not encode.
  r = gui("--new-scenario " + quote(swept_) + " --room-size 40x10 --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;

  // Nothing to save until an entity is placed: a scenario file needs one.
  r = gui("--new-scenario " + quote(swept_) + " --save-as " + quote(path("x.scenario.json")) +
          " --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "Place an entity first")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(path("x.scenario.json")));

  r = gui("--new-scenario " + quote(swept_) + " --add-entity 40,40 --rename-entity 0,  --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "needs a name")) << r.output;

  r = gui("--new-scenario " + quote(swept_) + " --add-entity 40 --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "is not X,Y")) << r.output;

  // The swept routine keeps one entity (its x and y have no stride): a second is refused.
  r = gui("--new-scenario " + quote(swept_) + " --add-entity 40,40 --add-entity 80,40 --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "holds one entity")) << r.output;
}

TEST_F(GuiNewScenario, TheRoutinesTableCountLimitsAddingEntities) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  // tables_pair's enemies table holds 2: a third is refused, saying so.
  const std::string pair = repoFile("maps/tables_pair.scenario.json");
  auto r = gui(quote(pair) + " --add-entity 60,60,enemies --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "holds 2 entities, all placed")) << r.output;
  EXPECT_TRUE(has(r.output, "tables.enemies.count")) << r.output;
  // The castle's routine keeps its entities in 4-byte arrays: the one-way
  // room (3 entities) takes a fourth, the castle (4) no fifth.
  r = gui(quote(repoFile("maps/seed002_oneway.scenario.json")) + " --add-entity 60,60 --frames 2");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "script: added entity \"entity 1\" at (60, 60)")) << r.output;
  r = gui(quote(repoFile("maps/seed002_castle.scenario.json")) + " --add-entity 60,60 --frames 2");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "The routine's memory cannot hold 5 entities: entity.fields.y"))
      << r.output;
}

TEST_F(GuiNewScenario, NewRoomKeepsTheRoutineAndDropsEntitiesAndInput) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  const std::string castle = repoFile("maps/seed002_castle.scenario.json");
  auto r = gui(quote(castle) + " --new-room --frames 2");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output,
                  "new-room: 16x15 cells, routine seed002_mrn, 0 entities, 0 input "
                  "frames"))
      << r.output;
}

#endif
