// The size limits of core/map/limits.h: the recording estimate behind kMaxCalls
// holds for every seed sample, and files past a limit are refused at load time
// with a JSON path and the numbers, before anything big is allocated.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/map/limits.h"
#include "core/map/map_file.h"
#include "core/render/room_render.h"
#include "core/tests/sample_test_util.h"

namespace {

using core::test::repoFile;
using nlohmann::json;
namespace fs = std::filesystem;

std::string mapError(const json& j) {
  core::MapDocument doc;
  std::string error;
  EXPECT_FALSE(core::mapFromJson(j, "big.json", doc, &error));
  return error;
}

json roomOf(int w, int h) {
  json j = core::mapToJson(core::makeDefaultMap(4, 3, 16));
  j["room"]["width"] = w;
  j["room"]["height"] = h;
  j["room"]["cells"] = std::vector<int>(size_t(w) * size_t(h), 0);
  return j;
}

// A scenario file in a temporary directory; loadScenario checks the entities
// and frames before it opens the map or the routine they name.
class ScenarioLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collido_limits_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string loadError(int entities, int frames) {
    json j = {{"format", "collidoscope-scenario/1"},
              {"map", "none.map.json"},
              {"routine", "none.json"},
              {"frames", frames},
              {"entities", json::array()}};
    for (int i = 0; i < entities; ++i) j["entities"].push_back({{"x", 8}, {"y", 8}});
    const std::string path = (dir_ / "s.json").string();
    std::ofstream(path) << j.dump();
    core::Scenario sc;
    std::string error;
    EXPECT_FALSE(core::loadScenario(path, sc, &error));
    return error;
  }
  fs::path dir_;
};

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

TEST(Limits, GroupedNumbersAndRunSizes) {
  EXPECT_EQ(core::groupedNumber(0), "0");
  EXPECT_EQ(core::groupedNumber(999), "999");
  EXPECT_EQ(core::groupedNumber(1000), "1,000");
  EXPECT_EQ(core::groupedNumber(16000000), "16,000,000");
  std::string error;
  EXPECT_TRUE(core::checkRunSize(1000000, 1, &error)) << error;
  EXPECT_TRUE(core::checkRunSize(62500, 16, &error)) << error;
  EXPECT_FALSE(core::checkRunSize(1000000, 16, &error));
  EXPECT_NE(error.find("16 entities x 1,000,000 frames = 16,000,000 calls"), std::string::npos)
      << error;
  EXPECT_NE(error.find("the limit is 1,000,000 calls"), std::string::npos) << error;
  EXPECT_FALSE(core::checkRunSize(1000001, 1, &error));
  EXPECT_NE(error.find("1,000,000 frames"), std::string::npos) << error;
}

TEST(MapLimits, RoomSideAndCellCount) {
  EXPECT_NE(mapError(roomOf(5000, 1)).find("room.width: 5000 out of range (1..4096)"),
            std::string::npos);
  // 2048 x 1024 is inside the side limit but past the cell limit; refused
  // before the 2M cells are read.
  json j = core::mapToJson(core::makeDefaultMap(4, 3, 16));
  j["room"]["width"] = 2048;
  j["room"]["height"] = 1024;
  const std::string e = mapError(j);
  EXPECT_NE(e.find("room: 2048 x 1024 = 2,097,152 cells; the limit is 1,048,576"),
            std::string::npos)
      << e;
  // Several-screen levels stay legal.
  for (auto [w, h] : {std::pair{256, 32}, std::pair{4096, 256}, std::pair{1024, 1024}}) {
    core::MapDocument doc;
    std::string error;
    EXPECT_TRUE(core::mapFromJson(roomOf(w, h), "ok.json", doc, &error)) << w << "x" << h << error;
  }
}

TEST(MapLimits, MetatilesAndTiles) {
  json j = core::mapToJson(core::makeDefaultMap(4, 3, 16));
  j["metatiles"]["set"] = json::array();
  for (int i = 0; i < core::kMaxMetatiles + 1; ++i)
    j["metatiles"]["set"].push_back({{"tiles", {0, 0, 0, 0}}, {"collision", 0}});
  std::string e = mapError(j);
  EXPECT_NE(e.find("metatiles.set: 4,097 metatiles; the limit is 4,096"), std::string::npos) << e;
  j = core::mapToJson(core::makeDefaultMap(4, 3, 16));
  j["chr"]["tiles"] = std::vector<std::string>(size_t(core::kMaxTiles) + 1, "x");
  e = mapError(j);
  EXPECT_NE(e.find("chr.tiles: 65,537 tiles; the limit is 65,536"), std::string::npos) << e;
}

TEST_F(ScenarioLimits, HundredThousandEntities) {
  const std::string e = loadError(100000, 10);
  EXPECT_NE(e.find("entities: 100,000 entities; the limit is 256"), std::string::npos) << e;
}

TEST_F(ScenarioLimits, SixteenEntitiesForAMillionFrames) {
  const std::string e = loadError(16, 1000000);
  EXPECT_NE(e.find("frames: 16 entities x 1,000,000 frames = 16,000,000 calls"), std::string::npos)
      << e;
  EXPECT_NE(e.find("MiB of recording"), std::string::npos) << e;
  // The same entities for as many frames as the call limit allows get past the
  // check (and fail later, on the map that does not exist).
  EXPECT_NE(loadError(16, 62500).find("none.map.json"), std::string::npos);
}

TEST_F(ScenarioLimits, FilesPastThirtyTwoMiBAreNotParsed) {
  const std::string path = (dir_ / "huge.json").string();
  std::ofstream(path) << "{}";
  fs::resize_file(path, uintmax_t(core::kMaxJsonFileBytes) + 1);  // sparse: instant
  core::Scenario sc;
  core::MapDocument map;
  std::string error;
  EXPECT_FALSE(core::loadScenario(path, sc, &error));
  EXPECT_NE(error.find("the limit is 33,554,432"), std::string::npos) << error;
  EXPECT_FALSE(core::loadMap(path, map, &error));
  EXPECT_NE(error.find("33,554,433 bytes"), std::string::npos) << error;
}

// A 1024 x 1024 room of 16-px cells is 32768 x 32768 pixels at scale 2 (4 GiB
// of RGBA): refused by size, before any canvas exists; scale 1 is at the cap.
TEST(PictureLimits, HugeRoomIsRefusedBySize) {
  core::Scenario sc;
  sc.map = core::makeDefaultMap(1024, 1024, 16);
  core::RoomRenderOptions o;
  std::string error;
  EXPECT_FALSE(core::checkRoomPicture(sc, o, &error));
  EXPECT_NE(error.find("32,768 x 32,768 = 1,073,741,824 pixels"), std::string::npos) << error;
  o.scale = 1;
  EXPECT_TRUE(core::checkRoomPicture(sc, o, &error)) << error;
  o.scale = 2;
  o.region = core::CellRect{1000, 0, 40, 30};
  EXPECT_FALSE(core::checkRoomPicture(sc, o, &error));
  EXPECT_NE(error.find("not inside the 1024x1024 room"), std::string::npos) << error;
  o.region = core::CellRect{984, 994, 40, 30};
  EXPECT_TRUE(core::checkRoomPicture(sc, o, &error)) << error;
  const core::PictureSize p = core::roomPictureSize(sc, o);
  EXPECT_EQ(p.width, 40 * 32);
  EXPECT_EQ(p.height, 30 * 32);
}

}  // namespace
