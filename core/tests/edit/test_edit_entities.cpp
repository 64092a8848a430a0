// Entity edits (core/edit/entity_edits.cpp): add, remove, duplicate and rename
// apply, undo and redo through the history; the selection follows them; names
// stay unique and non-empty; the routine's tables limit how many fit. Also a
// scenario made from nothing (core/sim/new_scenario.h) and the gamepad's pad
// byte (core/sim/gamepad.h).
#include <gtest/gtest.h>

#include "core/edit/history.h"
#include "core/map/limits.h"
#include "core/sim/gamepad.h"
#include "core/sim/new_scenario.h"
#include "core/tests/sample_test_util.h"

namespace {

using core::test::repoFile;

core::Scenario twoEntities() {
  core::Scenario s;
  s.name = "test";
  s.map = core::makeDefaultMap(8, 6, 16);
  core::EntitySpec a;
  a.name = "player";
  a.x = 32;
  a.y = 40;
  core::EntitySpec b = a;
  b.name = "ghost";
  b.x = 64;
  b.hitbox = core::Hitbox{1, 2, 3, 4};
  s.entities = {a, b};
  s.frames = 10;
  return s;
}

std::vector<std::string> names(const core::Scenario& s) {
  std::vector<std::string> out;
  for (const core::EntitySpec& e : s.entities) out.push_back(e.name);
  return out;
}

core::Scenario loaded(const std::string& rel) {
  core::Scenario s;
  std::string error;
  EXPECT_TRUE(core::loadScenario(repoFile(rel), s, &error)) << error;
  return s;
}

}  // namespace

TEST(EntityEdits, AddAppliesUndoesAndRedoes) {
  core::Scenario s = twoEntities();
  core::EditHistory h;
  std::string error;
  auto e = core::makeAddEntity(s, core::newEntitySpec(s, 100, 50), &error);
  ASSERT_TRUE(e) << error;
  h.push(s, *e);
  ASSERT_EQ(s.entities.size(), 3u);
  EXPECT_EQ(s.entities[2].name, "entity 1");
  EXPECT_EQ(s.entities[2].x, 100);
  EXPECT_EQ(s.entities[2].y, 50);
  // A colour the other two do not use.
  EXPECT_FALSE(s.entities[2].colour == s.entities[0].colour);
  EXPECT_EQ(h.undoLabel(), "Add entity");
  EXPECT_TRUE(h.dirty(core::DocPart::Scenario));
  EXPECT_FALSE(h.dirty(core::DocPart::Map));
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(names(s), (std::vector<std::string>{"player", "ghost"}));
  ASSERT_TRUE(h.redo(s));
  EXPECT_EQ(names(s), (std::vector<std::string>{"player", "ghost", "entity 1"}));
  // A second new entity gets the next free name.
  EXPECT_EQ(core::newEntitySpec(s, 0, 0).name, "entity 2");
}

TEST(EntityEdits, RemovingTheSelectedEntityMovesTheSelection) {
  core::Scenario s = twoEntities();
  s.entities.push_back(s.entities[0]);
  s.entities[2].name = "third";
  core::EditHistory h;
  auto e = core::makeRemoveEntity(s, 1);
  ASSERT_TRUE(e);
  h.push(s, *e);
  EXPECT_EQ(names(s), (std::vector<std::string>{"player", "third"}));
  EXPECT_EQ(h.undoLabel(), "Remove entity");
  // The selected (removed) entity: the one that took its place is selected.
  EXPECT_EQ(core::entitySelectedAfter(*e, true, 1, 2), 1);
  // An entity after it keeps being selected at its new index; one before stays.
  EXPECT_EQ(core::entitySelectedAfter(*e, true, 2, 2), 1);
  EXPECT_EQ(core::entitySelectedAfter(*e, true, 0, 2), 0);
  // Removing the last one selects the one before it.
  auto last = core::makeRemoveEntity(s, 1);
  ASSERT_TRUE(last);
  EXPECT_EQ(core::entitySelectedAfter(*last, true, 1, 1), 0);
  // Undo brings it back, hitbox and all, and selects it.
  ASSERT_TRUE(h.undo(s));
  ASSERT_EQ(s.entities.size(), 3u);
  EXPECT_EQ(s.entities[1].name, "ghost");
  EXPECT_EQ(s.entities[1].hitbox, (core::Hitbox{1, 2, 3, 4}));
  EXPECT_EQ(core::entitySelectedAfter(*e, false, 0, 3), 1);
  ASSERT_TRUE(h.redo(s));
  EXPECT_EQ(names(s), (std::vector<std::string>{"player", "third"}));
}

