// Frame mode (issue 17): the test games run their own main loops frame by frame
// with the scenario's input on the joypad, and every call of the collision
// routine is recorded. It must record what call mode records for the same input
// (positions, halts, cells read, cycles); seeks and traces reach a call inside a
// game frame; several calls in a frame are a row each; a cell painted in the
// scenario's room reaches the game; bad frame-mode blocks fail with located
// messages. The NES games skip when ca65/ld65 were not found by CMake.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "core/check/verdict.h"
#include "core/debug/debugger.h"
#include "core/game/frame_run.h"
#include "core/game/game_machine.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/game_test_util.h"

namespace core {
namespace {

using nlohmann::json;
using test::gameManifestJson;
using test::GameTempTest;

class EachFrameGame : public GameTempTest, public ::testing::WithParamInterface<const char*> {};

Scenario loadFrameScenario(const std::string& game) {
  return test::loadGameScenario(game, game + "_frame.scenario.json");
}

TEST_P(EachFrameGame, RecordsWhatCallModeRecords) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  Simulation call, frame;
  std::string error;
  ASSERT_TRUE(call.build(test::loadGameScenario(game, game + ".scenario.json"), &error)) << error;
  ASSERT_TRUE(frame.build(loadFrameScenario(game), &error)) << error;
  ASSERT_NE(frame.frameRunner(), nullptr);
  EXPECT_EQ(call.frameRunner(), nullptr);
  ASSERT_TRUE(call.simulate(&error)) << error;
  ASSERT_TRUE(frame.simulate(&error)) << error;
  const Recording &a = call.recording(), &b = frame.recording();
  ASSERT_EQ(a.frames.size(), b.frames.size());
  test::MoveCounts moves = test::countMoves(b);
  EXPECT_GT(moves.moved, 100);
  EXPECT_GT(moves.blocked, 50);
  for (size_t f = 0; f < a.frames.size(); ++f) {
    const EntityFrame &x = a.frames[f].entities.at(0), &y = b.frames[f].entities.at(0);
    ASSERT_EQ(x.input, y.input) << "frame " << f;
    ASSERT_EQ(x.before, y.before) << "frame " << f;
    ASSERT_EQ(x.after, y.after) << "frame " << f;
    ASSERT_EQ(x.halt, y.halt) << "frame " << f;
    ASSERT_EQ(x.cellsRead, y.cellsRead) << "frame " << f;
    // Call mode holds the NMI during a call and frame mode calls after it, so
    // NES cycles agree; the Game Boy's VBlank handler may run inside a call
    // mode call, which happens wherever the boot left the LCD.
    // The row is the frame's span (issue 35); its one call is the routine's.
    if (frame.machine().cpu() == Cpu::M6502) {
      ASSERT_EQ(y.calls.size(), 1u) << "frame " << f;
      ASSERT_EQ(x.cycles, y.calls[0].cycles) << "frame " << f;
    }
  }
  for (const FrameVerdict& v : classifyRecording(frame.scenario(), b))
    ASSERT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << v.message;
  // The game ran: its frame counter moved with the frames, not just the routine.
  EXPECT_GE(frame.gameMachine()->frame(), a.frames.size());
}

// A seek stands at the game's own call; its trace ends where the recording says,
// and a re-simulation gives the same recording (nothing leaks from the seek).
TEST_P(EachFrameGame, SeekAndTraceReachTheCallInsideAFrame) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadFrameScenario(game), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const Recording before = sim.recording();
  for (int f : {0, 17, 250, 431}) {
    SCOPED_TRACE(game);
    const EntityFrame& row = before.frames.at(size_t(f)).entities.at(0);
    ASSERT_TRUE(sim.seek(f, 0)) << "frame " << f;
    EXPECT_EQ(sim.machine().pc(), sim.binding().entry) << "frame " << f;
    EXPECT_EQ(sim.readFields(0), row.before) << "frame " << f;
    Trace t = sim.trace(f, 0);
    EXPECT_EQ(t.halt, HaltKind::Returned) << "frame " << f;
    EXPECT_EQ(t.steps.size(), row.instructions) << "frame " << f;
    EXPECT_EQ(sim.readFields(0), row.after) << "frame " << f;
  }
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == before);
}

