// The size limits of core/map/limits.h: the recording estimate behind kMaxCalls
// holds for every seed sample, and files past a limit are refused at load time
// with a JSON path and the numbers, before anything big is allocated.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/map/limits.h"
#include "core/map/map_file.h"
#include "core/tests/sample_test_util.h"

namespace {

using core::test::repoFile;
using nlohmann::json;

struct Sample {
  const char* scenario;
  bool needsCa65;
};

// Recording::byteSize of each seed scenario stays within the per-call and
// per-frame figures the frame and call caps are computed from.
TEST(Limits, RecordingEstimateCoversEverySeed) {
  const Sample samples[] = {{"maps/seed000_cross.scenario.json", true},
                            {"maps/seed001_shooter.scenario.json", false},
                            {"maps/seed002_castle.scenario.json", true},
                            {"maps/seed003_dungeon.scenario.json", true},
                            {"maps/seed004_garden.scenario.json", false}};
  for (const Sample& s : samples) {
    if (s.needsCa65 && !core::ca65Available()) continue;
    core::Scenario sc;
    std::string error;
    ASSERT_TRUE(core::loadScenario(repoFile(s.scenario), sc, &error)) << error;
    core::Simulation sim;
    ASSERT_TRUE(sim.build(sc, &error) && sim.simulate(&error)) << s.scenario << ": " << error;
    const core::Recording& rec = sim.recording();
    size_t snapshots = 0;
    for (const auto& k : rec.keyframes) snapshots += k.ram.capacity() + k.regs.capacity();
    const int64_t frames = sc.frames, calls = frames * int64_t(sc.entities.size());
    std::printf("%s: %zu bytes, %lld calls, %zu keyframe bytes (%.0f a frame), %.0f a call\n",
                s.scenario, rec.byteSize(), (long long)calls, snapshots, double(snapshots) / frames,
                double(rec.byteSize() - snapshots) / calls);
    EXPECT_LE(int64_t(rec.byteSize()),
              calls * core::kRecordingBytesPerCall + frames * core::kRecordingBytesPerFrame)
        << s.scenario;
  }
}

}  // namespace
