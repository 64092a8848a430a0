// Replays files through the fuzz targets without libFuzzer. ctest runs every target
// over its regression inputs (core/fuzz/regressions/NAME/: each the reproducer of a
// crash found and fixed) and over the repo's samples, so a fixed crash stays fixed
// and the targets keep building with GCC and under the sanitizer pass.
//   fuzz_replay TARGET PATH...   a folder means every file under it
// Prints how many inputs ran; a target that finds a fault aborts, as under
// libFuzzer. An absent path is named and passed over. Exit 2 on an unknown target,
// 77 when no file was found at all (ctest reports that as skipped).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

// One declaration per target, each compiled with LLVMFuzzerTestOneInput renamed.
#define COLLIDOSCOPE_FUZZ_TARGET(name) \
  extern "C" int collidoscope_fuzz_##name(const uint8_t* data, size_t size);
#include "fuzz_targets.inc"
#undef COLLIDOSCOPE_FUZZ_TARGET

namespace {

struct Target {
  const char* name;
  int (*run)(const uint8_t*, size_t);
};

const Target kTargets[] = {
#define COLLIDOSCOPE_FUZZ_TARGET(name) {#name, collidoscope_fuzz_##name},
#include "fuzz_targets.inc"
#undef COLLIDOSCOPE_FUZZ_TARGET
};

bool readFile(const std::filesystem::path& path, std::vector<uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc < 3) {
    std::fprintf(stderr, "usage: fuzz_replay TARGET PATH...\n");
    return 2;
  }
  std::string name = argv[1];
  if (name.rfind("fuzz_", 0) == 0) name = name.substr(5);
  const Target* target = nullptr;
  for (const Target& t : kTargets)
    if (name == t.name) target = &t;
  if (!target) {
    std::fprintf(stderr, "fuzz_replay: no target '%s'; targets:", argv[1]);
    for (const Target& t : kTargets) std::fprintf(stderr, " %s", t.name);
    std::fprintf(stderr, "\n");
    return 2;
  }
  std::vector<fs::path> files;
  for (int i = 2; i < argc; ++i) {
    const fs::path p = argv[i];
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::recursive_directory_iterator(p, ec))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {  // e.g. the NES games when ca65 is absent
      std::fprintf(stderr, "fuzz_replay: %s: absent, not replayed\n", argv[i]);
    }
  }
  std::vector<uint8_t> data;
  size_t ran = 0;
  for (const fs::path& f : files) {
    if (!readFile(f, data)) {
      std::fprintf(stderr, "fuzz_replay: %s: cannot be read\n", f.string().c_str());
      return 2;
    }
    std::fprintf(stderr, "fuzz_%s: %s (%zu bytes)\n", target->name, f.string().c_str(),
                 data.size());
    target->run(data.data(), data.size());
    ++ran;
  }
  if (ran == 0) {
    std::printf("fuzz_%s: no inputs to replay\n", target->name);
    return 77;
  }
  std::printf("fuzz_%s: %zu inputs ran, no fault\n", target->name, ran);
  return 0;
}
