// Edit commands and the undo/redo history (core/edit), the scenario save they
// end in, and the re-simulation an edit triggers.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "core/edit/history.h"
#include "core/map/map_file.h"
#include "core/sim/simulation.h"

namespace fs = std::filesystem;

namespace {

core::Scenario blankScenario() {
  core::Scenario s;
  s.name = "test";
  s.map = core::makeDefaultMap(8, 6, 16);
  core::EntitySpec player;
  player.name = "player";
  player.x = 32;
  player.y = 40;
  s.entities.push_back(player);
  s.input = {0, core::kButtonRight, core::kButtonRight};
  s.frames = 3;
  return s;
}

void push(core::EditHistory& h, core::Scenario& s, const std::optional<core::Edit>& e) {
  ASSERT_TRUE(e.has_value());
  h.push(s, *e);
}

std::string repo(const std::string& rel) {
  return std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + rel;
}

}  // namespace

TEST(EditCommands, NoOpEditsAreNotMade) {
  core::Scenario s = blankScenario();
  EXPECT_FALSE(core::makePaintCell(s, 0, 0, 1));   // already block
  EXPECT_FALSE(core::makePaintCell(s, 8, 0, 0));   // outside the room
  EXPECT_FALSE(core::makePaintCell(s, 1, 1, 99));  // no such metatile
  EXPECT_FALSE(core::makeSetCollision(s, 1, core::kSolid));
  EXPECT_FALSE(core::makeMoveEntity(s, 0, 32, 40));
  EXPECT_FALSE(core::makeMoveEntity(s, 3, 0, 0));
  EXPECT_FALSE(core::makeSetButton(s, 1, core::kButtonRight, true));
  EXPECT_FALSE(core::makeSetHitbox(s, 0, core::Hitbox{0, 0, 0, 4}));  // zero width
  EXPECT_FALSE(core::makeRenameOpcode(s, 4, "x"));
  EXPECT_FALSE(core::makeSetFrameCount(s, 3));
}

TEST(EditCommands, EachKindAppliesAndReverts) {
  const core::Scenario original = blankScenario();
  core::Scenario s = original;
  std::vector<core::Edit> edits = {
      *core::makePaintCell(s, 2, 3, 4),
      *core::makeToggleCollision(s, 0, core::kBlockUp | 0x20),
      *core::makeRenameOpcode(s, 1, "rope"),
      *core::makeRenameMetatile(s, 2, "wall"),
      *core::makeMoveEntity(s, 0, 50, 60),
      *core::makeSetHitbox(s, 0, core::Hitbox{2, 3, 12, 13}),
      *core::makeSetButton(s, 5, core::kButtonA, true),
  };
  for (const auto& e : edits) core::applyEdit(s, e, true);
  EXPECT_EQ(s.map.room.at(2, 3), 4);
  EXPECT_EQ(s.map.metatiles.metatiles[0].collision, core::kBlockUp | 0x20);
  EXPECT_EQ(s.map.metatiles.opcodeNames[1], "rope");
  EXPECT_EQ(s.map.metatiles.metatiles[2].name, "wall");
  EXPECT_EQ(s.entities[0].x, 50);
  EXPECT_EQ(s.entities[0].y, 60);
  EXPECT_EQ(s.entities[0].hitbox, (core::Hitbox{2, 3, 12, 13}));
  // Frame 5 lies past the 3-frame script: the script and the frame count grow.
  ASSERT_EQ(s.input.size(), 6u);
  EXPECT_EQ(s.input[5], core::kButtonA);
  EXPECT_EQ(s.input[4], 0);
  EXPECT_EQ(s.frames, 6);
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) core::applyEdit(s, *it, false);
  EXPECT_EQ(s.map.room.cells, original.map.room.cells);
  EXPECT_EQ(s.map.metatiles.metatiles[0].collision, 0);
  EXPECT_EQ(s.map.metatiles.opcodeNames, original.map.metatiles.opcodeNames);
  EXPECT_EQ(s.map.metatiles.metatiles[2].name, original.map.metatiles.metatiles[2].name);
  EXPECT_EQ(s.entities[0].x, 32);
  EXPECT_FALSE(s.entities[0].hitbox.has_value());
  EXPECT_EQ(s.input, original.input);
  EXPECT_EQ(s.frames, 3);
}

TEST(EditCommands, FillInputSetsARangeAndGrowsTheScript) {
  core::Scenario s = blankScenario();
  core::applyEdit(s, *core::makeFillInput(s, 1, 4, core::kButtonUp));
  EXPECT_EQ(s.input, (std::vector<uint8_t>{0, core::kButtonUp, core::kButtonUp, core::kButtonUp,
                                           core::kButtonUp}));
  EXPECT_EQ(s.frames, 5);
  EXPECT_FALSE(core::makeFillInput(s, 1, 4, core::kButtonUp));
  EXPECT_FALSE(core::makeFillInput(s, -1, 4, 0));
}

