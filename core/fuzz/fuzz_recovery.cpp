// libFuzzer target for recovery files (core/workspace/recovery.h), as the GUI
// reads them at start: the input is written as session-1.json in a folder of its
// own under the private folder of fuzz_files.h, listed with listRecoveries (the
// start-up prompt) and read with readRecovery. A refusal names the file, and the
// listing gives it (with its error when it cannot be read). A document that
// recovers writes a recovery text that recovers again to the same text, so a
// second crash after a recovery loses nothing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/fuzz/fuzz_files.h"
#include "core/workspace/recovery.h"

namespace {

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(text.data(), std::streamsize(text.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  static const std::string dir = [] {
    const fs::path d = fuzz::sandbox() / "recovery";
    fs::create_directories(d);
    return d.string();
  }();
  // pid 1 is running everywhere, so the listing never offers it; that is no matter here.
  const std::string file = core::recoveryFileFor(dir, 1);
  writeFile(file, std::string(reinterpret_cast<const char*>(data), size));

  const std::vector<core::RecoveryInfo> list = core::listRecoveries(dir);
  if (list.size() != 1 || list[0].file != file) std::abort();
  if (!list[0].error.empty() && list[0].error.find(file) != 0) std::abort();

  core::RecoveryDocument doc;
  std::string error;
  if (!core::readRecovery(file, doc, &error)) {
    if (error.find(file) != 0) std::abort();
    return 0;
  }
  const std::string text = core::recoveryText(doc, 1, list[0].savedAt);
  const std::string again = core::recoveryFileFor(dir, 2);
  writeFile(again, text);
  core::RecoveryDocument doc2;
  std::string error2;
  if (!core::readRecovery(again, doc2, &error2)) std::abort();
  if (core::recoveryText(doc2, 1, list[0].savedAt) != text) std::abort();
  fs::remove(again);
  return 0;
}
