#include "core/check/case_source.h"

namespace core {

CaseSourceLocator::CaseSourceLocator() = default;
CaseSourceLocator::~CaseSourceLocator() = default;

bool CaseSourceLocator::init(const Scenario& scenario, const AsmResult& image, std::string* error) {
  scenario_ = scenario;
  image_ = &image;
  sim_ = std::make_unique<Simulation>();
  sim_->scenario() = scenario;
  return sim_->bindImage(image, error);
}

std::optional<CaseSource> CaseSourceLocator::locate(const AuditCase& c) {
  if (!sim_) return std::nullopt;
  sim_->scenario() = auditCaseScenario(scenario_, c);
  std::string error;
  if (!sim_->simulate(&error)) return std::nullopt;
  const Trace t = sim_->trace(0, 0);
  if (t.steps.empty()) return std::nullopt;
  const Binding& b = sim_->binding();
  auto hitsXY = [&](uint16_t addr) {
    for (size_t k = 0; k < 2 && k < b.fields.size(); ++k)
      if (addr >= b.fields[k].address && addr < b.fields[k].address + b.fields[k].size) return true;
    return false;
  };
  const TraceStep* at = &t.steps.back();
  bool wrote = false;
  for (auto it = t.steps.rbegin(); it != t.steps.rend() && !wrote; ++it)
    for (const TraceAccess& a : it->accesses)
      if (a.kind == AccessKind::Write && hitsXY(a.addr)) {
        at = &*it;
        wrote = true;
        break;
      }
  auto where = image_->debug.lineFor(at->pc);
  if (!where) return std::nullopt;
  return CaseSource{where->file, where->line, at->pc, wrote};
}

}  // namespace core
