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

namespace fs = std::filesystem;
using nlohmann::json;

namespace core {

namespace {

constexpr const char* kRecoveryFormat = "collidoscope-recovery/1";
constexpr const char* kPrefix = "session-";
constexpr const char* kSuffix = ".json";

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
  fs::path base;
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg)
    base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    base = fs::path(home) / ".local" / "state";
  else
    base = fs::temp_directory_path();
  return (base / "collidoscope" / "recovery").string();
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
  fs::create_directories(fs::path(file).parent_path(), ec);
  if (ec) {
    if (error) *error = fs::path(file).parent_path().string() + ": cannot create: " + ec.message();
    return false;
  }
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
    json j = text ? json::parse(*text, nullptr, false) : json();
    if (text && (!j.is_object() || j.value("format", json()) != kRecoveryFormat))
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

}  // namespace core
