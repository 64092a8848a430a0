// The call memo (core/sim/call_memo.h) is exact: every recording made with it
// equals the recording made without it, byte for byte, for every seed scenario,
// after map edits between runs, for a routine that rewrites its own code, for
// one that writes into its map, and under a budget too small for the run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/sim/call_memo.h"
#include "core/sim/simulation.h"

namespace fs = std::filesystem;

namespace {

bool haveCa65() {
  return std::system("command -v ca65 >/dev/null 2>&1 && command -v ld65 >/dev/null 2>&1") == 0;
}

std::string repo(const std::string& rel) {
  return std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + rel;
}

// A simulation of `sc` without the memo.
core::Recording withoutMemo(const core::Scenario& sc) {
  core::Simulation sim;
  std::string error;
  EXPECT_TRUE(sim.build(sc, &error)) << error;
  sim.setCallMemo(0);
  EXPECT_TRUE(sim.simulate(&error)) << error;
  return sim.recording();
}

uint64_t hits(const core::Simulation& sim) {
  return sim.callMemo() ? sim.callMemo()->hits() : 0;
}

// A temp dir with one 6502 routine (r.s), its manifest and a one-entity scenario
// on the castle map.
class MemoRoutine : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
    dir_ = fs::temp_directory_path() /
           ("collidoscope_memo_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  core::Scenario scenario(const std::string& body, int frames) {
    std::ofstream(dir_ / "r.s") << ".export frame\n.exportzp ent_x, ent_y\n"
                                   ".segment \"ZEROPAGE\"\nent_x: .res 1\nent_y: .res 1\n"
                                   ".segment \"BSS\"\ncells: .res 240\nattrs: .res 32\n"
                                   ".segment \"CODE\"\n.proc frame\n"
                                << body << ".endproc\n";
    std::ofstream(dir_ / "manifest.json") << R"({
      "format": "collidoscope-routine/1", "cpu": "6502", "sources": ["r.s"], "entry": "frame",
      "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
      "map": {"cells": {"label": "cells", "stride": 16, "width": 16, "height": 15},
              "attributes": {"label": "attrs", "stride": 1, "count": 32}},
      "hitbox": {"x": 0, "y": 0, "w": 16, "h": 16}})";
    nlohmann::json sc = {{"format", "collidoscope-scenario/1"},
                         {"map", repo("maps/seed002_castle.map.json")},
                         {"routine", (dir_ / "manifest.json").string()},
                         {"frames", frames},
                         {"entities", {{{"x", 32}, {"y", 48}}}}};
    std::ofstream(dir_ / "scenario.json") << sc.dump(1);
    core::Scenario s;
    std::string error;
    EXPECT_TRUE(core::loadScenario((dir_ / "scenario.json").string(), s, &error)) << error;
    return s;
  }
  fs::path dir_;
};

}  // namespace

TEST(CallMemo, EverySeedScenarioRecordsTheSameWithAndWithoutIt) {
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(repo("maps"))) {
    const std::string path = entry.path().string();
    if (path.size() < 14 || path.substr(path.size() - 14) != ".scenario.json") continue;
    core::Scenario sc;
    std::string error;
    ASSERT_TRUE(core::loadScenario(path, sc, &error)) << error;
    if (sc.manifest.cpu == core::Cpu::M6502 && !haveCa65()) continue;
    SCOPED_TRACE(path);
    const core::Recording plain = withoutMemo(sc);
    core::Simulation sim;
    ASSERT_TRUE(sim.build(sc, &error)) << error;
    ASSERT_TRUE(sim.simulate(&error)) << error;  // records
    EXPECT_TRUE(sim.recording() == plain) << "first run";
    ASSERT_TRUE(sim.simulate(&error)) << error;  // replays
    EXPECT_TRUE(sim.recording() == plain) << "second run";
    if (sc.manifest.cpu == core::Cpu::M6502) {
      EXPECT_GT(hits(sim), 0u);
    }
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no scenario could be built here";
}

