// Audit queries (core/check/audit_query.h): a filter runs over every failing
// case, not over the evidence list cut at maxFailures (issue 21: filtering by
// DRIFT on the one-way room under the both-axes intent showed 43 of 4,276);
// the filter over the compact records equals filtering the full list; heat,
// groups, class names and the verdict explanations. Seed 002 needs ca65.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "core/asm/ca65/ca65.h"
#include "core/check/audit.h"
#include "core/check/audit_query.h"
#include "core/check/verdict_why.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

#include "core/tests/sample_test_util.h"

namespace core {
namespace {

using test::repoFile;

Scenario oneWayBothAxes() {
  Scenario s;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile("maps/seed002_oneway.scenario.json"), s, &error)) << error;
  // Version 1's intent, as docs/verdicts.md quotes its figures: enough failing
  // cases (699 302) that the evidence list is cut at 100 000.
  s.manifest.motion.diagonal = DiagonalRule::Both;
  return s;
}

bool sameCase(const AuditCaseRecord& r, const AuditFailure& f) {
  return r.x == f.c.x && r.y == f.c.y && r.dir == f.c.dir && r.speed == f.c.speed &&
         r.half == f.c.half && r.verdict == f.verdict.verdict;
}

TEST(AuditQuery, OneWayRoomDriftFilterFindsEveryDriftCase) {
  REQUIRE_CA65();
  const Scenario sc = oneWayBothAxes();
  AuditResult r = runAudit(sc, AuditOptions{});
  ASSERT_TRUE(r.ok) << r.error;
  // Pinned in docs/verdicts.md.
  ASSERT_EQ(r.count(Verdict::Drift), 4276u);
  ASSERT_EQ(r.count(Verdict::FalseBlock), 688194u);
  ASSERT_EQ(r.count(Verdict::Gap), 6832u);
  ASSERT_TRUE(r.failuresTruncated);
  ASSERT_EQ(r.failures.size(), 100000u);
  // The old way: the cut list holds only the DRIFTs of its first 100 000 cases.
  const auto inList = std::count_if(r.failures.begin(), r.failures.end(), [](const auto& f) {
    return f.verdict.verdict == Verdict::Drift;
  });
  EXPECT_LT(uint64_t(inList), r.count(Verdict::Drift));

  ASSERT_EQ(r.failingCases.size(), r.failing());
  AuditFilter f;
  f.classes = auditClassBit(Verdict::Drift);
  const AuditSelection s = selectAuditCases(r, f);
  EXPECT_EQ(s.rows.size(), 4276u);
  EXPECT_EQ(s.counts[size_t(Verdict::Drift)], 4276u);
  EXPECT_EQ(s.counts[size_t(Verdict::FalseBlock)], 688194u);  // what selecting it would add
  for (uint32_t row : s.rows) ASSERT_EQ(r.failingCases[row].verdict, Verdict::Drift);
  const int heat = std::accumulate(s.heat.begin(), s.heat.end(), 0);
  EXPECT_EQ(heat, 4276);
  // The heatmap of DRIFT alone is painted in DRIFT's colour.
  ASSERT_EQ(s.heatClass.size(), s.heat.size());
  for (size_t i = 0; i < s.heat.size(); ++i)
    ASSERT_EQ(s.heatClass[i], s.heat[i] ? uint8_t(Verdict::Drift) : uint8_t(Verdict::Ok)) << i;
  // The list and the records agree where the list reaches.
  for (size_t i = 0; i < r.failures.size(); i += 997)
    ASSERT_TRUE(sameCase(r.failingCases[i], r.failures[i])) << i;
}

class Seed002Query : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)";
    sc_ = oneWayBothAxes();
    AuditOptions o;
    o.stride = 4;
    r_ = runAudit(sc_, o);
    ASSERT_TRUE(r_.ok) << r_.error;
    ASSERT_FALSE(r_.failuresTruncated);
    ASSERT_EQ(r_.failures.size(), r_.failing());
  }
  Scenario sc_;
  AuditResult r_;
};

TEST_F(Seed002Query, FilterOverAllCasesEqualsTheFilteredFullList) {
  std::vector<AuditFilter> filters;
  for (int v = 1; v < kVerdictCount; ++v) {
    AuditFilter f;
    f.classes = auditClassBit(Verdict(v));
    filters.push_back(f);
  }
  AuditFilter speed3;
  speed3.speed = 3;
  filters.push_back(speed3);
  AuditFilter driftGapUp;
  driftGapUp.classes = auditClassBit(Verdict::Drift) | auditClassBit(Verdict::Gap);
  driftGapUp.dir = 6;
  filters.push_back(driftGapUp);
  filters.push_back(AuditFilter{});
  for (size_t k = 0; k < filters.size(); ++k) {
    SCOPED_TRACE("filter " + std::to_string(k));
    const AuditFilter& f = filters[k];
    const AuditSelection s = selectAuditCases(r_, f);
    std::vector<size_t> expected;
    for (size_t i = 0; i < r_.failures.size(); ++i) {
      const AuditFailure& x = r_.failures[i];
      const double sp = x.c.speed - (x.c.half ? 0.5 : 0.0);
      if ((f.classes & auditClassBit(x.verdict.verdict)) && (f.dir < 0 || x.c.dir == f.dir) &&
          (f.speed == 0 || sp == f.speed))
        expected.push_back(i);
    }
    ASSERT_EQ(s.rows.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(s.rows[i], expected[i]);
      ASSERT_TRUE(sameCase(r_.failingCases[s.rows[i]], r_.failures[expected[i]]));
    }
  }
  // Every class selected paints the audit's own heatmap.
  const AuditSelection all = selectAuditCases(r_, AuditFilter{});
  EXPECT_TRUE(all.heat == r_.heat);
  EXPECT_EQ(all.most, *std::max_element(r_.heat.begin(), r_.heat.end()));
}

