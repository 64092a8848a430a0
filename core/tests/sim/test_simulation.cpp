// The frame runner on the seed-002 sample: determinism, re-execution from
// keyframes, cell-read capture, behaviour the article states, and bad input.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/sim/simulation.h"

namespace fs = std::filesystem;

namespace {

bool haveCa65() {
  return std::system("command -v ca65 >/dev/null 2>&1 && command -v ld65 >/dev/null 2>&1") == 0;
}

std::string repo(const std::string& rel) {
  return std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + rel;
}

class Seed002 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
    std::string error;
    ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), scenario, &error))
        << error;
    ASSERT_TRUE(sim.build(scenario, &error)) << error;
  }
  // Places entity 0 alone at (x, y) facing `dir` and runs one call with `input`.
  core::EntityFrame oneCall(int x, int y, int dir, uint8_t input) {
    sim.resetToStart();
    const auto& b = sim.binding();
    sim.writeField(0, b.fields[0], x);
    sim.writeField(0, b.fields[1], y);
    sim.writeField(0, b.fields[b.fieldIndex("dir")], dir);
    return sim.runEntity(0, input, true);
  }
  core::Scenario scenario;
  core::Simulation sim;
};

}  // namespace

TEST_F(Seed002, SimulatingTwiceInOneSimulationIsByteIdentical) {
  ASSERT_TRUE(sim.simulate());
  core::Recording first = sim.recording();
  sim.trace(7, 1);  // leaves the CPU mid-way through other state
  ASSERT_TRUE(sim.simulate());
  EXPECT_TRUE(first == sim.recording())
      << "a second run must not inherit the first run's registers";
}

// simulate() reuses the previous recording's vectors: a re-simulation after
// edits that change its shape (an entity removed, a wall removed, a budget
// tightened into faults) must equal a fresh Simulation of the edited scenario.
TEST_F(Seed002, ResimulatingAfterEditsEqualsAFreshSimulation) {
  ASSERT_TRUE(sim.simulate());
  core::Scenario edited = scenario;
  edited.entities.pop_back();
  for (int r = 5; r <= 7; ++r) edited.map.room.at(3, r) = 0;
  edited.manifest.cycleBudget = 400;
  sim.scenario() = edited;
  ASSERT_TRUE(sim.simulate());
  core::Simulation fresh;
  std::string error;
  ASSERT_TRUE(fresh.build(edited, &error)) << error;
  ASSERT_TRUE(fresh.simulate());
  EXPECT_TRUE(sim.recording() == fresh.recording());
  EXPECT_EQ(sim.recording().frames[0].entities.size(), scenario.entities.size() - 1);
}

TEST_F(Seed002, TwoRunsGiveByteIdenticalRecordings) {
  ASSERT_TRUE(sim.simulate());
  core::Recording first = sim.recording();
  core::Simulation again;
  std::string error;
  ASSERT_TRUE(again.build(scenario, &error)) << error;
  ASSERT_TRUE(again.simulate());
  EXPECT_TRUE(first == again.recording());
  EXPECT_EQ(first.frames.size(), size_t(scenario.frames));
  // Every call returned normally and read some cells.
  for (const auto& f : first.frames)
    for (const auto& e : f.entities) {
      EXPECT_EQ(e.halt, core::HaltKind::Returned);
      EXPECT_FALSE(e.cellsRead.empty());
    }
}

TEST_F(Seed002, ReexecutingFrameKMatchesTheRecording) {
  ASSERT_TRUE(sim.simulate());
  const core::Recording rec = sim.recording();
  for (int frame : {0, 1, 17, 150, 399}) {
    for (int entity = 0; entity < 4; ++entity) {
      ASSERT_TRUE(sim.seek(frame, entity));
      core::EntityFrame e = sim.runEntity(entity, scenario.inputAt(frame), true);
      const auto& want = rec.frames[frame].entities[entity];
      EXPECT_EQ(e.before, want.before) << "frame " << frame << " entity " << entity;
      EXPECT_EQ(e.after, want.after) << "frame " << frame << " entity " << entity;
      EXPECT_EQ(e.cycles, want.cycles);
      EXPECT_EQ(e.cellsRead, want.cellsRead);
    }
  }
  // The instruction trace of a call ends where the recording says.
  core::Trace t = sim.trace(75, 0);
  ASSERT_FALSE(t.steps.empty());
  EXPECT_EQ(t.halt, core::HaltKind::Returned);
  EXPECT_EQ(t.steps.front().pc, sim.binding().entry);
  uint32_t cycles = 0;
  for (const auto& s : t.steps) cycles += s.cycles;
  EXPECT_EQ(cycles, rec.frames[75].entities[0].cycles);
  EXPECT_EQ(t.steps.size(), rec.frames[75].entities[0].instructions);
}

TEST_F(Seed002, MovingRightIntoAWallSnapsXFromTheTable) {
  // Row 5..7, column 3 is a wall. Left corner x+3 is in column 2 for x = 29..44;
  // the snap for moving right is horizontal_positions[2] + 6 = $1D + 6 = 35.
  core::EntityFrame e = oneCall(36, 96, 2, core::kButtonRight);
  EXPECT_EQ(e.x(), 35);
  EXPECT_EQ(e.y(), 96);
  // Free space to the right: the player just moves.
  e = oneCall(60, 24, 2, core::kButtonRight);
  EXPECT_EQ(e.x(), 61);
  // The routine reads the four corner cells (fewer when corners share a cell).
  EXPECT_FALSE(e.cellsRead.empty());
  EXPECT_LE(e.cellsRead.size(), 4u);
}

