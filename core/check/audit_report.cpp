#include "core/check/audit_report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <tuple>

#include "core/map/limits.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core {

using nlohmann::json;

namespace {

constexpr int kAuditFormatVersion = 1;

std::optional<Verdict> verdictNamed(const std::string& name) {
  for (int v = 0; v < kVerdictCount; ++v)
    if (name == verdictName(Verdict(v))) return Verdict(v);
  return std::nullopt;
}

std::optional<int> directionNamed(const std::string& name) {
  for (int d = 0; d < 8; ++d)
    if (name == auditDirectionName(d)) return d;
  return std::nullopt;
}

auto caseKey(const AuditFailure& f) {
  return std::make_tuple(f.c.y, f.c.x, f.c.dir, f.c.speed, f.c.half, int(f.verdict.verdict));
}

// The file's keys are written in the order they are set (ordered_json): a case
// reads start, motion, verdict, positions, message.
using ordered_json = nlohmann::ordered_json;

ordered_json caseJson(const AuditFailure& f, const std::string& accepted) {
  const FrameVerdict& v = f.verdict;
  ordered_json j{{"x", f.c.x},
                 {"y", f.c.y},
                 {"direction", auditDirectionName(f.c.dir)},
                 {"speed", f.c.half ? ordered_json(f.c.speed - 0.5) : ordered_json(f.c.speed)},
                 {"verdict", verdictName(v.verdict)},
                 {"oracle", {v.oracleX, v.oracleY}},
                 {"routine", {v.routineX, v.routineY}},
                 {"message", v.message}};
  if (v.hasCell) j["cell"] = {v.cell.col, v.cell.row};
  if (v.hasPixel) j["pixel"] = {v.pixelX, v.pixelY};
  if (!accepted.empty()) j["accepted"] = accepted;
  return j;
}

// A pretty-printed object whose "failures" array (at any depth) holds one
// compact case a line: the cases are what changes between runs.
void writeValue(const ordered_json& j, int indent, const std::string& key, std::string& out) {
  const std::string pad(size_t(indent), ' ');
  if (j.is_object() && !j.empty() && key != "counts" && key != "oracle") {
    out += "{\n";
    size_t n = 0;
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += pad + " " + json(it.key()).dump() + ": ";
      writeValue(*it, indent + 1, it.key(), out);
      out += ++n < j.size() ? ",\n" : "\n";
    }
    out += pad + "}";
  } else if (j.is_array() && !j.empty() &&
             (key == "failures" || key == "audits" || key == "skips")) {
    out += "[\n";
    for (size_t i = 0; i < j.size(); ++i) {
      out += pad + " ";
      if (key == "audits")
        writeValue(j[i], indent + 1, "", out);
      else
        out += j[i].dump();
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += pad + "]";
  } else {
    out += j.dump();
  }
}

}  // namespace

uint64_t AuditRecord::countStatus(CaseStatus s) const {
  return uint64_t(std::count(status.begin(), status.end(), s));
}

uint64_t AuditRecord::countStatus(CaseStatus s, Verdict v) const {
  uint64_t n = 0;
  for (size_t i = 0; i < failures.size() && i < status.size(); ++i)
    n += status[i] == s && failures[i].verdict.verdict == v;
  return n;
}

const AuditRecord* AuditFile::find(const std::string& scenario) const {
  for (const AuditRecord& r : audits)
    if (r.scenario == scenario) return &r;
  return nullptr;
}

void AuditFile::put(AuditRecord record) {
  auto it =
      std::lower_bound(audits.begin(), audits.end(), record.scenario,
                       [](const AuditRecord& a, const std::string& s) { return a.scenario < s; });
  if (it != audits.end() && it->scenario == record.scenario)
    *it = std::move(record);
  else
    audits.insert(it, std::move(record));
}

bool auditCaseLess(const AuditFailure& a, const AuditFailure& b) {
  return caseKey(a) < caseKey(b);
}

bool sameAuditCase(const AuditFailure& a, const AuditFailure& b) {
  return caseKey(a) == caseKey(b);
}

