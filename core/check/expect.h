// Accepted quirks: matches an audit's failing cases against the scenario's
// `expect` list (Expectation, core/sim/scenario.h). A matching case is
// accepted (it is shown, with the expectation's note, but does not fail the
// run); an expectation that matches no case is stale: the quirk it describes
// is gone, and the list should say so.
//
//   ExpectMatch m = applyExpectations(scenario, record);  // marks record.status
//   for (size_t i : m.stale()) ... scenario.expect[i]
#pragma once

#include <cstdint>
#include <vector>

#include "core/check/audit_report.h"

namespace core {

// Whether expectation `x` of `scenario` covers failing case `f`.
bool expectationMatches(const Scenario& scenario, const Expectation& x, const AuditFailure& f);

struct ExpectMatch {
  std::vector<uint64_t> hits;  // per expectation: the cases it accepted
  uint64_t accepted = 0;
  std::vector<size_t> stale() const;
};

// Marks the record's failures that an expectation covers as Accepted (the
// first matching expectation's note, or its verdict when it has no note) and
// counts the hits. Cases past a truncated record's list are not seen, so an
// expectation can only be called stale when the record is complete.
ExpectMatch applyExpectations(const Scenario& scenario, AuditRecord& record);

// "expect[2] (GAP, cells 0,0 16x4, U, speeds 2-4: snap table rounds down)".
std::string expectationText(const std::vector<Expectation>& list, size_t i);

}  // namespace core
