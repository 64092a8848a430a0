// `collido audit SCENARIO|DIR... [--speeds 1-4] [--stride N] [--4dirs] [--jobs N] [--png heat.png]
// [--json out.json] [--baseline FILE [--update-baseline]] [--junit FILE] [--sarif FILE]
// [--write-cases DIR]`: runs the room audit (core/check/audit.h) of each scenario (folders are
// searched for *.scenario.json), prints per scenario a table of verdict counts (accepted by the
// scenario's `expect` list, in the baseline, new) and the first failing cases, and one exit code
// for all: 2 when any scenario is bad input, else 1 when any case is a finding (not accepted, not
// in the baseline), else 0. The PNG (one scenario) is the room with the heatmap of failing cases.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "app/cli/query_cli.h"
#include "core/check/audit.h"
#include "core/check/audit_diff.h"
#include "core/check/audit_report.h"
#include "core/check/case_source.h"
#include "core/check/expect.h"
#include "core/check/report_junit.h"
#include "core/check/report_sarif.h"
#include "core/render/room_render.h"
#include "core/sim/query.h"
#include "core/util/files.h"

namespace app::cli {
namespace {

struct AuditCliOptions {
  std::vector<std::string> scenarios;
  std::string speeds = "1-4";
  int stride = 1;
  bool fourDirs = false;
  int threads = 0;
  int jobs = 1;
  int show = 20;
  std::string json;
  std::string png;
  int scale = 2;
  std::string baseline;
  bool updateBaseline = false;
  std::string junit, sarif, writeCases;
  int casesPerClass = 5;
  std::string stamp;
};

bool parseSpeeds(const std::string& s, int& lo, int& hi) {
  try {
    size_t dash = s.find('-');
    size_t used = 0;
    if (dash == std::string::npos) {
      lo = hi = std::stoi(s, &used);
      return used == s.size() && lo >= 1;
    }
    lo = std::stoi(s.substr(0, dash), &used);
    if (used != dash) return false;
    std::string rest = s.substr(dash + 1);
    hi = std::stoi(rest, &used);
    return used == rest.size() && lo >= 1 && hi >= lo && hi <= 64;
  } catch (...) {
    return false;
  }
}

// One scenario's audit and what it was compared with; `text` is its printout.
struct ScenarioAudit {
  std::string path, key;
  std::string error;  // not empty: bad input, nothing else is set
  core::Scenario sc;
  core::AsmResult image;
  core::AuditResult result;
  core::AuditRecord record;
  core::ExpectMatch expect;
  bool hasBaseline = false;
  core::AuditDiff baseline;
  std::string text;
  // A query scenario (app/cli/query_cli.h): its domain audit's failing cases.
  bool query = false;
  uint64_t queryFindings = 0;
};

void appendf(std::string& out, const char* fmt, auto... args) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, fmt, args...);
  out += buf;
}

