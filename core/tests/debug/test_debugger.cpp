// The debugger model (core/debug) over a real trace: the castle sample's
// player call (seed 002 routine, real ca65), whose frame harness calls
// subroutines with JSR. Stepping rules, memory at the cursor, conditional
// breakpoints, watchpoints and watch expressions, all without a window.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/asm/ca65/ca65.h"
#include "core/debug/debugger.h"

namespace {

class DebuggerTrace : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!core::ca65Available()) GTEST_SKIP() << core::ca65MissingMessage("ca65");
    core::Scenario scenario;
    std::string error;
    const std::string path =
        std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json";
    ASSERT_TRUE(core::loadScenario(path, scenario, &error)) << error;
    ASSERT_TRUE(sim_.build(scenario, &error)) << error;
    ASSERT_TRUE(sim_.simulate(&error)) << error;
    trace_ = sim_.trace(30, 0);
    ASSERT_GT(trace_.steps.size(), 10u);
    for (int i = 0; i < int(trace_.steps.size()); ++i)
      if (trace_.steps[i].text.rfind("JSR", 0) == 0) {
        jsr_ = i;
        break;
      }
    ASSERT_GE(jsr_, 0) << "the harness calls no subroutine";
  }
  core::Simulation sim_;
  core::Trace trace_;
  int jsr_ = -1;
  std::set<uint16_t> none_;
};

TEST_F(DebuggerTrace, IntoAndBackMoveOneInstruction) {
  EXPECT_EQ(core::stepTarget(trace_, -1, core::StepKind::Into, none_), 0);
  EXPECT_EQ(core::stepTarget(trace_, 4, core::StepKind::Into, none_), 5);
  EXPECT_EQ(core::stepTarget(trace_, 4, core::StepKind::Back, none_), 3);
  EXPECT_EQ(core::stepTarget(trace_, 0, core::StepKind::Back, none_), 0);
  EXPECT_EQ(core::stepTarget(trace_, -1, core::StepKind::Back, none_),
            int(trace_.steps.size()) - 1);
  const int last = int(trace_.steps.size()) - 1;
  EXPECT_EQ(core::stepTarget(trace_, last, core::StepKind::Into, none_), -1);
}

TEST_F(DebuggerTrace, OverAJsrLandsAfterItAndOutLeavesTheSubroutine) {
  const core::TraceStep& call = trace_.steps[jsr_];
  const uint16_t after = uint16_t(call.pc + call.bytes.size());
  const int over = core::stepTarget(trace_, jsr_, core::StepKind::Over, none_);
  ASSERT_GT(over, jsr_ + 1);
  EXPECT_EQ(trace_.steps[over].pc, after);
  // From the first instruction inside the subroutine, Out lands at the same place.
  EXPECT_EQ(core::stepTarget(trace_, jsr_ + 1, core::StepKind::Out, none_), over);
  // From the top level, Out runs to the end of the call.
  EXPECT_EQ(core::stepTarget(trace_, 0, core::StepKind::Out, none_), -1);
}

TEST_F(DebuggerTrace, BreakpointsStopOverOutAndRun) {
  const std::set<uint16_t> bp{trace_.steps[jsr_ + 2].pc};
  const int first = core::firstBreakpoint(trace_, bp);
  ASSERT_GE(first, 0);
  EXPECT_LE(first, jsr_ + 2);
  EXPECT_EQ(core::stepTarget(trace_, -1, core::StepKind::ToEnd, bp), first);
  EXPECT_EQ(core::stepTarget(trace_, jsr_, core::StepKind::Over, bp), jsr_ + 2);
  EXPECT_EQ(core::stepTarget(trace_, jsr_ + 1, core::StepKind::Out, bp), jsr_ + 2);
  EXPECT_EQ(core::stepTarget(trace_, 0, core::StepKind::ToEnd, none_), -1);
}

