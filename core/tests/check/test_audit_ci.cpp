// Audits in CI (issue 20): saved audits that read back as written, the
// scenario's expect list, baselines (new and fixed cases), before/after diffs
// and their heatmap, the source line a failing case ended at, JUnit and SARIF.
// The reproducer is the seed-004 sample with an injected off-by-one (a move
// right into a wall stops one pixel short), built with the built-in assembler.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/check/audit_diff.h"
#include "core/check/audit_report.h"
#include "core/check/case_source.h"
#include "core/check/expect.h"
#include "core/check/report_junit.h"
#include "core/check/report_sarif.h"
#include "core/render/diff_image.h"
#include "core/util/files.h"

#include "core/tests/audit_ci_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

class AuditCi : public test::TempDirTest {
 protected:
  AuditCi() : TempDirTest("collido_auditci_") {}

  AuditRecord audit(const std::string& scenarioPath, Scenario* out = nullptr) {
    Scenario sc;
    std::string error;
    EXPECT_TRUE(loadScenario(scenarioPath, sc, &error)) << error;
    AuditOptions o;
    o.stride = 4;
    o.threads = 2;
    AuditResult r = runAudit(sc, o);
    EXPECT_TRUE(r.ok) << r.error;
    AuditRecord rec = makeAuditRecord("garden", r, o);
    applyExpectations(sc, rec);
    if (out) *out = sc;
    return rec;
  }
};

TEST_F(AuditCi, TheInjectedOffByOneStopsShortOfWallsOnTheRight) {
  const AuditRecord clean = audit(test::writeGardenCopy(dir_, "clean", false));
  EXPECT_EQ(clean.failing(), 0u);
  const AuditRecord gap = audit(test::writeGardenCopy(dir_, "gap", true));
  ASSERT_GT(gap.failing(), 0u);
  // Straight moves stop short (GAP); diagonal ones lose the x motion they had left.
  EXPECT_GT(gap.counts[size_t(Verdict::Gap)], 0u);
  EXPECT_GT(gap.counts[size_t(Verdict::FalseBlock)], 0u);
  EXPECT_EQ(gap.counts[size_t(Verdict::Gap)] + gap.counts[size_t(Verdict::FalseBlock)],
            gap.failing());
  for (const AuditFailure& f : gap.failures) {
    EXPECT_EQ(kAuditDirections[size_t(f.c.dir)][0], 1) << auditCaseText(f);  // moving right
  }
}

TEST_F(AuditCi, AuditFilesReadBackAsWrittenAndAreSorted) {
  AuditFile file;
  file.put(audit(test::writeGardenCopy(dir_, "gap", true)));
  AuditRecord second = file.audits[0];
  second.scenario = "another";
  file.put(second);
  ASSERT_EQ(file.audits.size(), 2u);
  EXPECT_EQ(file.audits[0].scenario, "another");  // sorted by scenario
  const std::string text = auditFileText(file);
  EXPECT_EQ(text.find("seconds"), std::string::npos);  // nothing that changes run to run
  EXPECT_EQ(text.find("written"), std::string::npos);
  ASSERT_TRUE(writeFileAtomic(path("a.json"), text, nullptr, false));
  AuditFile back;
  std::string error;
  ASSERT_TRUE(readAuditFile(path("a.json"), back, &error)) << error;
  EXPECT_EQ(auditFileText(back), text);
  EXPECT_EQ(back.audits[1].failures.size(), file.audits[1].failures.size());
  EXPECT_TRUE(sameAuditCase(back.audits[1].failures[0], file.audits[1].failures[0]));
  // One case a line, so a change of one case is a one-line diff; keys in the
  // written order (start first), not sorted.
  const size_t firstCase = text.find("{\"x\":");
  ASSERT_NE(firstCase, std::string::npos);
  EXPECT_NE(text.substr(firstCase, text.find('\n', firstCase) - firstCase).find("\"verdict\""),
            std::string::npos);
  EXPECT_LT(text.find("\"format\""), text.find("\"audits\""));
  EXPECT_LT(text.find("\"scenario\""), text.find("\"options\""));
  EXPECT_LT(text.find("\"counts\""), text.find("\"failures\""));
}

