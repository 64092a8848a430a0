// Game mode (issue 15): the test games CMake builds into COLLIDOSCOPE_GAMES_DIR,
// booted from reset to their main loops and called in place. Call mode must give
// the positions the flat-bus twins give; seeks restore the whole system (OAM,
// nametables/VRAM, mapper registers); bad game blocks, labels and boots fail with
// located messages. The NES games skip when ca65/ld65 were not found by CMake.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/asm/subprocess.h"
#include "core/debug/debugger.h"
#include "core/game/boot.h"
#include "core/game/game_machine.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/rom_test_util.h"
#include "core/tests/sample_test_util.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core {
namespace {

using nlohmann::json;

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

bool needsCa65(const std::string& game) {
  return game != "gb_mbc1_demo";
}

#define REQUIRE_GAME(game)                                                      \
  do {                                                                          \
    if (needsCa65(game) && !COLLIDOSCOPE_HAVE_CA65)                             \
      GTEST_SKIP() << "ca65/ld65 not found by CMake: the NES games are absent"; \
  } while (0)

Scenario loadGame(const std::string& game) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(gameFile(game, game + ".scenario.json"), sc, &error)) << error;
  return sc;
}

// The game's manifest as JSON, with its ROM and symbols as absolute paths, so an
// edited copy can live in a temporary directory.
json gameManifestJson(const std::string& game) {
  std::string error;
  auto j = readJsonFile(gameFile(game, "manifest.json"), &error);
  EXPECT_TRUE(j) << error;
  if (!j) return {};
  json& g = (*j)["game"];
  g["rom"] = gameFile(game, g["rom"].get<std::string>());
  if (g.contains("symbols"))
    for (auto& s : g["symbols"]) s = gameFile(game, s.get<std::string>());
  return *j;
}

class GameModeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    auto dir = TempDir::create("game_mode", &error);
    ASSERT_TRUE(dir) << error;
    dir_.emplace(std::move(*dir));
  }
  // Writes `j` as a manifest and loads it; false with the loader's error.
  bool loadEdited(const json& j, RoutineManifest& m, std::string* error) {
    const std::string path = dir_->file("manifest.json");
    EXPECT_TRUE(writeFileAtomic(path, j.dump(1), error, false)) << *error;
    return loadManifest(path, m, error);
  }
  // The game's scenario driven by an edited manifest; build()'s result.
  bool buildEdited(const std::string& game, const json& j, Simulation& sim, std::string* error) {
    Scenario sc = loadGame(game);
    if (!loadEdited(j, sc.manifest, error)) return false;
    return sim.build(sc, error);
  }
  std::optional<TempDir> dir_;
};

class EachGame : public GameModeTest, public ::testing::WithParamInterface<const char*> {};

TEST_P(EachGame, BootsToItsMainLoop) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadGame(game), &error)) << error;
  ASSERT_NE(sim.gameMachine(), nullptr);
  sim.resetToStart();
  auto mainLoop = sim.image().debug.addressOf("main_loop");
  ASSERT_TRUE(mainLoop);
  EXPECT_EQ(sim.machine().pc(), *mainLoop);
  EXPECT_GT(sim.gameMachine()->frame(), 0u) << "the boot waited for no vblank";
  // The boot ran the game's own init: the room it copied is where the manifest says.
  const Binding& b = sim.binding();
  ASSERT_TRUE(b.cells);
  EXPECT_TRUE(sim.warnings().empty()) << sim.warnings().front();
}