TEST(EditCommands, MapEditsAreToldApartFromScenarioEdits) {
  core::Scenario s = blankScenario();
  EXPECT_TRUE(core::editTouchesMap(*core::makePaintCell(s, 1, 1, 2)));
  EXPECT_TRUE(core::editTouchesMap(*core::makeSetCollision(s, 0, 3)));
  EXPECT_TRUE(core::editTouchesMap(*core::makeRenameOpcode(s, 0, "lava")));
  EXPECT_TRUE(core::editTouchesMap(*core::makeRenameMetatile(s, 0, "air")));
  EXPECT_FALSE(core::editTouchesMap(*core::makeMoveEntity(s, 0, 1, 1)));
  EXPECT_FALSE(core::editTouchesMap(*core::makeSetInput(s, 0, core::kButtonB)));
}

TEST(EditHistory, UndoRedoRestoresEveryState) {
  core::Scenario s = blankScenario();
  core::EditHistory h;
  push(h, s, core::makePaintCell(s, 1, 1, 2));
  push(h, s, core::makeMoveEntity(s, 0, 10, 20));
  EXPECT_EQ(h.undoLabel(), "Move entity");
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.entities[0].x, 32);
  EXPECT_EQ(s.map.room.at(1, 1), 2);
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.map.room.at(1, 1), 0);
  EXPECT_FALSE(h.undo(s));
  EXPECT_EQ(h.redoLabel(), "Paint");
  ASSERT_TRUE(h.redo(s));
  ASSERT_TRUE(h.redo(s));
  EXPECT_EQ(s.map.room.at(1, 1), 2);
  EXPECT_EQ(s.entities[0].x, 10);
  EXPECT_FALSE(h.redo(s));
}

TEST(EditHistory, PushAfterUndoDropsTheRedoSteps) {
  core::Scenario s = blankScenario();
  core::EditHistory h;
  push(h, s, core::makePaintCell(s, 1, 1, 2));
  push(h, s, core::makePaintCell(s, 2, 1, 3));
  h.undo(s);
  push(h, s, core::makePaintCell(s, 3, 1, 4));
  EXPECT_FALSE(h.canRedo());
  EXPECT_EQ(h.steps(), 2u);
  h.undo(s);
  h.undo(s);
  EXPECT_EQ(s.map.room.at(1, 1), 0);
  EXPECT_EQ(s.map.room.at(2, 1), 0);
  EXPECT_EQ(s.map.room.at(3, 1), 0);
}

TEST(EditHistory, AGroupIsOneStepAndMergesTheSameTarget) {
  core::Scenario s = blankScenario();
  core::EditHistory h;
  h.beginGroup("Paint");
  for (int c = 1; c <= 4; ++c) push(h, s, core::makePaintCell(s, c, 2, 3));
  h.endGroup();
  // A drag of one entity: many moves, one step whose undo goes back to the start.
  h.beginGroup("Move entity");
  for (int x = 33; x < 60; ++x) push(h, s, core::makeMoveEntity(s, 0, x, 40));
  h.endGroup();
  // An empty group (a click that changed nothing) leaves no step.
  h.beginGroup("Paint");
  h.endGroup();
  EXPECT_EQ(h.steps(), 2u);
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.entities[0].x, 32);
  EXPECT_EQ(s.map.room.at(4, 2), 3);
  ASSERT_TRUE(h.undo(s));
  for (int c = 1; c <= 4; ++c) EXPECT_EQ(s.map.room.at(c, 2), 0);
  EXPECT_FALSE(h.canUndo());
}

TEST(EditHistory, DirtyFollowsTheSavedStatePerPart) {
  core::Scenario s = blankScenario();
  core::EditHistory h;
  EXPECT_FALSE(h.dirty());
  push(h, s, core::makePaintCell(s, 1, 1, 2));
  EXPECT_TRUE(h.dirty(core::DocPart::Map));
  EXPECT_FALSE(h.dirty(core::DocPart::Scenario));
  h.markSaved(core::DocPart::Map);
  EXPECT_FALSE(h.dirty());
  push(h, s, core::makeMoveEntity(s, 0, 1, 2));
  EXPECT_FALSE(h.dirty(core::DocPart::Map));
  EXPECT_TRUE(h.dirty(core::DocPart::Scenario));
  h.undo(s);
  EXPECT_FALSE(h.dirty());
  // Undo past the save: the map differs from the file again.
  h.undo(s);
  EXPECT_TRUE(h.dirty(core::DocPart::Map));
  // A new edit on this branch makes the saved map state unreachable for good.
  push(h, s, core::makePaintCell(s, 2, 2, 2));
  h.undo(s);
  EXPECT_TRUE(h.dirty(core::DocPart::Map));
}

