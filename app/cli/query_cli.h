// `collido run` and `collido audit` for a manifest with a `query` block
// (core/check/query_check.h): calls judged by their answer, a row per call, and
// the audit of the query's input domain. The commands hand a query scenario to
// these and keep their own code for moves.
#pragma once

#include <cstdint>
#include <string>

#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace app::cli {

// Prints a row per judged call (or writes them as JSON to `json`) and the
// summary; returns the exit code (0 clean, 1 a finding, 2 bad input).
int printQueryRun(core::Simulation& sim, const std::string& scenarioPath, const std::string& json);

// The audit of one query scenario: its text (appended to `text`), the findings
// (failing cases), and with `json` the report as a collidoscope-query-audit/1
// document; false with `error` when it cannot run.
bool auditQueryScenario(const core::Scenario& sc, const std::string& path, int show,
                        const std::string& json, std::string& text, uint64_t& findings,
                        std::string* error);

}  // namespace app::cli