AuditRecord makeAuditRecord(const std::string& scenario, const AuditResult& r,
                            const AuditOptions& o) {
  AuditRecord a;
  a.scenario = scenario;
  a.intent = r.space;
  a.stride = o.stride;
  a.minSpeed = o.minSpeed;
  a.maxSpeed = o.maxSpeed;
  a.diagonals = o.diagonals;
  a.startPositions = r.startPositions;
  a.cases = r.cases;
  a.skipped = r.skipped;
  a.skips = r.skips;
  a.counts = r.counts;
  a.heatWidth = r.heatWidth;
  a.heatHeight = r.heatHeight;
  a.failures = r.failures;
  std::stable_sort(a.failures.begin(), a.failures.end(), auditCaseLess);
  a.accepted.assign(a.failures.size(), "");
  a.status.assign(a.failures.size(), CaseStatus::Finding);
  a.truncated = r.failuresTruncated;
  return a;
}

std::string auditFileText(const AuditFile& file) {
  ordered_json audits = ordered_json::array();
  for (const AuditRecord& a : file.audits) {
    ordered_json j;
    j["scenario"] = a.scenario;
    j["intent"] = a.intent;
    j["options"] = {{"stride", a.stride},
                    {"speeds", {a.minSpeed, a.maxSpeed}},
                    {"directions", a.diagonals ? 8 : 4}};
    j["startPositions"] = a.startPositions;
    j["cases"] = a.cases;
    j["skipped"] = a.skipped;
    j["skips"] = ordered_json::array();
    for (const AuditSkip& k : a.skips)
      j["skips"].push_back({{"cases", k.cases}, {"reason", k.reason}});
    for (int v = 0; v < kVerdictCount; ++v)
      if (Verdict(v) != Verdict::WrongAnswer)  // a query's class: a room audit has none
        j["counts"][verdictName(Verdict(v))] = a.counts[size_t(v)];
    j["room"] = {{"width", a.heatWidth}, {"height", a.heatHeight}};
    // The bulk last: the failing cases, one a line.
    j["failuresTruncated"] = a.truncated;
    j["failures"] = ordered_json::array();
    for (size_t i = 0; i < a.failures.size(); ++i)
      j["failures"].push_back(caseJson(a.failures[i], i < a.accepted.size() ? a.accepted[i] : ""));
    audits.push_back(std::move(j));
  }
  ordered_json top;
  top["format"] = "collidoscope-audit/" + std::to_string(kAuditFormatVersion);
  if (!file.stamp.empty()) top["written"] = file.stamp;
  top["audits"] = std::move(audits);
  std::string out;
  writeValue(top, 0, "", out);
  return out + "\n";
}

