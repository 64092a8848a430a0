// Runs Simulation::simulate/simulateFrom on a worker thread so a slow routine
// (a loop with a huge cycle budget) never freezes the window. The worker owns
// its own Simulation (a clone of the one the UI draws); progress is read
// through atomics, cancel sets the flag core checks before every call, and the
// finished Simulation is handed over once. Follows AuditJob.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/sim/simulation.h"

namespace core {

// What a re-simulation has to redo: from frame `from` on (0 = everything),
// re-encoding the room into kept keyframes when `mapChanged`.
struct SimRequest {
  bool any = false;
  int from = 0;
  bool mapChanged = false;
  // Adds the frames another request needs to this one.
  void merge(int otherFrom, bool otherMapChanged);
  void merge(const SimRequest& o) {
    if (o.any) merge(o.from, o.mapChanged);
  }
};

// Loads the image and encodes the room without running the routine: the errors
// a run would report before its first call (a room too big for the routine's
// table), checked before a document is replaced.
bool roomEncodes(Simulation& sim, std::string* error);

class SimJob {
 public:
  SimJob() = default;
  SimJob(const SimJob&) = delete;
  SimJob& operator=(const SimJob&) = delete;
  ~SimJob();

  // Re-simulates `work` for `request` on a worker. `target` names the
  // simulation the result is meant to replace (checked by the caller).
  void start(std::unique_ptr<Simulation> work, const SimRequest& request, uint64_t target);
  void cancel() { cancel_ = true; }
  // Waits up to `timeout` for the worker to finish; true when it has.
  bool waitFor(std::chrono::milliseconds timeout);
  // Cancels, waits for the worker and drops its result.
  void stop();
  bool running() const { return thread_.joinable(); }
  bool finished() const { return finished_; }
  bool cancelling() const { return cancel_; }
  int done() const { return done_; }
  int total() const { return total_; }

  struct Result {
    std::unique_ptr<Simulation> sim;  // null when the run failed or was cancelled
    std::string error;
    SimRequest request;
    uint64_t target = 0;
    bool cancelled = false;
  };
  // The finished run (joins the worker); false while it runs or when none ran.
  bool take(Result& out);

 private:
  std::thread thread_;
  std::atomic<int> done_{0}, total_{0};
  std::atomic<bool> cancel_{false}, finished_{false};
  std::mutex mutex_;
  std::condition_variable finishedSignal_;
  Result result_;
};

}  // namespace core
