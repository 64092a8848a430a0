// `collido audit` in CI (issue 20): baselines (exit 0 on an unchanged routine,
// 1 naming the new cases of an injected off-by-one, fixed cases counted when
// it is fixed again), the scenario's expect list, folders with --jobs and one
// exit code, JUnit validated against docs/schemas/junit.xsd with xmllint,
// SARIF's required structure, --write-cases, and `collido diff`. The routine
// is seed 004's (built-in assembler), so no external assembler is needed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/tests/audit_ci_test_util.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;
namespace fs = std::filesystem;

class CliAuditCi : public app::test::TempDirTest {
 protected:
  CliAuditCi() : TempDirTest("collido_auditci_") {}
  app::test::ProcessResult collido(const std::string& args) {
    return runProcess(std::string(COLLIDO_EXE) + " " + args);
  }
  static constexpr const char* kFast = " --stride 4 --speeds 1-4 ";
};

bool haveXmllint() {
  return std::system("command -v xmllint >/dev/null 2>&1") == 0;
}

TEST_F(CliAuditCi, BaselineExitsZeroUnchangedOneForNewCasesAndCountsFixed) {
  const std::string clean = core::test::writeGardenCopy(dir_, "clean", false);
  const std::string base = path("baseline.json");
  auto r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base));
  EXPECT_EQ(r.exitCode, 2) << r.output;  // no baseline yet
  EXPECT_NE(r.output.find("--update-baseline"), std::string::npos) << r.output;
  r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base) + " --update-baseline");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("baseline: 0 fixed, 0 new"), std::string::npos) << r.output;

  // The off-by-one, under the same scenario path as the baseline's.
  core::test::writeGardenCopy(dir_, "gap", true);
  fs::copy_file(path("gap.scenario.json"), clean, fs::copy_options::overwrite_existing);
  r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find(" new, 0 unchanged"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  new:   x="), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" R speed 3 GAP: stopped 1 px short"), std::string::npos) << r.output;

  // Accepting the broken routine as the baseline, then fixing it: fixed, exit 0.
  r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base) + " --update-baseline");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  core::test::writeGardenCopy(dir_, "fixed", false);
  fs::copy_file(path("fixed.scenario.json"), clean, fs::copy_options::overwrite_existing);
  r = collido("audit " + quote(clean) + kFast + "--baseline " + quote(base));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.find("baseline: 0 fixed"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" fixed, 0 new, 0 unchanged"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  fixed: x="), std::string::npos) << r.output;
}

TEST_F(CliAuditCi, ExpectedQuirksAreAcceptedAndStaleOnesReported) {
  const nlohmann::json expect = nlohmann::json::parse(R"([
    {"verdict": "GAP", "note": "stops short of walls on the right"},
    {"verdict": "FALSE-BLOCK", "note": "diagonals too"},
    {"verdict": "CLIP", "cells": [1, 1, 2, 2], "note": "an old one"}])");
  const std::string sc = core::test::writeGardenCopy(dir_, "gap", true, {{"expect", expect}});
  auto r = collido("audit " + quote(sc) + kFast + "--json " + quote(path("a.json")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("[accepted: stops short of walls on the right]"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("stale: expect[2] (CLIP, cells 1,1 2x2: an old one) matches no case"),
            std::string::npos)
      << r.output;
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(path("a.json")));
  EXPECT_EQ(j["audits"][0]["failures"][0].contains("accepted"), true);
}

