// `collido` on the platformer sample (issue 16 item 7): the scenario runs ok on
// every frame, the audit under its velocity intent is clean with the figures
// docs/samples.md gives, the bug variant's audit finds its FALSE-BLOCK cases
// (exit 1), and the room renders. The sample is ca65: skipped without cc65.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;

class CliPlatformer : public app::test::TempDirTest {
 protected:
  CliPlatformer() : TempDirTest("collido_platformer_") {}
  void SetUp() override {
    if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
    TempDirTest::SetUp();
  }
  static std::string collido(const std::string& args) {
    return std::string(COLLIDO_EXE) + " " + args;
  }
  static bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  }
};

TEST_F(CliPlatformer, RunIsOkOnEveryFrame) {
  auto r = runProcess(collido("run " + quote(repoFile("maps/platformer.scenario.json"))));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "342 call(s): ok 342, CLIP 0, GAP 0, TUNNEL 0, FALSE-BLOCK 0"))
      << r.output;
}

TEST_F(CliPlatformer, AuditIsCleanAndTheVariantIsNot) {
  auto r =
      runProcess(collido("audit --stride 4 " + quote(repoFile("maps/platformer.scenario.json"))));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "2010 start positions, 128640 cases")) << r.output;
  EXPECT_TRUE(has(r.output, "intent: velocity (fields \"vx\", \"vy\")")) << r.output;

  r = runProcess(
      collido("audit --stride 4 " + quote(repoFile("maps/platformer_snap.scenario.json"))));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(has(r.output, "FALSE-BLOCK          2208")) << r.output;
  EXPECT_TRUE(has(r.output, "refused y motion the oracle allows")) << r.output;

  r = runProcess(collido("run " + quote(repoFile("maps/platformer_snap.scenario.json"))));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(has(r.output, "ok 341, CLIP 0, GAP 0, TUNNEL 0, FALSE-BLOCK 1")) << r.output;
}

TEST_F(CliPlatformer, RendersThePng) {
  const std::string png = path("platformer.png");
  auto r = runProcess(collido("render " + quote(repoFile("maps/platformer.scenario.json")) +
                              " --frame 60 --overlays grid,bits,hitbox,path --png " + quote(png)));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  std::ifstream in(png, std::ios::binary);
  char magic[8] = {};
  in.read(magic, 8);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
}

}  // namespace
