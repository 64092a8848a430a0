// The debugger's stepping rules and memory-at-cursor over a real trace: the
// castle sample's player call (seed 002 routine, real ca65), whose frame
// harness calls subroutines with JSR.
#include <gtest/gtest.h>

#include "app/gui/debugger.h"
#include "core/asm/ca65/ca65.h"

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
  EXPECT_EQ(app::stepTarget(trace_, -1, app::StepKind::Into, none_), 0);
  EXPECT_EQ(app::stepTarget(trace_, 4, app::StepKind::Into, none_), 5);
  EXPECT_EQ(app::stepTarget(trace_, 4, app::StepKind::Back, none_), 3);
  EXPECT_EQ(app::stepTarget(trace_, 0, app::StepKind::Back, none_), 0);
  EXPECT_EQ(app::stepTarget(trace_, -1, app::StepKind::Back, none_), int(trace_.steps.size()) - 1);
  const int last = int(trace_.steps.size()) - 1;
  EXPECT_EQ(app::stepTarget(trace_, last, app::StepKind::Into, none_), -1);
}

TEST_F(DebuggerTrace, OverAJsrLandsAfterItAndOutLeavesTheSubroutine) {
  const core::TraceStep& call = trace_.steps[jsr_];
  const uint16_t after = uint16_t(call.pc + call.bytes.size());
  const int over = app::stepTarget(trace_, jsr_, app::StepKind::Over, none_);
  ASSERT_GT(over, jsr_ + 1);
  EXPECT_EQ(trace_.steps[over].pc, after);
  // From the first instruction inside the subroutine, Out lands at the same place.
  EXPECT_EQ(app::stepTarget(trace_, jsr_ + 1, app::StepKind::Out, none_), over);
  // From the top level, Out runs to the end of the call.
  EXPECT_EQ(app::stepTarget(trace_, 0, app::StepKind::Out, none_), -1);
}

TEST_F(DebuggerTrace, BreakpointsStopOverOutAndRun) {
  const std::set<uint16_t> bp{trace_.steps[jsr_ + 2].pc};
  const int first = app::firstBreakpoint(trace_, bp);
  ASSERT_GE(first, 0);
  EXPECT_LE(first, jsr_ + 2);
  EXPECT_EQ(app::stepTarget(trace_, -1, app::StepKind::ToEnd, bp), first);
  EXPECT_EQ(app::stepTarget(trace_, jsr_, app::StepKind::Over, bp), jsr_ + 2);
  EXPECT_EQ(app::stepTarget(trace_, jsr_ + 1, app::StepKind::Out, bp), jsr_ + 2);
  EXPECT_EQ(app::stepTarget(trace_, 0, app::StepKind::ToEnd, none_), -1);
}

TEST_F(DebuggerTrace, MemoryAtTheCursorAppliesTheTracedWrites) {
  app::MemoryAtCursor m;
  m.start.assign(0x10000, 0xEE);
  int writer = -1;
  core::TraceAccess write{};
  for (int i = 0; i < int(trace_.steps.size()) && writer < 0; ++i)
    for (const auto& a : trace_.steps[i].accesses)
      if (a.kind == core::AccessKind::Write && a.value != 0xEE) {
        writer = i;
        write = a;
        break;
      }
  ASSERT_GE(writer, 0);
  app::memoryAtStep(m, trace_, writer);  // before the write
  EXPECT_EQ(m.now[write.addr], 0xEE);
  app::memoryAtStep(m, trace_, writer + 1);  // just after it
  EXPECT_EQ(m.now[write.addr], write.value);
  EXPECT_EQ(m.before[write.addr], 0xEE);
  EXPECT_TRUE(m.touched[write.addr] & app::kTouchWrite);
}

TEST(DebuggerAddress, ParsesHexAndLabelsAndNamesAddresses) {
  core::DebugInfo dbg;
  dbg.symbols.push_back({"entity_x", 0x0304, 0, 4, "", true});
  dbg.symbols.push_back({"SPEED", 0x0002, 0, 0, "", false});
  std::string error;
  EXPECT_EQ(app::parseAddress(dbg, "$0300", &error), 0x0300);
  EXPECT_EQ(app::parseAddress(dbg, "0x10", &error), 0x0010);
  EXPECT_EQ(app::parseAddress(dbg, "entity_x+2", &error), 0x0306);
  EXPECT_FALSE(app::parseAddress(dbg, "SPEED", &error));
  EXPECT_NE(error.find("constant"), std::string::npos);
  EXPECT_FALSE(app::parseAddress(dbg, "nowhere", &error));
  EXPECT_FALSE(app::parseAddress(dbg, "$12345", &error));
  EXPECT_EQ(app::addressName(dbg, 0x0304), "entity_x");
  EXPECT_EQ(app::addressName(dbg, 0x0306), "entity_x+2");
  EXPECT_EQ(app::addressName(dbg, 0x0308), "$0308");
}

TEST(DebuggerWatch, ParsesAFormatSuffixAndDefaultsWordsToU16) {
  core::DebugInfo dbg;
  dbg.symbols.push_back({"entity_x", 0x0304, 0, 4, "", true});
  dbg.symbols.push_back({"scroll", 0x0010, 0, 2, "", true});
  std::string error;
  auto w = app::parseWatch(dbg, "entity_x", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->expr, "entity_x");
  EXPECT_EQ(w->format, app::WatchFormat::U8);
  w = app::parseWatch(dbg, "scroll", &error);  // a 2-byte label
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, app::WatchFormat::U16);
  w = app::parseWatch(dbg, "entity_x+1 , S16", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->expr, "entity_x+1");
  EXPECT_EQ(w->format, app::WatchFormat::S16);
  w = app::parseWatch(dbg, "$0300,w", &error);
  ASSERT_TRUE(w) << error;
  EXPECT_EQ(w->format, app::WatchFormat::U16);
  EXPECT_FALSE(app::parseWatch(dbg, "$0300,u32", &error));
  EXPECT_NE(error.find("u32"), std::string::npos);
  EXPECT_FALSE(app::parseWatch(dbg, "nowhere,u8", &error));
}

TEST(DebuggerWatch, ShowsBytesAndLittleEndianWords) {
  std::vector<uint8_t> mem(0x10000, 0);
  mem[0x0300] = 0xFE;
  mem[0x0301] = 0x12;
  mem[0xFFFF] = 0x01;
  EXPECT_EQ(app::watchValueText(mem, 0x0300, app::WatchFormat::U8), "$FE 254");
  EXPECT_EQ(app::watchValueText(mem, 0x0300, app::WatchFormat::S8), "$FE -2");
  EXPECT_EQ(app::watchValueText(mem, 0x0300, app::WatchFormat::U16), "$12FE 4862");
  mem[0x0301] = 0xFF;
  EXPECT_EQ(app::watchValueText(mem, 0x0300, app::WatchFormat::S16), "$FFFE -2");
  // A word at $FFFF wraps to $0000 for its high byte.
  EXPECT_EQ(app::watchValueText(mem, 0xFFFF, app::WatchFormat::U16), "$0001 1");
  std::vector<uint8_t> other = mem;
  other[0x0301] = 0;
  EXPECT_FALSE(app::watchChanged(mem, other, 0x0300, app::WatchFormat::U8));
  EXPECT_TRUE(app::watchChanged(mem, other, 0x0300, app::WatchFormat::U16));
}

}  // namespace
