// The worker pool the audit and the sweep share: N threads pull work on their
// own, while the calling thread reports progress until they are done.
#pragma once

#include <functional>
#include <vector>

namespace core {

// Runs `work(i)` for i in 0..threads-1, each on its own thread, and calls
// `tick()` (when set) right away, about every 50 ms, and once more after the
// last worker returns; it is woken as soon as that happens, so short runs do
// not wait a tick. Returns each worker's CPU time in seconds.
std::vector<double> runWorkers(int threads, const std::function<void(int)>& work,
                               const std::function<void()>& tick);

}  // namespace core
