#include "core/check/report_junit.h"

namespace core {

std::string xmlEscape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 has no way to write most control characters: drop them.
        if (c >= 0x20 || ch == '\n' || ch == '\t') out += ch;
    }
  }
  return out;
}

std::string junitReport(const std::vector<const AuditRecord*>& records,
                        const std::vector<std::pair<std::string, std::string>>& errors,
                        int firstCases) {
  std::string body;
  size_t tests = 0, failures = 0;
  int classes = 0;  // a test case per class an audit can find
  for (int v = 0; v < kVerdictCount; ++v) classes += verdictInfo(Verdict(v)).audited;
  for (const AuditRecord* r : records) {
    std::string suite;
    size_t suiteFailures = 0;
    for (int v = 0; v < kVerdictCount; ++v) {
      const Verdict verdict = Verdict(v);
      if (!verdictInfo(verdict).audited) continue;
      const std::string name = verdictName(verdict);
      const uint64_t found = r->countStatus(CaseStatus::Finding, verdict);
      const uint64_t accepted = r->countStatus(CaseStatus::Accepted, verdict);
      const uint64_t known = r->countStatus(CaseStatus::Baseline, verdict);
      suite +=
          "    <testcase classname=\"" + xmlEscape(r->scenario) + "\" name=\"" + name + "\">\n";
      if (found > 0) {
        ++suiteFailures;
        std::string cases;
        int n = 0;
        for (size_t i = 0; i < r->failures.size() && n < firstCases; ++i)
          if (r->failures[i].verdict.verdict == verdict && i < r->status.size() &&
              r->status[i] == CaseStatus::Finding) {
            cases += auditCaseText(r->failures[i]) + "\n";
            ++n;
          }
        if (found > uint64_t(n)) cases += "... " + std::to_string(found - uint64_t(n)) + " more\n";
        suite += "      <failure type=\"" + name + "\" message=\"" + std::to_string(found) + " " +
                 name + " case(s)\">" + xmlEscape(cases) + "</failure>\n";
      }
      if (accepted + known > 0)
        suite += "      <system-out>" + std::to_string(accepted) + " accepted, " +
                 std::to_string(known) + " in the baseline</system-out>\n";
      suite += "    </testcase>\n";
      ++tests;
    }
    failures += suiteFailures;
    body += "  <testsuite name=\"" + xmlEscape(r->scenario) + "\" tests=\"" +
            std::to_string(classes) + "\" failures=\"" + std::to_string(suiteFailures) +
            "\" errors=\"0\">\n" + suite + "  </testsuite>\n";
  }
  for (const auto& [scenario, message] : errors) {
    ++tests;
    body += "  <testsuite name=\"" + xmlEscape(scenario) +
            "\" tests=\"1\" failures=\"0\" errors=\"1\">\n    <testcase classname=\"" +
            xmlEscape(scenario) + "\" name=\"audit\">\n      <error message=\"" +
            xmlEscape(message) + "\"/>\n    </testcase>\n  </testsuite>\n";
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"collido audit\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
         std::to_string(errors.size()) + "\">\n" + body + "</testsuites>\n";
}

}  // namespace core
