// Large but legal-looking inputs end in exit 2 with a message naming the
// numbers, quickly and in bounded memory (docs/limits.md): 100k entities,
// 16 entities x 10^6 frames, a 1024 x 1024 room rendered at the default scale.
// A room that big still renders: in parts with --region, or whole at --scale 1,
// streamed band by band into the PNG. The PNG writer streams too.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

#if defined(__SANITIZE_ADDRESS__)
#define COLLIDO_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COLLIDO_TEST_ASAN 1
#endif
#endif

namespace {

using app::test::quote;
using app::test::runProcess;
using nlohmann::json;
namespace fs = std::filesystem;

using app::test::repoFile;

// `args` run with the address space capped at `kib` (a bad_alloc instead of
// swapping when memory is not bounded). AddressSanitizer reserves terabytes of
// address space, so its builds run uncapped.
std::string collidoCapped(const std::string& args, long kib) {
#ifdef COLLIDO_TEST_ASAN
  (void)kib;
  return std::string(COLLIDO_EXE) + " " + args;
#else
  return "ulimit -v " + std::to_string(kib) + "; " + COLLIDO_EXE + " " + args;
#endif
}

// Width and height from a PNG's IHDR, without decoding the pixels.
std::pair<uint32_t, uint32_t> pngSize(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  unsigned char h[24] = {};
  f.read(reinterpret_cast<char*>(h), 24);
  auto u32 = [&](int o) {
    return uint32_t(h[o]) << 24 | uint32_t(h[o + 1]) << 16 | uint32_t(h[o + 2]) << 8 | h[o + 3];
  };
  return {u32(16), u32(20)};
}

class CliLimits : public app::test::TempDirTest {
 protected:
  CliLimits() : TempDirTest("collido_limits_") {}

