#include "core/workspace/recovery.h"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

#include "core/map/map_file.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/user_dirs.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace core {

namespace {

constexpr const char* kRecoveryFormat = "collidoscope-recovery/1";
constexpr const char* kPrefix = "session-";
constexpr const char* kSuffix = ".json";
constexpr const char* kLoading = ".loading-";  // + the pid of the app loading it

std::string absolute(const std::string& path) {
  if (path.empty()) return path;
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

// The path relative names in the stored scenario are taken against: the
// scenario's own file, or for an untitled one its routine's manifest (every
// scenario has one). Absolute, so another working directory reads it the same.
std::string baseOf(const Scenario& s) {
  return absolute(!s.path.empty() ? s.path : s.manifestPath);
}

bool processRunning(int pid) {
  if (pid <= 0) return false;
  return ::kill(pid, 0) == 0 || errno == EPERM;
}

std::string fileName(const std::string& path) {
  return fs::path(path).filename().string();
}

}  // namespace

std::string recoveryDir() {
  const std::string base = userBaseDir("XDG_STATE_HOME", ".local/state");
  return base.empty() ? std::string() : (fs::path(base) / "collidoscope" / "recovery").string();
}

std::string recoveryFileFor(const std::string& dir, int pid) {
  return (fs::path(dir) / (kPrefix + std::to_string(pid) + kSuffix)).string();
}

std::string recoveryText(const RecoveryDocument& doc, int pid, int64_t savedAt) {
  const Scenario& s = doc.scenario;
  const std::string base = baseOf(s);
  json buffers = json::array();
  for (const RecoveryBuffer& b : doc.buffers)
    buffers.push_back({{"path", absolute(b.path)}, {"text", b.text}});
  json j = {{"format", kRecoveryFormat},
            {"pid", pid},
            {"savedAt", savedAt},
            {"scenarioPath", absolute(s.path)},
            {"mapPath", absolute(s.mapPath)},
            {"untitled", doc.scenarioUntitled},
            {"base", base},
            {"scenario", scenarioToJson(base, s)},
            {"map", mapToJson(s.map)},
            {"buffers", buffers}};
  // Invalid UTF-8 in a buffer is replaced, not thrown: a recovery copy must
  // never be the thing that fails.
  return j.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

bool writeRecovery(const std::string& file, const std::string& text, std::string* error) {
  std::error_code ec;
  const fs::path dir = fs::path(file).parent_path();
  fs::create_directories(dir, ec);
  if (ec) {
    if (error) *error = dir.string() + ": cannot create: " + ec.message();
    return false;
  }
  // The copies hold the user's work: the folder is the user's alone.
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  return writeFileAtomic(file, text, error, /*keepBackup=*/false);
}

bool readRecovery(const std::string& file, RecoveryDocument& out, std::string* error) {
  std::string local;
  if (!error) error = &local;
  error->clear();
  auto parsed = readJsonFile(file, error);
  if (!parsed) return false;
  const json& j = *parsed;
  JsonReader r(j, error);
  RecoveryDocument doc;
  if (!r.format(j, "collidoscope-recovery", 1)) {
    *error = file + ": " + *error;
    return false;
  }
  const std::string base = r.string(j, "", "base");
  const std::string scenarioPath = r.string(j, "", "scenarioPath", "");
  const std::string mapPath = r.string(j, "", "mapPath", "");
  doc.scenarioUntitled = r.boolean(j, "", "untitled", false);
  const json* scenario = r.object(j, "", "scenario");
  const json* map = r.object(j, "", "map");
  if (const json* buffers = r.array(j, "", "buffers", false))
    for (size_t i = 0; i < buffers->size() && r.ok(); ++i) {
      const std::string p = JsonReader::join("buffers", i);
      const json& b = (*buffers)[i];
      if (!b.is_object()) {
        r.fail(p, "not an object");
        break;
      }
      doc.buffers.push_back({r.string(b, p, "path"), r.string(b, p, "text")});
    }
  if (!r.ok()) {
    *error = file + ": " + *error;
    return false;
  }
  MapDocument mapDoc;
  std::string why;
  if (!mapFromJson(*map, mapPath.empty() ? base : mapPath, mapDoc, &why)) {
    *error = file + ": map: " + why;
    return false;
  }
  if (!scenarioFromJson(*scenario, base, doc.scenario, &why, &mapDoc)) {
    *error = file + ": scenario: " + why;
    return false;
  }
  doc.scenario.path = scenarioPath;
  doc.scenario.mapPath = mapPath;
  out = std::move(doc);
  return true;
}

std::vector<RecoveryInfo> listRecoveries(const std::string& dir) {
  std::vector<RecoveryInfo> list;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (!name.starts_with(kPrefix) || !name.ends_with(kSuffix)) continue;
    RecoveryInfo info;
    info.file = e.path().string();
    info.pid = std::atoi(name.c_str() + std::char_traits<char>::length(kPrefix));
    info.running = processRunning(info.pid);
    // The listing reads only the small fields; the scenario is built on recovery.
    auto text = readTextFile(info.file, &info.error, kMaxJsonBytes);
    std::string parseError;
    json j = text ? parseJson(*text, info.file, &parseError).value_or(json()) : json();
    if (text && !parseError.empty())
      info.error = parseError;
    else if (text && (!j.is_object() || j.value("format", json()) != kRecoveryFormat))
      info.error = info.file + ": not a Collidoscope recovery file";
    if (info.error.empty()) {
      const auto str = [&](const char* key) {
        auto it = j.find(key);
        return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
      };
      const std::string scenarioPath = str("scenarioPath"), mapPath = str("mapPath");
      const bool untitled = j.value("untitled", json(false)) == json(true);
      info.document = !untitled && !scenarioPath.empty() ? fileName(scenarioPath)
                      : !mapPath.empty()                 ? fileName(mapPath)
                                                         : "untitled";
      if (auto s = j.find("scenario"); s != j.end() && s->is_object())
        if (auto routine = s->find("routine"); routine != s->end() && routine->is_string())
          info.routine = resolveRelative(str("base"), routine->get<std::string>());
      if (auto t = j.find("savedAt"); t != j.end() && t->is_number_integer())
        info.savedAt = t->get<int64_t>();
      if (auto b = j.find("buffers"); b != j.end() && b->is_array()) info.buffers = int(b->size());
    }
    list.push_back(std::move(info));
  }
  std::sort(list.begin(), list.end(), [](const RecoveryInfo& a, const RecoveryInfo& b) {
    return a.savedAt != b.savedAt ? a.savedAt > b.savedAt : a.file < b.file;
  });
  return list;
}

bool removeRecovery(const std::string& file) {
  std::error_code ec;
  fs::remove(file, ec);
  return !fs::exists(file, ec);
}

std::string rejectedDir(const std::string& dir) {
  return (fs::path(dir) / "rejected").string();
}

std::string setAsideRecovery(const std::string& file, std::string* error,
                             const std::string& suffix) {
  const fs::path from(file);
  const fs::path dir = fs::path(rejectedDir(from.parent_path().string()));
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!ec) fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  if (ec) {
    if (error) *error = dir.string() + ": cannot create: " + ec.message();
    return {};
  }
  const std::string name = from.filename().string();
  fs::path to = dir / (name + suffix);
  for (int n = 2; fs::symlink_status(to, ec).type() != fs::file_type::not_found; ++n) {
    if (n > 1000) {
      if (error) *error = dir.string() + ": too many set-aside copies of " + name;
      return {};
    }
    to = dir / (name + "." + std::to_string(n) + suffix);
  }
  fs::rename(from, to, ec);
  if (ec) {
    if (error) *error = "cannot move " + file + " to " + to.string() + ": " + ec.message();
    return {};
  }
  return to.string();
}

