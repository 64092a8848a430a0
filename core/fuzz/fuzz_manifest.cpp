// libFuzzer target for the routine manifest loader (core/sim/manifest.h), versions
// 1 and 2 (the game block). A refusal is `file: field: message`.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/fuzz/fuzz_files.h"
#include "core/sim/manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeInput("fuzz.manifest.json", data, size);
  core::RoutineManifest m;
  std::string error;
  if (!core::loadManifest(path, m, &error) && error.find(path) != 0) std::abort();
  return 0;
}