TEST(EntityEdits, TheLastEntityStaysAndBadIndicesAreRefused) {
  core::Scenario s = twoEntities();
  s.entities.pop_back();
  std::string error;
  EXPECT_FALSE(core::makeRemoveEntity(s, 0, &error));
  EXPECT_NE(error.find("at least one entity"), std::string::npos) << error;
  EXPECT_FALSE(core::makeRemoveEntity(s, 5, &error));
  EXPECT_NE(error.find("no entity 5"), std::string::npos) << error;
  EXPECT_FALSE(core::makeDuplicateEntity(s, -1, &error));
  EXPECT_FALSE(core::makeRenameEntity(s, 1, "x", &error));
}

TEST(EntityEdits, DuplicateGetsAUniqueNameAndKeepsTheOriginalsSettings) {
  core::Scenario s = twoEntities();
  s.manifest.fields["dir"] = core::FieldBinding{};  // the routine's: a copy may set it too
  s.entities[1].fields["dir"] = 2;
  core::EditHistory h;
  auto e = core::makeDuplicateEntity(s, 1);
  ASSERT_TRUE(e);
  h.push(s, *e);
  ASSERT_EQ(s.entities.size(), 3u);
  const core::EntitySpec& copy = s.entities[2];
  EXPECT_EQ(copy.name, "ghost 2");
  EXPECT_EQ(copy.x, 64 + 16);  // one cell to the right, so it shows
  EXPECT_EQ(copy.y, 40);
  EXPECT_EQ(copy.hitbox, s.entities[1].hitbox);
  EXPECT_EQ(copy.fields, s.entities[1].fields);
  EXPECT_EQ(h.undoLabel(), "Duplicate entity");
  EXPECT_EQ(core::entitySelectedAfter(*e, true, 1, 3), 2);
  // A copy of the copy is "ghost 3", not "ghost 2 2".
  auto again = core::makeDuplicateEntity(s, 2);
  ASSERT_TRUE(again);
  h.push(s, *again);
  EXPECT_EQ(s.entities[3].name, "ghost 3");
  ASSERT_TRUE(h.undo(s));
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(names(s), (std::vector<std::string>{"player", "ghost"}));
}

