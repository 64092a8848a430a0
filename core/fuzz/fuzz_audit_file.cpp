// libFuzzer target for saved audits (core/check/audit_report.h) as `collido audit
// --baseline` reads them: the input is written to the private folder of
// fuzz_files.h and read with readAuditFile. A refusal names the file. A file that
// reads writes back (auditFileText) to a text that reads again to the same text;
// each of its audits taken as its own baseline leaves no finding and no fixed
// case; it is used as the baseline of a real audit of a sample scenario, the way
// `--baseline` and `--update-baseline` use it, and the counts agree with the lists.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>

#include "core/check/audit.h"
#include "core/check/audit_diff.h"
#include "core/check/audit_report.h"
#include "core/fuzz/fuzz_files.h"
#include "core/sim/scenario.h"

namespace {

// A small audit of the one-way platform sample, run once: the "this run" side.
const core::AuditRecord& sampleRecord() {
  static const core::AuditRecord record = [] {
    core::Scenario s;
    std::string error;
    const std::string path =
        std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_oneway.scenario.json";
    if (!core::loadScenario(path, s, &error)) std::abort();
    core::AuditOptions o;
    o.stride = 16;
    o.maxSpeed = 2;
    o.threads = 1;
    const core::AuditResult r = core::runAudit(s, o);
    if (!r.ok) std::abort();
    return core::makeAuditRecord("maps/seed002_oneway.scenario.json", r, o);
  }();
  return record;
}

template <class A>
uint64_t sum(const A& a) {
  return std::accumulate(a.begin(), a.end(), uint64_t(0));
}

void checkCounts(const core::AuditDiff& d) {
  if (sum(d.fixedBy) != d.fixed.size() || sum(d.brokenBy) != d.broken.size() ||
      sum(d.unchangedBy) != d.unchanged)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const core::AuditRecord& sample = sampleRecord();
  const std::string path = fuzz::writeInput("fuzz.audit.json", data, size);
  core::AuditFile file;
  std::string error;
  if (!core::readAuditFile(path, file, &error)) {
    if (error.find(path) != 0) std::abort();
    return 0;
  }
  const std::string text = core::auditFileText(file);
  const std::string again = fuzz::writeInput(
      "fuzz.again.audit.json", reinterpret_cast<const uint8_t*>(text.data()), text.size());
  core::AuditFile reread;
  std::string error2;
  if (!core::readAuditFile(again, reread, &error2)) std::abort();
  if (core::auditFileText(reread) != text) std::abort();

  for (const core::AuditRecord& baseline : file.audits) {
    core::AuditRecord self = baseline;
    const core::AuditDiff d = core::applyBaseline(baseline, self);
    checkCounts(d);
    if (!d.broken.empty() || !d.fixed.empty()) std::abort();
    if (self.countStatus(core::CaseStatus::Finding) != 0) std::abort();
    core::AuditRecord run = sample;
    checkCounts(core::applyBaseline(baseline, run));
    checkCounts(core::diffAudits(baseline, run, true));
    checkCounts(core::diffAudits(run, baseline, true));
    for (const core::AuditFailure& f : baseline.failures) (void)core::auditCaseText(f);
  }
  // --update-baseline: this run goes into the file, which is written again.
  file.put(sample);
  (void)core::auditFileText(file);
  return 0;
}