// The flat-bus twin assembles the same collision source: both must end every
// frame at the same position, with the same halts and cells read.
TEST_P(EachGame, CallModeMatchesTheFlatTwin) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  if (needsCa65(game)) REQUIRE_CA65();  // the NES twins assemble with ca65 at run time
  Scenario twinSc;
  std::string error;
  ASSERT_TRUE(loadScenario(test::repoFile("maps/game_" + game + ".scenario.json"), twinSc, &error))
      << error;
  Simulation twin, real;
  ASSERT_TRUE(twin.build(twinSc, &error)) << error;
  ASSERT_TRUE(real.build(loadGame(game), &error)) << error;
  ASSERT_TRUE(twin.simulate(&error)) << error;
  ASSERT_TRUE(real.simulate(&error)) << error;
  const Recording &a = twin.recording(), &b = real.recording();
  ASSERT_EQ(a.frames.size(), b.frames.size());
  test::MoveCounts moves = test::countMoves(b);
  EXPECT_GT(moves.moved, 0);
  EXPECT_GT(moves.blocked, 0);
  for (size_t f = 0; f < a.frames.size(); ++f) {
    const EntityFrame &x = a.frames[f].entities.at(0), &y = b.frames[f].entities.at(0);
    ASSERT_EQ(x.after, y.after) << "frame " << f;
    ASSERT_EQ(x.halt, y.halt) << "frame " << f;
    ASSERT_EQ(x.cellsRead, y.cellsRead) << "frame " << f;
  }
}

// Seeking restores the whole system: OAM and VRAM changed by the game running on
// are back as they were at the frame sought.
TEST_P(EachGame, SeekRestoresOamAndVram) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadGame(game), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  game::GameMachine& m = *sim.gameMachine();
  ASSERT_TRUE(sim.seek(40, 0));
  const std::vector<uint8_t> oam = m.oam(), vram = m.vram();
  const Snapshot at40 = m.snapshot();
  // The game's own main loop, with Right held: it moves its sprite (the NMI's OAM
  // DMA on the NES); on the Game Boy, which keeps no sprite, pokes reach VRAM and OAM.
  m.beginCall(uint16_t(*sim.image().debug.addressOf("main_loop")));
  m.setButtons(kButtonRight);
  m.runFree(std::nullopt, 30 * m.frameCycles());
  if (m.cpu() == Cpu::Sm83) {
    m.poke(0x9800, uint8_t(m.peek(0x9800) ^ 0xFF));
    m.poke(0xFE00, uint8_t(m.peek(0xFE00) ^ 0xFF));
  }
  EXPECT_TRUE(m.oam() != oam || m.vram() != vram) << "nothing changed: the test proves nothing";
  ASSERT_TRUE(sim.seek(40, 0));
  EXPECT_EQ(m.oam(), oam);
  EXPECT_EQ(m.vram(), vram);
  EXPECT_TRUE(m.snapshot().sameAs(at40));
}

// One call of the routine run whole and stepped an instruction at a time (the
// debugger's way) ends in the same state after the same cycles and
// instructions, on the game machine and on its flat-bus twin alike (one
// CpuMachine writes call, resume and step for both); a step at the sentinel
// runs nothing and still says Returned. Checks the two paths against each other.
TEST_P(EachGame, SteppedCallEndsWhereTheWholeCallEnds) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  if (needsCa65(game)) REQUIRE_CA65();  // the NES twins assemble with ca65 at run time
  Scenario twinSc;
  std::string error;
  ASSERT_TRUE(loadScenario(test::repoFile("maps/game_" + game + ".scenario.json"), twinSc, &error))
      << error;
  Simulation twin, real;
  ASSERT_TRUE(twin.build(twinSc, &error)) << error;
  ASSERT_TRUE(real.build(loadGame(game), &error)) << error;
  for (Simulation* sim : {&twin, &real}) {
    const char* which = sim == &twin ? "flat twin" : "game machine";
    ASSERT_TRUE(sim->simulate(&error)) << error;
    ASSERT_TRUE(sim->seek(10, 0)) << which;
    Machine& m = sim->machine();
    const uint16_t entry = sim->entryOf(0);
    const Snapshot start = m.snapshot();
    const CallResult whole = m.call(entry, sim->scenario().manifest.cycleBudget, nullptr);
    ASSERT_EQ(whole.reason, HaltKind::Returned) << which << ": " << whole.detail;
    const Snapshot end = m.snapshot();
    m.restore(start);
    m.beginCall(entry);
    uint64_t cycles = 0, instructions = 0;
    CallResult r;
    do {
      r = m.step(nullptr);
      cycles += r.cycles;
      instructions += r.instructions;
    } while (r.reason == HaltKind::Stepped && instructions < 1000000);
    EXPECT_EQ(r.reason, HaltKind::Returned) << which << ": " << r.detail;
    EXPECT_EQ(cycles, whole.cycles) << which;
    EXPECT_EQ(instructions, whole.instructions) << which;
    EXPECT_GT(instructions, 3u) << which;
    EXPECT_TRUE(m.snapshot().sameAs(end)) << which;
    r = m.step(nullptr);
    EXPECT_EQ(r.reason, HaltKind::Returned) << which;
    EXPECT_EQ(r.cycles, 0u) << which;
    EXPECT_EQ(m.pc(), m.sentinel()) << which;
  }
}