TEST(EditHistory, OldStepsAreDroppedPastTheLimit) {
  core::Scenario s = blankScenario();
  core::EditHistory h(3);
  for (int c = 1; c <= 5; ++c) push(h, s, core::makePaintCell(s, c, 1, 2));
  EXPECT_EQ(h.steps(), 3u);
  while (h.undo(s)) {
  }
  EXPECT_EQ(s.map.room.at(1, 1), 2);  // the two oldest steps are kept applied
  EXPECT_EQ(s.map.room.at(3, 1), 0);
  EXPECT_TRUE(h.dirty(core::DocPart::Map));  // the saved (empty) state is gone
}

TEST(ScenarioSave, RoundTripsEditsThroughTheFiles) {
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), s, &error)) << error;
  fs::path dir = fs::temp_directory_path() / ("collido_edit_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  core::EditHistory h;
  push(h, s, core::makePaintCell(s, 3, 3, 1));
  push(h, s, core::makeMoveEntity(s, 0, s.entities[0].x + 5, s.entities[0].y));
  push(h, s, core::makeSetHitbox(s, 0, core::Hitbox{1, 2, 9, 11}));
  push(h, s, core::makeSetButton(s, 2, core::kButtonB, true));
  push(h, s, core::makeRenameOpcode(s, 3, "spikes"));
  s.mapPath = (dir / "room.map.json").string();
  const std::string path = (dir / "room.scenario.json").string();
  ASSERT_TRUE(core::saveMap(s.mapPath, s.map, &error)) << error;
  ASSERT_TRUE(core::saveScenario(path, s, &error)) << error;

  core::Scenario back;
  ASSERT_TRUE(core::loadScenario(path, back, &error)) << error;
  EXPECT_EQ(back.map.room.cells, s.map.room.cells);
  EXPECT_EQ(back.map.metatiles.opcodeNames[3], "spikes");
  EXPECT_EQ(back.entities[0].x, s.entities[0].x);
  EXPECT_EQ(back.entities[0].hitbox, s.entities[0].hitbox);
  EXPECT_EQ(back.input, s.input);
  EXPECT_EQ(back.frames, s.frames);
  EXPECT_EQ(fs::weakly_canonical(back.manifestPath), fs::weakly_canonical(s.manifestPath));
  fs::remove_all(dir);
}

TEST(EditResimulation, AnEditChangesWhatTheRoutineDoes) {
  if (std::system("command -v ca65 >/dev/null 2>&1 && command -v ld65 >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), s, &error)) << error;
  core::Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const core::Recording before = sim.recording();
  // Wall the player in where it starts: its cell and every neighbour become solid.
  core::EditHistory h;
  core::Scenario& sc = sim.scenario();
  const core::Hitbox hb = sc.hitboxOf(0);
  const int size = sc.map.room.cellSize;
  const int col = (sc.entities[0].x - sc.manifest.originX + hb.x) / size;
  const int row = (sc.entities[0].y - sc.manifest.originY + hb.y) / size;
  h.beginGroup("Paint");
  for (int r = row - 2; r <= row + 3; ++r)
    for (int c = col - 2; c <= col + 3; ++c)
      if (r < row || r > row + 1 || c < col || c > col + 1)
        if (auto e = core::makePaintCell(sc, c, r, 1)) h.push(sc, *e);
  h.endGroup();
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_FALSE(before == sim.recording());
  h.undo(sc);
  EXPECT_EQ(sc.map.room.cells, s.map.room.cells);
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const core::Recording& again = sim.recording();
  ASSERT_EQ(again.frames.size(), before.frames.size());
  for (size_t f = 0; f < before.frames.size(); ++f)
    for (size_t e = 0; e < before.frames[f].entities.size(); ++e) {
      const core::EntityFrame& a = before.frames[f].entities[e];
      const core::EntityFrame& b = again.frames[f].entities[e];
      ASSERT_TRUE(a.after == b.after && a.cellsRead == b.cellsRead && a.cycles == b.cycles)
          << "frame " << f << " entity " << e;
    }
  // Machine state at every keyframe matches too. (Keyframe 0's registers are
  // not compared: simulate() leaves the CPU registers of the previous run in
  // place, and the routines never read them on entry.)
  for (size_t k = 0; k < before.keyframes.size(); ++k) {
    EXPECT_EQ(before.keyframes[k].ram, again.keyframes[k].ram) << "keyframe " << k;
    if (k > 0) {
      EXPECT_EQ(before.keyframes[k].regs, again.keyframes[k].regs) << "keyframe " << k;
    }
  }
}

namespace {

// Seed 002's castle, built and simulated, for the re-simulation tests.
class Resimulation : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::system("command -v ca65 >/dev/null 2>&1 && command -v ld65 >/dev/null 2>&1") != 0)
      GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
    std::string error;
    ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), scenario, &error))
        << error;
    ASSERT_TRUE(sim.build(scenario, &error)) << error;
    ASSERT_TRUE(sim.simulate(&error)) << error;
  }
  // Applies `e`, re-simulates from the frame it says, and checks the result is
  // byte-identical (keyframes included) to a fresh full run of the edited scenario.
  void expectPartialEqualsFull(const core::Edit& e, int expectFromAtLeast) {
    core::Scenario& sc = sim.scenario();
    const int from = core::firstAffectedFrame(e, sim.recording(), sc.map.room.width);
    EXPECT_GE(from, expectFromAtLeast);
    history.push(sc, e);
    std::string error;
    ASSERT_TRUE(sim.simulateFrom(from, core::editTouchesMap(e), &error)) << error;
    core::Simulation fresh;
    ASSERT_TRUE(fresh.build(sc, &error)) << error;
    ASSERT_TRUE(fresh.simulate(&error)) << error;
    EXPECT_TRUE(fresh.recording() == sim.recording());
  }
  core::Scenario scenario;
  core::Simulation sim;
  core::EditHistory history;
};

}  // namespace

