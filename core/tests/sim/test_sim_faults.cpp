// Issue 23's wrong answers of the frame runner, each as its reproducer: tables
// and fields past $FFFF and overlapping regions are bind errors naming the
// manifest fields; a routine that writes into its map is a ROUTINE-FAULT in a
// recording and in an audit; an SM83 routine that loses its return address and
// slides into the sentinel, or returns at the wrong stack depth, is a fault and
// not a return (the 6502 too); HALT with no interrupt enabled has its own name.
// The SM83 routines use the built-in assembler; the 6502 ones skip without cc65.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/simulation.h"
#include "core/tests/rgbasm_test_util.h"

namespace fs = std::filesystem;

namespace {

bool haveCa65() {
  return std::system("command -v ca65 >/dev/null 2>&1 && command -v ld65 >/dev/null 2>&1") == 0;
}

// An SM83 routine: entity bytes at $C000, a 16x15 cell table at $C100 and a
// 32-entry attribute table after it, and `body` as the frame entry at $0150.
std::string sm83Source(const std::string& body) {
  return "SECTION \"Vars\", WRAM0[$C000]\n"
         "ent_x:: db\nent_y:: db\nbuttons:: db\n"
         "SECTION \"Map\", WRAM0[$C100]\n"
         "cells:: ds 240\nattrs:: ds 32\n"
         "SECTION \"Code\", ROM0[$0150]\n"
         "frame::\n" +
         body;
}

// A temp dir holding one routine (r.asm or r.s), its manifest and a one-entity
// scenario on the seed-002 castle map (16x15 cells, 16 px).
class Routine : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collidoscope_faults_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  nlohmann::json sm83Manifest() const {
    return nlohmann::json::parse(R"({
      "format": "collidoscope-routine/1", "cpu": "sm83", "sources": ["r.asm"], "entry": "frame",
      "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
      "input": {"label": "buttons", "encoding": "gb-buttons"},
      "map": {"cells": {"label": "cells", "stride": 16, "width": 16, "height": 15},
              "attributes": {"label": "attrs", "stride": 1, "count": 32}},
      "hitbox": {"x": 0, "y": 0, "w": 16, "h": 16}})");
  }
  // Writes the source and manifest and a scenario with `entities` entities; loads it.
  core::Scenario scenario(const std::string& source, const nlohmann::json& manifest,
                          int entities = 1, const std::string& sourceName = "r.asm") {
    std::ofstream(dir_ / sourceName) << source;
    std::ofstream(dir_ / "manifest.json") << manifest.dump(1);
    nlohmann::json sc = {
        {"format", "collidoscope-scenario/1"},
        {"map", std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.map.json"},
        {"routine", (dir_ / "manifest.json").string()},
        {"frames", 1}};
    for (int i = 0; i < entities; ++i) sc["entities"].push_back({{"x", 32 + 16 * i}, {"y", 48}});
    std::ofstream(dir_ / "scenario.json") << sc.dump(1);
    core::Scenario s;
    std::string error;
    EXPECT_TRUE(core::loadScenario((dir_ / "scenario.json").string(), s, &error)) << error;
    return s;
  }
  // Builds the scenario and returns the build error ("" when it bound).
  std::string buildError(const core::Scenario& s) {
    core::Simulation sim;
    std::string error;
    if (sim.build(s, &error)) return "";
    return error.empty() ? "(no message)" : error;
  }
  fs::path dir_;
};

}  // namespace

// --- item 1: ranges past $FFFF --------------------------------------------------------

TEST_F(Routine, CellTablePastFFFFIsABindErrorNamingMapCells) {
  nlohmann::json m = sm83Manifest();
  m["map"]["cells"]["label"] = "cells+16112";  // $C100 + $3EF0 = $FFF0
  const std::string error = buildError(scenario(sm83Source("  ret\n"), m));
  EXPECT_NE(error.find("map.cells: table $FFF0..$100DF runs past $FFFF"), std::string::npos)
      << error;
}

