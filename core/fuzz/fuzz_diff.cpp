// libFuzzer target for the inputs of `collido diff BEFORE.json AFTER.json`: two
// saved audits (core/check/audit_diff.h) or two saved sweeps
// (core/check/sweep_diff.h), split at a line ";;;file" and written to the private
// folder of fuzz_files.h. Each is told apart and read as the command does;
// refusals name the file. Audits are compared scenario by scenario and painted
// on a sample room (the diff heatmap), sweeps over their domain with the broken
// combinations listed. The counts agree with the lists, every listed
// combination lies in the domain, and a file compared with itself changes nothing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>

#include "core/check/audit_diff.h"
#include "core/check/audit_report.h"
#include "core/check/sweep_diff.h"
#include "core/fuzz/fuzz_files.h"
#include "core/sim/scenario.h"

namespace {

template <class A>
uint64_t sum(const A& a) {
  return std::accumulate(a.begin(), a.end(), uint64_t(0));
}

// The room `--png` paints the heatmap on.
const core::Scenario& room() {
  static const core::Scenario s = [] {
    core::Scenario sc;
    std::string error;
    if (!core::loadScenario(
            std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.scenario.json", sc,
            &error))
      std::abort();
    return sc;
  }();
  return s;
}

void diffAuditFiles(const core::AuditFile& before, const core::AuditFile& after, bool same) {
  const core::Scenario& sc = room();
  for (const core::AuditRecord& b : after.audits) {
    const core::AuditRecord* a = before.find(b.scenario);
    if (!a) continue;
    const core::AuditDiff d = core::diffAudits(*a, b, true);
    if (sum(d.fixedBy) != d.fixed.size() || sum(d.brokenBy) != d.broken.size() ||
        sum(d.unchangedBy) != d.unchanged)
      std::abort();
    if (same && (!d.fixed.empty() || !d.broken.empty())) std::abort();
    const core::DiffHeat heat =
        core::diffHeat(sc, d, sc.map.room.pixelWidth(), sc.map.room.pixelHeight());
    if (sum(heat.fixed) > d.fixed.size() || sum(heat.broken) > d.broken.size()) std::abort();
    for (const core::AuditFailure& f : d.broken) (void)core::auditCaseText(f);
  }
}

void diffSweepFiles(const core::SweepRecord& a, const core::SweepRecord& b, bool same) {
  constexpr size_t kShow = 20;
  std::string error;
  const auto d = core::diffSweeps(a, b, kShow, &error);
  if (!d) {
    if (error.empty() || same) std::abort();
    return;
  }
  if (sum(d->fixedBy) != d->fixed || sum(d->brokenBy) != d->broken ||
      sum(d->unchangedBy) != d->unchanged)
    std::abort();
  if (d->brokenCases.size() > kShow || d->brokenCases.size() > d->broken) std::abort();
  if (same && (d->fixed != 0 || d->broken != 0)) std::abort();
  if (d->fixed + d->broken > 2 * b.combinations) std::abort();
  for (const core::SweepChange& c : d->brokenCases) {
    if (c.index >= b.combinations) std::abort();
    (void)core::sweepCaseText(b, c.index);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string kSep = "\n;;;file\n";
  const std::string text(reinterpret_cast<const char*>(data), size);
  const size_t cut = text.find(kSep);
  const std::string first = text.substr(0, cut);
  const std::string second = cut == std::string::npos ? first : text.substr(cut + kSep.size());
  const bool same = cut == std::string::npos;
  const std::string pathA =
      fuzz::writeInput("before.json", reinterpret_cast<const uint8_t*>(first.data()), first.size());
  const std::string pathB = fuzz::writeInput(
      "after.json", reinterpret_cast<const uint8_t*>(second.data()), second.size());

  const bool sweepA = core::isSweepFile(pathA), sweepB = core::isSweepFile(pathB);
  if (same && sweepA != sweepB) std::abort();
  std::string error;
  if (sweepA && sweepB) {
    core::SweepRecord a, b;
    const bool okA = core::readSweepFile(pathA, a, &error);
    if (!okA && error.find(pathA) != 0) std::abort();
    error.clear();
    const bool okB = core::readSweepFile(pathB, b, &error);
    if (!okB && error.find(pathB) != 0) std::abort();
    if (okA && okB) diffSweepFiles(a, b, same);
    return 0;
  }
  core::AuditFile a, b;
  const bool okA = core::readAuditFile(pathA, a, &error);
  if (!okA && error.find(pathA) != 0) std::abort();
  error.clear();
  const bool okB = core::readAuditFile(pathB, b, &error);
  if (!okB && error.find(pathB) != 0) std::abort();
  if (okA && okB) diffAuditFiles(a, b, same);
  return 0;
}
