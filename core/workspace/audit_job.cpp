#include "core/workspace/audit_job.h"

#include <algorithm>

#include "core/check/audit_report.h"
#include "core/check/expect.h"

namespace core {

AuditJob::~AuditJob() {
  stop();
}

void AuditJob::stop() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  result_.reset();
  diff_.reset();
  live_.reset();  // the next audit starts over (another routine or document)
}

void AuditJob::start(const Scenario& scenario, const AsmResult& image,
                     const AuditOptions& options) {
  if (thread_.joinable()) return;
  done_ = 0;
  total_ = 0;
  cancel_ = false;
  finished_ = false;
  result_.reset();
  diff_.reset();
  live_.reset();
  lastWasUpdate_ = false;
  thread_ = std::thread([this, scenario, image, options] {
    auto live = std::make_shared<LiveAudit>();
    auto r = std::make_shared<AuditResult>(live->start(
        scenario, image, options,
        [this](size_t done, size_t total) {
          done_ = done;
          total_ = total;
        },
        &cancel_));
    if (r->ok && !r->cancelled) {
      live_ = std::move(live);
      liveMap_ = scenario.map;
    }
    result_ = std::move(r);
    finished_ = true;  // publishes result_ to take()
  });
}

void AuditJob::startDiff(const Scenario& scenario, const AsmResult& edited,
                         const AuditOptions& options) {
  if (thread_.joinable()) return;
  done_ = 0;
  total_ = 0;
  cancel_ = false;
  finished_ = false;
  result_.reset();
  diff_.reset();
  live_.reset();  // neither audit is kept for live updates
  lastWasUpdate_ = false;
  thread_ = std::thread([this, scenario, edited, options] {
    // Progress runs over both audits: the saved one fills the first half.
    auto progressOf = [this](int half) {
      return [this, half](size_t done, size_t total) {
        done_ = size_t(half) * total + done;
        total_ = 2 * total;
      };
    };
    auto finish = [this](std::shared_ptr<AuditResult> r) {
      result_ = std::move(r);
      finished_ = true;
    };
    const AsmResult saved = buildRoutine(scenario.manifest);
    if (!saved.ok) {
      auto r = std::make_shared<AuditResult>();
      r->error = "the saved routine does not assemble: " + saved.diagnosticsText();
      return finish(std::move(r));
    }
    const AuditResult before = runAudit(scenario, saved, options, progressOf(0), &cancel_);
    if (!before.ok || before.cancelled) {
      auto r = std::make_shared<AuditResult>(before);
      if (!r->error.empty()) r->error = "the saved routine: " + r->error;
      return finish(std::move(r));
    }
    auto after =
        std::make_shared<AuditResult>(runAudit(scenario, edited, options, progressOf(1), &cancel_));
    if (after->ok && !after->cancelled) {
      const std::string key = auditScenarioKey(scenario.path);
      AuditRecord a = makeAuditRecord(key, before, options);
      AuditRecord b = makeAuditRecord(key, *after, options);
      applyExpectations(scenario, a);
      applyExpectations(scenario, b);
      diff_ = std::make_shared<AuditDiff>(diffAudits(a, b, true));
    }
    finish(std::move(after));
  });
}

bool AuditJob::update(const Scenario& edited) {
  if (thread_.joinable() || !live_) return false;
  done_ = 0;
  total_ = 0;
  cancel_ = false;
  finished_ = false;
  result_.reset();
  diff_.reset();
  lastWasUpdate_ = true;
  const std::vector<CellPos> changed = changedCells(liveMap_, edited.map);
  liveMap_ = edited.map;
  thread_ = std::thread([this, edited, changed] {
    result_ = std::make_shared<AuditResult>(live_->update(edited, changed));
    finished_ = true;
  });
  return true;
}

float AuditJob::progress() const {
  const size_t total = total_;
  return total == 0 ? 0.0f : std::min(1.0f, float(done_) / float(total));
}

std::shared_ptr<const AuditResult> AuditJob::take() {
  if (!finished_) return nullptr;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  return std::move(result_);
}

}  // namespace core