TEST_F(AuditCi, BadAuditFilesNameTheJsonPath) {
  std::ofstream(path("bad.json"))
      << R"({"format": "collidoscope-audit/1", "audits": [{"scenario": "s", "failures": [)"
         R"({"x": 1, "y": 2, "direction": "NE", "speed": 1, "verdict": "GAP"}]}]})";
  AuditFile f;
  std::string error;
  EXPECT_FALSE(readAuditFile(path("bad.json"), f, &error));
  EXPECT_NE(error.find("audits[0].failures[0].direction"), std::string::npos) << error;
  std::ofstream(path("v9.json")) << R"({"format": "collidoscope-audit/9", "audits": []})";
  error.clear();
  EXPECT_FALSE(readAuditFile(path("v9.json"), f, &error));
  EXPECT_NE(error.find("format"), std::string::npos) << error;
}

TEST_F(AuditCi, ABaselineOfTheSameRoutineHasNothingNew) {
  const std::string sc = test::writeGardenCopy(dir_, "gap", true);
  const AuditRecord base = audit(sc);
  AuditRecord again = audit(sc);
  const AuditDiff d = applyBaseline(base, again);
  EXPECT_TRUE(d.broken.empty());
  EXPECT_TRUE(d.fixed.empty());
  EXPECT_EQ(d.unchanged, base.failing());
  EXPECT_EQ(again.countStatus(CaseStatus::Finding), 0u);
  EXPECT_EQ(again.countStatus(CaseStatus::Baseline), again.failing());
  EXPECT_TRUE(d.warnings.empty());
}

TEST_F(AuditCi, AnOffByOneAgainstACleanBaselineIsNewAndItsFixIsFixed) {
  const AuditRecord clean = audit(test::writeGardenCopy(dir_, "clean", false));
  AuditRecord gap = audit(test::writeGardenCopy(dir_, "gap", true));
  const AuditDiff broke = applyBaseline(clean, gap);
  EXPECT_EQ(broke.broken.size(), gap.failing());
  EXPECT_EQ(broke.brokenBy[size_t(Verdict::Gap)], gap.counts[size_t(Verdict::Gap)]);
  EXPECT_EQ(gap.countStatus(CaseStatus::Finding), gap.failing());

  AuditRecord fixedRun = audit(test::writeGardenCopy(dir_, "clean2", false));
  const AuditDiff fixed = applyBaseline(gap, fixedRun);
  EXPECT_EQ(fixed.fixed.size(), gap.failing());
  EXPECT_EQ(fixed.fixedBy[size_t(Verdict::FalseBlock)], gap.counts[size_t(Verdict::FalseBlock)]);
  EXPECT_TRUE(fixed.broken.empty());
}

