#include "core/check/expect.h"

#include <algorithm>
#include <cstdio>

namespace core {

bool expectationMatches(const Scenario& sc, const Expectation& x, const AuditFailure& f) {
  if (x.verdict != verdictName(f.verdict.verdict)) return false;
  if (!x.directions.empty() && std::find(x.directions.begin(), x.directions.end(),
                                         auditDirectionName(f.c.dir)) == x.directions.end())
    return false;
  const double speed = f.c.speed - (f.c.half ? 0.5 : 0.0);
  if (speed < x.minSpeed || speed > x.maxSpeed) return false;
  if (x.w > 0) {
    // The start as the audit's heatmap places it: the hitbox's top-left corner in room pixels.
    const Hitbox hb = sc.hitboxOf(0);
    const int px = f.c.x + hb.x - sc.manifest.originX, py = f.c.y + hb.y - sc.manifest.originY;
    const int cs = std::max(1, sc.map.room.cellSize);
    const int col = px >= 0 ? px / cs : -1, row = py >= 0 ? py / cs : -1;
    if (col < x.col || col >= x.col + x.w || row < x.row || row >= x.row + x.h) return false;
  }
  return true;
}

std::vector<size_t> ExpectMatch::stale() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < hits.size(); ++i)
    if (hits[i] == 0) out.push_back(i);
  return out;
}

ExpectMatch applyExpectations(const Scenario& sc, AuditRecord& record) {
  ExpectMatch m;
  m.hits.assign(sc.expect.size(), 0);
  record.accepted.resize(record.failures.size());
  record.status.resize(record.failures.size(), CaseStatus::Finding);
  for (size_t i = 0; i < record.failures.size(); ++i)
    for (size_t k = 0; k < sc.expect.size(); ++k)
      if (expectationMatches(sc, sc.expect[k], record.failures[i])) {
        const Expectation& x = sc.expect[k];
        record.status[i] = CaseStatus::Accepted;
        record.accepted[i] = x.note.empty() ? "expect[" + std::to_string(k) + "]" : x.note;
        ++m.hits[k];
        ++m.accepted;
        break;
      }
  return m;
}

std::string expectationText(const std::vector<Expectation>& list, size_t i) {
  const Expectation& x = list[i];
  std::string s = "expect[" + std::to_string(i) + "] (" + x.verdict;
  if (x.w > 0)
    s += ", cells " + std::to_string(x.col) + "," + std::to_string(x.row) + " " +
         std::to_string(x.w) + "x" + std::to_string(x.h);
  if (!x.directions.empty()) {
    s += ",";
    for (const std::string& d : x.directions) s += " " + d;
  }
  if (x.minSpeed > 0 || x.maxSpeed < 1e9) {
    char buf[64];
    std::snprintf(buf, sizeof buf, ", speeds %g-%g", x.minSpeed, x.maxSpeed);
    s += buf;
  }
  if (!x.note.empty()) s += ": " + x.note;
  return s + ")";
}

}  // namespace core
