// `collido` on the entity-table and register-argument samples (issue 16 items 2,
// 3 and 8): each runs clean (exit 0) with its results in the table, audits and
// renders with no harness code; a manifest that references an unknown table is
// bad input (exit 2) naming the JSON path. The samples are ca65: skipped without cc65.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;

class CliTables : public app::test::TempDirTest {
 protected:
  CliTables() : TempDirTest("collido_tables_") {}
};

TEST_F(CliTables, SamplesRunAuditAndRender) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  const std::string exe = COLLIDO_EXE;
  struct Sample {
    const char* scenario;
    const char* row;  // a row of `collido run` that shows the shape read right
    const char* audit;
  };
  for (const Sample& s :
       {Sample{"maps/tables_pair.scenario.json", "passive", "--speeds 1 --stride 8"},
        Sample{"maps/tables_query.scenario.json", "blocked=1 tile=5", "--speeds 16 --stride 16"}}) {
    auto r = runProcess(exe + " run " + quote(repoFile(s.scenario)));
    EXPECT_EQ(r.exitCode, 0) << s.scenario << "\n" << r.output;
    EXPECT_NE(r.output.find(s.row), std::string::npos) << r.output;
    r = runProcess(exe + " audit " + s.audit + " " + quote(repoFile(s.scenario)));
    EXPECT_EQ(r.exitCode, 0) << s.scenario << "\n" << r.output;
    const std::string png = path("room.png");
    r = runProcess(exe + " render " + quote(repoFile(s.scenario)) + " --frame 5 --png " +
                   quote(png));
    EXPECT_EQ(r.exitCode, 0) << s.scenario << "\n" << r.output;
    EXPECT_GT(std::filesystem::file_size(png), 100u);
  }
  // The pair sample's JSON names every table's fields, results included.
  const std::string out = path("run.json");
  auto r = runProcess(exe + " run " + quote(repoFile("maps/tables_pair.scenario.json")) +
                      " --json " + quote(out));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(std::ifstream(out));
  EXPECT_EQ(j["fields"], nlohmann::json({"x", "y", "hit"}));
  EXPECT_EQ(j["tableFields"]["enemies"], nlohmann::json({"x", "y", "hit"}));
  EXPECT_EQ(j["entityTables"], nlohmann::json({"entity", "enemies", "enemies"}));
}

TEST_F(CliTables, ReferenceToAnUnknownTableIsBadInput) {
  const std::string dir = repoFile("assets/routines/tables_pair/");
  nlohmann::json m = nlohmann::json::parse(std::ifstream(dir + "manifest.json"));
  m["sources"] = {dir + "pair.s"};
  m["registers"]["X"] = "other:foes:0";
  std::ofstream(path("manifest.json")) << m.dump(2);
  nlohmann::json s =
      nlohmann::json::parse(std::ifstream(repoFile("maps/tables_pair.scenario.json")));
  s["map"] = repoFile("maps/tables_room.map.json");
  s["routine"] = path("manifest.json");
  std::ofstream(path("s.json")) << s.dump(2);
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(path("s.json")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("registers.X: \"other:foes:0\": no table \"foes\""), std::string::npos)
      << r.output;
}

}  // namespace
