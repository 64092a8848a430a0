// Queries over an audit's failing cases: filter by verdict class, speed and
// direction, group by start cell or by cause, and paint the heatmap of what the
// filter keeps. A query always runs over every failing case
// (AuditResult::failingCases), never over the evidence list `failures`, which
// is cut at AuditOptions::maxFailures: filter first, then page.
//
//   AuditFilter f;  f.classes = auditClassBit(Verdict::Drift);
//   AuditSelection s = selectAuditCases(result, f);
//   s.rows.size() == result.count(Verdict::Drift)
//   ... result.failingCases[s.rows[i]] for the rows a page shows
//   std::vector<AuditCaseGroup> g = groupAuditCases(result, s.rows, AuditGrouping::Cause, 16);
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/audit.h"

namespace core {

constexpr uint32_t auditClassBit(Verdict v) {
  return uint32_t(1) << unsigned(v);
}
constexpr uint32_t kAllAuditClasses = (uint32_t(1) << kVerdictCount) - 1;

struct AuditFilter {
  uint32_t classes = kAllAuditClasses;  // auditClassBit of each verdict kept
  double speed = 0;                     // 0: every speed; else this one (2.5: a half case)
  int dir = -1;                         // -1: every direction; else kAuditDirections index

  bool matches(const AuditCaseRecord& r) const;
  // The same, ignoring the class bits (what a class would add if selected).
  bool matchesSpeedAndDirection(const AuditCaseRecord& r) const;
};

// "DRIFT", "FALSE-BLOCK,GAP" (case-insensitive, "all"); false with a message
// naming the classes when a name is unknown.
bool parseAuditClasses(const std::string& text, uint32_t& out, std::string* error);

struct AuditSelection {
  std::vector<uint32_t> rows;  // indices into failingCases that match, in their order
  // Per class: the cases matching the speed and direction, selected or not,
  // so a legend or a class list can say what each class holds.
  std::array<uint64_t, kVerdictCount> counts{};
  // Failing cases kept per room pixel, as AuditResult::heat (the heatmap of
  // the selected classes only), and its largest value.
  std::vector<int> heat;
  int most = 0;
  // Per room pixel with heat: the most severe class kept there (a Verdict; the
  // order of the timeline's worst verdict), which the heatmap is painted in.
  std::vector<uint8_t> heatClass;
};
AuditSelection selectAuditCases(const AuditResult& result, const AuditFilter& filter);

// Groups of rows. By cell: the cell holding the start's hitbox corner (as the
// heatmap places it). By cause: the verdict and the cell its evidence names
// (the wall a GAP stops short of, the cell a CLIP ends in), or the verdict and
// direction when it names none (DRIFT, faults). Largest group first.
enum class AuditGrouping { None, Cell, Cause };
struct AuditCaseGroup {
  std::string label;              // "cell (6, 9)", "GAP at cell (7, 9)", "DRIFT moving R"
  Verdict verdict = Verdict::Ok;  // by cause: the group's class
  bool hasCell = false;
  int col = 0, row = 0;
  std::vector<uint32_t> rows;  // indices into failingCases, in their order
};
std::vector<AuditCaseGroup> groupAuditCases(const AuditResult& result,
                                            const std::vector<uint32_t>& rows,
                                            AuditGrouping grouping, int cellSize);
const char* auditGroupingName(AuditGrouping g);  // "none", "cell", "cause"

}  // namespace core