INSTANTIATE_TEST_SUITE_P(TestGames, EachGame,
                         ::testing::Values("nrom_demo", "mmc1_demo", "gb_mbc1_demo"));

// The MMC1 game's routine lives in bank 2; a seek after the mapper was switched
// elsewhere maps it back (the mapper registers are in the snapshot).
TEST_F(GameModeTest, SeekRestoresMapperRegisters) {
  REQUIRE_GAME("mmc1_demo");
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadGame("mmc1_demo"), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  ASSERT_TRUE(sim.seek(10, 0));
  const uint16_t entry = sim.binding().entry;
  const uint8_t code = sim.machine().peek(entry);
  game::GameMachine& m = *sim.gameMachine();
  ASSERT_TRUE(m.mapBank(entry, 0));
  ASSERT_TRUE(sim.seek(10, 0));
  EXPECT_EQ(sim.machine().peek(entry), code);
  // And the call from there still returns where the recording says.
  EntityFrame ef = sim.runEntity(0, sim.scenario().inputAt(10), false);
  EXPECT_EQ(ef.after, sim.recording().frames[10].entities[0].after);
}

// The game's own .dbg against a ROM of another build (its PRG erased to $FF): the
// image loads, with a warning that the labels point at nothing.
TEST_F(GameModeTest, SymbolsOfAnotherRomWarn) {
  REQUIRE_GAME("nrom_demo");
  std::string error;
  auto rom = readBinaryFile(gameFile("nrom_demo", "nrom_demo.nes"), &error);
  ASSERT_TRUE(rom) << error;
  std::fill(rom->begin() + 16, rom->begin() + 16 + 0x4000 - 6, uint8_t(0xFF));  // keep the vectors
  const std::string other = dir_->file("other.nes");
  ASSERT_TRUE(writeFileAtomic(other, std::string(rom->begin(), rom->end()), &error, false));
  json j = gameManifestJson("nrom_demo");
  j["game"]["rom"] = other;
  RoutineManifest m;
  ASSERT_TRUE(loadEdited(j, m, &error)) << error;
  AsmResult image = buildRoutine(m);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  std::string warnings;
  for (const Diagnostic& d : image.diagnostics)
    if (d.severity == Diagnostic::Severity::Warning) warnings += d.str() + "\n";
  EXPECT_NE(warnings.find("$FF-filled bytes in other.nes"), std::string::npos) << warnings;
}

TEST_F(GameModeTest, LabelNotFoundNamesTheClosest) {
  REQUIRE_GAME("nrom_demo");
  json j = gameManifestJson("nrom_demo");
  j["entry"] = "colide_player";
  Simulation sim;
  std::string error;
  EXPECT_FALSE(buildEdited("nrom_demo", j, sim, &error));
  EXPECT_NE(error.find("entry: label \"colide_player\""), std::string::npos) << error;
  EXPECT_NE(error.find("closest: collide_player"), std::string::npos) << error;
}

TEST_F(GameModeTest, BootThatNeverArrivesReportsWhereItLoops) {
  REQUIRE_GAME("gb_mbc1_demo");
  json j = gameManifestJson("gb_mbc1_demo");
  // A data label: the game never executes it, so the boot must give up, not hang.
  j["game"]["boot"] = {{"to", "RoomData"}, {"maxFrames", 10}};
  Simulation sim;
  std::string error;
  EXPECT_FALSE(buildEdited("gb_mbc1_demo", j, sim, &error));
  EXPECT_NE(error.find("game.boot.to: \"RoomData\" not reached in 10 frames"), std::string::npos)
      << error;
  EXPECT_NE(error.find("no progress: PC loops in $"), std::string::npos) << error;
  EXPECT_NE(error.find("(main_loop"), std::string::npos) << error;
}