TEST(DebuggerAddress, ParsesHexAndLabelsAndNamesAddresses) {
  core::DebugInfo dbg;
  dbg.symbols.push_back({"entity_x", 0x0304, 0, 4, "", true});
  dbg.symbols.push_back({"SPEED", 0x0002, 0, 0, "", false});
  std::string error;
  EXPECT_EQ(core::parseAddress(dbg, "$0300", &error), 0x0300);
  EXPECT_EQ(core::parseAddress(dbg, "0x10", &error), 0x0010);
  EXPECT_EQ(core::parseAddress(dbg, "entity_x+2", &error), 0x0306);
  EXPECT_FALSE(core::parseAddress(dbg, "SPEED", &error));
  EXPECT_NE(error.find("constant"), std::string::npos);
  EXPECT_FALSE(core::parseAddress(dbg, "nowhere", &error));
  EXPECT_FALSE(core::parseAddress(dbg, "$12345", &error));
  EXPECT_EQ(core::addressName(dbg, 0x0304), "entity_x");
  EXPECT_EQ(core::addressName(dbg, 0x0306), "entity_x+2");
  EXPECT_EQ(core::addressName(dbg, 0x0308), "$0308");
}

// ld65 names $0300 `__RAM_START__` too; the user's `_player` (a cc65 C
// global) is what watches, the Memory panel and the Source view show. The linker's names
// appear only where no label of the user's reaches.
TEST(DebuggerAddress, TheUsersLabelsWinOverTheLinkers) {
  EXPECT_TRUE(core::isLinkerSymbol("__RAM_START__"));
  EXPECT_TRUE(core::isLinkerSymbol("__CODE_LOAD__"));
  EXPECT_TRUE(core::isLinkerSymbol("s__DATA"));
  EXPECT_TRUE(core::isLinkerSymbol("l__DATA"));
  EXPECT_FALSE(core::isLinkerSymbol("_player"));
  EXPECT_FALSE(core::isLinkerSymbol("__"));
  EXPECT_FALSE(core::isLinkerSymbol("__init"));
  core::DebugInfo dbg;
  dbg.symbols.push_back({"__RAM_START__", 0x0300, 0, 0, "", true});
  dbg.symbols.push_back({"_player", 0x0300, 0, 2, "", true});
  dbg.symbols.push_back({"__DATA_RUN__", 0x0310, 0, 0, "", true});
  dbg.symbols.push_back({"_enemies", 0x0308, 0, 32, "", true});
  EXPECT_EQ(core::addressName(dbg, 0x0300), "_player");
  EXPECT_EQ(core::addressName(dbg, 0x0301), "_player+1");
  EXPECT_EQ(core::addressName(dbg, 0x0312), "_enemies+10");      // not __DATA_RUN__+2
  EXPECT_EQ(core::addressName(dbg, 0x0302), "__RAM_START__+2");  // no user label reaches
  EXPECT_EQ(dbg.nameAt(0x0300), "_player");
  EXPECT_EQ(dbg.nameAt(0x0310), "__DATA_RUN__");
}

TEST(DebuggerWatch, ParsesAFormatSuffixAndDefaultsWordsToU16) {
  core::DebugInfo dbg;
  dbg.symbols.push_back({"entity_x", 0x0304, 0, 4, "", true});
  dbg.symbols.push_back({"scroll", 0x0010, 0, 2, "", true});
  std::string error;
  auto w = core::parseWatch(dbg, core::Cpu::M6502, "entity_x", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->expr, "entity_x");
  EXPECT_EQ(w->format, core::kU8);
  w = core::parseWatch(dbg, core::Cpu::M6502, "scroll", &error);  // a 2-byte label
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, core::kU16);
  w = core::parseWatch(dbg, core::Cpu::M6502, "entity_x+1 , S16", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->expr, "entity_x+1");
  EXPECT_EQ(w->format, core::kS16);
  w = core::parseWatch(dbg, core::Cpu::M6502, "$0300,w", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, core::kU16);
  // Every value shape's name: big-endian, three bytes, fixed point.
  w = core::parseWatch(dbg, core::Cpu::M6502, "$0300,s16be", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, (core::ValueShape{2, true, true}));
  w = core::parseWatch(dbg, core::Cpu::M6502, "$0300, U24", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, (core::ValueShape{3, false}));
  w = core::parseWatch(dbg, core::Cpu::M6502, "$0300,u16 8.8", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, (core::ValueShape{2, false, false, 8}));
  EXPECT_FALSE(core::parseWatch(dbg, core::Cpu::M6502, "$0300,u32", &error));
  EXPECT_NE(error.find("u32"), std::string::npos);
  EXPECT_FALSE(core::parseWatch(dbg, core::Cpu::M6502, "$0300,u8be", &error));
  EXPECT_FALSE(core::parseWatch(dbg, core::Cpu::M6502, "$0300,u16 9.8", &error));
  EXPECT_FALSE(core::parseWatch(dbg, core::Cpu::M6502, "nowhere,u8", &error));
}