TEST_F(Seed002, AnNpcThatHitsAWallChangesDirection) {
  // Entity 1 is an NPC: it moves along its direction and bounces on impact.
  sim.resetToStart();
  const auto& b = sim.binding();
  int dirField = b.fieldIndex("dir");
  sim.writeField(1, b.fields[0], 36);
  sim.writeField(1, b.fields[1], 96);
  sim.writeField(1, b.fields[dirField], 2);
  core::EntityFrame e = sim.runEntity(1, 0, true);
  EXPECT_EQ(e.x(), 35);
  EXPECT_NE(e.after[dirField], 2);
  // In open space it keeps its direction.
  sim.writeField(1, b.fields[0], 100);
  sim.writeField(1, b.fields[1], 24);
  sim.writeField(1, b.fields[dirField], 2);
  e = sim.runEntity(1, 0, true);
  EXPECT_EQ(e.after[dirField], 2);
  EXPECT_EQ(e.x(), 101);
}

TEST_F(Seed002, EditingTheRoomChangesTheResimulation) {
  core::EntityFrame blocked = oneCall(36, 96, 2, core::kButtonRight);
  EXPECT_EQ(blocked.x(), 35);
  // Make the wall hollow and re-simulate: the player walks on.
  for (int r = 5; r <= 7; ++r) sim.scenario().map.room.at(3, r) = 0;
  core::EntityFrame free = oneCall(36, 96, 2, core::kButtonRight);
  EXPECT_EQ(free.x(), 37);
}

TEST_F(Seed002, ABudgetOverrunIsRecordedAsAFault) {
  core::Scenario s = scenario;
  s.manifest.cycleBudget = 200;
  s.frames = 3;
  core::Simulation tight;
  std::string error;
  ASSERT_TRUE(tight.build(s, &error)) << error;
  ASSERT_TRUE(tight.simulate(&error)) << error;
  EXPECT_EQ(tight.recording().frames[0].entities[0].halt, core::HaltKind::CycleBudget);
  EXPECT_TRUE(core::isFault(tight.recording().frames[0].entities[0].halt));
}

TEST_F(Seed002, TenThousandFramesFitTheMemoryBudget) {
  sim.scenario().frames = 10000;
  ASSERT_TRUE(sim.simulate());
  EXPECT_LT(sim.recording().byteSize(), size_t(64) << 20);
}

TEST(SimulationBadInput, MissingLabelNamesTheField) {
  if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH";
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), s, &error)) << error;
  s.manifest.fields["dir"].ref.label = "no_such_label";
  core::Simulation sim;
  EXPECT_FALSE(sim.build(s, &error));
  EXPECT_NE(error.find("entity.fields.dir: label \"no_such_label\" is not defined"),
            std::string::npos)
      << error;
}

TEST(SimulationBadInput, RoomTooBigForTheRoutinesTable) {
  if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH";
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), s, &error)) << error;
  s.map.room.width = 20;
  s.map.room.cells.assign(20 * 15, 0);
  core::Simulation sim;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  EXPECT_FALSE(sim.simulate(&error));
  EXPECT_NE(error.find("map.cells: the room is 20x15 cells but the routine's table holds 16x15"),
            std::string::npos)
      << error;
}

TEST(SimulationBadInput, ScenarioErrorsNameTheirField) {
  fs::path dir = fs::temp_directory_path() / ("collidoscope_sc_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto write = [&](const std::string& text) {
    std::ofstream(dir / "s.json") << text;
    core::Scenario s;
    std::string error;
    EXPECT_FALSE(core::loadScenario((dir / "s.json").string(), s, &error));
    return error;
  };
  std::string head = R"({"format": "collidoscope-scenario/1", "map": ")" +
                     repo("maps/seed002_castle.map.json") + R"(", "routine": ")" +
                     repo("assets/routines/seed002_mrn/manifest.json") + R"(", )";
  EXPECT_NE(write(head + R"("entities": []})").find("entities: is empty"), std::string::npos);
  EXPECT_NE(write(head + R"("entities": [{"x": 1, "y": "up"}]})")
                .find("entities[0].y: expected a number"),
            std::string::npos);
  EXPECT_NE(
      write(head + R"("entities": [{"x": 1, "y": 2}], "input": [[5, "RX"]]})").find("input[0][1]"),
      std::string::npos);
  EXPECT_NE(write(head + R"("entities": [{"x": 1, "y": 2, "fields": {"hp": 3}}]})")
                .find("entities[0].fields.hp: the routine has no field \"hp\""),
            std::string::npos);
  EXPECT_NE(write(R"({"format": "collidoscope-scenario/1", "entities": [)").find(":1:"),
            std::string::npos);
  fs::remove_all(dir);
}

TEST(Buttons, LettersRoundTrip) {
  uint8_t m = 0;
  ASSERT_TRUE(core::parseButtons("UR A", m));
  EXPECT_EQ(m, core::kButtonUp | core::kButtonRight | core::kButtonA);
  EXPECT_EQ(core::buttonsText(m), "URA");
  EXPECT_FALSE(core::parseButtons("Q", m));
}

namespace {

// The frame runner reads entity fields through Machine::memory(); it must be
// the bytes peek() returns, after pokes and after a restore.
TEST(MachineMemory, FlatViewMatchesPeek) {
  for (core::Cpu cpu : {core::Cpu::M6502, core::Cpu::Sm83}) {
    auto m = core::makeMachine(cpu);
    const uint8_t* mem = m->memory();
    ASSERT_NE(mem, nullptr);
    m->poke(0x0012, 0x34);
    m->poke(0xC123, 0x56);
    const core::Snapshot s = m->snapshot();
    m->poke(0x0012, 0x99);
    m->restore(s);
    for (uint32_t a : {0x0012u, 0xC123u, 0xFFFFu})
      EXPECT_EQ(mem[a], m->peek(uint16_t(a))) << core::cpuName(cpu) << " $" << std::hex << a;
  }
}

}  // namespace