TEST_F(GameModeTest, BootForFramesStartsThere) {
  REQUIRE_GAME("gb_mbc1_demo");
  json j = gameManifestJson("gb_mbc1_demo");
  j["game"]["boot"] = {{"frames", 30}};
  Simulation sim;
  std::string error;
  ASSERT_TRUE(buildEdited("gb_mbc1_demo", j, sim, &error)) << error;
  sim.resetToStart();
  EXPECT_GE(sim.gameMachine()->frame(), 29u);
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_EQ(sim.recording().frames.at(0).entities.at(0).halt, HaltKind::Returned);
}

TEST_F(GameModeTest, RegisterPresetsReachTheCall) {
  REQUIRE_GAME("gb_mbc1_demo");
  json j = gameManifestJson("gb_mbc1_demo");
  j["registers"] = {{"B", "slot"}, {"C", 7}, {"A", "field:x"}, {"HL", "wRoomCells"}};
  Simulation sim;
  std::string error;
  ASSERT_TRUE(buildEdited("gb_mbc1_demo", j, sim, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  Trace t = sim.trace(0, 0, 1);
  ASSERT_FALSE(t.steps.empty());
  auto reg = [&](const char* name) {
    for (const RegisterValue& r : t.steps[0].regsBefore)
      if (std::string(r.name) == name) return r.value;
    return uint32_t(0xDEAD);
  };
  EXPECT_EQ(reg("A"), uint32_t(sim.scenario().entities[0].x));
  EXPECT_EQ(reg("BC"), 0x0007u);
  EXPECT_EQ(reg("HL"), *sim.image().debug.addressOf("wRoomCells"));
}

TEST_F(GameModeTest, BadGameBlocksNameTheirJsonPath) {
  REQUIRE_GAME("gb_mbc1_demo");
  struct Case {
    const char* what;
    std::function<void(json&)> edit;
    const char* expect;
  };
  const std::vector<Case> cases = {
      {"version 1", [](json& j) { j["format"] = "collidoscope-routine/1"; }, "game: needs"},
      {"no boot", [](json& j) { j["game"].erase("boot"); }, "game.boot"},
      {"both boots", [](json& j) { j["game"]["boot"]["frames"] = 3; }, "game.boot: needs either"},
      {"rom not a string", [](json& j) { j["game"]["rom"] = 5; }, "game.rom"},
      {"symbols not names", [](json& j) { j["game"]["symbols"] = {1}; }, "game.symbols[0]"},
      {"sources too", [](json& j) { j["sources"] = {"a.s"}; }, "sources: a game manifest"},
      {"bad register",
       [](json& j) {
         j["registers"] = {{"X", 1}};
       },
       "registers.X: is not"},
      {"bad field",
       [](json& j) {
         j["registers"] = {{"A", "field:z"}};
       },
       "registers.A"},
      {"register too wide",
       [](json& j) {
         j["registers"] = {{"A", "$100"}};
       },
       "registers.A"},
  };
  for (const Case& c : cases) {
    json j = gameManifestJson("gb_mbc1_demo");
    c.edit(j);
    RoutineManifest m;
    std::string error;
    EXPECT_FALSE(loadEdited(j, m, &error)) << c.what;
    EXPECT_NE(error.find(c.expect), std::string::npos) << c.what << ": " << error;
  }
}

TEST_F(GameModeTest, RomThatDoesNotLoadIsAnError) {
  REQUIRE_GAME("gb_mbc1_demo");
  json j = gameManifestJson("gb_mbc1_demo");
  const std::string bad = dir_->file("truncated.gb");
  std::string error;
  ASSERT_TRUE(writeFileAtomic(bad, std::string(100, '\0'), &error, false)) << error;
  j["game"]["rom"] = bad;
  Simulation sim;
  EXPECT_FALSE(buildEdited("gb_mbc1_demo", j, sim, &error));
  EXPECT_NE(error.find("truncated.gb"), std::string::npos) << error;
}

// A game machine's poke of a ROM address patches the mapped byte in memory only.
TEST_F(GameModeTest, PokeOfRomNeverTouchesTheFile) {
  REQUIRE_GAME("gb_mbc1_demo");
  std::string error;
  const std::string rom = gameFile("gb_mbc1_demo", "gb_mbc1_demo.gb");
  auto before = readBinaryFile(rom, &error);
  ASSERT_TRUE(before) << error;
  auto m = game::makeGameMachine(*before, rom, &error);
  ASSERT_TRUE(m) << error;
  m->powerOn();
  m->poke(0x0150, uint8_t(m->peek(0x0150) ^ 0xFF));
  EXPECT_NE(m->peek(0x0150), (*before)[0x150]);
  auto after = readBinaryFile(rom, &error);
  ASSERT_TRUE(after) << error;
  EXPECT_EQ(*before, *after);
}

}  // namespace
}  // namespace core

