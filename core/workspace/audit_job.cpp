#include "core/workspace/audit_job.h"

#include <algorithm>

namespace core {

AuditJob::~AuditJob() {
  stop();
}

void AuditJob::stop() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  result_.reset();
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

bool AuditJob::update(const Scenario& edited) {
  if (thread_.joinable() || !live_) return false;
  done_ = 0;
  total_ = 0;
  cancel_ = false;
  finished_ = false;
  result_.reset();
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