void auditOne(ScenarioAudit& a, const AuditCliOptions& o, const core::AuditOptions& ao,
              const core::AuditFile* baseline, bool progress) {
  if (!core::loadScenario(a.path, a.sc, &a.error)) return;
  if (core::manifestQuery(a.sc.manifest)) {
    // A query's audit sweeps its inputs, not starts and moves; with one scenario
    // its --json is the query's own report.
    a.query = true;
    auditQueryScenario(a.sc, a.path, o.show, progress ? o.json : std::string(), a.text,
                       a.queryFindings, &a.error);
    return;
  }
  a.image = core::buildRoutine(a.sc.manifest);
  if (!a.image.ok) {
    a.error = a.image.diagnosticsText();
    if (a.error.empty()) a.error = a.sc.manifest.path + ": the routine did not assemble";
    return;
  }
  core::ProgressFn tick;
  if (progress) tick = [](size_t done, size_t total) { drawProgress(done, total, "starts"); };
  a.result = core::runAudit(a.sc, a.image, ao, tick);
  if (progress) finishProgress();
  if (!a.result.ok) {
    a.error = a.result.error;
    return;
  }
  a.record = core::makeAuditRecord(a.key, a.result, ao);
  a.expect = core::applyExpectations(a.sc, a.record);
  if (baseline)
    if (const core::AuditRecord* b = baseline->find(a.key)) {
      a.hasBaseline = true;
      a.baseline = core::applyBaseline(*b, a.record);
    }

  const core::AuditResult& r = a.result;
  const core::AuditRecord& rec = a.record;
  std::string& t = a.text;
  appendf(
      t,
      "%s: %llu start positions, %llu cases (%s directions, speeds %d-%d, stride %d) in %.2f s\n",
      a.path.c_str(), (unsigned long long)r.startPositions, (unsigned long long)r.cases,
      ao.diagonals ? "8" : "4", ao.minSpeed, ao.maxSpeed, ao.stride, r.seconds);
  if (!r.space.empty()) t += r.space + "\n";
  for (const core::AuditSkip& k : r.skips)
    appendf(t, "%llu cases skipped: %s\n", (unsigned long long)k.cases, k.reason.c_str());
  appendf(t, "%-14s %10s %10s %10s %10s\n", "verdict", "cases", "accepted", "baseline", "findings");
  for (int v = 0; v < core::kVerdictCount; ++v) {
    const core::Verdict verdict = core::Verdict(v);
    if (verdict == core::Verdict::WrongAnswer) continue;  // a query's class (query_cli.h)
    const bool ok = verdict == core::Verdict::Ok;
    appendf(t, "%-14s %10llu %10llu %10llu %10llu\n", core::verdictName(verdict),
            (unsigned long long)r.counts[size_t(v)],
            ok ? 0ull : (unsigned long long)rec.countStatus(core::CaseStatus::Accepted, verdict),
            ok ? 0ull : (unsigned long long)rec.countStatus(core::CaseStatus::Baseline, verdict),
            ok ? 0ull : (unsigned long long)rec.countStatus(core::CaseStatus::Finding, verdict));
  }
  // Findings first: they are what a developer has to look at.
  int shown = 0;
  for (core::CaseStatus want :
       {core::CaseStatus::Finding, core::CaseStatus::Baseline, core::CaseStatus::Accepted})
    for (size_t i = 0; i < rec.failures.size() && shown < o.show; ++i) {
      if (rec.status[i] != want) continue;
      const auto& f = rec.failures[i];
      appendf(t, "  x=%d y=%d %-2s speed %s  %-11s %s", f.c.x, f.c.y,
              core::auditDirectionName(f.c.dir), core::auditSpeedText(f.c).c_str(),
              core::verdictName(f.verdict.verdict), f.verdict.message.c_str());
      if (want == core::CaseStatus::Accepted)
        t += "  [accepted: " + rec.accepted[i] + "]";
      else if (want == core::CaseStatus::Baseline)
        t += "  [baseline]";
      t += "\n";
      ++shown;
    }
  if (r.failing() > uint64_t(shown))
    appendf(t, "  ... %llu more failing cases\n",
            (unsigned long long)(r.failing() - uint64_t(shown)));
  if (rec.truncated)
    t += "warning: only the first " + std::to_string(rec.failures.size()) +
         " failing cases were kept; accepted and baseline counts cover those\n";
  if (!a.sc.expect.empty())
    appendf(t, "expect: %llu case(s) accepted by %zu expectation(s)\n",
            (unsigned long long)a.expect.accepted, a.sc.expect.size());
  if (!rec.truncated)
    for (size_t i : a.expect.stale())
      t += "stale: " + core::expectationText(a.sc.expect, i) + " matches no case\n";
  if (baseline) {
    if (!a.hasBaseline) {
      t += "baseline: no audit of " + a.key + " in " + o.baseline + " (every finding is new)\n";
    } else {
      for (const std::string& w : a.baseline.warnings) t += "warning: baseline " + w + "\n";
      appendf(t, "baseline: %zu fixed, %zu new, %llu unchanged\n", a.baseline.fixed.size(),
              a.baseline.broken.size(), (unsigned long long)a.baseline.unchanged);
      int n = 0;
      for (const auto& f : a.baseline.broken)
        if (n++ < o.show) t += "  new:   " + core::auditCaseText(f) + "\n";
      n = 0;
      for (const auto& f : a.baseline.fixed)
        if (n++ < o.show) t += "  fixed: " + core::auditCaseText(f) + "\n";
    }
  }
}