TEST(DebuggerWatch, ShowsBytesAndLittleEndianWords) {
  std::vector<uint8_t> mem(0x10000, 0);
  mem[0x0300] = 0xFE;
  mem[0x0301] = 0x12;
  mem[0xFFFF] = 0x01;
  EXPECT_EQ(core::watchValueText(mem, 0x0300, core::kU8), "$FE 254");
  EXPECT_EQ(core::watchValueText(mem, 0x0300, core::kS8), "$FE -2");
  EXPECT_EQ(core::watchValueText(mem, 0x0300, core::kU16), "$12FE 4862");
  mem[0x0301] = 0xFF;
  EXPECT_EQ(core::watchValueText(mem, 0x0300, core::kS16), "$FFFE -2");
  // A word at $FFFF wraps to $0000 for its high byte.
  EXPECT_EQ(core::watchValueText(mem, 0xFFFF, core::kU16), "$0001 1");
  std::vector<uint8_t> other = mem;
  other[0x0301] = 0;
  EXPECT_FALSE(core::watchChanged(mem, other, 0x0300, core::kU8));
  EXPECT_TRUE(core::watchChanged(mem, other, 0x0300, core::kU16));
  // Big-endian, three bytes and fixed point, read by the same shapes as fields.
  mem[0x0300] = 0x12;
  mem[0x0301] = 0x34;
  mem[0x0302] = 0x80;
  EXPECT_EQ(core::watchValueText(mem, 0x0300, core::ValueShape{2, false, true}), "$1234 4660");
  EXPECT_EQ(core::watchValueText(mem, 0x0300, core::ValueShape{3, true}), "$803412 -8375278");
  EXPECT_EQ(core::watchValueText(mem, 0x0301, core::ValueShape{2, false, false, 8}),
            "$8034 128.203");
  other = mem;
  other[0x0302] = 0;
  EXPECT_FALSE(core::watchChanged(mem, other, 0x0300, core::kU16));
  EXPECT_TRUE(core::watchChanged(mem, other, 0x0300, core::ValueShape{3, false}));
}

TEST(DebuggerWatch, AClickCyclesTheFourPlainShapes) {
  EXPECT_EQ(core::nextWatchShape(core::kU8), core::kS8);
  EXPECT_EQ(core::nextWatchShape(core::kS8), core::kU16);
  EXPECT_EQ(core::nextWatchShape(core::kU16), core::kS16);
  EXPECT_EQ(core::nextWatchShape(core::kS16), core::kU8);
  // A shape typed by hand goes back to the first.
  EXPECT_EQ(core::nextWatchShape(core::ValueShape{3, true}), core::kU8);
}

// ---- The Debugger object: cursor, runs, conditions, watchpoints, watches ----

class DebuggerModel : public DebuggerTrace {
 protected:
  void SetUp() override {
    DebuggerTrace::SetUp();
    if (IsSkipped()) return;
    EXPECT_EQ(dbg_.attach(&sim_), "");
    dbg_.select(30, 0);
  }
  core::Debugger dbg_;
};

TEST_F(DebuggerModel, MemoryAtTheCursorAppliesTheTracedWrites) {
  const core::Trace& t = dbg_.trace();
  int writer = -1;
  core::TraceAccess write{};
  for (int i = 0; i < int(t.steps.size()) && writer < 0; ++i)
    for (const auto& a : t.steps[i].accesses)
      if (a.kind == core::AccessKind::Write) {
        writer = i;
        write = a;
        break;
      }
  ASSERT_GE(writer, 0);
  dbg_.setStep(writer);  // before the write
  const uint8_t old = dbg_.memory().now[write.addr];
  EXPECT_EQ(old, dbg_.memory().start[write.addr]);
  dbg_.setStep(writer + 1);  // just after it
  EXPECT_EQ(dbg_.memory().now[write.addr], write.value);
  EXPECT_EQ(dbg_.memory().before[write.addr], old);
  EXPECT_TRUE(dbg_.memory().touched[write.addr] & core::kTouchWrite);
}