TEST_F(Routine, AttributeTableAndFieldsPastFFFFAreRefused) {
  nlohmann::json m = sm83Manifest();
  m["map"]["attributes"]["label"] = "attrs+15872";  // $C1F0 + $3E00 = $FFF0, 32 entries
  EXPECT_NE(buildError(scenario(sm83Source("  ret\n"), m))
                .find("map.attributes: table $FFF0..$1000F runs past $FFFF"),
            std::string::npos);
  m = sm83Manifest();
  m["entity"]["fields"]["y"] = {{"label", "ent_y+16382"}, {"stride", 1}};  // $FFFF
  const std::string error = buildError(scenario(sm83Source("  ret\n"), m, 2));
  EXPECT_NE(error.find("entity.fields.y: bytes $FFFF..$10000 runs past $FFFF"), std::string::npos)
      << error;
  m = sm83Manifest();
  m["input"]["label"] = "buttons+65535";
  EXPECT_NE(buildError(scenario(sm83Source("  ret\n"), m)).find("input.label: \"buttons+65535\""),
            std::string::npos);
}

TEST(WatchBus, ARangePastTheAddressSpaceIsClippedNotOverrun) {
  core::AsmResult image = rgbasm_test::assemble(
      "SECTION \"Code\", ROM0[$0150]\nframe::\n  ld a, [$FFF5]\n  ld [$FFF6], a\n  ret\n");
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  auto machine = core::makeMachine(core::Cpu::Sm83);
  std::string error;
  ASSERT_TRUE(machine->load(image, &error)) << error;
  machine->setWatch({{0xFFF0, 0x100E0}});
  struct Seen : core::AccessObserver {
    std::vector<uint16_t> addrs;
    void onAccess(uint16_t addr, uint8_t, core::AccessKind) override { addrs.push_back(addr); }
  } seen;
  machine->setWatchSink(&seen);
  core::CallResult r = machine->call(0x0150, 1000, nullptr);
  EXPECT_EQ(r.reason, core::HaltKind::Returned) << r.detail;
  // The return address pops from $FFFC/$FFFD, inside the clipped range too.
  EXPECT_NE(std::find(seen.addrs.begin(), seen.addrs.end(), 0xFFF5), seen.addrs.end());
  EXPECT_NE(std::find(seen.addrs.begin(), seen.addrs.end(), 0xFFF6), seen.addrs.end());
}

// --- item 9: overlapping regions ------------------------------------------------------

TEST_F(Routine, OverlappingRegionsAreRefusedNamingBothFields) {
  nlohmann::json m = sm83Manifest();
  m["map"]["attributes"]["label"] = "cells+16";  // attributes on top of the cells
  std::string error = buildError(scenario(sm83Source("  ret\n"), m));
  EXPECT_NE(error.find("map.attributes ($C110..$C12F) overlaps map.cells ($C100..$C1EF)"),
            std::string::npos)
      << error;

  m = sm83Manifest();
  m["map"]["cells"]["label"] = "frame";  // cells over the code
  error = buildError(scenario(sm83Source("  ret\n"), m));
  EXPECT_NE(error.find("overlaps map.cells ($0150..$023F)"), std::string::npos) << error;
  EXPECT_NE(error.find("segment Code"), std::string::npos) << error;

  // x over 3 entities (stride 1) runs into y.
  m = sm83Manifest();
  m["entity"]["stride"] = 1;
  error = buildError(scenario(sm83Source("  ret\n"), m, 3));
  EXPECT_NE(error.find("entity.fields.y ($C001..$C003) overlaps entity.fields.x ($C000..$C002)"),
            std::string::npos)
      << error;
  // One entity: the same manifest binds.
  EXPECT_EQ(buildError(scenario(sm83Source("  ret\n"), m, 1)), "");
}

TEST(ManifestLayout, OverlappingCa65SegmentsAreRefusedAtLoad) {
  fs::path dir = fs::temp_directory_path() / ("collidoscope_layout_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto load = [&](const std::string& layout) {
    std::ofstream(dir / "m.json") << R"({"format": "collidoscope-routine/1", "cpu": "6502",
      "sources": ["r.s"], "entry": "frame", "layout": )" +
                                         layout +
                                         R"(, "entity": {"fields": {"x": "x", "y": "y"}}})";
    core::RoutineManifest m;
    std::string error;
    return core::loadManifest((dir / "m.json").string(), m, &error) ? std::string() : error;
  };
  EXPECT_EQ(load(R"({"zeropage": "$00", "bss": "$0300", "code": "$8000"})"), "");
  std::string e = load(R"({"zeropage": "$00", "bss": "$0300", "code": "$0000"})");
  EXPECT_NE(e.find("layout.code: $0000..$FFFF overlaps layout.zeropage ($0000..$00FF)"),
            std::string::npos)
      << e;
  e = load(R"({"zeropage": "$00", "bss": "$0080", "code": "$8000"})");
  EXPECT_NE(e.find("layout.bss: $0080..$07FF overlaps layout.zeropage"), std::string::npos) << e;
  e = load(R"({"zeropage": "$00", "bss": "$0300", "code": "$0400"})");
  EXPECT_NE(e.find("layout.code: $0400..$FFFF overlaps layout.bss ($0300..$07FF)"),
            std::string::npos)
      << e;
  fs::remove_all(dir);
}