std::string claimRecovery(const std::string& file, int pid, std::string* error) {
  return setAsideRecovery(file, error, kLoading + std::to_string(pid));
}

std::string settleRejected(const std::string& claimed, std::string* error) {
  const fs::path from(claimed);
  std::string base = from.filename().string();
  const size_t at = base.rfind(kLoading);
  if (at == std::string::npos) return claimed;
  base.resize(at);
  std::error_code ec;
  fs::path to = from.parent_path() / base;
  for (int n = 2; fs::symlink_status(to, ec).type() != fs::file_type::not_found && n <= 1000; ++n)
    to = from.parent_path() / (base + "." + std::to_string(n));
  fs::rename(from, to, ec);
  if (ec) {
    if (error) *error = "cannot move " + claimed + " to " + to.string() + ": " + ec.message();
    return {};
  }
  return to.string();
}

std::vector<std::string> finishInterruptedLoads(const std::string& dir) {
  std::vector<std::string> claims;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(rejectedDir(dir), ec)) {
    const std::string name = e.path().filename().string();
    const size_t at = name.rfind(kLoading);
    if (!name.starts_with(kPrefix) || at == std::string::npos) continue;
    // Another app may be loading it right now.
    if (processRunning(std::atoi(name.c_str() + at + std::char_traits<char>::length(kLoading))))
      continue;
    claims.push_back(e.path().string());
  }
  std::sort(claims.begin(), claims.end());
  std::vector<std::string> settled;
  for (const std::string& c : claims) {
    std::string error;
    if (std::string to = settleRejected(c, &error); !to.empty()) settled.push_back(std::move(to));
  }
  return settled;
}

}  // namespace core