int runAuditCommand(const AuditCliOptions& o) {
  auto bad = [](const std::string& msg) {
    std::fprintf(stderr, "collido audit: %s\n", msg.c_str());
    return int(kExitBadInput);
  };
  int lo = 1, hi = 4;
  if (!parseSpeeds(o.speeds, lo, hi))
    return bad("--speeds: \"" + o.speeds + "\" is not N or N-M with 1 <= N <= M <= 64");
  if (o.scale < 1 || o.scale > 16)
    return bad("--scale: must be 1..16 (got " + std::to_string(o.scale) + ")");
  if (o.stride < 1)
    return bad("--stride: must be at least 1 (got " + std::to_string(o.stride) + ")");
  if (o.updateBaseline && o.baseline.empty()) return bad("--update-baseline needs --baseline FILE");
  std::string error;
  const std::vector<std::string> files = core::findScenarioFiles(o.scenarios, &error);
  if (!error.empty()) return bad(error);
  if (!o.png.empty() && files.size() != 1)
    return bad("--png draws one scenario's heatmap; " + std::to_string(files.size()) +
               " scenarios were given");

  core::AuditFile baseline;
  bool haveBaseline = false;
  if (!o.baseline.empty()) {
    std::error_code ec;
    if (std::filesystem::exists(o.baseline, ec)) {
      if (!core::readAuditFile(o.baseline, baseline, &error)) return bad("--baseline: " + error);
      haveBaseline = true;
    } else if (!o.updateBaseline) {
      return bad("--baseline: " + o.baseline +
                 " does not exist (write it first with --update-baseline)");
    }
  }

  core::RoomRenderOptions ro;
  ro.chr = false;
  ro.scale = o.scale;
  ro.overlays = core::kOverlayGrid | core::kOverlayBits | core::kOverlayHeat;
  ro.heatStride = o.stride;

  core::AuditOptions ao;
  ao.stride = o.stride;
  ao.minSpeed = lo;
  ao.maxSpeed = hi;
  ao.diagonals = !o.fourDirs;
  const int cores = std::max(1, int(std::thread::hardware_concurrency()));
  const int jobs = std::clamp(o.jobs, 1, std::max(1, int(files.size())));
  // Jobs share the cores unless --threads says otherwise.
  ao.threads = o.threads > 0 ? o.threads : std::max(1, cores / jobs);

  std::vector<ScenarioAudit> audits(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    audits[i].path = files[i];
    audits[i].key = core::auditScenarioKey(files[i]);
  }
  const bool one = files.size() == 1;
  if (!o.png.empty()) {
    // The picture's size is known before the audit: refuse it now, not after.
    core::Scenario sc;
    if (core::loadScenario(files[0], sc, &error) && !checkRoomPng(sc, ro, &error))
      return bad("--png: " + error);
    error.clear();
  }
  std::atomic<size_t> next{0}, finished{0};
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < audits.size();) {
      auditOne(audits[i], o, ao, haveBaseline ? &baseline : nullptr, one);
      const size_t n = finished.fetch_add(1) + 1;
      if (!one) std::fprintf(stderr, "[%zu/%zu] %s\n", n, audits.size(), audits[i].path.c_str());
    }
  };
  std::vector<std::thread> pool;
  for (int j = 1; j < jobs; ++j) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();

  int exit = kExitClean;
  uint64_t findings = 0, accepted = 0, known = 0, failing = 0, cases = 0, fixed = 0, fresh = 0;
  size_t badScenarios = 0;
  std::vector<std::pair<std::string, std::string>> errors;
  for (ScenarioAudit& a : audits) {
    if (!a.error.empty()) {
      std::fprintf(stderr, "collido audit: %s\n", a.error.c_str());
      errors.push_back({a.key, a.error});
      ++badScenarios;
      continue;
    }
    warnOutsideReferences("audit", a.sc);
    std::fputs(a.text.c_str(), stdout);
    if (!one) std::fputs("\n", stdout);
    findings += a.queryFindings;
    failing += a.queryFindings;
    if (a.query) continue;
    findings += a.record.countStatus(core::CaseStatus::Finding);
    accepted += a.record.countStatus(core::CaseStatus::Accepted);
    known += a.record.countStatus(core::CaseStatus::Baseline);
    failing += a.result.failing();
    cases += a.result.cases;
    fixed += a.baseline.fixed.size();
    fresh += a.baseline.broken.size();
  }
  if (!one) {
    std::printf(
        "%zu scenario(s), %zu bad input: %llu cases, %llu failing: %llu findings, %llu "
        "accepted, %llu in the baseline\n",
        audits.size(), badScenarios, (unsigned long long)cases, (unsigned long long)failing,
        (unsigned long long)findings, (unsigned long long)accepted, (unsigned long long)known);
    if (haveBaseline)
      std::printf("baseline: %llu fixed, %llu new\n", (unsigned long long)fixed,
                  (unsigned long long)fresh);
  }
  if (findings > 0) exit = kExitFindings;

  // Outputs: every file is written even when a scenario was bad input.
  std::vector<const core::AuditRecord*> records;
  core::AuditFile out;
  out.stamp = o.stamp;
  for (const ScenarioAudit& a : audits)
    if (a.error.empty() && !a.query) {
      records.push_back(&a.record);
      out.put(a.record);
    }
  auto write = [&](const std::string& path, const std::string& text, const char* what) {
    if (path.empty()) return true;
    if (core::writeFileAtomic(path, text, &error, false)) return true;
    std::fprintf(stderr, "collido audit: %s: %s\n", what, error.c_str());
    return false;
  };
  // One query scenario wrote its own --json (auditQueryScenario).
  const bool queryJson = one && audits[0].query;
  bool written = queryJson || write(o.json, core::auditFileText(out), "--json");
  if (o.updateBaseline) {
    core::AuditFile merged = baseline;
    merged.stamp = o.stamp;
    for (const core::AuditRecord& r : out.audits) merged.put(r);
    written = write(o.baseline, core::auditFileText(merged), "--update-baseline") && written;
    if (written)
      std::printf("baseline %s: %zu scenario(s) written\n", o.baseline.c_str(), out.audits.size());
    exit = kExitClean;  // what was found is now the baseline
  }
  written = write(o.junit, core::junitReport(records, errors, 10), "--junit") && written;
  if (!o.sarif.empty()) {
    std::vector<core::SarifCase> cases;
    for (ScenarioAudit& a : audits) {
      if (!a.error.empty() || a.query) continue;
      core::CaseSourceLocator loc;
      const bool located = loc.init(a.sc, a.image, &error);
      // The first cases of each class: a trace per case, so not all of them.
      std::array<int, core::kVerdictCount> n{};
      for (size_t i = 0; i < a.record.failures.size(); ++i) {
        const auto& f = a.record.failures[i];
        if (a.record.status[i] != core::CaseStatus::Finding || n[size_t(f.verdict.verdict)]++ >= 50)
          continue;
        cases.push_back({a.key, f, located ? loc.locate(f.c) : std::nullopt});
      }
    }
    std::error_code ec;
    written = write(o.sarif, core::sarifReport(cases, std::filesystem::current_path(ec).string()),
                    "--sarif") &&
              written;
  }
  if (!o.writeCases.empty())
    for (const ScenarioAudit& a : audits) {
      if (!a.error.empty() || a.query) continue;
      auto paths =
          core::writeCaseScenarios(a.sc, a.record, o.writeCases, o.casesPerClass, nullptr, &error);
      if (!error.empty()) {
        std::fprintf(stderr, "collido audit: --write-cases: %s\n", error.c_str());
        written = false;
        break;
      }
      std::printf("%s: %zu case scenario(s) written to %s\n", a.path.c_str(), paths.size(),
                  o.writeCases.c_str());
    }
  if (!o.png.empty() && !audits[0].error.empty()) written = false;
  if (!o.png.empty() && audits[0].error.empty()) {
    ro.heat = &audits[0].result.heat;
    if (!writeRoomPng(o.png, audits[0].sc, ro, &error)) {
      std::fprintf(stderr, "collido audit: %s\n", error.c_str());
      written = false;
    }
  }
  if (badScenarios > 0 || !written) return kExitBadInput;
  return exit;
}