// --- item 6: a write into the map -----------------------------------------------------

TEST_F(Routine, AWriteIntoTheMapIsARoutineFaultInTheRecordingAndTheAudit) {
  // Writes 7 into cell (1,1) and returns normally.
  core::Scenario s =
      scenario(sm83Source("  ld a, 7\n  ld [cells + 17], a\n  ret\n"), sm83Manifest());
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const core::EntityFrame& e = sim.recording().frames[0].entities[0];
  EXPECT_EQ(e.halt, core::HaltKind::Returned);
  EXPECT_TRUE(e.badWrite);
  auto v = core::classifyRecording(s, sim.recording());
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].verdict, core::Verdict::RoutineFault);
  EXPECT_NE(v[0].message.find("wrote $07 into the map at $C111 (cell 1,1)"), std::string::npos)
      << v[0].message;

  core::AuditOptions o;
  o.stride = 16;
  o.minSpeed = o.maxSpeed = 1;
  o.threads = 1;
  core::AuditResult a = core::runAudit(s, o);
  ASSERT_TRUE(a.ok) << a.error;
  ASSERT_GT(a.cases, 0u);
  EXPECT_EQ(a.count(core::Verdict::RoutineFault), a.cases);
  ASSERT_FALSE(a.failures.empty());
  EXPECT_NE(a.failures[0].verdict.message.find("into the map at $C111"), std::string::npos)
      << a.failures[0].verdict.message;
}

TEST_F(Routine, AWriteIntoTheAttributeTableNamesTheMetatile) {
  core::Scenario s =
      scenario(sm83Source("  ld a, 1\n  ld [attrs + 3], a\n  ret\n"), sm83Manifest());
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error) && sim.simulate(&error)) << error;
  auto v = core::classifyRecording(s, sim.recording());
  EXPECT_EQ(v[0].verdict, core::Verdict::RoutineFault);
  EXPECT_NE(v[0].message.find("into the map's attribute table at $C1F3 (metatile 3)"),
            std::string::npos)
      << v[0].message;
}

// --- item 7: lost returns -------------------------------------------------------------

namespace {

core::CallResult callSm83(const std::string& body) {
  core::AsmResult image = rgbasm_test::assemble(sm83Source(body));
  EXPECT_TRUE(image.ok) << image.diagnosticsText();
  auto machine = core::makeMachine(core::Cpu::Sm83);
  std::string error;
  EXPECT_TRUE(machine->load(image, &error)) << error;
  return machine->call(0x0150, 17556, nullptr);
}

}  // namespace

TEST(LostReturn, Sm83PoppedReturnAddressSlidingIntoTheSentinelIsAFault) {
  // Drops the return address, "returns" into zeroed WRAM and slides (NOPs) to $FFF0.
  core::CallResult r = callSm83("  pop hl\n  ld hl, $D000\n  push hl\n  ret\n");
  EXPECT_EQ(r.reason, core::HaltKind::LostReturn);
  EXPECT_TRUE(core::isFault(r.reason));
  EXPECT_STREQ(core::haltKindName(r.reason), "lost return");
  // The slide starts after the routine's last byte (RET at $0155).
  EXPECT_EQ(r.detail, "reached the return sentinel $FFF0 by sliding from $0156, not by RET");
  // Jumping to the sentinel with a variable in the byte before it is no slide.
  r = callSm83("  pop hl\n  ld a, 1\n  ld [$FFEF], a\n  jp $FFF0\n");
  EXPECT_EQ(r.reason, core::HaltKind::LostReturn);
  EXPECT_EQ(r.detail, "reached the return sentinel $FFF0 by a jump, not by RET");
}

