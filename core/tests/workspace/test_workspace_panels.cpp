// The workspace calls a GUI's panels make (workspace_panels.cpp): the
// generation that moves whenever the verdicts change, judging again once after
// in-place edits, seeking, and binding an image assembled elsewhere.
#include <gtest/gtest.h>

#include "core/tests/sample_test_util.h"
#include "core/workspace/workspace.h"

namespace core {
namespace {

TEST(WorkspacePanels, TheGenerationMovesWhenTheVerdictsChangeAndOnlyThen) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  const uint64_t empty = ws.generation();
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  const uint64_t opened = ws.generation();
  EXPECT_NE(opened, empty);
  ASSERT_TRUE(ws.simulate(&error)) << error;
  const uint64_t judged = ws.generation();
  EXPECT_NE(judged, opened);
  // Nothing marked stale: nothing is judged again, and the number stays.
  EXPECT_FALSE(ws.judgeIfStale());
  EXPECT_EQ(ws.generation(), judged);
  // Edits marked stale, however many, are judged once.
  ws.markStale();
  ws.markStale();
  EXPECT_TRUE(ws.judgeIfStale());
  EXPECT_NE(ws.generation(), judged);
  EXPECT_FALSE(ws.judgeIfStale());
  // A simulation adopted unjudged has no verdicts until judgeIfStale.
  auto work = ws.simulation()->clone();
  ASSERT_TRUE(work);
  ASSERT_TRUE(work->simulate(&error)) << error;
  const uint64_t before = ws.generation();
  ws.adopt(std::move(work), false);
  EXPECT_NE(ws.generation(), before);
  EXPECT_TRUE(ws.judged().verdicts.empty());
  EXPECT_TRUE(ws.judgeIfStale());
  EXPECT_EQ(ws.judged().verdicts.size(),
            ws.recording().frames.size() * ws.scenario().entities.size());
  const uint64_t adopted = ws.generation();
  auto kept = ws.release();
  EXPECT_NE(ws.generation(), adopted);
  EXPECT_TRUE(ws.judged().verdicts.empty());
  EXPECT_FALSE(ws.judgeIfStale());  // nothing open
}

TEST(WorkspacePanels, SeeksARecordedCallAndNothingElse) {
  REQUIRE_CA65();
  Workspace ws;
  EXPECT_FALSE(ws.seek(0, 0));  // nothing open
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  ASSERT_TRUE(ws.simulate(&error)) << error;
  const int frames = int(ws.recording().frames.size());
  ASSERT_GT(frames, 20);
  // The machine holds the fields the recorded call started from, wherever it was before.
  for (int frame : {20, 3, 20, frames - 1}) {
    ASSERT_TRUE(ws.seek(frame, 0));
    EXPECT_EQ(ws.simulation()->readFields(0),
              ws.recording().frames[size_t(frame)].entities[0].before)
        << "frame " << frame;
  }
  EXPECT_FALSE(ws.seek(frames, 0));
  EXPECT_FALSE(ws.seek(-1, 0));
  EXPECT_FALSE(ws.seek(0, int(ws.scenario().entities.size())));
}

TEST(WorkspacePanels, BindsAnImageAssembledElsewhere) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  EXPECT_FALSE(ws.bindImage(AsmResult{}, &error));
  EXPECT_NE(error.find("no scenario"), std::string::npos);
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  ASSERT_TRUE(ws.simulate(&error)) << error;
  const AsmResult image = ws.simulation()->image();
  // A case's simulation on the document's image records what the document does.
  std::unique_ptr<Simulation> other = Workspace::bindScenario(ws.scenario(), image, &error);
  ASSERT_TRUE(other) << error;
  ASSERT_TRUE(other->simulate(&error)) << error;
  EXPECT_EQ(classifyRecording(other->scenario(), other->recording()).size(),
            ws.judged().verdicts.size());
  // Binding the open simulation (and one kept aside) marks the verdicts stale.
  ASSERT_TRUE(ws.bindImage(image, &error, other.get())) << error;
  EXPECT_TRUE(ws.judgeIfStale());
}

}  // namespace
}  // namespace core
