// `collido` on the fields sample (issue 16 items 1 and 8): x 12.4 fixed point
// in split lo/hi arrays, y signed 16-bit big-endian. It runs clean (exit 0),
// prints whole pixels, audits clean and renders; a split field with one half
// missing is bad input (exit 2) naming the JSON path. The sample is ca65:
// skipped without cc65.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;

class CliFields : public app::test::TempDirTest {
 protected:
  CliFields() : TempDirTest("collido_fields_") {}
  // The sample's scenario with `edit` applied to a copy of its manifest.
  std::string edited(const std::function<void(nlohmann::json&)>& edit) {
    const std::string dir = repoFile("assets/routines/fields_split/");
    nlohmann::json m = nlohmann::json::parse(std::ifstream(dir + "manifest.json"));
    m["sources"] = {dir + "walker.s"};
    edit(m);
    std::ofstream(path("manifest.json")) << m.dump(2);
    nlohmann::json s =
        nlohmann::json::parse(std::ifstream(repoFile("maps/fields_split.scenario.json")));
    s["map"] = repoFile("maps/fields_split.map.json");
    s["routine"] = path("manifest.json");
    std::ofstream(path("s.json")) << s.dump(2);
    return path("s.json");
  }
  const std::string sample = repoFile("maps/fields_split.scenario.json");
};

TEST_F(CliFields, SampleRunsAuditsAndRenders) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(sample));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  // The walker starts at x 24 (raw 384 in 12.4), y 24: the table prints pixels ...
  EXPECT_NE(r.output.find("     0 walker     -         24    24 "), std::string::npos) << r.output;
  // ... and the JSON keeps the raw values.
  r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(sample) + " --json " +
                 quote(path("run.json")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(path("run.json")));
  EXPECT_EQ(j["frames"][0][0]["before"], nlohmann::json::array({384, 24})) << j["frames"][0];
  r = runProcess(std::string(COLLIDO_EXE) + " audit --speeds 1 --stride 4 " + quote(sample));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  const std::string png = path("fields.png");
  r = runProcess(std::string(COLLIDO_EXE) + " render " + quote(sample) + " --frame 100 --png " +
                 quote(png));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
}

TEST_F(CliFields, SplitFieldWithOneHalfIsBadInput) {
  auto r =
      runProcess(std::string(COLLIDO_EXE) + " run " +
                 quote(edited([](nlohmann::json& m) { m["entity"]["fields"]["x"].erase("hi"); })));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("entity.fields.x.hi: missing: a split field needs both"),
            std::string::npos)
      << r.output;
}

}  // namespace
