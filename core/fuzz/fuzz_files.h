// For fuzz targets whose loader takes a path: a private folder that mirrors the
// repo's maps/ and assets/ through symlinks, so a fuzzed scenario or manifest sits
// where the samples do and its relative paths (map, routine, sources) still resolve.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fuzz {

inline const std::filesystem::path& sandbox() {
  static const std::filesystem::path dir = [] {
    namespace fs = std::filesystem;
    const fs::path d =
        fs::temp_directory_path() / ("collidoscope_fuzz_" + std::to_string(::getpid()));
    const fs::path repo = COLLIDOSCOPE_SOURCE_DIR;
    fs::create_directories(d / "maps");
    std::error_code ec;
    fs::create_directory_symlink(repo / "assets", d / "assets", ec);
    for (const auto& e : fs::directory_iterator(repo / "maps"))
      fs::create_symlink(e.path(), d / "maps" / e.path().filename(), ec);
    std::atexit([] {
      std::error_code ec2;
      std::filesystem::remove_all(sandbox(), ec2);
    });
    return d;
  }();
  return dir;
}

// Writes the input to `name` under the sandbox's maps/ and returns its path.
inline std::string writeInput(const std::string& name, const uint8_t* data, size_t size) {
  const std::string path = (sandbox() / "maps" / name).string();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return path;
}

// Splits an input into at most `maxFiles` texts at each "\n;;;file\n", for
// targets that read several files (sources and includes, linker scripts).
inline std::vector<std::string> splitFiles(const std::string& text, size_t maxFiles) {
  static const std::string kSep = "\n;;;file\n";
  std::vector<std::string> files;
  size_t at = 0;
  while (files.size() + 1 < maxFiles) {
    const size_t next = text.find(kSep, at);
    if (next == std::string::npos) break;
    files.push_back(text.substr(at, next - at));
    at = next + kSep.size();
  }
  files.push_back(text.substr(at));
  return files;
}

}  // namespace fuzz
