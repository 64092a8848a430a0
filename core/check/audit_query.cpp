#include "core/check/audit_query.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace core {

bool AuditFilter::matchesSpeedAndDirection(const AuditCaseRecord& r) const {
  if (dir >= 0 && r.dir != dir) return false;
  if (speed > 0 && double(r.speed) - (r.half ? 0.5 : 0.0) != speed) return false;
  return true;
}

bool AuditFilter::matches(const AuditCaseRecord& r) const {
  return (classes & auditClassBit(r.verdict)) != 0 && matchesSpeedAndDirection(r);
}

bool parseAuditClasses(const std::string& text, uint32_t& out, std::string* error) {
  out = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    std::string item = text.substr(pos, comma - pos);
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    pos = comma + 1;
    if (item.empty()) continue;
    Verdict v;
    if (item == "all" || item == "ALL") {
      out |= kAllAuditClasses & ~auditClassBit(Verdict::Ok);
    } else if (verdictFromName(item, v)) {
      out |= auditClassBit(v);
    } else {
      if (error) {
        std::string names;
        for (int k = 1; k < kVerdictCount; ++k)
          names += std::string(names.empty() ? "" : ", ") + verdictName(Verdict(k));
        *error = "\"" + item + "\" is not a verdict class (" + names + ", all)";
      }
      return false;
    }
  }
  if (out == 0 && error) *error = "no verdict class given";
  return out != 0;
}

AuditSelection selectAuditCases(const AuditResult& r, const AuditFilter& f) {
  AuditSelection s;
  const bool paint = r.heatWidth > 0 && r.heatHeight > 0;
  if (paint) {
    s.heat.assign(size_t(r.heatWidth) * size_t(r.heatHeight), 0);
    s.heatClass.assign(s.heat.size(), uint8_t(Verdict::Ok));
  }
  for (size_t i = 0; i < r.failingCases.size(); ++i) {
    const AuditCaseRecord& c = r.failingCases[i];
    if (!f.matchesSpeedAndDirection(c)) continue;
    ++s.counts[size_t(c.verdict)];
    if (!(f.classes & auditClassBit(c.verdict))) continue;
    s.rows.push_back(uint32_t(i));
    if (!paint) continue;
    const int px = int(c.x) + r.heatOffsetX, py = int(c.y) + r.heatOffsetY;
    if (px < 0 || py < 0 || px >= r.heatWidth || py >= r.heatHeight) continue;
    const size_t at = size_t(py) * size_t(r.heatWidth) + size_t(px);
    s.most = std::max(s.most, ++s.heat[at]);
    // The class painted where several meet: the most severe.
    if (verdictSeverity(c.verdict) > verdictSeverity(Verdict(s.heatClass[at])))
      s.heatClass[at] = uint8_t(c.verdict);
  }
  return s;
}

const char* auditGroupingName(AuditGrouping g) {
  switch (g) {
    case AuditGrouping::None:
      return "none";
    case AuditGrouping::Cell:
      return "cell";
    case AuditGrouping::Cause:
      return "cause";
  }
  return "?";
}

std::vector<AuditCaseGroup> groupAuditCases(const AuditResult& r, const std::vector<uint32_t>& rows,
                                            AuditGrouping grouping, int cellSize) {
  std::vector<AuditCaseGroup> out;
  if (grouping == AuditGrouping::None || rows.empty()) return out;
  const int cs = std::max(1, cellSize);
  // (verdict or -1, has cell, col, row, dir or -1) -> group index
  using Key = std::tuple<int, bool, int, int, int>;
  std::map<Key, size_t> index;
  for (uint32_t row : rows) {
    const AuditCaseRecord& c = r.failingCases[row];
    Key k;
    if (grouping == AuditGrouping::Cell) {
      k = {-1, true, floorDiv(int(c.x) + r.heatOffsetX, cs), floorDiv(int(c.y) + r.heatOffsetY, cs),
           -1};
    } else {
      k = c.hasCell ? Key{int(c.verdict), true, c.col, c.row, -1}
                    : Key{int(c.verdict), false, 0, 0, int(c.dir)};
    }
    auto [it, added] = index.emplace(k, out.size());
    if (added) {
      AuditCaseGroup g;
      const auto [v, hasCell, col, rw, dir] = k;
      g.hasCell = hasCell;
      g.col = col;
      g.row = rw;
      char text[96];
      if (grouping == AuditGrouping::Cell) {
        std::snprintf(text, sizeof text, "cell (%d, %d)", col, rw);
      } else {
        g.verdict = Verdict(v);
        if (hasCell)
          std::snprintf(text, sizeof text, "%s at cell (%d, %d)", verdictName(g.verdict), col, rw);
        else
          std::snprintf(text, sizeof text, "%s moving %s", verdictName(g.verdict),
                        auditDirectionName(dir));
      }
      g.label = text;
      out.push_back(std::move(g));
    }
    out[it->second].rows.push_back(row);
  }
  std::stable_sort(out.begin(), out.end(), [](const AuditCaseGroup& a, const AuditCaseGroup& b) {
    if (a.rows.size() != b.rows.size()) return a.rows.size() > b.rows.size();
    return a.rows.front() < b.rows.front();
  });
  return out;
}

}  // namespace core
