// Lost work, scripted under a virtual X server (issue 33, item 5): a map,
// scenario or routine source another program changes while it is open is
// never overwritten by Save without asking (overwrite, reload or cancel, with
// what differs), is reloaded silently when it has no unsaved edits, and
// opening another document with an unsaved routine edit asks first.
//
// Each test works on a copy of the castle (scenario, map and routine) in its
// own folder: --change-on-disk writes a prepared file over one of them as
// another program would, and --answer presses the prompt's button.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/map/map_file.h"
#include "core/sim/scenario.h"
#include "core/util/files.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::repoFile;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

constexpr int kPaintCol = 2, kPaintRow = 3;  // our unsaved edit
constexpr int kTheirCol = 5, kTheirRow = 6;  // the other program's

class GuiLostWork : public app::test::GuiRunTest {
 protected:
  GuiLostWork() : GuiRunTest("collidoscope_lost_work_") {}
  void SetUp() override {
    GuiRunTest::SetUp();
    if (IsSkipped()) return;
    std::error_code ec;
    fs::copy(repoFile("assets/routines/seed002_mrn"), path("routine"), fs::copy_options::recursive,
             ec);
    ASSERT_FALSE(ec) << ec.message();
    std::string error;
    core::Scenario s;
    ASSERT_TRUE(core::loadScenario(repoFile("maps/seed002_castle.scenario.json"), s, &error))
        << error;
    original_ = s.map;
    s.mapPath = mapFile();
    s.manifestPath = path("routine/manifest.json");
    ASSERT_TRUE(core::saveMap(mapFile(), s.map, &error)) << error;
    ASSERT_TRUE(core::saveScenario(scenarioFile(), s, &error)) << error;
    const core::Room& room = s.map.room;
    ours_ = room.at(kPaintCol, kPaintRow) == 1 ? 2 : 1;
    theirs_ = room.at(kTheirCol, kTheirRow) == 3 ? 4 : 3;
    // The other program's version of the map: one other cell.
    core::MapDocument other = s.map;
    other.room.at(kTheirCol, kTheirRow) = uint16_t(theirs_);
    ASSERT_TRUE(core::saveMap(path("theirs.map.json"), other, &error)) << error;
    // ... and of the routine's first source: a line added at its top.
    auto text = core::readTextFile(routineFile(), &error);
    ASSERT_TRUE(text) << error;
    routineText_ = *text;
    ASSERT_TRUE(core::writeFileAtomic(path("theirs.s"), "; theirs\n" + *text, &error, false));
  }
  std::string scenarioFile() const { return path("castle.scenario.json"); }
  std::string mapFile() const { return path("castle.map.json"); }
  std::string routineFile() const { return path("routine/collision.s"); }
  std::string paint() const {
    return " --paint " + std::to_string(kPaintCol) + "," + std::to_string(kPaintRow) + "," +
           std::to_string(ours_);
  }
  // The map file as the test made it (a run changed it).
  void restoreMap() {
    std::string error;
    ASSERT_TRUE(core::saveMap(mapFile(), original_, &error)) << error;
  }
  // The map file on disk now.
  core::Room mapOnDisk() const {
    core::MapDocument m;
    std::string error;
    EXPECT_TRUE(core::loadMap(mapFile(), m, &error)) << error;
    return m.room;
  }
  // Lines of the routine's first source as the test found it.
  int lineCount() const { return int(std::count(routineText_.begin(), routineText_.end(), '\n')); }
  std::string fileText(const std::string& p) const {
    std::string error;
    auto text = core::readTextFile(p, &error);
    EXPECT_TRUE(text) << error;
    return text.value_or("");
  }
  static bool has(const app::test::ProcessResult& r, const std::string& s) {
    return r.output.find(s) != std::string::npos;
  }

  core::MapDocument original_;
  int ours_ = 1, theirs_ = 3;
  std::string routineText_;
};

