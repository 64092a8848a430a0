#include "app/gui/audit_job.h"

#include <algorithm>

namespace app {

AuditJob::~AuditJob() {
  stop();
}

void AuditJob::stop() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  result_.reset();
}

void AuditJob::start(const core::Scenario& scenario, const core::AsmResult& image,
                     const core::AuditOptions& options) {
  if (thread_.joinable()) return;
  done_ = 0;
  total_ = 0;
  cancel_ = false;
  finished_ = false;
  result_.reset();
  thread_ = std::thread([this, scenario, image, options] {
    auto r = std::make_shared<core::AuditResult>(core::runAudit(
        scenario, image, options,
        [this](size_t done, size_t total) {
          done_ = done;
          total_ = total;
        },
        &cancel_));
    result_ = std::move(r);
    finished_ = true;  // publishes result_ to take()
  });
}

float AuditJob::progress() const {
  const size_t total = total_;
  return total == 0 ? 0.0f : std::min(1.0f, float(done_) / float(total));
}

std::shared_ptr<const core::AuditResult> AuditJob::take() {
  if (!finished_) return nullptr;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  return std::move(result_);
}

}  // namespace app