bool readAuditFile(const std::string& path, AuditFile& out, std::string* error) {
  if (!checkJsonFileSize(path, error)) return false;
  auto parsed = readJsonFile(path, error);
  if (!parsed) return false;
  const json& top = *parsed;
  JsonReader r(top, error);
  AuditFile f;
  if (r.format(top, "collidoscope-audit", kAuditFormatVersion)) {
    f.stamp = r.string(top, "", "written", "");
    const json* audits = r.array(top, "", "audits");
    for (size_t i = 0; audits && i < audits->size() && r.ok(); ++i) {
      const std::string p = JsonReader::join("audits", i);
      const json& j = (*audits)[i];
      AuditRecord a;
      a.scenario = r.string(j, p, "scenario");
      a.intent = r.string(j, p, "intent", "");
      if (const json* o = r.object(j, p, "options", false)) {
        const std::string op = JsonReader::join(p, "options");
        a.stride = int(r.integer(*o, op, "stride", 1, 1 << 16, 1));
        if (const json* s = r.array(*o, op, "speeds", false)) {
          if (s->size() != 2) r.fail(JsonReader::join(op, "speeds"), "expected [min, max]");
          if (r.ok()) {
            a.minSpeed = int(r.element((*s)[0], JsonReader::join(op, "speeds") + "[0]", 1, 64));
            a.maxSpeed = int(r.element((*s)[1], JsonReader::join(op, "speeds") + "[1]", 1, 64));
          }
        }
        a.diagonals = r.integer(*o, op, "directions", 4, 8, 8) == 8;
      }
      a.startPositions = uint64_t(r.integer(j, p, "startPositions", 0, INT64_MAX, 0));
      a.cases = uint64_t(r.integer(j, p, "cases", 0, INT64_MAX, 0));
      a.skipped = uint64_t(r.integer(j, p, "skipped", 0, INT64_MAX, 0));
      if (const json* ks = r.array(j, p, "skips", false))
        for (size_t k = 0; k < ks->size() && r.ok(); ++k) {
          const std::string kp = JsonReader::join(JsonReader::join(p, "skips"), k);
          AuditSkip sk;
          sk.cases = uint64_t(r.integer((*ks)[k], kp, "cases", 0, INT64_MAX));
          sk.reason = r.string((*ks)[k], kp, "reason");
          a.skips.push_back(sk);
        }
      if (const json* c = r.object(j, p, "counts", false))
        for (int v = 0; v < kVerdictCount; ++v)
          a.counts[size_t(v)] = uint64_t(r.integer(*c, JsonReader::join(p, "counts"),
                                                   verdictName(Verdict(v)), 0, INT64_MAX, 0));
      if (const json* room = r.object(j, p, "room", false)) {
        a.heatWidth = int(r.integer(*room, JsonReader::join(p, "room"), "width", 0, 1 << 20, 0));
        a.heatHeight = int(r.integer(*room, JsonReader::join(p, "room"), "height", 0, 1 << 20, 0));
      }
      a.truncated = r.boolean(j, p, "failuresTruncated", false);
      const json* fails = r.array(j, p, "failures");
      for (size_t k = 0; fails && k < fails->size() && r.ok(); ++k) {
        const std::string fp = JsonReader::join(JsonReader::join(p, "failures"), k);
        const json& e = (*fails)[k];
        AuditFailure f;
        f.c.x = int(r.integer(e, fp, "x", -65536, 65536));
        f.c.y = int(r.integer(e, fp, "y", -65536, 65536));
        const std::string dir = r.string(e, fp, "direction");
        const std::string verdict = r.string(e, fp, "verdict");
        if (!r.ok()) break;
        auto d = directionNamed(dir);
        auto v = verdictNamed(verdict);
        if (!d) r.fail(JsonReader::join(fp, "direction"), "\"" + dir + "\" is not a direction");
        if (r.ok() && !v)
          r.fail(JsonReader::join(fp, "verdict"), "\"" + verdict + "\" is not a verdict");
        const json* sp = r.field(e, fp, "speed");
        if (r.ok() && (!sp->is_number() || sp->get<double>() < 0.5 || sp->get<double>() > 64))
          r.fail(JsonReader::join(fp, "speed"), "expected a speed 0.5..64");
        if (!r.ok()) break;
        const double s = sp->get<double>();
        f.c.dir = *d;
        f.c.speed = int(std::ceil(s));
        f.c.half = double(f.c.speed) != s;
        f.verdict.verdict = *v;
        f.verdict.startX = f.c.x;
        f.verdict.startY = f.c.y;
        f.verdict.message = r.string(e, fp, "message", "");
        auto pair = [&](const char* key, int& x, int& y) {
          const json* q = e.contains(key) ? &e[key] : nullptr;
          if (q && q->is_array() && q->size() == 2 && (*q)[0].is_number_integer() &&
              (*q)[1].is_number_integer()) {
            x = (*q)[0].get<int>();
            y = (*q)[1].get<int>();
            return true;
          }
          return false;
        };
        pair("oracle", f.verdict.oracleX, f.verdict.oracleY);
        pair("routine", f.verdict.routineX, f.verdict.routineY);
        f.verdict.hasCell = pair("cell", f.verdict.cell.col, f.verdict.cell.row);
        f.verdict.hasPixel = pair("pixel", f.verdict.pixelX, f.verdict.pixelY);
        const std::string note = r.string(e, fp, "accepted", "");
        a.failures.push_back(std::move(f));
        a.accepted.push_back(note);
        a.status.push_back(note.empty() ? CaseStatus::Finding : CaseStatus::Accepted);
      }
      if (!r.ok()) break;
      if (!std::is_sorted(a.failures.begin(), a.failures.end(), auditCaseLess)) {
        // Hand-edited files: keep the pairing of case and note while sorting.
        std::vector<size_t> order(a.failures.size());
        for (size_t k = 0; k < order.size(); ++k) order[k] = k;
        std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
          return auditCaseLess(a.failures[x], a.failures[y]);
        });
        AuditRecord s = a;
        for (size_t k = 0; k < order.size(); ++k) {
          s.failures[k] = a.failures[order[k]];
          s.accepted[k] = a.accepted[order[k]];
          s.status[k] = a.status[order[k]];
        }
        a = std::move(s);
      }
      if (f.find(a.scenario)) {
        r.fail(JsonReader::join(p, "scenario"), "\"" + a.scenario + "\" is listed twice");
        break;
      }
      f.put(std::move(a));
    }
  }
  if (!r.ok()) {
    *error = path + ": " + *error;
    return false;
  }
  out = std::move(f);
  return true;
}