TEST_F(DebuggerModel, StepsMoveTheCursorLikeTheRules) {
  const core::Trace& t = dbg_.trace();
  EXPECT_EQ(dbg_.cursor().step, -1);
  dbg_.step(core::StepKind::Into);
  EXPECT_EQ(dbg_.cursor().step, 0);
  dbg_.setStep(jsr_);
  dbg_.step(core::StepKind::Over);
  EXPECT_EQ(t.steps[dbg_.cursor().step].pc,
            uint16_t(t.steps[jsr_].pc + t.steps[jsr_].bytes.size()));
  const int afterCall = dbg_.cursor().step;
  dbg_.step(core::StepKind::Back);  // the subroutine's return
  EXPECT_EQ(dbg_.cursor().step, afterCall - 1);
  dbg_.step(core::StepKind::Out);  // out of it: back after the call
  EXPECT_EQ(dbg_.cursor().step, afterCall);
  dbg_.setStep(0);
  core::DebugStop s = dbg_.step(core::StepKind::Out);  // from the top level: to the end
  EXPECT_EQ(dbg_.cursor().step, -1);
  EXPECT_EQ(s.kind, core::DebugStop::Kind::EndOfCall);
}

TEST_F(DebuggerModel, ConditionalBreakpointStopsOnlyWhereTheConditionHolds) {
  const core::Trace& t = dbg_.trace();
  // A breakpoint on the instruction after the JSR, conditioned on the A it
  // really has there, and one on an A it never has.
  const int target = jsr_ + 1;
  const uint16_t pc = t.steps[target].pc;
  unsigned a = 0;
  for (const auto& r : t.steps[target].regsBefore)
    if (std::string(r.name) == "A") a = r.value;
  std::string error;
  char cond[64];
  std::snprintf(cond, sizeof cond, "A == $%02X && [entity_x] >= 0", a);
  ASSERT_TRUE(dbg_.setBreakpoint(pc, cond, &error)) << error;
  dbg_.setStep(0);
  core::DebugStop s = dbg_.step(core::StepKind::ToEnd);
  EXPECT_EQ(s.kind, core::DebugStop::Kind::Breakpoint);
  EXPECT_EQ(t.steps[dbg_.cursor().step].pc, pc);
  EXPECT_NE(s.text.find(cond), std::string::npos) << s.text;

  std::snprintf(cond, sizeof cond, "A == $%02X", (a + 1) & 0xFF);
  ASSERT_TRUE(dbg_.setBreakpoint(pc, cond, &error)) << error;
  dbg_.setStep(0);
  s = dbg_.step(core::StepKind::ToEnd);
  // The only pass over `pc` with that A would stop; no other pass has it.
  bool anyPass = false;
  for (int i = 1; i < int(t.steps.size()); ++i)
    if (t.steps[i].pc == pc)
      for (const auto& r : t.steps[i].regsBefore)
        if (std::string(r.name) == "A" && r.value == ((a + 1) & 0xFF)) anyPass = true;
  if (!anyPass) {
    EXPECT_NE(s.kind, core::DebugStop::Kind::Breakpoint);
    EXPECT_EQ(dbg_.cursor().step, -1);
  }
  EXPECT_FALSE(dbg_.setBreakpoint(pc, "A == ", &error));
  EXPECT_NE(error.find("col"), std::string::npos) << error;
}

TEST_F(DebuggerModel, WatchpointStopsAtTheInstructionThatWrites) {
  std::string error;
  ASSERT_TRUE(dbg_.addWatchpoint("entity_x,w", &error)) << error;
  // Find a call that writes entity_x (a frame where the player moved).
  const auto& rec = sim_.recording();
  int moved = -1;
  for (int f = 0; f < int(rec.frames.size()) && moved < 0; ++f)
    if (rec.frames[f].entities[0].after[0] != rec.frames[f].entities[0].before[0]) moved = f;
  ASSERT_GE(moved, 0);
  core::DebugStop s = dbg_.runRecording(0, int(rec.frames.size()) - 1);
  ASSERT_EQ(s.kind, core::DebugStop::Kind::Watchpoint) << s.text;
  EXPECT_TRUE(s.write);
  EXPECT_LE(dbg_.cursor().frame, moved);
  const uint16_t x = *sim_.image().debug.addressOf("entity_x");
  EXPECT_EQ(s.addr, x);
  // The cursor is on the writing instruction: one step later memory holds the value.
  const core::Trace& t = dbg_.trace();
  ASSERT_GE(dbg_.cursor().step, 0);
  bool writes = false;
  for (const auto& a : t.steps[dbg_.cursor().step].accesses)
    writes |= a.kind == core::AccessKind::Write && a.addr == x;
  EXPECT_TRUE(writes);
  dbg_.step(core::StepKind::Into);
  EXPECT_EQ(dbg_.memory().now[x], s.value);
  EXPECT_NE(s.text.find("entity_x"), std::string::npos) << s.text;
}