TEST(CallMemo, TheLongCastleReplaysEveryCallOfASecondRun) {
  if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
  core::Scenario sc;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), sc, &error)) << error;
  const size_t script = sc.input.size();
  for (size_t f = script; f < 3000; ++f) sc.input.push_back(sc.input[f % script]);
  sc.frames = 3000;
  const core::Recording plain = withoutMemo(sc);
  core::Simulation sim;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == plain);
  const uint64_t before = hits(sim);
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == plain);
  EXPECT_EQ(hits(sim) - before, uint64_t(3000 * sc.entities.size()));
}

// The memo holds the calls of the old room: after a wall is removed and a
// metatile's bits change, the calls that read them must run again.
TEST(CallMemo, AMapEditBetweenRunsInvalidatesTheCallsThatReadIt) {
  if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
  core::Scenario sc;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), sc, &error)) << error;
  core::Simulation sim;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const core::Recording old = sim.recording();

  core::Scenario edited = sc;
  for (int r = 5; r <= 7; ++r) edited.map.room.at(3, r) = 0;
  edited.map.metatiles.metatiles[1].collision = 0;
  sim.scenario() = edited;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const core::Recording plain = withoutMemo(edited);
  EXPECT_FALSE(plain == old) << "the edit must change the run for this test to mean anything";
  EXPECT_TRUE(sim.recording() == plain);

  // The same through simulateFrom (the GUI's path), from the first frame that
  // read a changed cell, on a clone that carries the memo.
  core::Simulation back;
  ASSERT_TRUE(back.build(sc, &error)) << error;
  ASSERT_TRUE(back.simulate(&error)) << error;
  std::unique_ptr<core::Simulation> work = back.clone();
  ASSERT_TRUE(work);
  work->scenario() = edited;
  ASSERT_TRUE(work->simulateFrom(1, true, &error)) << error;
  EXPECT_TRUE(work->recording() == plain);
}

TEST(CallMemo, ABudgetTooSmallForTheRunStaysExactAndBounded) {
  if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
  core::Scenario sc;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repo("maps/seed002_castle.scenario.json"), sc, &error)) << error;
  const core::Recording plain = withoutMemo(sc);
  core::Simulation sim;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  sim.setCallMemo(64 << 10);
  for (int run = 0; run < 2; ++run) {
    ASSERT_TRUE(sim.simulate(&error)) << error;
    EXPECT_TRUE(sim.recording() == plain);
    EXPECT_LE(sim.callMemo()->bytes(), size_t(64 << 10));
    EXPECT_GT(sim.callMemo()->entries(), 0u);
  }
}

// The operand of `lda #0` flips between 0 and 1 every call: the same entity
// state takes a different branch each time, which only the code bytes tell.
TEST_F(MemoRoutine, ARoutineThatRewritesItsOwnCodeIsNotReplayedFromStaleCode) {
  core::Scenario s = scenario(
      "flip:   lda #0\n        eor #1\n        sta flip+1\n        beq even\n"
      "        nop\n        nop\neven:   rts\n",
      6);
  const core::Recording plain = withoutMemo(s);
  ASSERT_EQ(plain.frames.size(), 6u);
  EXPECT_NE(plain.frames[0].entities[0].cycles, plain.frames[1].entities[0].cycles);
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == plain);
}

// Every call writes into cell (1,1) and reads nothing there: replayed calls
// must still carry the bad write and its message.
TEST_F(MemoRoutine, AReplayedWriteIntoTheMapIsStillAFault) {
  core::Scenario s = scenario("        lda #7\n        sta cells+17\n        rts\n", 5);
  const core::Recording plain = withoutMemo(s);
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == plain);
  EXPECT_GT(hits(sim), 0u);
  for (const auto& f : sim.recording().frames) {
    EXPECT_TRUE(f.entities[0].badWrite);
    EXPECT_NE(f.entities[0].faultDetail.find("into the map"), std::string::npos);
  }
}