TEST_F(Resimulation, AnInputChangeRerunsFromItsFrame) {
  const core::Scenario& sc = sim.scenario();
  EXPECT_EQ(core::firstAffectedFrame(*core::makeSetButton(sc, 150, core::kButtonUp, true),
                                     sim.recording(), sc.map.room.width),
            150);
  expectPartialEqualsFull(*core::makeSetButton(sc, 150, core::kButtonUp, true), 150);
  // Growing the script past the end re-runs from the old end.
  const int frames = sc.frames;
  expectPartialEqualsFull(*core::makeSetButton(sc, frames + 20, core::kButtonLeft, true), frames);
  EXPECT_EQ(int(sim.recording().frames.size()), frames + 21);
}

TEST_F(Resimulation, AMapChangeRerunsFromTheFirstCallThatReadIt) {
  const core::Scenario& sc = sim.scenario();
  const core::Recording& rec = sim.recording();
  // An open cell whose first read comes as late as possible.
  int bestCell = -1, bestFrame = 0;
  std::vector<int> firstRead(size_t(sc.map.room.width * sc.map.room.height), -1);
  for (size_t f = 0; f < rec.frames.size(); ++f)
    for (const auto& e : rec.frames[f].entities)
      for (uint16_t c : e.cellsRead)
        if (firstRead[c] < 0) firstRead[c] = int(f);
  for (size_t c = 0; c < firstRead.size(); ++c)
    if (firstRead[c] > bestFrame && sc.map.room.cells[c] == 0) {
      bestFrame = firstRead[c];
      bestCell = int(c);
    }
  ASSERT_GT(bestFrame, 16) << "no open cell is first read after the first keyframe";
  const int w = sc.map.room.width;
  expectPartialEqualsFull(*core::makePaintCell(sc, bestCell % w, bestCell / w, 1), bestFrame);
  // A cell nobody reads: nothing to re-run, but the keyframes get the new room.
  int unread = -1;
  for (size_t c = 0; c < firstRead.size(); ++c)
    if (firstRead[c] < 0 && sc.map.room.cells[c] == 0) unread = int(c);
  ASSERT_GE(unread, 0);
  expectPartialEqualsFull(*core::makePaintCell(sc, unread % w, unread / w, 2),
                          int(sim.recording().frames.size()));
}

TEST_F(Resimulation, EditsTheRoutineNeverSeesAffectNoFrame) {
  const core::Scenario& sc = sim.scenario();
  const int n = int(sim.recording().frames.size());
  const int w = sc.map.room.width;
  EXPECT_EQ(core::firstAffectedFrame(*core::makeSetHitbox(sc, 0, core::Hitbox{0, 0, 8, 8}),
                                     sim.recording(), w),
            n);
  EXPECT_EQ(core::firstAffectedFrame(*core::makeRenameOpcode(sc, 0, "lava"), sim.recording(), w),
            n);
  EXPECT_EQ(core::firstAffectedFrame(*core::makeMoveEntity(sc, 0, 50, 96), sim.recording(), w), 0);
}
