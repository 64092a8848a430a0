// simulate() and simulateFrom() with a progress/cancel hook, as the GUI runs
// them on a worker thread: a cancelled run stops early, returns false with
// "cancelled" and leaves the recording as it was; clone() gives a copy that
// re-simulates to the same recording.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "core/tests/sample_test_util.h"

namespace {

using core::test::repoFile;

class SimCancel : public ::testing::Test {
 protected:
  void SetUp() override {
    REQUIRE_CA65();
    std::string error;
    ASSERT_TRUE(core::loadScenario(repoFile("maps/seed002_castle.scenario.json"), scenario, &error))
        << error;
    ASSERT_TRUE(sim.build(scenario, &error)) << error;
    ASSERT_TRUE(sim.simulate(&error)) << error;
  }
  core::Scenario scenario;
  core::Simulation sim;
};

}  // namespace

TEST_F(SimCancel, ProgressCountsEveryFrame) {
  std::atomic<int> done{-1}, total{-1};
  core::SimProgress p{&done, &total, nullptr};
  std::string error;
  ASSERT_TRUE(sim.simulate(&error, p)) << error;
  EXPECT_EQ(total.load(), scenario.frames);
  EXPECT_EQ(done.load(), scenario.frames);
}

TEST_F(SimCancel, ACancelledSimulateStopsEarlyAndKeepsTheRecording) {
  const core::Recording before = sim.recording();
  // A long run, cancelled from another thread once a few frames are done.
  sim.scenario().frames = 1000000;
  std::atomic<int> done{0}, total{0};
  std::atomic<bool> cancel{false};
  std::thread canceller([&] {
    while (done.load() < 50) std::this_thread::yield();
    cancel = true;
  });
  std::string error;
  const bool ok = sim.simulate(&error, {&done, &total, &cancel});
  canceller.join();
  EXPECT_FALSE(ok);
  EXPECT_EQ(error, "cancelled");
  EXPECT_EQ(total.load(), 1000000);
  EXPECT_LT(done.load(), 1000000) << "the run went on after the cancel";
  EXPECT_TRUE(sim.recording() == before) << "a cancelled run must not touch the recording";
}

TEST_F(SimCancel, ACancelledSimulateFromKeepsTheRecording) {
  const core::Recording before = sim.recording();
  // An input edit from frame 100 on (with the room re-encoded into the kept
  // keyframes, as after a map edit no earlier call read).
  auto& input = sim.scenario().input;
  input.resize(size_t(scenario.frames));
  std::fill(input.begin() + 100, input.end(), uint8_t(core::kButtonLeft));
  std::atomic<bool> cancel{true};
  std::string error;
  EXPECT_FALSE(sim.simulateFrom(100, true, &error, {nullptr, nullptr, &cancel}));
  EXPECT_EQ(error, "cancelled");
  EXPECT_TRUE(sim.recording() == before);
  // Not cancelled, the same call matches a full run on the edited map.
  cancel = false;
  ASSERT_TRUE(sim.simulateFrom(100, true, &error, {nullptr, nullptr, &cancel})) << error;
  core::Simulation full;
  ASSERT_TRUE(full.build(sim.scenario(), &error)) << error;
  ASSERT_TRUE(full.simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == full.recording());
}

TEST_F(SimCancel, ACloneResimulatesIndependently) {
  auto copy = sim.clone();
  ASSERT_NE(copy, nullptr);
  EXPECT_TRUE(copy->recording() == sim.recording());
  const core::Recording before = sim.recording();
  auto& input = copy->scenario().input;
  input.resize(size_t(scenario.frames));
  std::fill(input.begin() + 20, input.end(), uint8_t(core::kButtonLeft));
  std::string error;
  ASSERT_TRUE(copy->simulateFrom(20, false, &error)) << error;
  EXPECT_FALSE(copy->recording() == before);
  EXPECT_TRUE(sim.recording() == before) << "the original must not change";
  core::Simulation full;
  ASSERT_TRUE(full.build(copy->scenario(), &error)) << error;
  ASSERT_TRUE(full.simulate(&error)) << error;
  EXPECT_TRUE(copy->recording() == full.recording());
}