TEST_F(DebuggerModel, RunAcrossTheRecordingStopsAtAPlainBreakpointInALaterCall) {
  const uint16_t entry = sim_.binding().entry;
  std::string error;
  ASSERT_TRUE(dbg_.addBreakpoint(
      "$" +
          [&] {
            char t[8];
            std::snprintf(t, sizeof t, "%04X", entry);
            return std::string(t);
          }(),
      &error))
      << error;
  core::DebugStop s = dbg_.runRecording(5, 10);
  ASSERT_EQ(s.kind, core::DebugStop::Kind::Breakpoint);
  EXPECT_EQ(dbg_.cursor().frame, 5);
  EXPECT_EQ(dbg_.cursor().step, 0);
  EXPECT_NE(s.text.find("frame 5"), std::string::npos) << s.text;
  // The same with a condition on the player's x: it stops at the first call
  // that starts with that x (entity 0's own call, or a later entity's call
  // after entity 0 moved there in the same frame).
  dbg_.removeBreakpoint(entry);
  const auto& rec = sim_.recording();
  int frame = -1;
  for (int f = 6; f < int(rec.frames.size()) && frame < 0; ++f)
    if (rec.frames[f].entities[0].before[0] != rec.frames[5].entities[0].before[0]) frame = f;
  ASSERT_GE(frame, 0);
  const int x = rec.frames[frame].entities[0].before[0];
  int expectFrame = -1, expectEntity = -1;
  for (int f = 5; f < int(rec.frames.size()) && expectFrame < 0; ++f)
    for (int e = 0; e < int(rec.frames[f].entities.size()); ++e) {
      const int atEntry =
          e == 0 ? rec.frames[f].entities[0].before[0] : rec.frames[f].entities[0].after[0];
      if (atEntry == x) {
        expectFrame = f;
        expectEntity = e;
        break;
      }
    }
  char cond[64];
  std::snprintf(cond, sizeof cond, "[entity_x] == %d", x);
  ASSERT_TRUE(dbg_.setBreakpoint(entry, cond, &error)) << error;
  s = dbg_.runRecording(5, int(rec.frames.size()) - 1);
  ASSERT_EQ(s.kind, core::DebugStop::Kind::Breakpoint);
  EXPECT_EQ(dbg_.cursor().frame, expectFrame);
  EXPECT_EQ(dbg_.cursor().entity, expectEntity);
}

TEST_F(DebuggerModel, WatchExpressionsAndLocationsShowValuesAtTheCursor) {
  std::string error;
  ASSERT_TRUE(dbg_.addWatch("entity_x", &error)) << error;
  ASSERT_TRUE(dbg_.addWatch("[entity_x] + 1000", &error)) << error;
  ASSERT_TRUE(dbg_.watches()[0].address.has_value());
  EXPECT_FALSE(dbg_.watches()[1].address.has_value());
  const int x = sim_.recording().frames[30].entities[0].after[0];
  char text[16];
  std::snprintf(text, sizeof text, "$%02X %d", x, x);
  EXPECT_EQ(dbg_.watchValue(0), text);  // the end state of the call
  EXPECT_EQ(dbg_.watchValue(1), std::to_string(x + 1000));
  EXPECT_FALSE(dbg_.addWatch("[entity_x", &error));
  EXPECT_NE(error.find("']'"), std::string::npos) << error;
}