CommandRegistrar reg(
    "audit", "Audit rooms: one frame from every free start, 8 directions, speeds",
    [](CLI::App& sub) {
      auto o = std::make_shared<AuditCliOptions>();
      sub.add_option("scenario", o->scenarios, "scenario files or folders of *.scenario.json")
          ->required();
      sub.add_option("--speeds", o->speeds, "speed range, e.g. 1-4");
      sub.add_option("--stride", o->stride, "start positions every N pixels");
      sub.add_flag("--4dirs", o->fourDirs, "only the 4 axis directions");
      sub.add_option("--threads", o->threads, "worker threads per audit (0 = cores / jobs)")
          ->check(CLI::Range(0, 256));
      sub.add_option("--jobs", o->jobs, "scenarios audited at once")->check(CLI::Range(1, 64));
      sub.add_option("--show", o->show, "failing cases to list");
      sub.add_option("--json", o->json, "write the audits (collidoscope-audit/1)");
      sub.add_option("--png", o->png, "write the room with the heatmap (one scenario)");
      sub.add_option("--scale", o->scale, "PNG pixels per room pixel (1..16)");
      sub.add_option("--baseline", o->baseline, "fail only for cases not in this audit file");
      sub.add_flag("--update-baseline", o->updateBaseline, "write this run into --baseline");
      sub.add_option("--junit", o->junit, "write a JUnit XML report");
      sub.add_option("--sarif", o->sarif, "write a SARIF report at the routine's source lines");
      sub.add_option("--write-cases", o->writeCases, "write failing cases as scenarios here");
      sub.add_option("--cases-per-class", o->casesPerClass, "cases per class for --write-cases")
          ->check(CLI::Range(1, 10000));
      sub.add_option("--stamp", o->stamp, "written into the JSON as \"written\" (e.g. a date)");
      // The verdicts' one-line meanings, from the table the GUI's tooltips use.
      std::string verdicts = "Verdicts (docs/verdicts.md):";
      for (int v = 1; v < core::kVerdictCount; ++v)
        verdicts += std::string("\n  ") + core::verdictName(core::Verdict(v)) + ": " +
                    core::verdictExplanation(core::Verdict(v));
      sub.footer(verdicts);
      return [o] { return runAuditCommand(*o); };
    });

}  // namespace
}  // namespace app::cli
