// Runs runAudit on a worker thread so the window stays live: progress is
// read through atomics, cancel sets the flag runAudit polls, and the result is
// handed over once when the worker finishes.
#pragma once

#include <atomic>
#include <memory>
#include <thread>

#include "core/check/audit.h"
#include "core/check/audit_diff.h"
#include "core/check/live_audit.h"
#include "core/sim/simulation.h"

namespace core {

class AuditJob {
 public:
  AuditJob() = default;
  AuditJob(const AuditJob&) = delete;
  AuditJob& operator=(const AuditJob&) = delete;
  ~AuditJob();

  // Audits `image` (the routine as the simulation runs it, unsaved edits included),
  // keeping what each case depended on (LiveAudit) for update().
  void start(const Scenario& scenario, const AsmResult& image, const AuditOptions& options);
  // The unsaved editor buffer against the saved file: assembles the routine as
  // the manifest's files on disk hold it, audits that and then `edited` (the
  // buffer's image) on the worker, and compares them (saved = before). take()
  // returns the audit of `edited`, diff() the comparison; a saved routine that
  // does not assemble is the result's error.
  void startDiff(const Scenario& scenario, const AsmResult& edited, const AuditOptions& options);
  // The comparison of the last finished startDiff (null after any other run).
  std::shared_ptr<const AuditDiff> diff() const { return thread_.joinable() ? nullptr : diff_; }
  // After a map edit: re-runs only the cases the changed cells touch, on the
  // worker; the result (equal to a full re-audit) arrives through take().
  // False when there is no finished audit to update or one is running.
  bool update(const Scenario& edited);
  // The last finished audit was run by update() (for the status line).
  bool lastWasUpdate() const { return lastWasUpdate_; }
  void cancel() { cancel_ = true; }
  // Blocks until the worker has finished (its result stays for take()).
  void wait() {
    if (thread_.joinable()) thread_.join();
  }
  // Cancels, waits for the worker and drops its result.
  void stop();
  bool running() const { return thread_.joinable(); }
  bool cancelling() const { return cancel_; }
  float progress() const;  // 0..1
  size_t done() const { return done_; }
  size_t total() const { return total_; }
  // The result once the worker has finished (joins it), else null.
  std::shared_ptr<const AuditResult> take();

 private:
  std::thread thread_;
  std::atomic<size_t> done_{0}, total_{0};
  std::atomic<bool> cancel_{false}, finished_{false};
  std::shared_ptr<AuditResult> result_;
  std::shared_ptr<const AuditDiff> diff_;
  std::shared_ptr<LiveAudit> live_;  // null until a start() finished uncancelled
  MapDocument liveMap_;              // the map live_ last audited
  bool lastWasUpdate_ = false;
};

}  // namespace core