INSTANTIATE_TEST_SUITE_P(TestGames, EachFrameGame,
                         ::testing::Values("nrom_demo", "mmc1_demo", "gb_mbc1_demo"));

// The debugger's breakpoint on the routine stops inside the game's own call, in
// a frame it ran itself, and stepping to the end of the call returns normally.
TEST_F(GameTempTest, FrameModeDebuggerStopsInTheGamesCall) {
  REQUIRE_GAME("mmc1_demo");
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadFrameScenario("mmc1_demo"), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const uint16_t entry = sim.binding().entry;
  Debugger dbg;
  EXPECT_EQ(dbg.attach(&sim), "");
  ASSERT_TRUE(dbg.setBreakpoint(entry, "", &error)) << error;
  DebugStop stop = dbg.runRecording(300, int(sim.recording().frames.size()) - 1);
  EXPECT_EQ(stop.kind, DebugStop::Kind::Breakpoint) << stop.text;
  EXPECT_EQ(stop.pc, entry);
  EXPECT_GT(dbg.trace().steps.size(), 3u);
  EXPECT_EQ(dbg.trace().halt, HaltKind::Returned);
}

// Two routines, two entities, "order": the joypad read and the collision call of
// each frame are a row each, the second equal to call mode's row.
TEST_F(GameTempTest, SeveralCallsInAFrameAreARowEach) {
  REQUIRE_GAME("nrom_demo");
  json j = gameManifestJson("nrom_demo", "frame_manifest.json");
  j["game"]["routines"] = json::array({"read_joypad", "collide_player"});
  j["game"]["span"] = "call";  // a row per call (the default span is the whole frame)
  Scenario sc = loadFrameScenario("nrom_demo");
  std::string error;
  ASSERT_TRUE(loadEdited(j, sc.manifest, &error)) << error;
  sc.entities.push_back(sc.entities[0]);
  sc.entities[0].name = "joypad";
  sc.frames = 300;
  Simulation sim, call;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  Scenario one = test::loadGameScenario("nrom_demo", "nrom_demo.scenario.json");
  one.frames = 300;
  ASSERT_TRUE(call.build(one, &error)) << error;
  ASSERT_TRUE(call.simulate(&error)) << error;
  auto joypad = sim.image().debug.addressOf("read_joypad");
  ASSERT_TRUE(joypad);
  for (size_t f = 0; f < 300; ++f) {
    const auto& rows = sim.recording().frames[f].entities;
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_GT(rows[0].cycles, 50u) << "frame " << f;  // 8 reads of $4016
    EXPECT_EQ(rows[0].halt, HaltKind::Returned);
    EXPECT_EQ(rows[1].after, call.recording().frames[f].entities[0].after) << "frame " << f;
    EXPECT_EQ(rows[1].cycles, call.recording().frames[f].entities[0].cycles) << "frame " << f;
  }
  // The seek of the second row stands at the second routine.
  ASSERT_TRUE(sim.seek(20, 0));
  EXPECT_EQ(sim.machine().pc(), *joypad);
  ASSERT_TRUE(sim.seek(20, 1));
  EXPECT_EQ(sim.machine().pc(), *sim.image().debug.addressOf("collide_player"));
}

// A register names the entity: with X at the call (0 after the joypad loop) the
// row is entity 0's; entity 1 is never called and stands still with no input.
TEST_F(GameTempTest, EntitySlotFromARegister) {
  REQUIRE_GAME("nrom_demo");
  json j = gameManifestJson("nrom_demo", "frame_manifest.json");
  j["game"]["entitySlot"] = "X";
  j["game"]["span"] = "call";
  Scenario sc = loadFrameScenario("nrom_demo");
  std::string error;
  ASSERT_TRUE(loadEdited(j, sc.manifest, &error)) << error;
  sc.entities.push_back(sc.entities[0]);
  sc.entities[1].x = 100;
  sc.frames = 240;
  Simulation sim;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const auto& last = sim.recording().frames.back().entities;
  EXPECT_GT(last[0].cycles, 0u);
  EXPECT_NE(last[0].x(), 32);  // walked right
  EXPECT_EQ(last[1].cycles, 0u);
  EXPECT_EQ(last[1].input, 0);
  EXPECT_EQ(last[1].before, last[1].after);
}

