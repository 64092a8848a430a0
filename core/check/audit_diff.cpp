#include "core/check/audit_diff.h"

namespace core {

namespace {

std::vector<std::string> runDifferences(const AuditRecord& a, const AuditRecord& b) {
  std::vector<std::string> w;
  if (a.intent != b.intent)
    w.push_back("intent differs: \"" + a.intent + "\" vs \"" + b.intent + "\"");
  if (a.stride != b.stride)
    w.push_back("stride differs: " + std::to_string(a.stride) + " vs " + std::to_string(b.stride));
  if (a.minSpeed != b.minSpeed || a.maxSpeed != b.maxSpeed)
    w.push_back("speeds differ: " + std::to_string(a.minSpeed) + "-" + std::to_string(a.maxSpeed) +
                " vs " + std::to_string(b.minSpeed) + "-" + std::to_string(b.maxSpeed));
  if (a.diagonals != b.diagonals)
    w.push_back(std::string("directions differ: ") + (a.diagonals ? "8" : "4") + " vs " +
                (b.diagonals ? "8" : "4"));
  if (a.truncated || b.truncated)
    w.push_back("a case list was truncated: cases past it are not compared");
  return w;
}

}  // namespace

AuditDiff diffAudits(const AuditRecord& before, const AuditRecord& after, bool skipAccepted) {
  AuditDiff d;
  d.warnings = runDifferences(before, after);
  const auto& a = before.failures;
  const auto& b = after.failures;
  auto accepted = [&](size_t j) {
    return skipAccepted && j < after.status.size() && after.status[j] == CaseStatus::Accepted;
  };
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j >= b.size() || (i < a.size() && auditCaseLess(a[i], b[j]))) {
      ++d.fixedBy[size_t(a[i].verdict.verdict)];
      d.fixed.push_back(a[i++]);
    } else if (i >= a.size() || auditCaseLess(b[j], a[i])) {
      if (!accepted(j)) {
        ++d.brokenBy[size_t(b[j].verdict.verdict)];
        d.broken.push_back(b[j]);
      }
      ++j;
    } else {
      if (!accepted(j)) {
        ++d.unchangedBy[size_t(b[j].verdict.verdict)];
        ++d.unchanged;
      }
      ++i;
      ++j;
    }
  }
  return d;
}

AuditDiff applyBaseline(const AuditRecord& baseline, AuditRecord& record) {
  record.status.resize(record.failures.size(), CaseStatus::Finding);
  AuditDiff d;
  d.warnings = runDifferences(baseline, record);
  const auto& a = baseline.failures;
  const auto& b = record.failures;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j >= b.size() || (i < a.size() && auditCaseLess(a[i], b[j]))) {
      ++d.fixedBy[size_t(a[i].verdict.verdict)];
      d.fixed.push_back(a[i++]);
    } else if (i >= a.size() || auditCaseLess(b[j], a[i])) {
      if (record.status[j] == CaseStatus::Finding) {
        ++d.brokenBy[size_t(b[j].verdict.verdict)];
        d.broken.push_back(b[j]);
      }
      ++j;
    } else {
      if (record.status[j] == CaseStatus::Finding) record.status[j] = CaseStatus::Baseline;
      ++d.unchangedBy[size_t(b[j].verdict.verdict)];
      ++d.unchanged;
      ++i;
      ++j;
    }
  }
  return d;
}

DiffHeat diffHeat(const Scenario& sc, const AuditDiff& diff, int width, int height) {
  DiffHeat h;
  h.width = width;
  h.height = height;
  h.fixed.assign(size_t(width) * size_t(height), 0);
  h.broken.assign(h.fixed.size(), 0);
  const Hitbox hb = sc.hitboxOf(0);
  auto add = [&](const std::vector<AuditFailure>& list, std::vector<int>& out) {
    for (const AuditFailure& f : list) {
      const int px = f.c.x + hb.x - sc.manifest.originX, py = f.c.y + hb.y - sc.manifest.originY;
      if (px >= 0 && py >= 0 && px < width && py < height) ++out[size_t(py) * width + px];
    }
  };
  add(diff.fixed, h.fixed);
  add(diff.broken, h.broken);
  return h;
}

}  // namespace core
