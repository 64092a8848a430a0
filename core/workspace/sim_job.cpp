#include "core/workspace/sim_job.h"

#include <algorithm>

namespace core {

void SimRequest::merge(int otherFrom, bool otherMapChanged) {
  from = any ? std::min(from, otherFrom) : otherFrom;
  mapChanged = mapChanged || otherMapChanged;
  any = true;
}

bool roomEncodes(Simulation& sim, std::string* error) {
  const std::atomic<bool> stopAtOnce{true};
  std::string e;
  if (sim.simulate(&e, {nullptr, nullptr, &stopAtOnce}) || e == "cancelled") return true;
  *error = e;
  return false;
}

SimJob::~SimJob() {
  stop();
}

void SimJob::stop() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  result_ = Result{};
}

void SimJob::start(std::unique_ptr<Simulation> work, const SimRequest& request, uint64_t target) {
  if (thread_.joinable()) return;
  done_ = 0;
  total_ = 0;
  cancel_ = false;
  finished_ = false;
  result_ = Result{};
  result_.request = request;
  result_.target = target;
  thread_ = std::thread([this, sim = std::move(work), request]() mutable {
    const SimProgress progress{&done_, &total_, &cancel_};
    std::string error;
    const bool ok = request.from <= 0
                        ? sim->simulate(&error, progress)
                        : sim->simulateFrom(request.from, request.mapChanged, &error, progress);
    {
      std::lock_guard lock(mutex_);
      result_.cancelled = !ok && cancel_;
      result_.error = ok ? std::string() : error;
      if (ok) result_.sim = std::move(sim);
      finished_ = true;  // publishes result_ to take()
    }
    finishedSignal_.notify_all();
  });
}

bool SimJob::waitFor(std::chrono::milliseconds timeout) {
  if (!thread_.joinable()) return false;
  std::unique_lock lock(mutex_);
  return finishedSignal_.wait_for(lock, timeout, [this] { return finished_.load(); });
}

bool SimJob::take(Result& out) {
  if (!finished_) return false;
  if (thread_.joinable()) thread_.join();
  finished_ = false;
  out = std::move(result_);
  result_ = Result{};
  return true;
}

}  // namespace core
