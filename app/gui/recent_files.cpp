#include "app/gui/recent_files.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/common/paths.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace app {

namespace {

constexpr size_t kMaxRecent = 10;
constexpr const char* kFormat = "collidoscope-recent/1";

}  // namespace

RecentFiles::RecentFiles(std::string file) : file_(std::move(file)) {
  if (file_.empty()) file_ = (std::filesystem::path(configDir()) / "recent.json").string();
  std::string error;
  auto text = core::readTextFile(file_, &error);
  if (!text) return;
  auto j = core::parseJson(*text, file_, nullptr).value_or(nlohmann::json());
  // A comparison rather than value(), which throws when "format" is not a string.
  if (!j.is_object() || j["format"] != kFormat || !j["files"].is_array()) return;
  for (const auto& p : j["files"])
    if (p.is_string() && paths_.size() < kMaxRecent) paths_.push_back(p.get<std::string>());
}

void RecentFiles::add(const std::string& path) {
  std::error_code ec;
  std::string abs = std::filesystem::absolute(path, ec).lexically_normal().string();
  std::erase(paths_, abs);
  paths_.insert(paths_.begin(), abs);
  if (paths_.size() > kMaxRecent) paths_.resize(kMaxRecent);
  save();
}

void RecentFiles::remove(const std::string& path) {
  std::erase(paths_, path);
  save();
}

void RecentFiles::clear() {
  paths_.clear();
  save();
}

void RecentFiles::save() const {
  if (!saving_) return;
  const nlohmann::ordered_json j = {{"format", kFormat}, {"files", paths_}};  // format first
  std::string error;
  // A path that is not UTF-8 would make dump() throw; it is written with U+FFFD instead.
  const std::string text = j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  core::writeFileAtomic(file_, text + "\n", &error, false);
}

}  // namespace app
