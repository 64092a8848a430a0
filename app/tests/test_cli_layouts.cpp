// `collido` on the map-layout samples (issue 16 items 4, 5, 8): the column-major
// and pointer samples run clean (exit 0) and audit, and their bad manifests are
// bad input (exit 2) naming the JSON path: a pointer outside RAM, a predicate
// that never returns, an unknown rule. The samples are ca65: skipped without cc65.
#include <gtest/gtest.h>

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

class CliLayouts : public app::test::TempDirTest {
 protected:
  CliLayouts() : TempDirTest("collido_layouts_") {}
  // The pointer sample's scenario with `edit` applied to a copy of its manifest.
  std::string edited(const std::function<void(nlohmann::json&)>& edit) {
    const std::string dir = repoFile("assets/routines/layout_pointer/");
    nlohmann::json m = nlohmann::json::parse(std::ifstream(dir + "manifest.json"));
    m["sources"] = {dir + "walker.s"};
    edit(m);
    std::ofstream(path("manifest.json")) << m.dump(2);
    nlohmann::json s =
        nlohmann::json::parse(std::ifstream(repoFile("maps/layout_pointer.scenario.json")));
    s["map"] = repoFile("maps/layout_pointer.map.json");
    s["routine"] = path("manifest.json");
    std::ofstream(path("s.json")) << s.dump(2);
    return path("s.json");
  }
};

TEST_F(CliLayouts, SamplesRunCleanAndAudit) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  for (const char* rel :
       {"maps/layout_columns.scenario.json", "maps/layout_pointer.scenario.json"}) {
    auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(repoFile(rel)));
    EXPECT_EQ(r.exitCode, 0) << rel << "\n" << r.output;
    r = runProcess(std::string(COLLIDO_EXE) + " audit --speeds 1 --stride 8 " +
                   quote(repoFile(rel)));
    EXPECT_EQ(r.exitCode, 0) << rel << "\n" << r.output;
  }
}

// The scroll castle: a 48-column level through seed 002's 16 x 15 table (the
// scenario's view). `run` is clean, its JSON has the window per frame and room
// positions; a view past the room is bad input naming the field.
TEST_F(CliLayouts, ScrollCastleRunsThroughItsViewAndABadViewIsBadInput) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  const std::string scenario = repoFile("maps/scroll_castle.scenario.json");
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(scenario) + " --json " +
                      quote(path("run.json")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(path("run.json")));
  EXPECT_EQ(j["view"]["cells"], nlohmann::json({16, 15}));
  ASSERT_EQ(j["view"]["origins"].size(), 320u);
  EXPECT_EQ(j["view"]["origins"][0], nlohmann::json({0, 0}));
  EXPECT_EQ(j["view"]["origins"][319], nlohmann::json({31, 0}));
  EXPECT_EQ(j["frames"][319][0]["after"][0], 627);  // room pixels
  nlohmann::json s = nlohmann::json::parse(std::ifstream(scenario));
  s["map"] = repoFile("maps/scroll_castle.map.json");
  s["routine"] = repoFile("assets/routines/seed002_mrn/manifest.json");
  s["view"] = {{"column", 40}};
  std::ofstream(path("bad.json")) << s.dump(2);
  r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(path("bad.json")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("view.column: 40 puts the routine's 16x15-cell window past the 48x15 "
                          "room (columns 0..32)"),
            std::string::npos)
      << r.output;
}

TEST_F(CliLayouts, UnknownRuleIsBadInput) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " +
                      quote(edited([](nlohmann::json& m) { m["map"]["rule"]["kind"] = "often"; })));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("map.rule.kind: \"often\""), std::string::npos) << r.output;
}

TEST_F(CliLayouts, PointerOutsideRamIsBadInput) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  auto r =
      runProcess(std::string(COLLIDO_EXE) + " run " +
                 quote(edited([](nlohmann::json& m) { m["map"]["cells"]["pointer"] = "level"; })));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("map.cells.pointer: \"level\" is at $"), std::string::npos) << r.output;
}

TEST_F(CliLayouts, PredicateThatNeverReturnsIsBadInput) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  auto r = runProcess(std::string(COLLIDO_EXE) + " run " + quote(edited([](nlohmann::json& m) {
                        m["map"]["rule"]["label"] = "never_returns";
                      })));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("map.rule.label: \"never_returns\" did not return"), std::string::npos)
      << r.output;
}

}  // namespace