std::string auditCaseText(const AuditFailure& f) {
  std::string s = "x=" + std::to_string(f.c.x) + " y=" + std::to_string(f.c.y) + " " +
                  auditDirectionName(f.c.dir) + " speed " + auditSpeedText(f.c) + " " +
                  verdictName(f.verdict.verdict);
  if (!f.verdict.message.empty()) s += ": " + f.verdict.message;
  return s;
}

std::vector<std::string> findScenarioFiles(const std::vector<std::string>& paths,
                                           std::string* error) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const std::string suffix = ".scenario.json";
        if (it->is_regular_file(ec) && name.size() > suffix.size() &&
            name.compare(name.size() - suffix.size(), std::string::npos, suffix) == 0)
          found.push_back(it->path().string());
      }
      if (ec) {
        *error = p + ": " + ec.message();
        return {};
      }
      if (found.empty()) {
        *error = p + ": no *.scenario.json files in this folder";
        return {};
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      out.push_back(p);
    } else {
      *error = p + ": no such file or folder";
      return {};
    }
  }
  return out;
}

std::string auditScenarioKey(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p = fs::path(path).lexically_normal();
  std::error_code ec;
  if (p.is_absolute()) {
    const fs::path rel = p.lexically_relative(fs::current_path(ec));
    if (!ec && !rel.empty() && *rel.begin() != "..") p = rel;
  }
  return p.generic_string();
}

std::vector<std::string> writeCaseScenarios(const Scenario& scenario, const AuditRecord& record,
                                            const std::string& dir, int perClass,
                                            const CaseStatus* only, std::string* error) {
  std::vector<std::string> written;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    *error = dir + ": " + ec.message();
    return written;
  }
  std::string base = std::filesystem::path(record.scenario).filename().string();
  for (const char* suffix : {".scenario.json", ".json"})
    if (base.size() > std::string(suffix).size() &&
        base.compare(base.size() - std::string(suffix).size(), std::string::npos, suffix) == 0) {
      base.resize(base.size() - std::string(suffix).size());
      break;
    }
  std::array<int, kVerdictCount> n{};
  for (size_t i = 0; i < record.failures.size(); ++i) {
    const AuditFailure& f = record.failures[i];
    if (only && i < record.status.size() && record.status[i] != *only) continue;
    int& k = n[size_t(f.verdict.verdict)];
    if (k >= perClass) continue;
    ++k;
    Scenario s = auditCaseScenario(scenario, f.c);
    s.name = scenario.name + ": " + auditCaseText(f);
    s.expect.clear();
    const std::string path =
        (std::filesystem::path(dir) /
         (base + "_" + verdictName(f.verdict.verdict) + "_" + std::to_string(k) + ".scenario.json"))
            .string();
    if (!saveScenario(path, s, error)) return written;
    written.push_back(path);
  }
  return written;
}

}  // namespace core