// A painted cell reaches the game: a solid cell in the player's path (written
// into the game's RAM at the start) stops the walk right earlier.
TEST_F(GameTempTest, PaintedCellStopsTheGamesPlayer) {
  REQUIRE_GAME("nrom_demo");
  Scenario sc = loadFrameScenario("nrom_demo");
  sc.frames = 230;
  Simulation free, walled;
  std::string error;
  ASSERT_TRUE(free.build(sc, &error)) << error;
  ASSERT_TRUE(free.simulate(&error)) << error;
  EXPECT_EQ(free.recording().frames.back().entities[0].x(), 224);  // the right wall
  // Metatile 1 is solid in the test games; column 8 of the player's rows 2-3.
  sc.map.room.at(8, 2) = 1;
  sc.map.room.at(8, 3) = 1;
  ASSERT_TRUE(walled.build(sc, &error)) << error;
  ASSERT_TRUE(walled.simulate(&error)) << error;
  EXPECT_EQ(walled.recording().frames.back().entities[0].x(), 8 * 16 - 16);
  // The re-simulation after the edit gives the same (simulateFrom keeps frames).
  free.scenario().map = sc.map;
  ASSERT_TRUE(free.simulateFrom(1, true, &error)) << error;
  EXPECT_EQ(free.recording().frames.back().entities[0].x(), 8 * 16 - 16);
}

TEST_F(GameTempTest, BadFrameModeBlocksNameTheirJsonPath) {
  REQUIRE_GAME("nrom_demo");
  struct Case {
    const char* key;
    json value;
    const char* expect;
  } cases[] = {
      {"mode", "fram", "game.mode: expected \"call\" or \"frame\", got \"fram\""},
      {"routines", json::array({1}), "game.routines[0]: expected a label name"},
      {"entitySlot", "Q", "game.entitySlot: expected \"order\", a register of the 6502"},
      {"entitySlot", "label:", "game.entitySlot: \"label:\" needs a label name"},
      {"span", "calls", "game.span: expected \"frame\", \"call\" or {\"from\": LABEL"},
      {"span", json{{"from", "a"}}, "game.span.to"},
      {"span", json{{"from", "a"}, {"to", "b"}, {"at", 1}}, "game.span.at: unknown key"},
  };
  for (const Case& c : cases) {
    json j = gameManifestJson("nrom_demo", "frame_manifest.json");
    j["game"][c.key] = c.value;
    RoutineManifest m;
    std::string error;
    EXPECT_FALSE(loadEdited(j, m, &error)) << c.key;
    EXPECT_NE(error.find(c.expect), std::string::npos) << error;
  }
  {
    // No routine at all needs a span that is not one call; span and velocityAt need frame mode.
    json j = gameManifestJson("nrom_demo", "frame_manifest.json");
    j["game"]["routines"] = json::array();
    j["game"]["span"] = "call";
    RoutineManifest m;
    std::string error;
    EXPECT_FALSE(loadEdited(j, m, &error));
    EXPECT_NE(error.find("game.routines: names no routine"), std::string::npos) << error;
    j["game"].erase("span");
    EXPECT_TRUE(loadEdited(j, m, &error)) << error;
    j = gameManifestJson("nrom_demo", "manifest.json");
    j["game"]["velocityAt"] = "collide_player";
    EXPECT_FALSE(loadEdited(j, m, &error));
    EXPECT_NE(error.find("game.velocityAt: goes with \"mode\": \"frame\""), std::string::npos)
        << error;
  }
  // Labels are checked when the game is bound, with the closest names.
  json j = gameManifestJson("nrom_demo", "frame_manifest.json");
  j["game"]["routines"] = json::array({"collide_playr"});
  Simulation sim;
  std::string error;
  EXPECT_FALSE(buildEdited("nrom_demo", "nrom_demo_frame.scenario.json", j, sim, &error));
  EXPECT_NE(error.find("game.routines[0]: label \"collide_playr\" is not defined"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("collide_player"), std::string::npos) << error;
  j["game"]["routines"] = json::array({"collide_player"});
  j["game"]["entitySlot"] = "label:no_such";
  EXPECT_FALSE(buildEdited("nrom_demo", "nrom_demo_frame.scenario.json", j, sim, &error));
  EXPECT_NE(error.find("game.entitySlot: label \"no_such\""), std::string::npos) << error;
}

}  // namespace
}  // namespace core