TEST_F(Seed002Query, RecordsCarryTheEvidenceCell) {
  for (size_t i = 0; i < r_.failures.size(); ++i) {
    const FrameVerdict& v = r_.failures[i].verdict;
    const AuditCaseRecord& c = r_.failingCases[i];
    if (v.hasCell) {
      ASSERT_TRUE(c.hasCell);
      ASSERT_EQ(c.col, v.cell.col);
      ASSERT_EQ(c.row, v.cell.row);
    } else if (v.hasPixel) {
      ASSERT_TRUE(c.hasCell);
      ASSERT_EQ(c.col, floorDiv(v.pixelX, sc_.map.room.cellSize));
    } else {
      ASSERT_FALSE(c.hasCell);
    }
  }
}

TEST_F(Seed002Query, GroupsPartitionTheSelection) {
  AuditFilter f;
  f.classes = auditClassBit(Verdict::Gap) | auditClassBit(Verdict::Drift);
  const AuditSelection s = selectAuditCases(r_, f);
  ASSERT_FALSE(s.rows.empty());
  const int cs = sc_.map.room.cellSize;
  for (AuditGrouping g : {AuditGrouping::Cell, AuditGrouping::Cause}) {
    SCOPED_TRACE(auditGroupingName(g));
    const auto groups = groupAuditCases(r_, s.rows, g, cs);
    ASSERT_FALSE(groups.empty());
    size_t total = 0;
    for (size_t k = 0; k < groups.size(); ++k) {
      total += groups[k].rows.size();
      if (k > 0) {
        EXPECT_GE(groups[k - 1].rows.size(), groups[k].rows.size());
      }
      EXPECT_TRUE(std::is_sorted(groups[k].rows.begin(), groups[k].rows.end()));
      for (uint32_t row : groups[k].rows) {
        const AuditCaseRecord& c = r_.failingCases[row];
        if (g == AuditGrouping::Cell) {
          ASSERT_EQ((c.x + r_.heatOffsetX) / cs, groups[k].col);
          ASSERT_EQ((c.y + r_.heatOffsetY) / cs, groups[k].row);
        } else {
          ASSERT_EQ(c.verdict, groups[k].verdict);
          ASSERT_EQ(c.hasCell, groups[k].hasCell);
        }
      }
    }
    EXPECT_EQ(total, s.rows.size());
  }
  // GAPs name the wall ahead: by cause, every GAP group is a cell.
  for (const auto& g : groupAuditCases(r_, s.rows, AuditGrouping::Cause, cs))
    if (g.verdict == Verdict::Gap) {
      EXPECT_TRUE(g.hasCell) << g.label;
      EXPECT_NE(g.label.find("GAP at cell ("), std::string::npos) << g.label;
    }
  EXPECT_TRUE(groupAuditCases(r_, s.rows, AuditGrouping::None, cs).empty());
}

TEST_F(Seed002Query, ExplainsAGapWithTheMissingPixels) {
  auto gap = std::find_if(r_.failures.begin(), r_.failures.end(),
                          [](const AuditFailure& f) { return f.verdict.verdict == Verdict::Gap; });
  ASSERT_NE(gap, r_.failures.end());
  const std::vector<std::string> lines = explainVerdict(gap->verdict, sc_.map);
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  EXPECT_EQ(lines.front().rfind("GAP: ", 0), 0u) << all;
  EXPECT_NE(all.find("px missing"), std::string::npos) << all;
  EXPECT_NE(all.find("the cell that blocked, ahead: ("), std::string::npos) << all;
  EXPECT_NE(all.find("the oracle stops at ("), std::string::npos) << all;
  EXPECT_EQ(lines.back(), "more: docs/verdicts.md");
}

TEST(AuditQuery, ClassNamesAndExplanations) {
  for (int v = 0; v < kVerdictCount; ++v) {
    Verdict back;
    ASSERT_TRUE(verdictFromName(verdictName(Verdict(v)), back));
    EXPECT_EQ(back, Verdict(v));
    EXPECT_GT(std::string(verdictExplanation(Verdict(v))).size(), 20u);
  }
  uint32_t bits = 0;
  std::string error;
  ASSERT_TRUE(parseAuditClasses("drift, False-Block", bits, &error)) << error;
  EXPECT_EQ(bits, auditClassBit(Verdict::Drift) | auditClassBit(Verdict::FalseBlock));
  ASSERT_TRUE(parseAuditClasses("all", bits, &error)) << error;
  EXPECT_EQ(bits, kAllAuditClasses & ~auditClassBit(Verdict::Ok));
  EXPECT_FALSE(parseAuditClasses("DRIFT,WOBBLE", bits, &error));
  EXPECT_NE(error.find("\"WOBBLE\" is not a verdict class (CLIP, GAP"), std::string::npos) << error;
  EXPECT_FALSE(parseAuditClasses("", bits, &error));
}

}  // namespace
}  // namespace core
