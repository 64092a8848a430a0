#include "core/check/sweep_diff.h"

#include <algorithm>
#include <fstream>
#include <limits>

#include "core/map/limits.h"
#include "core/util/json_reader.h"

namespace core {
namespace {

using json = nlohmann::json;

std::optional<SweepClass> classNamed(const std::string& name) {
  for (int c = 1; c < kSweepClassCount; ++c)
    if (name == sweepClassName(SweepClass(c))) return SweepClass(c);
  return std::nullopt;
}

std::string listText(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& n : v) s += (s.empty() ? "" : ", ") + n;
  return s.empty() ? "none" : s;
}

}  // namespace

const char* sweepClassName(SweepClass c) {
  switch (c) {
    case SweepClass::Agree:
      return "agree";
    case SweepClass::Missed:
      return "missed";
    case SweepClass::FalseHit:
      return "false-hit";
    case SweepClass::Fault:
      return "fault";
  }
  return "?";
}

std::vector<SweepRun> sweepRuns(const std::vector<uint8_t>& caseClass) {
  std::vector<SweepRun> runs;
  for (size_t i = 0; i < caseClass.size();) {
    size_t j = i + 1;
    while (j < caseClass.size() && caseClass[j] == caseClass[i]) ++j;
    if (caseClass[i] != uint8_t(SweepClass::Agree))
      runs.push_back({uint64_t(i), uint64_t(j - i), SweepClass(caseClass[i])});
    i = j;
  }
  return runs;
}

json sweepRunsJson(const std::vector<SweepRun>& runs) {
  json out = json::array();
  for (const SweepRun& r : runs)
    out.push_back(json::array({r.first, r.count, sweepClassName(r.cls)}));
  return out;
}

bool isSweepFile(const std::string& path) {
  std::string error;
  if (!checkJsonFileSize(path, &error)) return false;
  auto parsed = readJsonFile(path, &error);
  if (!parsed || !parsed->is_object()) return false;
  auto it = parsed->find("format");
  return it != parsed->end() && it->is_string() &&
         it->get<std::string>().rfind("collidoscope-sweep/", 0) == 0;
}

bool readSweepFile(const std::string& path, SweepRecord& out, std::string* error) {
  if (!checkJsonFileSize(path, error)) return false;
  auto parsed = readJsonFile(path, error);
  if (!parsed) return false;
  const json& top = *parsed;
  std::string err;
  JsonReader r(top, &err);
  SweepRecord s;
  if (r.format(top, "collidoscope-sweep", kSweepFormatVersion)) {
    s.manifest = r.string(top, "", "manifest", "");
    s.edges = r.string(top, "", "edges", "inclusive");
    s.combinations = uint64_t(r.integer(top, "", "combinations", 1, int64_t(kMaxSweepCases)));
    s.cases = uint64_t(r.integer(top, "", "cases", 0, int64_t(kMaxSweepCases)));
    s.cancelled = r.boolean(top, "", "cancelled", false);
    for (const char* key : {"inputs", "varied"})
      if (const json* a = r.array(top, "", key))
        for (size_t i = 0; i < a->size() && r.ok(); ++i) {
          if (!(*a)[i].is_string())
            r.fail(JsonReader::join(key, i), "expected an input name");
          else
            (std::string(key) == "inputs" ? s.inputs : s.varied).push_back((*a)[i]);
        }
    // The domain sweepCaseText and diffSweeps read: each varied input one of the
    // inputs, once, 256 values each, at most kMaxSweepCases combinations.
    if (r.ok() && s.varied.size() * 8 > 26)
      r.fail("varied",
             std::to_string(s.varied.size()) +
                 " inputs; a sweep varies at most 3 (256 values each, 2^24 combinations)");
    for (size_t i = 0; i < s.varied.size() && r.ok(); ++i) {
      const std::string& v = s.varied[i];
      if (std::find(s.inputs.begin(), s.inputs.end(), v) == s.inputs.end())
        r.fail(JsonReader::join("varied", i), "\"" + v + "\" is not one of the inputs");
      else if (std::find(s.varied.begin(), s.varied.begin() + ptrdiff_t(i), v) !=
               s.varied.begin() + ptrdiff_t(i))
        r.fail(JsonReader::join("varied", i), "\"" + v + "\" is listed twice");
    }
    if (r.ok() && s.combinations != uint64_t(1) << (8 * s.varied.size()))
      r.fail("combinations", std::to_string(s.combinations) + ", but " +
                                 std::to_string(s.varied.size()) +
                                 " varied inputs of 256 values each make " +
                                 std::to_string(uint64_t(1) << (8 * s.varied.size())));
    if (const json* f = r.object(top, "", "fixed", false))
      for (auto it = f->begin(); it != f->end() && r.ok(); ++it)
        s.fixed[it.key()] = int(r.integer(*f, "fixed", it.key(), 0, 255));
    const json* runs = r.array(top, "", "runs", false);
    if (r.ok() && !runs)
      r.fail("runs",
             "missing: the file has no per-combination record (write it again with "
             "this version's `collido sweep --json`)");
    uint64_t end = 0;
    for (size_t i = 0; runs && i < runs->size() && r.ok(); ++i) {
      const std::string p = JsonReader::join("runs", i);
      const json& run = (*runs)[i];
      if (!run.is_array() || run.size() != 3 || !run[2].is_string()) {
        r.fail(p, "expected [first, count, class]");
        break;
      }
      SweepRun sr;
      sr.first = uint64_t(r.element(run[0], p + "[0]", 0, int64_t(s.combinations) - 1));
      sr.count = uint64_t(r.element(run[1], p + "[1]", 1, int64_t(s.combinations)));
      auto cls = classNamed(run[2].get<std::string>());
      if (!r.ok()) break;
      if (!cls) {
        r.fail(p + "[2]",
               "\"" + run[2].get<std::string>() + "\" is not missed, false-hit or fault");
      } else if (sr.first < end || sr.first + sr.count > s.combinations) {
        r.fail(p, "runs must be in order, apart, and inside the domain");
      } else {
        sr.cls = *cls;
        end = sr.first + sr.count;
        s.runs.push_back(sr);
      }
    }
  }
  if (!err.empty()) {
    *error = path + ": " + err;
    return false;
  }
  out = std::move(s);
  return true;
}

