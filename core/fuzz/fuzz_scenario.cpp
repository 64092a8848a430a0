// libFuzzer target for the scenario loader (core/sim/scenario.h), which also loads
// the map and manifest the scenario names. The input is written beside the sample
// scenarios (fuzz_files.h) so their relative map and routine paths resolve.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/fuzz/fuzz_files.h"
#include "core/sim/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeInput("fuzz.scenario.json", data, size);
  core::Scenario s;
  std::string error;
  if (!core::loadScenario(path, s, &error) && error.empty()) std::abort();
  return 0;
}