TEST_F(CliAuditCi, AFolderIsOneRunWithOneExitCode) {
  fs::create_directories(dir_ / "maps");
  core::test::writeGardenCopy(dir_ / "maps", "a_clean", false);
  core::test::writeGardenCopy(dir_ / "maps", "b_gap", true);
  auto r = collido("audit " + quote(path("maps")) + kFast + "--jobs 2 --junit " +
                   quote(path("j.xml")) + " --sarif " + quote(path("s.sarif")) + " --write-cases " +
                   quote(path("cases")) + " --cases-per-class 2");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("2 scenario(s), 0 bad input"), std::string::npos) << r.output;
  EXPECT_LT(r.output.find("a_clean.scenario.json: "), r.output.find("b_gap.scenario.json: "));

  // JUnit: one test case per class per scenario, valid against the shipped schema.
  std::ifstream xml(path("j.xml"));
  const std::string junit((std::istreambuf_iterator<char>(xml)), {});
  EXPECT_NE(junit.find("tests=\"12\" failures=\"2\" errors=\"0\""), std::string::npos) << junit;
  if (haveXmllint()) {
    auto v = runProcess("xmllint --noout --schema " + quote(repoFile("docs/schemas/junit.xsd")) +
                        " " + quote(path("j.xml")));
    EXPECT_EQ(v.exitCode, 0) << v.output;
    // The schema does reject what it should.
    std::ofstream(path("bad.xml")) << "<testsuites><testsuite name=\"x\"/></testsuites>";
    v = runProcess("xmllint --noout --schema " + quote(repoFile("docs/schemas/junit.xsd")) + " " +
                   quote(path("bad.xml")));
    EXPECT_NE(v.exitCode, 0) << v.output;
  } else {
    std::printf("[  SKIPPED ] the JUnit schema check: xmllint (libxml2-utils) is not installed\n");
  }

  // SARIF 2.1.0: the fields code-hosting sites require, at the routine's source.
  const nlohmann::json s = nlohmann::json::parse(std::ifstream(path("s.sarif")));
  EXPECT_EQ(s["version"], "2.1.0");
  ASSERT_EQ(s["runs"].size(), 1u);
  EXPECT_EQ(s["runs"][0]["tool"]["driver"]["name"], "collido");
  ASSERT_FALSE(s["runs"][0]["results"].empty());
  for (const auto& res : s["runs"][0]["results"]) {
    EXPECT_TRUE(res["ruleId"].is_string());
    EXPECT_TRUE(res["message"]["text"].is_string());
    const auto& pl = res["locations"][0]["physicalLocation"];
    EXPECT_NE(pl["artifactLocation"]["uri"].get<std::string>().find("b_gap_routine/"),
              std::string::npos);
    EXPECT_GE(pl["region"]["startLine"].get<int>(), 1);
  }

  // --write-cases: the first cases of each class, each a one-frame scenario that runs.
  ASSERT_TRUE(fs::exists(dir_ / "cases" / "b_gap_GAP_1.scenario.json"));
  EXPECT_TRUE(fs::exists(dir_ / "cases" / "b_gap_GAP_2.scenario.json"));
  EXPECT_FALSE(fs::exists(dir_ / "cases" / "b_gap_GAP_3.scenario.json"));
  r = collido("run " + quote((dir_ / "cases" / "b_gap_GAP_1.scenario.json").string()));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("GAP 1"), std::string::npos) << r.output;

  // A bad scenario in the list: exit 2, and the others are still reported.
  std::ofstream(dir_ / "maps" / "c_bad.scenario.json") << "{";
  r = collido("audit " + quote(path("maps")) + kFast + "--junit " + quote(path("j2.xml")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("b_gap.scenario.json: "), std::string::npos) << r.output;
  std::ifstream xml2(path("j2.xml"));
  EXPECT_NE(std::string((std::istreambuf_iterator<char>(xml2)), {}).find("<error message="),
            std::string::npos);
}

TEST_F(CliAuditCi, DiffOfTwoAuditsAndOfTwoManifests) {
  const std::string clean = core::test::writeGardenCopy(dir_, "clean", false);
  core::test::writeGardenCopy(dir_, "gap", true);
  auto r = collido("audit " + quote(clean) + kFast + "--json " + quote(path("before.json")));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  fs::copy_file(path("gap.scenario.json"), clean, fs::copy_options::overwrite_existing);
  r = collido("audit " + quote(clean) + kFast + "--json " + quote(path("after.json")));
  ASSERT_EQ(r.exitCode, 1) << r.output;
  r = collido("diff " + quote(path("before.json")) + " " + quote(path("after.json")) + " --png " +
              quote(path("diff.png")) + " --write-cases " + quote(path("broken")));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("verdict             fixed     broken  unchanged"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("  broken: x="), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(dir_ / "broken" / "clean_GAP_1.scenario.json"));
  app::RgbaImage img;
  std::string error;
  ASSERT_TRUE(app::readPng(path("diff.png"), img, &error)) << error;
  EXPECT_EQ(img.width, 320);  // the garden, 160 px at scale 2
  r = collido("diff " + quote(path("after.json")) + " " + quote(path("before.json")));
  EXPECT_EQ(r.exitCode, 0) << r.output;  // the reverse only fixes
  EXPECT_NE(r.output.find(" fixed, 0 broken, 0 unchanged"), std::string::npos) << r.output;

  // The same scenario under two routine versions, audited here.
  r = collido("diff " + quote(clean) + " --before " +
              quote((dir_ / "clean_routine" / "manifest.json").string()) + " --after " +
              quote((dir_ / "gap_routine" / "manifest.json").string()) + " --stride 4");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("0 fixed, "), std::string::npos) << r.output;
  r = collido("diff " + quote(path("before.json")));
  EXPECT_EQ(r.exitCode, 2) << r.output;
}

}  // namespace