TEST(LostReturn, Sm83ReturnAtTheWrongStackDepthIsAFault) {
  core::CallResult r = callSm83("  push bc\n  ld hl, $FFF0\n  push hl\n  ret\n");
  EXPECT_EQ(r.reason, core::HaltKind::LostReturn);
  EXPECT_EQ(r.detail, "returned with SP=$FFFA, expected $FFFE");
  // A plain RET and a conditional one are returns.
  EXPECT_EQ(callSm83("  ret\n").reason, core::HaltKind::Returned);
  EXPECT_EQ(callSm83("  xor a\n  ret z\n  ret\n").reason, core::HaltKind::Returned);
}

TEST_F(Routine, TheLostReturnReasonReachesTheVerdict) {
  core::Scenario s =
      scenario(sm83Source("  pop hl\n  ld hl, $D000\n  push hl\n  ret\n"), sm83Manifest());
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error) && sim.simulate(&error)) << error;
  EXPECT_EQ(sim.recording().frames[0].entities[0].halt, core::HaltKind::LostReturn);
  auto v = core::classifyRecording(s, sim.recording());
  EXPECT_EQ(v[0].verdict, core::Verdict::RoutineFault);
  EXPECT_NE(v[0].message.find("halted: lost return: reached the return sentinel $FFF0 by sliding "
                              "from $"),
            std::string::npos)
      << v[0].message;
  EXPECT_NE(v[0].message.find(", not by RET"), std::string::npos) << v[0].message;
  // The debugger's single steps judge the return the same way.
  ASSERT_TRUE(sim.seek(0, 0));
  sim.machine().beginCall(sim.binding().entry);
  core::CallResult r;
  for (int i = 0; i < 20000 && (r = sim.machine().step(nullptr)).reason == core::HaltKind::Stepped;
       ++i) {
  }
  EXPECT_EQ(r.reason, core::HaltKind::LostReturn) << core::haltKindName(r.reason);
}

TEST_F(Routine, M6502RtsToTheSentinelWithTheWrongStackIsAFault) {
  if (!haveCa65()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian package cc65)";
  auto run = [&](const std::string& body) {
    nlohmann::json m = nlohmann::json::parse(R"({
      "format": "collidoscope-routine/1", "cpu": "6502", "sources": ["r.s"], "entry": "frame",
      "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
      "hitbox": {"x": 0, "y": 0, "w": 16, "h": 16}})");
    core::Scenario s = scenario(
        ".export frame\n.exportzp ent_x, ent_y\n.segment \"ZEROPAGE\"\nent_x: .res 1\nent_y: .res "
        "1\n"
        ".segment \"CODE\"\n.proc frame\n" +
            body + ".endproc\n",
        m, 1, "r.s");
    core::Simulation sim;
    std::string error;
    EXPECT_TRUE(sim.build(s, &error)) << error;
    sim.resetToStart();
    core::EntityFrame e = sim.runEntity(0, 0, true);
    return std::make_pair(e.halt, e.faultDetail);
  };
  EXPECT_EQ(run("  rts\n").first, core::HaltKind::Returned);
  // Pushes a second return address to $FFF0 on top of the real one.
  auto lost = run("  lda #$FF\n  pha\n  lda #$EF\n  pha\n  rts\n");
  EXPECT_EQ(lost.first, core::HaltKind::LostReturn);
  EXPECT_EQ(lost.second, "returned with S=$FB, expected $FD");
  // Jumps to the sentinel instead of returning: the stack still holds the call's frame.
  auto jumped = run("  jmp $FFF0\n");
  EXPECT_EQ(jumped.first, core::HaltKind::LostReturn);
  EXPECT_EQ(jumped.second, "returned with S=$FB, expected $FD");
}

// --- item 8: HALT that nothing can end ------------------------------------------------

TEST(HaltForever, HaltWithNoInterruptEnabledHasItsOwnName) {
  core::CallResult r = callSm83("  di\n  xor a\n  ld [$FFFF], a\n  halt\n  ret\n");
  EXPECT_EQ(r.reason, core::HaltKind::HaltForever);
  EXPECT_TRUE(core::isFault(r.reason));
  EXPECT_STREQ(core::haltKindName(r.reason), "halt with no interrupt enabled");
  EXPECT_NE(r.detail.find("HALT at $0155"), std::string::npos) << r.detail;
  // An illegal opcode is still one, with the CPU's reason.
  core::CallResult bad = callSm83("  db $D3\n");
  EXPECT_EQ(bad.reason, core::HaltKind::Locked);
  EXPECT_STREQ(core::haltKindName(bad.reason), "illegal opcode");
  EXPECT_EQ(bad.detail, "illegal opcode $D3 at $0150");
}
