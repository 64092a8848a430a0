// JUnit XML for CI systems: one <testsuite> per audited scenario and in it one
// <testcase> per verdict class (CLIP, GAP, ...), failed when the class has
// findings (cases neither accepted by the scenario's `expect` list nor in the
// baseline), with the count in the message and the first cases in the body.
// A scenario that could not be audited is one <testcase name="audit"> with an
// <error>.
//
//   std::string xml = junitReport({&record}, {}, 10);
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/check/audit_report.h"

namespace core {

// `errors`: (scenario, message) of audits that did not run. `firstCases` per class.
std::string junitReport(const std::vector<const AuditRecord*>& records,
                        const std::vector<std::pair<std::string, std::string>>& errors,
                        int firstCases);

// Escapes text for XML character data and attribute values.
std::string xmlEscape(const std::string& s);

}  // namespace core
