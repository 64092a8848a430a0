// SARIF 2.1.0 for code-hosting sites: one result per verdict class and source
// line, at the line where the failing calls ended (case_source.h), so the site
// annotates the routine's line. Only findings are reported (cases neither
// accepted nor in the baseline). A case whose line is unknown points at its
// scenario file.
//
//   std::vector<SarifCase> cases = ...;  // a finding and where it ended
//   std::string json = sarifReport(cases, currentDir);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/check/audit_report.h"
#include "core/check/case_source.h"

namespace core {

struct SarifCase {
  std::string scenario;
  AuditFailure failure;
  std::optional<CaseSource> where;
};

// File paths under `baseDir` are written relative to it (with '/'), as CI
// checkouts expect; others as given.
std::string sarifReport(const std::vector<SarifCase>& cases, const std::string& baseDir);

}  // namespace core
