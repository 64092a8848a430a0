// CPU time of the calling thread, for figures a shared machine's load does not
// skew (audits and sweeps report their workers' total beside the wall time).
#pragma once

#include <time.h>

namespace core {

inline double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

}  // namespace core
