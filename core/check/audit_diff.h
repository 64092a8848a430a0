// Before/after comparison of audits: which failing cases a change fixed, which
// it broke and which it left as they were, per verdict class. A case is its
// start, direction and speed together with its verdict, so a case that went
// from CLIP to GAP counts as a fixed CLIP and a broken GAP. Baselines are the
// same comparison with the baseline as "before": the broken cases are the new
// findings that fail a CI run.
//
//   AuditDiff d = diffAudits(before, after);
//   d.broken    // cases to look at; auditCaseScenario opens one
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/audit_report.h"

namespace core {

struct AuditDiff {
  std::vector<AuditFailure> fixed;   // failing before, not after (as that verdict)
  std::vector<AuditFailure> broken;  // failing after, not before
  std::array<uint64_t, kVerdictCount> fixedBy{}, brokenBy{}, unchangedBy{};
  uint64_t unchanged = 0;
  // Differences in how the two audits were run (intent, stride, speeds,
  // directions), one a line: cases outside either run look fixed or broken.
  std::vector<std::string> warnings;
};

// Both records' failures must be sorted by auditCaseLess (as makeAuditRecord and
// readAuditFile leave them). Cases with status Accepted in `after` are neither
// broken nor unchanged when `skipAccepted`.
AuditDiff diffAudits(const AuditRecord& before, const AuditRecord& after,
                     bool skipAccepted = false);

// Marks the failures of `record` that `baseline` holds (same case, same
// verdict) as CaseStatus::Baseline, unless already Accepted; returns the
// comparison (its `broken` are the new findings, its `fixed` the baseline's
// cases that are gone).
AuditDiff applyBaseline(const AuditRecord& baseline, AuditRecord& record);

// The diff heatmap: per room pixel (w x h of the records' room, row-major)
// the number of fixed and of broken cases starting there.
struct DiffHeat {
  int width = 0, height = 0;
  std::vector<int> fixed, broken;
};
DiffHeat diffHeat(const Scenario& scenario, const AuditDiff& diff, int width, int height);

}  // namespace core