namespace core {
namespace {

// A game machine's keyframes hold the whole system; a long run spaces them out so
// they stay within 256 MiB (the flat machines keep one every 16 frames), and a
// seek far into it still lands on the recorded state.
TEST_F(GameModeTest, LongRunsSpaceTheirKeyframes) {
  REQUIRE_GAME("nrom_demo");
  Scenario sc = loadGame("nrom_demo");
  sc.frames = 200000;
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const Recording& rec = sim.recording();
  EXPECT_GT(rec.keyInterval, 16);
  size_t bytes = 0;
  for (const Snapshot& k : rec.keyframes)
    bytes += k.ram.size() + (k.system ? k.system->bytes() : 0);
  EXPECT_LE(bytes, size_t(256) << 20);
  const int f = 199999 - rec.keyInterval / 2;
  ASSERT_TRUE(sim.seek(f, 0));
  EntityFrame ef = sim.runEntity(0, sim.scenario().inputAt(f), false);
  EXPECT_EQ(ef.after, rec.frames[size_t(f)].entities[0].after);
}

}  // namespace
}  // namespace core

namespace core {
namespace {

// The debugger on the MMC1 game: a breakpoint on the routine in PRG bank 2 stops
// there, the source line is the game's own collision.s, and the registers and
// memory at the cursor are the banked code's.
TEST_F(GameModeTest, DebuggerStopsInsideTheBankedRoutineWithSourceLines) {
  REQUIRE_GAME("mmc1_demo");
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadGame("mmc1_demo"), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const uint16_t entry = sim.binding().entry;
  auto where = sim.image().debug.lineFor(entry);
  ASSERT_TRUE(where);
  EXPECT_NE(where->file.find("collision.s"), std::string::npos) << where->file;
  Debugger dbg;
  EXPECT_EQ(dbg.attach(&sim), "");
  ASSERT_TRUE(dbg.setBreakpoint(entry, "", &error)) << error;
  DebugStop stop = dbg.runRecording(5, int(sim.recording().frames.size()) - 1);
  EXPECT_EQ(stop.kind, DebugStop::Kind::Breakpoint) << stop.text;
  EXPECT_EQ(stop.pc, entry);
  bool executed = false;
  EXPECT_EQ(dbg.cursorPc(&executed), entry);
  EXPECT_EQ(dbg.memory().now.at(entry), sim.machine().peek(entry));
  EXPECT_GT(dbg.trace().steps.size(), 3u);
  EXPECT_EQ(dbg.trace().halt, HaltKind::Returned);
}

// A CGB game (header $0143 bit 7) powers on as the CGB boot ROM leaves it: A = $11
// is how a game knows it runs on a Game Boy Color; a DMG game sees A = $01.
TEST(GameMachineGb, ACgbGameBootsWithTheCgbRegisters) {
  for (const bool cgb : {false, true}) {
    auto bytes = test::makeGb(0x00, 0, 0);
    bytes[0x143] = cgb ? 0x80 : 0x00;
    test::fixGbChecksums(bytes);
    std::string error;
    auto m = game::makeGameMachine(bytes, cgb ? "cgb.gbc" : "dmg.gb", &error);
    ASSERT_TRUE(m) << error;
    m->powerOn();
    uint32_t a = 0;
    for (const RegisterValue& r : m->registers())
      if (std::string(r.name) == "A") a = r.value;
    EXPECT_EQ(a, cgb ? 0x11u : 0x01u) << (cgb ? "CGB" : "DMG");
  }
}

}  // namespace
}  // namespace core