TEST(DebugExpr, EvaluatesRegistersFlagsMemoryAndPrecedence) {
  core::DebugInfo dbg;
  dbg.symbols.push_back({"entity_x", 0x0304, 0, 1, "", true});
  dbg.symbols.push_back({"SPEED", 3, 0, 0, "", false});
  std::vector<uint8_t> mem(0x10000, 0);
  mem[0x0304] = 41;
  mem[0x0305] = 0xFF;
  core::ExprContext ctx;
  ctx.registers = {{"A", 0x10, 8}, {"X", 2, 8}, {"PC", 0x8000, 16}};
  ctx.flags = 0x01;  // 6502 P: carry set
  ctx.read = [&](uint16_t a) { return mem[a]; };
  auto eval = [&](const std::string& text) {
    std::string error;
    auto e = core::DebugExpr::parse(text, core::Cpu::M6502, dbg, &error);
    EXPECT_TRUE(e) << text << ": " << error;
    return e ? e->eval(ctx) : -999;
  };
  EXPECT_EQ(eval("A == $10 && [entity_x] > 40"), 1);
  EXPECT_EQ(eval("A == $10 && [entity_x] > 41"), 0);
  EXPECT_EQ(eval("1 + 2 * 3"), 7);
  EXPECT_EQ(eval("(1 + 2) * 3"), 9);
  EXPECT_EQ(eval("[entity_x].w"), 0xFF29);
  EXPECT_EQ(eval("[entity_x + 1].sb"), -1);
  EXPECT_EQ(eval("C && !Z"), 1);
  EXPECT_EQ(eval("X << 4 | 1"), 0x21);
  EXPECT_EQ(eval("SPEED * 2"), 6);
  EXPECT_EQ(eval("%101 == 5"), 1);
  EXPECT_EQ(eval("-1 < 0"), 1);
  std::string error;
  EXPECT_FALSE(core::DebugExpr::parse("A = 3", core::Cpu::M6502, dbg, &error));
  EXPECT_NE(error.find("=="), std::string::npos) << error;
  EXPECT_FALSE(core::DebugExpr::parse("A == nowhere", core::Cpu::M6502, dbg, &error));
  EXPECT_NE(error.find("col 6"), std::string::npos) << error;
  EXPECT_FALSE(core::DebugExpr::parse("1 < 2 < 3", core::Cpu::M6502, dbg, &error));
  auto plain = core::DebugExpr::parse("entity_x+1", core::Cpu::M6502, dbg, &error);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->plainAddress(), 0x0305);
  EXPECT_FALSE(core::DebugExpr::parse("A + 1", core::Cpu::M6502, dbg, &error)->plainAddress());
}

TEST(DebugExpr, ReadsSm83PairsAndFlags) {
  core::DebugInfo dbg;
  core::ExprContext ctx;
  ctx.registers = {{"A", 0x12, 8}, {"F", 0x90, 8}, {"BC", 0x3456, 16}, {"HL", 0xC0DE, 16}};
  ctx.flags = 0x90 >> 4;  // Z and C
  std::string error;
  auto eval = [&](const std::string& text) {
    auto e = core::DebugExpr::parse(text, core::Cpu::Sm83, dbg, &error);
    EXPECT_TRUE(e) << text << ": " << error;
    return e ? e->eval(ctx) : -999;
  };
  EXPECT_EQ(eval("B"), 0x34);
  EXPECT_EQ(eval("C"), 0x56);  // the register, not the flag, on SM83
  EXPECT_EQ(eval("CF"), 1);
  EXPECT_EQ(eval("ZF && !NF"), 1);
  EXPECT_EQ(eval("H == $C0 && L == $DE"), 1);
  EXPECT_EQ(eval("AF"), 0x1290);
}

TEST(DebugWatchpoint, ParsesAccessKindsAndLengths) {
  core::DebugInfo dbg;
  dbg.symbols.push_back({"map", 0x0400, 0, 240, "", true});
  std::string error;
  auto w = core::parseWatchpoint(dbg, "map,r", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->begin, 0x0400);
  EXPECT_EQ(w->end, 0x0400 + 240);
  EXPECT_TRUE(w->onRead);
  EXPECT_FALSE(w->onWrite);
  w = core::parseWatchpoint(dbg, "$0300,rw,2", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->end, 0x0302);
  EXPECT_TRUE(w->onRead && w->onWrite);
  EXPECT_FALSE(core::parseWatchpoint(dbg, "$FFFF,4", &error));
  EXPECT_FALSE(core::parseWatchpoint(dbg, "map,x", &error));
}

}  // namespace