  // The seed-001 shooter (built-in assembler: no external tools) with `edit`.
  std::string shooter(const std::function<void(json&)>& edit) {
    json j = json::parse(std::ifstream(repoFile("maps/seed001_shooter.scenario.json")));
    j["map"] = repoFile("maps/") + j["map"].get<std::string>();
    j["routine"] = repoFile("maps/") + j["routine"].get<std::string>();
    edit(j);
    return write("scenario.json", j.dump());
  }
  // The shooter over a `w` x `h` room of `cellSize`-px cells, a block every 7th cell.
  std::string hugeRoom(int w, int h, int cellSize) {
    json m = {{"format", "collidoscope-map/1"},
              {"chr",
               {{"format", "nes"},
                {"tiles",
                 {"00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000",
                  "33333333/32222223/32222223/32222223/32222223/32222223/32222223/33333333"}}}},
              {"metatiles", {{"tilesPerSide", cellSize == 16 ? 2 : 1}, {"set", json::array()}}}};
    for (int t : {0, 1}) {
      json tiles = cellSize == 16 ? json{t, t, t, t} : json{t};
      m["metatiles"]["set"].push_back({{"tiles", tiles}, {"collision", t ? 15 : 0}});
    }
    std::vector<int> cells(size_t(w) * size_t(h));
    for (size_t i = 0; i < cells.size(); ++i) cells[i] = i % 7 == 0;
    m["room"] = {{"width", w}, {"height", h}, {"cellSize", cellSize}, {"cells", cells}};
    const std::string map = write("huge.map.json", m.dump());
    return shooter([&](json& j) { j["map"] = map; });
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  // Runs `args` capped at `kib` and expects exit 2 with each of `needles`.
  void expectRefused(const std::string& args, std::initializer_list<const char*> needles,
                     long kib = 400000) {
    auto r = runProcess(collidoCapped(args, kib));
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    for (const char* n : needles)
      EXPECT_NE(r.output.find(n), std::string::npos) << args << "\n" << r.output;
  }
};

TEST_F(CliLimits, HundredThousandEntities) {
  const std::string sc = shooter([](json& j) {
    const json e = {{"x", 40}, {"y", 40}};
    j["entities"] = json::array();
    for (int i = 0; i < 100000; ++i) j["entities"].push_back(e);
  });
  expectRefused("run " + quote(sc), {"entities: 100,000 entities; the limit is 256"});
}

TEST_F(CliLimits, SixteenEntitiesForAMillionFrames) {
  const std::string sc = shooter([](json& j) {
    j["entities"] = std::vector<json>(16, j["entities"][0]);
    j["frames"] = 1000000;
  });
  expectRefused("run " + quote(sc), {"frames: 16 entities x 1,000,000 frames = 16,000,000 calls",
                                     "the limit is 1,000,000 calls"});
  // The shooter has 12 entities: --frames is held to the same limit.
  expectRefused(
      "run " + quote(repoFile("maps/seed001_shooter.scenario.json")) + " --frames 1000000",
      {"--frames: 12 entities x 1,000,000 frames = 12,000,000 calls"});
  expectRefused("run " + quote(repoFile("maps/seed001_shooter.scenario.json")) +
                    " --frames 30000 --json " + quote((dir_ / "r.json").string()),
                {"--json: 360,000 calls; the limit for --json is 250,000"});
}

// The last line of defence: memory running out inside a command is a message
// and exit 2, not an abort. 1 entity x 10^6 frames is within the limits (about
// 800 MB of recording) but not within a 100 MB address space.
TEST_F(CliLimits, OutOfMemoryIsAMessage) {
#ifdef COLLIDO_TEST_ASAN
  GTEST_SKIP() << "needs ulimit -v, which AddressSanitizer builds cannot run under";
#endif
  const std::string sc = shooter([](json& j) {
    j["entities"] = json::array({j["entities"][0]});
    j["frames"] = 1000000;
  });
  expectRefused("run " + quote(sc), {"collido run: out of memory", "docs/limits.md"}, 100000);
}

TEST_F(CliLimits, HugeRoomRendersInPartsNotInOneCanvas) {
  const std::string sc = hugeRoom(1024, 1024, 16);
  const std::string png = (dir_ / "room.png").string();
  expectRefused("render " + quote(sc) + " --png " + quote(png),
                {"32,768 x 32,768 = 1,073,741,824 pixels", "--scale 1", "--region"});
  EXPECT_FALSE(fs::exists(png));
  expectRefused("render " + quote(sc) + " --png " + quote(png) + " --region 1000,0,40,30",
                {"not inside the 1024x1024 room"});
  expectRefused("render " + quote(sc) + " --png " + quote(png) + " --region 1,2,3", {"--region"});
  expectRefused("audit " + quote(sc) + " --png " + quote(png), {"--png", "--region"});
  auto r = runProcess(collidoCapped(
      "render " + quote(sc) + " --png " + quote(png) + " --region 984,994,40,30", 400000));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(pngSize(png), (std::pair<uint32_t, uint32_t>{40 * 32, 30 * 32}));
  app::RgbaImage img;
  std::string error;
  if (!app::readPng(png, img, &error)) GTEST_SKIP() << error;  // built without stb
  EXPECT_GT(img.distinctColours(), 2);
}

// The whole 1024 x 1024 room at 8 px and scale 1 is 8192 x 8192 pixels (256 MiB
// of RGBA): drawn and written in bands under a 400 MB address space.
TEST_F(CliLimits, HugeRoomStreamsWholeAtScaleOne) {
  const std::string sc = hugeRoom(1024, 1024, 8);
  const std::string png = (dir_ / "room.png").string();
  auto r = runProcess(collidoCapped(
      "render " + quote(sc) + " --png " + quote(png) + " --scale 1 --collision --overlays none",
      400000));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(pngSize(png), (std::pair<uint32_t, uint32_t>{8192, 8192}));
}

TEST(PngStream, BandsMakeTheSameImageAndUnfinishedFilesAreRemoved) {
  const fs::path dir = fs::temp_directory_path();
  const std::string path = (dir / ("png_stream_" + std::to_string(::getpid()) + ".png")).string();
  app::RgbaImage want;
  want.width = 37;
  want.height = 23;
  for (int y = 0; y < want.height; ++y)
    for (int x = 0; x < want.width; ++x)
      want.pixels.insert(want.pixels.end(),
                         {uint8_t(x * 7), uint8_t(y * 11), uint8_t(x ^ y), uint8_t(255 - x)});
  {
    app::PngStreamWriter png;
    std::string error;
    ASSERT_TRUE(png.open(path, want.width, want.height, &error)) << error;
    for (int y = 0; y < want.height; y += 5)
      ASSERT_TRUE(png.writeRows(want.pixels.data() + size_t(y) * want.width * 4,
                                std::min(5, want.height - y), &error))
          << error;
    EXPECT_FALSE(png.writeRows(want.pixels.data(), 1, &error));  // one row too many
    ASSERT_TRUE(png.finish(&error)) << error;
  }
  app::RgbaImage got;
  std::string error;
  if (app::readPng(path, got, &error)) {
    EXPECT_EQ(got.width, want.width);
    EXPECT_EQ(got.height, want.height);
    EXPECT_EQ(got.pixels, want.pixels);
  }
  fs::remove(path);
  {
    app::PngStreamWriter png;
    ASSERT_TRUE(png.open(path, 4, 4, &error)) << error;
    ASSERT_TRUE(png.writeRows(want.pixels.data(), 1, &error));
    EXPECT_FALSE(png.finish(&error));  // 1 of 4 rows
    EXPECT_NE(error.find("1 of 4 rows"), std::string::npos) << error;
  }
  EXPECT_FALSE(fs::exists(path));
}

}  // namespace