TEST_F(AuditCi, ExpectationsAcceptMatchingCasesAndStaleOnesAreFound) {
  const nlohmann::json expect = nlohmann::json::parse(R"([
    {"verdict": "GAP", "directions": ["R", "DR", "UR"], "speeds": [1, 4], "note": "stops short"},
    {"verdict": "FALSE-BLOCK", "directions": ["DR", "UR"], "note": "diagonals stop short"},
    {"verdict": "TUNNEL", "cells": [0, 0, 4, 4], "note": "long gone"}])");
  Scenario sc;
  AuditRecord rec = audit(test::writeGardenCopy(dir_, "gap", true, {{"expect", expect}}), &sc);
  ASSERT_EQ(sc.expect.size(), 3u);
  ExpectMatch m = applyExpectations(sc, rec);
  EXPECT_EQ(m.accepted, rec.failing());
  EXPECT_EQ(rec.countStatus(CaseStatus::Finding), 0u);
  for (size_t i = 0; i < rec.failures.size(); ++i)
    EXPECT_EQ(rec.accepted[i], rec.failures[i].verdict.verdict == Verdict::Gap
                                   ? "stops short"
                                   : "diagonals stop short");
  ASSERT_EQ(m.stale(), std::vector<size_t>{2});
  EXPECT_NE(expectationText(sc.expect, 2).find("TUNNEL, cells 0,0 4x4: long gone"),
            std::string::npos);

  // A room region that holds only some starts accepts only those.
  sc.expect = {sc.expect[0]};
  sc.expect[0].col = 0;
  sc.expect[0].row = 0;
  sc.expect[0].w = 10;
  sc.expect[0].h = 18;
  m = applyExpectations(sc, rec = audit(test::writeGardenCopy(dir_, "gap2", true)));
  EXPECT_GT(m.accepted, 0u);
  EXPECT_LT(m.accepted, rec.failing());
  const Hitbox hb = sc.hitboxOf(0);
  for (size_t i = 0; i < rec.failures.size(); ++i)
    EXPECT_EQ(rec.status[i] == CaseStatus::Accepted,
              rec.failures[i].verdict.verdict == Verdict::Gap &&
                  (rec.failures[i].c.x + hb.x) / sc.map.room.cellSize < 10)
        << auditCaseText(rec.failures[i]);

  // The list survives a save, and a bad verdict names its JSON path.
  std::string error;
  ASSERT_TRUE(saveScenario(path("saved.scenario.json"), sc, &error)) << error;
  Scenario back;
  ASSERT_TRUE(loadScenario(path("saved.scenario.json"), back, &error)) << error;
  ASSERT_EQ(back.expect.size(), 1u);
  EXPECT_EQ(back.expect[0].w, 10);
  EXPECT_EQ(back.expect[0].note, "stops short");
  const std::string bad = test::writeGardenCopy(
      dir_, "bad", false, {{"expect", nlohmann::json::parse(R"([{"verdict": "SLIDE"}])")}});
  EXPECT_FALSE(loadScenario(bad, back, &error));
  EXPECT_NE(error.find("expect[0].verdict"), std::string::npos) << error;
}

TEST_F(AuditCi, ExpectVerdictNamesAreTheVerdictClasses) {
  for (int v = 1; v < kVerdictCount; ++v) {
    const std::string sc =
        test::writeGardenCopy(dir_, "v" + std::to_string(v), false,
                              {{"expect", {{{"verdict", verdictName(Verdict(v))}}}}});
    Scenario s;
    std::string error;
    EXPECT_TRUE(loadScenario(sc, s, &error)) << verdictName(Verdict(v)) << ": " << error;
  }
}

TEST_F(AuditCi, DiffCountsFixedBrokenUnchangedAndPaintsThem) {
  Scenario sc;
  const AuditRecord clean = audit(test::writeGardenCopy(dir_, "clean", false), &sc);
  const AuditRecord gap = audit(test::writeGardenCopy(dir_, "gap", true));
  const AuditDiff d = diffAudits(clean, gap);
  EXPECT_EQ(d.broken.size(), gap.failing());
  EXPECT_EQ(d.brokenBy[size_t(Verdict::Gap)], gap.counts[size_t(Verdict::Gap)]);
  EXPECT_EQ(d.unchanged, 0u);
  const AuditDiff back = diffAudits(gap, clean);
  EXPECT_EQ(back.fixed.size(), gap.failing());
  EXPECT_EQ(back.fixedBy[size_t(Verdict::Gap)], gap.counts[size_t(Verdict::Gap)]);

  const DiffHeat heat = diffHeat(sc, d, gap.heatWidth, gap.heatHeight);
  RoomRenderOptions ro;
  ro.chr = false;
  ro.scale = 1;
  ro.overlays = 0;
  const Canvas c = renderAuditDiff(sc, heat, 4, ro);
  const AuditFailure& f = d.broken.front();
  const Hitbox hb = sc.hitboxOf(0);
  const Rgba px = c.at(f.c.x + hb.x + 1, f.c.y + hb.y + 1);
  EXPECT_GT(px.r, 200);  // orange over the room
  EXPECT_GT(px.g, 100);
  EXPECT_LT(px.b, 80);
}