TEST(EntityEdits, RenameRejectsEmptyAndTakenNames) {
  core::Scenario s = twoEntities();
  std::string error;
  EXPECT_FALSE(core::makeRenameEntity(s, 0, "   ", &error));
  EXPECT_NE(error.find("needs a name"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(core::makeRenameEntity(s, 0, "ghost", &error));
  EXPECT_NE(error.find("\"ghost\" is taken"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(core::makeRenameEntity(s, 0, "player", &error));  // unchanged: a no-op
  EXPECT_TRUE(error.empty()) << error;

  core::EditHistory h;
  auto e = core::makeRenameEntity(s, 0, "  hero ", &error);
  ASSERT_TRUE(e) << error;
  h.push(s, *e);
  EXPECT_EQ(s.entities[0].name, "hero");
  EXPECT_EQ(h.undoLabel(), "Rename entity");
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.entities[0].name, "player");
  ASSERT_TRUE(h.redo(s));
  EXPECT_EQ(s.entities[0].name, "hero");
  // A rename re-simulates nothing: the routine never reads names.
  core::Recording rec;
  rec.frames.resize(4);
  EXPECT_EQ(core::firstAffectedFrame(*e, rec, 8), 4);
  // Adding or removing runs everything again.
  EXPECT_EQ(core::firstAffectedFrame(*core::makeDuplicateEntity(s, 0), rec, 8), 0);
}

TEST(EntityEdits, AViewThatFollowsAnEntityFollowsItsRenameAndKeepsIt) {
  core::Scenario s = twoEntities();
  s.view.mode = core::ViewSpec::Mode::Follow;
  s.view.follow = "ghost";
  core::EditHistory h;
  std::string error;
  auto e = core::makeRenameEntity(s, 1, "boo", &error);
  ASSERT_TRUE(e) << error;
  h.push(s, *e);
  EXPECT_EQ(s.view.follow, "boo");
  ASSERT_TRUE(h.undo(s));
  EXPECT_EQ(s.view.follow, "ghost");
  // Renaming another entity leaves the view alone.
  auto other = core::makeRenameEntity(s, 0, "hero", &error);
  ASSERT_TRUE(other) << error;
  h.push(s, *other);
  EXPECT_EQ(s.view.follow, "ghost");
  // The followed entity cannot be removed while the view names it.
  EXPECT_FALSE(core::makeRemoveEntity(s, 1, &error));
  EXPECT_NE(error.find("view follows ghost"), std::string::npos) << error;
  EXPECT_TRUE(core::makeRemoveEntity(s, 0, &error)) << error;
}

TEST(EntityEdits, TheRoutinesTableCountLimitsAdding) {
  // tables_pair: the enemies table holds 2, both placed; the routine's X
  // preset names enemy 1, so neither enemy may go. (Its routine is ca65's.)
  REQUIRE_CA65();
  core::Scenario s = loaded("maps/tables_pair.scenario.json");
  ASSERT_EQ(s.entities.size(), 3u);
  EXPECT_EQ(core::entitySlotsLeft(s, 1), 0);
  EXPECT_EQ(core::entitySlotsLeft(s, 0), 0);
  std::string error;
  EXPECT_FALSE(core::makeAddEntity(s, core::newEntitySpec(s, 8, 8, "enemies"), &error));
  EXPECT_NE(error.find("holds 2 entities"), std::string::npos) << error;
  EXPECT_NE(error.find("tables.enemies.count"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(core::makeDuplicateEntity(s, 1, &error));
  EXPECT_NE(error.find("holds 2"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(core::makeRemoveEntity(s, 2, &error));
  EXPECT_NE(error.find("registers.X"), std::string::npos) << error;
  EXPECT_FALSE(core::makeAddEntity(s, core::newEntitySpec(s, 8, 8, "bosses"), &error));
  EXPECT_NE(error.find("no entity table \"bosses\""), std::string::npos) << error;
  // Its default table's x and y have no stride: the routine holds one player.
  EXPECT_EQ(core::defaultTableCount(s.manifest), 1);
  EXPECT_FALSE(core::makeAddEntity(s, core::newEntitySpec(s, 8, 8), &error));
  EXPECT_NE(error.find("holds one entity"), std::string::npos) << error;
  EXPECT_FALSE(core::makeDuplicateEntity(s, 0, &error));

  // The one-way room's routine keeps its entities in arrays (stride 1): the
  // manifest sets no count, so it takes more (as many as its arrays hold: the
  // binding checks that, see GuiNewScenario), each named after its table.
  core::Scenario castle = loaded("maps/seed002_oneway.scenario.json");
  EXPECT_EQ(core::defaultTableCount(castle.manifest), core::kMaxEntities);
  auto e = core::makeAddEntity(castle, core::newEntitySpec(castle, 8, 8), &error);
  ASSERT_TRUE(e) << error;
  core::applyEdit(castle, *e);
  EXPECT_EQ(castle.entities.back().name, "entity 1");
  EXPECT_TRUE(castle.entities.back().table.empty());
}

TEST(EntityEdits, AtMostMaxEntitiesInAll) {
  core::Scenario s = twoEntities();
  s.frames = 1;
  while (int(s.entities.size()) < core::kMaxEntities)
    core::applyEdit(s, *core::makeDuplicateEntity(s, 0));
  std::string error;
  EXPECT_FALSE(core::makeAddEntity(s, core::newEntitySpec(s, 0, 0), &error));
  EXPECT_NE(error.find("at most 256"), std::string::npos) << error;
}

TEST(NewScenario, EmptyRoomOfTheRoutinesSizeWithNoEntitiesOrInput) {
  core::Scenario s;
  std::string error;
  core::NewScenarioSpec spec;
  spec.manifestPath = repoFile("assets/routines/seed002_mrn/manifest.json");
  spec.name = "demo";
  ASSERT_TRUE(core::makeNewScenario(spec, s, &error)) << error;
  EXPECT_EQ(s.map.room.width, 16);  // the routine's table
  EXPECT_EQ(s.map.room.height, 15);
  EXPECT_EQ(s.map.room.cellSize, 16);
  EXPECT_TRUE(s.entities.empty());
  EXPECT_TRUE(s.input.empty());
  EXPECT_EQ(s.frames, 60);
  EXPECT_EQ(s.name, "demo");
  EXPECT_TRUE(s.path.empty());
  EXPECT_TRUE(s.mapPath.empty());
  EXPECT_EQ(s.map.room.at(0, 0), 1);  // a wall around
  EXPECT_EQ(s.map.room.at(5, 5), 0);  // sky inside

  // The Game Boy routine: its 32 x 32 table of 8-pixel cells.
  spec.manifestPath = repoFile("assets/routines/seed004_swept/manifest.json");
  spec.width = 24;
  ASSERT_TRUE(core::makeNewScenario(spec, s, &error)) << error;
  EXPECT_EQ(s.map.room.width, 24);
  EXPECT_EQ(s.map.room.height, 32);
  EXPECT_EQ(s.map.room.cellSize, 8);
}

TEST(NewScenario, BadInputSaysWhichField) {
  core::Scenario s;
  std::string error;
  core::NewScenarioSpec spec;
  EXPECT_FALSE(core::makeNewScenario(spec, s, &error));
  EXPECT_EQ(error.rfind("routine:", 0), 0u) << error;
  spec.manifestPath = repoFile("assets/routines/nope/manifest.json");
  EXPECT_FALSE(core::makeNewScenario(spec, s, &error));
  EXPECT_EQ(error.rfind("routine:", 0), 0u) << error;
  spec.manifestPath = repoFile("assets/routines/seed002_mrn/manifest.json");
  spec.width = 5000;
  spec.height = 2;
  EXPECT_FALSE(core::makeNewScenario(spec, s, &error));
  EXPECT_EQ(error.rfind("room size:", 0), 0u) << error;
  spec.width = -1;
  EXPECT_FALSE(core::makeNewScenario(spec, s, &error));
  spec.width = 16;
  spec.cellSize = 12;
  EXPECT_FALSE(core::makeNewScenario(spec, s, &error));
  EXPECT_EQ(error.rfind("cell size:", 0), 0u) << error;
}

TEST(NewScenario, ItRunsOnceAnEntityIsPlacedAndSavesAFileThatLoads) {
  REQUIRE_CA65();
  core::Scenario s;
  std::string error;
  core::NewScenarioSpec spec;
  spec.manifestPath = repoFile("assets/routines/seed002_mrn/manifest.json");
  spec.name = "from nothing";
  ASSERT_TRUE(core::makeNewScenario(spec, s, &error)) << error;
  auto add = core::makeAddEntity(s, core::newEntitySpec(s, 48, 64), &error);
  ASSERT_TRUE(add) << error;
  core::applyEdit(s, *add);
  core::applyEdit(s, *core::makeFillInput(s, 0, 30, core::kButtonRight));
  core::Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  ASSERT_EQ(sim.recording().frames.size(), 60u);
  // Walking right from x 48, it moved and stopped at the wall.
  const core::EntityFrame& last = sim.recording().frames.back().entities.at(0);
  EXPECT_GT(last.x(), 48);
  EXPECT_LT(last.x(), 16 * 15);
}

TEST(Gamepad, DpadStickAndButtonsMapToThePadByte) {
  core::GamepadState g;
  EXPECT_EQ(core::gamepadPad(g), 0);
  g.buttons[core::kPadDpadUp] = true;
  g.buttons[core::kPadDpadLeft] = true;
  EXPECT_EQ(core::gamepadPad(g), core::kButtonUp | core::kButtonLeft);
  g = {};
  // The left stick, past the dead zone only.
  g.axes[core::kPadLeftX] = 0.3f;
  g.axes[core::kPadLeftY] = -0.2f;
  EXPECT_EQ(core::gamepadPad(g), 0);
  g.axes[core::kPadLeftX] = 0.8f;
  g.axes[core::kPadLeftY] = 0.9f;
  EXPECT_EQ(core::gamepadPad(g), core::kButtonRight | core::kButtonDown);
  EXPECT_EQ(core::gamepadPad(g, 0.95f), 0);
  g.axes[core::kPadLeftX] = -1.0f;
  g.axes[core::kPadLeftY] = 0;
  EXPECT_EQ(core::gamepadPad(g), core::kButtonLeft);
  // The stick one way and the d-pad the other cancel, like a real d-pad.
  g.buttons[core::kPadDpadRight] = true;
  EXPECT_EQ(core::gamepadPad(g), 0);
  g = {};
  // Face buttons as the console's: the right one is A, the bottom one B.
  g.buttons[core::kPadB] = true;
  EXPECT_EQ(core::gamepadPad(g), core::kButtonA);
  g.buttons[core::kPadB] = false;
  g.buttons[core::kPadA] = true;
  EXPECT_EQ(core::gamepadPad(g), core::kButtonB);
  g.buttons[core::kPadA] = false;
  g.buttons[core::kPadStart] = true;
  g.buttons[core::kPadBack] = true;
  EXPECT_EQ(core::gamepadPad(g), core::kButtonStart | core::kButtonSelect);
  // The right stick, the bumpers and the triggers are not on an NES pad.
  g = {};
  g.buttons[core::kPadLeftBumper] = g.buttons[core::kPadGuide] = true;
  g.axes[core::kPadRightX] = g.axes[core::kPadRightTrigger] = 1.0f;
  EXPECT_EQ(core::gamepadPad(g), 0);
}
