#include "core/map/limits.h"

#include <filesystem>

namespace core {

std::string groupedNumber(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

bool checkRunSize(int64_t frames, int64_t entities, std::string* error) {
  const int64_t calls = frames * entities;
  const int64_t mib =
      (calls * kRecordingBytesPerCall + frames * kRecordingBytesPerFrame + (1 << 20) - 1) >> 20;
  const std::string run = groupedNumber(entities) +
                          (entities == 1 ? " entity x " : " entities x ") + groupedNumber(frames) +
                          (frames == 1 ? " frame" : " frames");
  if (frames > kMaxFrames) {
    if (error)
      *error = run + ": the limit is " + groupedNumber(kMaxFrames) + " frames per scenario";
    return false;
  }
  if (calls > kMaxCalls) {
    if (error)
      *error = run + " = " + groupedNumber(calls) + " calls (about " + groupedNumber(mib) +
               " MiB of recording); the limit is " + groupedNumber(kMaxCalls) +
               " calls (frames x entities): use fewer frames or entities";
    return false;
  }
  return true;
}

bool checkJsonFileSize(const std::string& path, std::string* error) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (ec || int64_t(bytes) <= kMaxJsonFileBytes) return true;
  if (error)
    *error = path + ": the file is " + groupedNumber(int64_t(bytes)) + " bytes; the limit is " +
             groupedNumber(kMaxJsonFileBytes) + " (32 MiB)";
  return false;
}

bool checkPictureSize(int64_t width, int64_t height, std::string* error) {
  if (width * height <= kMaxPicturePixels) return true;
  if (error)
    *error = "the picture would be " + groupedNumber(width) + " x " + groupedNumber(height) +
             " = " + groupedNumber(width * height) + " pixels; the limit is " +
             groupedNumber(kMaxPicturePixels) + " (16384 x 16384)";
  return false;
}

}  // namespace core