TEST_F(AuditCi, AFailingCaseEndsAtTheLineThatWroteX) {
  Scenario sc;
  const std::string scPath = test::writeGardenCopy(dir_, "gap", true);
  const AuditRecord gap = audit(scPath, &sc);
  ASSERT_FALSE(gap.failures.empty());
  AsmResult image = buildRoutine(sc.manifest);
  ASSERT_TRUE(image.ok) << image.diagnosticsText();
  CaseSourceLocator loc;
  std::string error;
  ASSERT_TRUE(loc.init(sc, image, &error)) << error;
  // A move right alone: its last write of x or y is the injected stop.
  const AuditFailure* right = nullptr;
  for (const AuditFailure& f : gap.failures)
    if (!right && f.c.dir == 0 && f.verdict.verdict == Verdict::Gap) right = &f;
  ASSERT_TRUE(right);
  auto where = loc.locate(right->c);
  ASSERT_TRUE(where);
  EXPECT_TRUE(where->wroteXY);
  const std::string asmFile = (dir_ / "gap_routine" / "collision.asm").string();
  EXPECT_NE(where->file.find("collision.asm"), std::string::npos) << where->file;
  EXPECT_EQ(where->line, test::lineAfter(asmFile, "injected off-by-one", "ld [anise_x], a"));

  // SARIF: the result points at that line, relative to the base folder.
  std::vector<SarifCase> cases;
  for (const AuditFailure& f : gap.failures)
    if (f.verdict.verdict == Verdict::Gap) cases.push_back({"garden", f, where});
  const nlohmann::json s = nlohmann::json::parse(sarifReport(cases, dir_.string()));
  EXPECT_EQ(s["version"], "2.1.0");
  ASSERT_EQ(s["runs"].size(), 1u);
  EXPECT_EQ(s["runs"][0]["tool"]["driver"]["name"], "collido");
  EXPECT_EQ(s["runs"][0]["tool"]["driver"]["rules"][0]["id"], "GAP");
  ASSERT_EQ(s["runs"][0]["results"].size(), 1u);  // one line, one class
  const auto& r = s["runs"][0]["results"][0];
  EXPECT_EQ(r["ruleId"], "GAP");
  EXPECT_NE(r["message"]["text"].get<std::string>().find(std::to_string(cases.size()) + " GAP"),
            std::string::npos);
  const auto& loc0 = r["locations"][0]["physicalLocation"];
  EXPECT_EQ(loc0["artifactLocation"]["uri"], "gap_routine/collision.asm");
  EXPECT_EQ(loc0["region"]["startLine"], where->line);
}

TEST_F(AuditCi, JUnitHasATestCasePerClassAndFailsOnlyFindings) {
  AuditRecord gap = audit(test::writeGardenCopy(dir_, "gap", true));
  std::string xml = junitReport({&gap}, {{"broken.scenario.json", "a <bad> file"}}, 3);
  EXPECT_NE(xml.find("<testsuites name=\"collido audit\" tests=\"7\" failures=\"2\" errors=\"1\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"garden\" name=\"GAP\">"), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"GAP\" message=\"" +
                     std::to_string(gap.counts[size_t(Verdict::Gap)]) + " GAP case(s)\">x="),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("a &lt;bad&gt; file"), std::string::npos);
  for (auto& s : gap.status) s = CaseStatus::Baseline;
  xml = junitReport({&gap}, {}, 3);
  EXPECT_EQ(xml.find("<failure"), std::string::npos) << xml;
  EXPECT_NE(xml.find("in the baseline"), std::string::npos);
}

}  // namespace
}  // namespace core
