// Whole-file reads and atomic writes. A save writes a temporary file beside the
// target, flushes it, keeps the previous version as `<name>.bak`, and renames
// the temporary over the target, so a crash never leaves a half-written file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core {

std::optional<std::string> readTextFile(const std::string& path, std::string* error = nullptr);
std::optional<std::vector<uint8_t>> readBinaryFile(const std::string& path,
                                                   std::string* error = nullptr);
bool writeFileAtomic(const std::string& path, const std::string& contents, std::string* error,
                     bool keepBackup = true);

// `rel` resolved against the directory of `base` (absolute paths are kept).
std::string resolveRelative(const std::string& base, const std::string& rel);
// `path` made relative to the directory of `base` (relative names of either are
// taken against the working directory); absolute when they share no root.
std::string makeRelative(const std::string& base, const std::string& path);

}  // namespace core
