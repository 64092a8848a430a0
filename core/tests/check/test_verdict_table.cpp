// The verdict table (verdict.h's VerdictInfo): a row for every class, complete,
// and the accessors, the severity order and the JUnit classes read from it.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

#include "core/check/verdict.h"

namespace core {
namespace {

TEST(VerdictTable, EveryClassHasACompleteRow) {
  std::set<std::string> names;
  std::set<int> severities;
  std::set<std::tuple<int, int, int>> colours;
  for (int i = 0; i < kVerdictCount; ++i) {
    const Verdict v = Verdict(i);
    const VerdictInfo& info = verdictInfo(v);
    SCOPED_TRACE(std::string("verdict ") + std::to_string(i));
    EXPECT_EQ(info.verdict, v);
    ASSERT_NE(info.name, nullptr);
    ASSERT_NE(info.explanation, nullptr);
    ASSERT_NE(info.cellRole, nullptr);
    ASSERT_NE(info.sarifText, nullptr);
    EXPECT_NE(std::string(info.name), "");
    EXPECT_NE(std::string(info.name), "?");
    EXPECT_GT(std::string(info.explanation).size(), 20u);
    EXPECT_NE(std::string(info.cellRole), "");
    EXPECT_NE(std::string(info.sarifText), "");
    EXPECT_EQ(info.colour.a, 255);
    names.insert(info.name);
    severities.insert(info.severity);
    colours.insert({info.colour.r, info.colour.g, info.colour.b});
    // The short forms are the row.
    EXPECT_STREQ(verdictName(v), info.name);
    EXPECT_STREQ(verdictExplanation(v), info.explanation);
    EXPECT_EQ(verdictSeverity(v), info.severity);
    EXPECT_EQ(verdictColour(v), info.colour);
    Verdict back;
    ASSERT_TRUE(verdictFromName(info.name, back));
    EXPECT_EQ(back, v);
  }
  // Names, colours and severities tell the classes apart: one worst class per frame.
  EXPECT_EQ(names.size(), size_t(kVerdictCount));
  EXPECT_EQ(colours.size(), size_t(kVerdictCount));
  EXPECT_EQ(severities.size(), size_t(kVerdictCount));
}

TEST(VerdictTable, OkIsTheLeastSevereAndNoAuditFinding) {
  EXPECT_EQ(verdictSeverity(Verdict::Ok), 0);
  for (int i = 1; i < kVerdictCount; ++i) EXPECT_GT(verdictSeverity(Verdict(i)), 0) << i;
  EXPECT_FALSE(verdictInfo(Verdict::Ok).audited);
  EXPECT_FALSE(verdictInfo(Verdict::Jitter).audited);  // a recording's, never a single move's
  for (Verdict v : {Verdict::Clip, Verdict::Gap, Verdict::Tunnel, Verdict::FalseBlock,
                    Verdict::RoutineFault, Verdict::Drift})
    EXPECT_TRUE(verdictInfo(v).audited) << verdictName(v);
}

// The order the timeline's worst verdict and the heatmap's class have always used
// (a new class goes anywhere: EveryClassHasACompleteRow keeps severities distinct).
TEST(VerdictTable, SeverityOrder) {
  const Verdict order[] = {Verdict::Ok,     Verdict::FalseBlock,  Verdict::Drift,
                           Verdict::Jitter, Verdict::Gap,         Verdict::Clip,
                           Verdict::Tunnel, Verdict::RoutineFault};
  for (size_t i = 1; i < std::size(order); ++i)
    EXPECT_LT(verdictSeverity(order[i - 1]), verdictSeverity(order[i]))
        << verdictName(order[i - 1]) << " < " << verdictName(order[i]);
}

TEST(VerdictTable, AValueOutsideTheEnumHasAPlaceholderRow) {
  const Verdict bad = Verdict(kVerdictCount + 3);
  EXPECT_STREQ(verdictName(bad), "?");
  EXPECT_STREQ(verdictExplanation(bad), "");
  EXPECT_EQ(verdictSeverity(bad), 0);
  Verdict back;
  EXPECT_FALSE(verdictFromName("?", back));
}

}  // namespace
}  // namespace core