std::optional<SweepDiff> diffSweeps(const SweepRecord& a, const SweepRecord& b, size_t maxListed,
                                    std::string* error) {
  if (a.inputs != b.inputs) {
    *error = "the sweeps have different inputs (" + listText(a.inputs) + " / " +
             listText(b.inputs) + ")";
    return std::nullopt;
  }
  if (a.varied != b.varied || a.combinations != b.combinations) {
    *error = "the sweeps vary different inputs (" + listText(a.varied) + " / " +
             listText(b.varied) + "): sweep both with the same --slice";
    return std::nullopt;
  }
  SweepDiff d;
  if (a.fixed != b.fixed)
    d.warnings.push_back(
        "the fixed inputs differ: the same combination number is a different "
        "case in each sweep");
  if (a.edges != b.edges)
    d.warnings.push_back("edges " + a.edges + " before, " + b.edges +
                         " after: changes show the convention as well as the routine");
  if (a.cancelled || b.cancelled)
    d.warnings.push_back("a sweep was cancelled: combinations it did not reach count as agreeing");

  // Walk both run lists at once, one stretch of constant classes at a time.
  const uint64_t kEnd = std::numeric_limits<uint64_t>::max();
  size_t i = 0, j = 0;
  uint64_t pos = 0;
  for (;;) {
    while (i < a.runs.size() && a.runs[i].first + a.runs[i].count <= pos) ++i;
    while (j < b.runs.size() && b.runs[j].first + b.runs[j].count <= pos) ++j;
    if (i == a.runs.size() && j == b.runs.size()) break;
    SweepClass ca = SweepClass::Agree, cb = SweepClass::Agree;
    uint64_t ea = kEnd, eb = kEnd;
    if (i < a.runs.size()) {
      if (a.runs[i].first <= pos) {
        ca = a.runs[i].cls;
        ea = a.runs[i].first + a.runs[i].count;
      } else {
        ea = a.runs[i].first;
      }
    }
    if (j < b.runs.size()) {
      if (b.runs[j].first <= pos) {
        cb = b.runs[j].cls;
        eb = b.runs[j].first + b.runs[j].count;
      } else {
        eb = b.runs[j].first;
      }
    }
    const uint64_t end = std::min(ea, eb);
    const uint64_t n = end - pos;
    if (ca == cb) {
      if (ca != SweepClass::Agree) d.unchangedBy[size_t(ca)] += n;
    } else {
      if (ca != SweepClass::Agree) d.fixedBy[size_t(ca)] += n;
      if (cb != SweepClass::Agree) {
        d.brokenBy[size_t(cb)] += n;
        for (uint64_t k = pos; k < end && d.brokenCases.size() < maxListed; ++k)
          d.brokenCases.push_back({k, ca, cb});
      }
    }
    pos = end;
  }
  for (int c = 1; c < kSweepClassCount; ++c) {
    d.fixed += d.fixedBy[size_t(c)];
    d.broken += d.brokenBy[size_t(c)];
    d.unchanged += d.unchangedBy[size_t(c)];
  }
  return d;
}

std::string sweepCaseText(const SweepRecord& r, uint64_t index) {
  std::string s;
  for (const std::string& name : r.inputs) {
    int value = 0;
    auto v = std::find(r.varied.begin(), r.varied.end(), name);
    if (v != r.varied.end())
      value = int((index >> (8 * (v - r.varied.begin()))) & 0xFF);
    else if (auto f = r.fixed.find(name); f != r.fixed.end())
      value = f->second;
    s += (s.empty() ? "" : " ") + name + "=" + std::to_string(value);
  }
  return s;
}

}  // namespace core
