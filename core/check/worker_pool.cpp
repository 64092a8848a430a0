#include "core/check/worker_pool.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/util/cpu_time.h"

namespace core {

std::vector<double> runWorkers(int threads, const std::function<void(int)>& work,
                               const std::function<void()>& tick) {
  std::vector<double> cpu(size_t(threads), 0.0);
  std::mutex mutex;
  std::condition_variable finishedCv;
  int finished = 0;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      const double cpu0 = threadCpuSeconds();
      work(t);
      cpu[size_t(t)] = threadCpuSeconds() - cpu0;
      std::lock_guard<std::mutex> lock(mutex);
      ++finished;
      finishedCv.notify_all();
    });
  for (;;) {
    if (tick) tick();
    std::unique_lock<std::mutex> lock(mutex);
    if (finishedCv.wait_for(lock, std::chrono::milliseconds(50),
                            [&] { return finished == threads; }))
      break;
  }
  for (auto& t : pool) t.join();
  if (tick) tick();
  return cpu;
}

}  // namespace core
