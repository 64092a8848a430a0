// The workspace: open, simulate, judge (verdicts with the recording, the worst
// per frame), the debugger attached, and a simulation adopted from a worker.
#include <gtest/gtest.h>

#include "core/tests/sample_test_util.h"
#include "core/workspace/workspace.h"

namespace core {
namespace {

TEST(Workspace, OpensSimulatesAndJudgesLikeClassifyRecording) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  ASSERT_TRUE(ws.simulate(&error)) << error;
  const JudgedRecording& j = ws.judged();
  const std::vector<FrameVerdict> direct = classifyRecording(ws.scenario(), ws.recording());
  ASSERT_EQ(j.verdicts.size(), direct.size());
  uint64_t total = 0;
  for (uint64_t c : j.counts) total += c;
  EXPECT_EQ(total, direct.size());
  // The castle sample has findings by design (FALSE-BLOCK, DRIFT): `run` exits 1.
  EXPECT_GT(j.notOk(), 0u);
  ASSERT_EQ(j.frameVerdict.size(), ws.recording().frames.size());
  for (const FrameVerdict& v : direct)
    EXPECT_GE(verdictSeverity(j.frameVerdict[size_t(v.frame)]), verdictSeverity(v.verdict));
  EXPECT_EQ(ws.debugger().simulation(), ws.simulation());
  EXPECT_GT(j.maxFrameCycles, 1.0f);
}

TEST(Workspace, WorstVerdictOfAFrameIsTheMostSevere) {
  EXPECT_GT(verdictSeverity(Verdict::RoutineFault), verdictSeverity(Verdict::Tunnel));
  EXPECT_GT(verdictSeverity(Verdict::Tunnel), verdictSeverity(Verdict::Clip));
  EXPECT_GT(verdictSeverity(Verdict::Clip), verdictSeverity(Verdict::Gap));
  EXPECT_GT(verdictSeverity(Verdict::Gap), verdictSeverity(Verdict::FalseBlock));
  EXPECT_EQ(verdictSeverity(Verdict::Ok), 0);
}

TEST(Workspace, AdoptsASimulationRunElsewhere) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  auto work = ws.simulation()->clone();
  ASSERT_TRUE(work);
  ASSERT_TRUE(work->simulate(&error)) << error;
  ws.adopt(std::move(work));
  EXPECT_EQ(ws.judged().verdicts.size(),
            ws.recording().frames.size() * ws.scenario().entities.size());
  EXPECT_EQ(ws.debugger().simulation(), ws.simulation());
  EXPECT_FALSE(Workspace{}.simulate(&error));
  EXPECT_NE(error.find("no scenario"), std::string::npos);
}

}  // namespace
}  // namespace core
