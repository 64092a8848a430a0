#include "app/cli/query_cli.h"

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "core/check/query_check.h"
#include "core/util/files.h"

namespace app::cli {
namespace {

nlohmann::ordered_json inputJson(const core::QuerySpec& q, const core::QueryInput& in) {
  if (q.kind == core::QueryKind::Tile) return {{"tile", in.tile}};
  nlohmann::ordered_json j = {{"x", in.x}, {"y", in.y}};
  if (q.kind == core::QueryKind::Box) {
    j["w"] = in.w;
    j["h"] = in.h;
  }
  return j;
}

nlohmann::ordered_json judgementJson(const core::QuerySpec& q, const core::QueryJudgement& j) {
  nlohmann::ordered_json o;
  if (j.frame >= 0) {
    o["frame"] = j.frame;
    o["call"] = j.call;
  }
  o["input"] = inputJson(q, j.input);
  o["verdict"] = core::verdictName(j.verdict);
  o["expected"] = core::queryAnswerText(q, j.expected);
  o["actual"] = core::queryAnswerText(q, j.actual);
  if (j.hasCell) o["cell"] = {j.cell.col, j.cell.row};
  o["message"] = j.message;
  return o;
}

nlohmann::ordered_json countsJson(const core::QueryReport& r) {
  nlohmann::ordered_json c = nlohmann::ordered_json::object();
  for (core::Verdict v :
       {core::Verdict::Ok, core::Verdict::WrongAnswer, core::Verdict::RoutineFault})
    c[core::verdictName(v)] = r.count(v);
  return c;
}

std::string countsText(const core::QueryReport& r) {
  char b[160];
  std::snprintf(b, sizeof b, "ok %llu, WRONG-ANSWER %llu, ROUTINE-FAULT %llu",
                (unsigned long long)r.count(core::Verdict::Ok),
                (unsigned long long)r.count(core::Verdict::WrongAnswer),
                (unsigned long long)r.count(core::Verdict::RoutineFault));
  return b;
}

}  // namespace

int printQueryRun(core::Simulation& sim, const std::string& scenarioPath, const std::string& json) {
  const core::QueryReport r = core::judgeQueryCalls(sim);
  if (!r.ok) {
    std::fprintf(stderr, "collido run: %s\n", r.error.c_str());
    return kExitBadInput;
  }
  const auto spec = core::manifestQuery(sim.scenario().manifest);
  const core::QuerySpec& q = *spec;
  if (!json.empty()) {
    nlohmann::ordered_json out;
    out["scenario"] = scenarioPath;
    out["query"] = core::queryKindName(q.kind);
    out["means"] = core::queryMeaningName(q.means);
    out["calls"] = nlohmann::ordered_json::array();
    for (const auto& j : r.judgements) out["calls"].push_back(judgementJson(q, j));
    out["summary"] = countsJson(r);
    std::string error;
    if (!core::writeFileAtomic(json, out.dump(1) + "\n", &error, false)) {
      std::fprintf(stderr, "collido run: %s\n", error.c_str());
      return kExitBadInput;
    }
  } else {
    std::printf("%6s %4s %-22s %-18s %-18s %s\n", "frame", "call", "input", "answer", "oracle",
                "verdict");
    for (const auto& j : r.judgements) {
      std::printf("%6d %4d %-22s %-18s %-18s %s\n", j.frame, j.call,
                  core::queryInputText(q, j.input).c_str(),
                  core::queryAnswerText(q, j.actual).c_str(),
                  core::queryAnswerText(q, j.expected).c_str(), core::verdictName(j.verdict));
      if (!j.message.empty()) std::printf("%6s %s\n", "", j.message.c_str());
    }
  }
  std::printf("%llu %s query call(s) in %zu frame(s): %s\n", (unsigned long long)r.calls,
              core::queryKindName(q.kind), sim.recording().frames.size(), countsText(r).c_str());
  if (r.failing() > 0) {
    std::fprintf(stderr, "collido run: %llu of %llu query call(s) not ok\n",
                 (unsigned long long)r.failing(), (unsigned long long)r.calls);
    return kExitFindings;
  }
  return kExitClean;
}

bool auditQueryScenario(const core::Scenario& sc, const std::string& path, int show,
                        const std::string& json, std::string& text, uint64_t& findings,
                        std::string* error) {
  const auto t0 = std::chrono::steady_clock::now();
  core::Simulation sim;
  if (!sim.build(sc, error)) return false;
  const core::QueryReport r = core::auditQuery(sim);
  if (!r.ok) {
    *error = r.error;
    return false;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto spec = core::manifestQuery(sc.manifest);
  const core::QuerySpec& q = *spec;
  char b[512];
  std::snprintf(b, sizeof b, "%s: %s query, %llu cases (%s) in %.2f s\n", path.c_str(),
                core::queryKindName(q.kind), (unsigned long long)r.calls, r.domain.c_str(),
                seconds);
  text += b;
  if (r.skipped) {
    std::snprintf(b, sizeof b, "%llu cases skipped: %s\n", (unsigned long long)r.skipped,
                  r.skipReason.c_str());
    text += b;
  }
  std::snprintf(b, sizeof b, "%-14s %10s\n", "verdict", "cases");
  text += b;
  for (core::Verdict v :
       {core::Verdict::Ok, core::Verdict::WrongAnswer, core::Verdict::RoutineFault}) {
    std::snprintf(b, sizeof b, "%-14s %10llu\n", core::verdictName(v),
                  (unsigned long long)r.count(v));
    text += b;
  }
  int shown = 0;
  for (const auto& j : r.judgements) {
    if (shown++ >= show) break;
    text += "  " + core::queryInputText(q, j.input) + "  " + core::verdictName(j.verdict) + " " +
            j.message + "\n";
  }
  if (r.failing() > uint64_t(std::max(show, 0)))
    text += "  ... " + std::to_string(r.failing() - uint64_t(std::max(show, 0))) +
            " more failing cases\n";
  findings = r.failing();
  if (!json.empty()) {
    nlohmann::ordered_json out;
    out["format"] = "collidoscope-query-audit/1";
    out["scenario"] = path;
    out["query"] = core::queryKindName(q.kind);
    out["means"] = core::queryMeaningName(q.means);
    out["domain"] = r.domain;
    out["cases"] = r.calls;
    out["skipped"] = r.skipped;
    out["counts"] = countsJson(r);
    out["failures"] = nlohmann::ordered_json::array();
    for (const auto& j : r.judgements) out["failures"].push_back(judgementJson(q, j));
    out["truncated"] = r.truncated;
    if (!core::writeFileAtomic(json, out.dump(1) + "\n", error, false)) return false;
  }
  return true;
}

}  // namespace app::cli