TEST_F(GuiLostWork, SaveAsksBeforeOverwritingAMapChangedOnDiskAndCancelKeepsTheirs) {
  auto r = gui(quote(scenarioFile()) + paint() +
               " --change-on-disk map=" + quote(path("theirs.map.json")) +
               " --save --answer cancel --print-document" + " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "prompt: changed on disk (on save)")) << r.output;
  EXPECT_TRUE(has(r, "prompt:   map " + mapFile())) << r.output;
  // What differs: their cell and ours, each with both values.
  EXPECT_TRUE(has(r, "2 of 240 cells differ")) << r.output;
  EXPECT_TRUE(has(r, "(" + std::to_string(kTheirCol) + "," + std::to_string(kTheirRow) + ") " +
                         std::to_string(theirs_) + " on disk"))
      << r.output;
  EXPECT_TRUE(has(r, "(" + std::to_string(kPaintCol) + "," + std::to_string(kPaintRow) + ") " +
                         std::to_string(original_.room.at(kPaintCol, kPaintRow)) + " on disk, " +
                         std::to_string(ours_) + " here"))
      << r.output;
  EXPECT_TRUE(has(r, "script: save: not saved")) << r.output;
  EXPECT_TRUE(has(r, "answered \"cancel\" to changed on disk")) << r.output;
  const core::Room disk = mapOnDisk();
  EXPECT_EQ(disk.at(kTheirCol, kTheirRow), theirs_) << "their change was overwritten";
  EXPECT_EQ(disk.at(kPaintCol, kPaintRow), original_.room.at(kPaintCol, kPaintRow));
  EXPECT_TRUE(has(r, "document: unsaved: map")) << "our edit is still there, unsaved\n" << r.output;
}

TEST_F(GuiLostWork, OverwriteWritesOursAndReloadTakesTheirs) {
  auto r = gui(quote(scenarioFile()) + paint() +
               " --change-on-disk map=" + quote(path("theirs.map.json")) +
               " --save --answer overwrite --print-document" + " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "prompt: changed on disk (on save)")) << r.output;
  core::Room disk = mapOnDisk();
  EXPECT_EQ(disk.at(kPaintCol, kPaintRow), ours_) << r.output;
  EXPECT_EQ(disk.at(kTheirCol, kTheirRow), original_.room.at(kTheirCol, kTheirRow))
      << "Overwrite writes our version, whole";
  EXPECT_TRUE(has(r, "document: unsaved:\n")) << r.output;

  // Reload: their version is the document, ours is gone, the file untouched.
  restoreMap();
  r = gui(quote(scenarioFile()) + paint() +
          " --change-on-disk map=" + quote(path("theirs.map.json")) +
          " --save --answer reload --print-document" + " --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "Reloaded castle.map.json from disk (your edits to it dropped)")) << r.output;
  disk = mapOnDisk();
  EXPECT_EQ(disk.at(kTheirCol, kTheirRow), theirs_);
  EXPECT_EQ(disk.at(kPaintCol, kPaintRow), original_.room.at(kPaintCol, kPaintRow));
  EXPECT_TRUE(has(r, "document: unsaved:\n")) << r.output;
}

TEST_F(GuiLostWork, AChangeNoticedWhileEditingAsksAndAChangeToACleanPartReloadsSilently) {
  // Unsaved map edits: the change is noticed and asked about at once.
  auto r = gui(quote(scenarioFile()) + paint() + " --change-on-disk map=" +
               quote(path("theirs.map.json")) + " --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "prompt: changed on disk\n")) << r.output;
  EXPECT_TRUE(has(r, "document: unsaved: map")) << r.output;

  // Only the scenario is edited: their map is taken silently, the rename stays
  // unsaved, and Save writes the scenario alone, leaving their map as it is.
  restoreMap();
  r = gui(quote(scenarioFile()) + " --rename-entity 0,hero --change-on-disk map=" +
          quote(path("theirs.map.json")) + " --save --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(has(r, "prompt:")) << r.output;
  EXPECT_TRUE(has(r,
                  "castle.map.json changed on disk: reloaded (your unsaved edits to the other "
                  "part kept)"))
      << r.output;
  EXPECT_TRUE(has(r, "script: save: Saved " + scenarioFile())) << r.output;
  EXPECT_EQ(mapOnDisk().at(kTheirCol, kTheirRow), theirs_);
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(scenarioFile(), s, &error)) << error;
  EXPECT_EQ(s.entities[0].name, "hero");
  EXPECT_TRUE(has(r, "document: unsaved:\n")) << r.output;
}

TEST_F(GuiLostWork, AScenarioChangedOnDiskIsReloadedWhenCleanAndAskedAboutWhenEdited) {
  // Their scenario: npc 1 moved 16 px right.
  core::Scenario theirs;
  std::string error;
  ASSERT_TRUE(core::loadScenario(scenarioFile(), theirs, &error)) << error;
  const core::Scenario ours = theirs;
  theirs.entities[1].x += 16;
  ASSERT_TRUE(core::saveScenario(path("theirs.scenario.json"), theirs, &error)) << error;

  auto r = gui(quote(scenarioFile()) + " --change-on-disk scenario=" +
               quote(path("theirs.scenario.json")) + " --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(has(r, "prompt:")) << r.output;
  EXPECT_TRUE(has(r, "castle.scenario.json changed on disk: reloaded")) << r.output;
  EXPECT_TRUE(has(r, "document: unsaved:\n")) << r.output;

  ASSERT_TRUE(core::saveScenario(scenarioFile(), ours, &error)) << error;
  r = gui(quote(scenarioFile()) + " --rename-entity 0,hero --change-on-disk scenario=" +
          quote(path("theirs.scenario.json")) + " --save --answer cancel --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "prompt:   scenario " + scenarioFile())) << r.output;
  EXPECT_TRUE(has(r, "2 entities differ: 0 \"hero\" (name \"player\" on disk); 1 \"npc 1\" (at (" +
                         std::to_string(theirs.entities[1].x) + ","))
      << r.output;
  ASSERT_TRUE(core::loadScenario(scenarioFile(), theirs, &error)) << error;
  EXPECT_EQ(theirs.entities[0].name, "player") << "their file was overwritten";
  EXPECT_EQ(theirs.entities[1].x, ours.entities[1].x + 16);
}

TEST_F(GuiLostWork, ARoutineSourceChangedOnDiskIsNotOverwrittenWithoutAsking) {
  auto r = gui(quote(scenarioFile()) + " --append-routine '; mine' --change-on-disk routine=" +
               quote(path("theirs.s")) + " --save --answer cancel --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "prompt:   routine source " + routineFile())) << r.output;
  EXPECT_TRUE(has(r, "1 line only on disk, 1 only here, in 2 places")) << r.output;
  EXPECT_TRUE(has(r, "only on disk, line 1: \"; theirs\"")) << r.output;
  EXPECT_TRUE(has(r, "only here, line " + std::to_string(lineCount() + 1) + ": \"; mine\""))
      << r.output;
  EXPECT_EQ(fileText(routineFile()), "; theirs\n" + routineText_);
  EXPECT_TRUE(has(r, "document: unsaved: routine:collision.s")) << r.output;

  // Overwrite: ours goes to disk.
  r = gui(quote(scenarioFile()) + " --append-routine '; mine' --change-on-disk routine=" +
          quote(path("theirs.s")) + " --save --answer overwrite --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(fileText(routineFile()), "; theirs\n" + routineText_ + "; mine\n") << r.output;
  EXPECT_TRUE(has(r, "document: unsaved:\n")) << r.output;
}

TEST_F(GuiLostWork, OpeningAnotherScenarioWithAnUnsavedRoutineEditAsksFirst) {
  const std::string other = repoFile("maps/seed002_castle.scenario.json");
  // Cancel: the document and the edit stay.
  auto r = gui(quote(scenarioFile()) + " --append-routine '; unsaved' --then-open " + quote(other) +
               " --answer cancel --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "prompt: save changes?")) << r.output;
  EXPECT_TRUE(has(r, "prompt:   routine file " + routineFile())) << r.output;
  EXPECT_TRUE(has(r, "document: scenario " + scenarioFile())) << r.output;
  EXPECT_TRUE(has(r, "document: unsaved: routine:collision.s")) << r.output;
  EXPECT_EQ(fileText(routineFile()), routineText_);

  // Save: the edit is written, then the other opens.
  r = gui(quote(scenarioFile()) + " --append-routine '; unsaved' --then-open " + quote(other) +
          " --answer save --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(fileText(routineFile()), routineText_ + "; unsaved\n") << r.output;
  EXPECT_TRUE(has(r, "document: scenario " + other)) << r.output;

  // Discard: the other opens and the file keeps what the last run saved.
  r = gui(quote(scenarioFile()) + " --append-routine '; dropped' --then-open " + quote(other) +
          " --answer discard --print-document --frames 3");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r, "document: scenario " + other)) << r.output;
  EXPECT_EQ(fileText(routineFile()), routineText_ + "; unsaved\n");
}

}  // namespace
#endif
