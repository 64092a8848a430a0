#include "core/check/case_source.h"

#include <map>

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
      for (int i = 0; i < b.fields[k].size; ++i)
        if (addr == b.fields[k].byteAddress(0, i)) return true;
    return false;
  };
  // The bytes of x and y at the call's start, then as the trace writes them: a
  // write that stores the value already there (an axis with no motion) moves nothing.
  std::map<uint16_t, uint8_t> shadow;
  if (sim_->seek(0, 0))
    for (size_t k = 0; k < 2 && k < b.fields.size(); ++k)
      for (int i = 0; i < b.fields[k].size; ++i) {
        const uint16_t addr = b.fields[k].byteAddress(0, i);
        shadow[addr] = sim_->machine().peek(addr);
      }
  const TraceStep* changed = nullptr;
  const TraceStep* wroteAny = nullptr;
  for (const TraceStep& step : t.steps)
    for (const TraceAccess& a : step.accesses)
      if (a.kind == AccessKind::Write && hitsXY(a.addr)) {
        wroteAny = &step;
        auto it = shadow.find(a.addr);
        if (it == shadow.end() || it->second != a.value) changed = &step;
        shadow[a.addr] = a.value;
      }
  const TraceStep* at = changed ? changed : wroteAny ? wroteAny : &t.steps.back();
  const bool wrote = at != &t.steps.back() || wroteAny;
  auto where = image_->debug.lineFor(at->pc);
  if (!where) return std::nullopt;
  return CaseSource{where->file, where->line, at->pc, wrote};
}

}  // namespace core
