// `collido diff BEFORE.json AFTER.json`, `collido diff SCENARIO --before M1 --after M2` or
// `collido diff SCENARIO --rev-before REV [--rev-after REV]`: compares two audits
// (core/check/audit_diff.h), saved by `collido audit --json` or run here on the scenario under two
// routine manifests, or under its own manifest at two git revisions of the user's project
// (core/asm/git_revision.h; the after side defaults to the working tree). Prints per verdict class
// the cases fixed, broken and unchanged, and the broken cases; `--png` paints the room with fixed
// starts green and broken ones orange, `--write-cases DIR` writes the first broken cases of each
// class as one-frame scenarios, `--json` writes the after-audit. Exits 1 when anything broke, 2 on
// bad input.
#include <cstdio>
#include <memory>
#include <optional>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "core/asm/git_revision.h"
#include "core/check/audit_diff.h"
#include "core/check/audit_report.h"
#include "core/check/expect.h"
#include "core/check/sweep_diff.h"
#include "core/render/diff_image.h"
#include "core/util/files.h"

namespace app::cli {
namespace {

struct DiffCliOptions {
  std::vector<std::string> inputs;
  std::string before, after;        // manifests
  std::string revBefore, revAfter;  // git revisions of the scenario's own manifest
  std::string scenario;             // the room for --png / --write-cases with two audit files
  int stride = 4;
  int minSpeed = 1, maxSpeed = 4;
  bool fourDirs = false;
  int show = 20;
  std::string png, writeCases, json;
  int scale = 2;
  int casesPerClass = 5;
};

int bad(const std::string& msg) {
  std::fprintf(stderr, "collido diff: %s\n", msg.c_str());
  return kExitBadInput;
}

// Runs the audit of `sc` with the routine of `manifest`.
bool auditWith(const core::Scenario& base, const std::string& manifest, const DiffCliOptions& o,
               core::Scenario& sc, core::AuditRecord& out, std::string* error) {
  sc = base;
  sc.manifestPath = manifest;
  if (!core::loadManifest(manifest, sc.manifest, error)) return false;
  core::AuditOptions ao;
  ao.stride = o.stride;
  ao.minSpeed = o.minSpeed;
  ao.maxSpeed = o.maxSpeed;
  ao.diagonals = !o.fourDirs;
  core::AuditResult r = core::runAudit(sc, ao);
  if (!r.ok) {
    *error = r.error;
    return false;
  }
  out = core::makeAuditRecord(core::auditScenarioKey(base.path), r, ao);
  core::applyExpectations(sc, out);
  return true;
}

void printDiff(const std::string& name, const core::AuditDiff& d, int show) {
  std::printf("%s\n", name.c_str());
  for (const std::string& w : d.warnings) std::printf("warning: %s\n", w.c_str());
  std::printf("%-14s %10s %10s %10s\n", "verdict", "fixed", "broken", "unchanged");
  for (int v = 1; v < core::kVerdictCount; ++v)
    std::printf("%-14s %10llu %10llu %10llu\n", core::verdictName(core::Verdict(v)),
                (unsigned long long)d.fixedBy[size_t(v)], (unsigned long long)d.brokenBy[size_t(v)],
                (unsigned long long)d.unchangedBy[size_t(v)]);
  std::printf("%zu fixed, %zu broken, %llu unchanged\n", d.fixed.size(), d.broken.size(),
              (unsigned long long)d.unchanged);
  for (size_t i = 0; i < d.broken.size() && int(i) < show; ++i)
    std::printf("  broken: %s\n", core::auditCaseText(d.broken[i]).c_str());
  if (d.broken.size() > size_t(std::max(show, 0)))
    std::printf("  ... %zu more broken cases\n", d.broken.size() - size_t(std::max(show, 0)));
}

// Two `collido sweep --json` files: per class the combinations fixed, broken and
// unchanged over the sweep's domain.
int runSweepDiff(const DiffCliOptions& o) {
  if (!o.png.empty() || !o.writeCases.empty() || !o.json.empty() || !o.scenario.empty())
    return bad("--png, --write-cases, --json and --scenario compare audits, not sweeps");
  std::string error;
  core::SweepRecord a, b;
  if (!core::readSweepFile(o.inputs[0], a, &error)) return bad(error);
  if (!core::readSweepFile(o.inputs[1], b, &error)) return bad(error);
  const size_t show = size_t(std::max(o.show, 0));
  auto d = core::diffSweeps(a, b, show, &error);
  if (!d) return bad(o.inputs[0] + " and " + o.inputs[1] + ": " + error);
  std::string varied;
  for (const std::string& v : b.varied) varied += (varied.empty() ? "" : " x ") + v;
  std::printf("sweep of %s (%llu combinations), edges %s\n", varied.c_str(),
              (unsigned long long)b.combinations, b.edges.c_str());
  for (const std::string& w : d->warnings) std::printf("warning: %s\n", w.c_str());
  std::printf("%-14s %10s %10s %10s\n", "class", "fixed", "broken", "unchanged");
  for (int c = 1; c < core::kSweepClassCount; ++c)
    std::printf("%-14s %10llu %10llu %10llu\n", core::sweepClassName(core::SweepClass(c)),
                (unsigned long long)d->fixedBy[size_t(c)],
                (unsigned long long)d->brokenBy[size_t(c)],
                (unsigned long long)d->unchangedBy[size_t(c)]);
  std::printf("%llu fixed, %llu broken, %llu unchanged\n", (unsigned long long)d->fixed,
              (unsigned long long)d->broken, (unsigned long long)d->unchanged);
  for (const core::SweepChange& c : d->brokenCases)
    std::printf("  broken: %s: %s (was %s)\n", core::sweepCaseText(b, c.index).c_str(),
                core::sweepClassName(c.after), core::sweepClassName(c.before));
  if (d->broken > d->brokenCases.size())
    std::printf("  ... %llu more broken combinations\n",
                (unsigned long long)(d->broken - d->brokenCases.size()));
  return d->broken > 0 ? kExitFindings : kExitClean;
}

int runDiffCommand(const DiffCliOptions& o) {
  if (o.scale < 1 || o.scale > 16) return bad("--scale: must be 1..16");
  if (o.stride < 1) return bad("--stride: must be at least 1");
  if (o.minSpeed < 1 || o.maxSpeed < o.minSpeed || o.maxSpeed > 64)
    return bad("--speeds: need 1 <= min <= max <= 64");
  std::string error;
  core::AuditFile before, after;
  core::Scenario room;  // the scenario the pictures and case files use
  bool haveRoom = false;
  const bool revMode = !o.revBefore.empty() || !o.revAfter.empty();
  // The revisions' trees live until the audits are done, and go on any return.
  std::optional<core::RevisionCheckout> revA, revB;
  if (revMode) {
    if (o.revBefore.empty() || o.inputs.size() != 1)
      return bad("give one SCENARIO with --rev-before REV (and optionally --rev-after REV)");
    if (!o.before.empty() || !o.after.empty())
      return bad("--rev-before/--rev-after and --before/--after cannot be mixed");
    if (!o.revAfter.empty() && !o.writeCases.empty())
      return bad(
          "--write-cases: the routine at --rev-after is removed after the run, so its "
          "cases could not be opened; write them from the working tree (no --rev-after)");
  }
  if (revMode || !o.before.empty() || !o.after.empty()) {
    if (!revMode && (o.before.empty() || o.after.empty() || o.inputs.size() != 1))
      return bad("give one SCENARIO with both --before MANIFEST and --after MANIFEST");
    core::Scenario base;
    if (!core::loadScenario(o.inputs[0], base, &error)) return bad(error);
    std::string beforeManifest = o.before, afterManifest = o.after;
    if (revMode) {
      revA = core::checkoutFileAtRevision(base.manifestPath, o.revBefore, &error);
      if (!revA) return bad("--rev-before: " + error);
      beforeManifest = revA->file;
      afterManifest = base.manifestPath;
      if (!o.revAfter.empty()) {
        revB = core::checkoutFileAtRevision(base.manifestPath, o.revAfter, &error);
        if (!revB) return bad("--rev-after: " + error);
        afterManifest = revB->file;
      }
      std::printf("before: %s (%s), after: %s\n", o.revBefore.c_str(),
                  revA->commit.substr(0, 12).c_str(),
                  revB ? (o.revAfter + " (" + revB->commit.substr(0, 12) + ")").c_str()
                       : "the working tree");
    }
    core::AuditRecord a, b;
    core::Scenario scA;
    const char* whatA = revMode ? "--rev-before" : "--before";
    const char* whatB = revMode ? "--rev-after" : "--after";
    if (!auditWith(base, beforeManifest, o, scA, a, &error))
      return bad(std::string(whatA) + ": " + error);
    if (!auditWith(base, afterManifest, o, room, b, &error))
      return bad(std::string(whatB) + ": " + error);
    haveRoom = true;
    before.put(a);
    after.put(b);
  } else {
    if (o.inputs.size() != 2) return bad("give two audit files, or SCENARIO --before M --after M");
    const bool sweepA = core::isSweepFile(o.inputs[0]), sweepB = core::isSweepFile(o.inputs[1]);
    if (sweepA != sweepB)
      return bad((sweepA ? o.inputs[1] : o.inputs[0]) +
                 ": not a sweep file, and the other is (compare two sweeps or two audits)");
    if (sweepA) return runSweepDiff(o);
    if (!core::readAuditFile(o.inputs[0], before, &error)) return bad(error);
    if (!core::readAuditFile(o.inputs[1], after, &error)) return bad(error);
  }

  bool broke = false, any = false;
  const core::AuditRecord* lastAfter = nullptr;
  core::AuditDiff last;
  for (const core::AuditRecord& b : after.audits) {
    const core::AuditRecord* a = before.find(b.scenario);
    if (!a) {
      std::printf("%s: only in %s\n", b.scenario.c_str(), o.inputs.back().c_str());
      continue;
    }
    any = true;
    last = core::diffAudits(*a, b, true);
    lastAfter = &b;
    printDiff(b.scenario, last, o.show);
    broke = broke || !last.broken.empty();
  }
  for (const core::AuditRecord& a : before.audits)
    if (!after.find(a.scenario))
      std::printf("%s: only in %s\n", a.scenario.c_str(), o.inputs[0].c_str());
  if (!any) return bad("the two files have no scenario in common");

  const bool needRoom = !o.png.empty() || !o.writeCases.empty();
  if (needRoom && !haveRoom) {
    if (after.audits.size() != 1 && o.scenario.empty())
      return bad("--png and --write-cases need one scenario: name it with --scenario");
    const std::string path = o.scenario.empty() ? lastAfter->scenario : o.scenario;
    if (!core::loadScenario(path, room, &error)) return bad(error);
    warnOutsideReferences("diff", room);
    if (!o.scenario.empty()) {
      const core::AuditRecord* b = after.find(core::auditScenarioKey(o.scenario));
      const core::AuditRecord* a = before.find(core::auditScenarioKey(o.scenario));
      if (!a || !b) return bad("--scenario: " + o.scenario + " is not in both files");
      last = core::diffAudits(*a, *b, true);
      lastAfter = b;
    }
  }
  if (!o.png.empty()) {
    core::RoomRenderOptions ro;
    ro.chr = false;
    ro.scale = o.scale;
    ro.overlays = core::kOverlayGrid | core::kOverlayBits;
    if (!checkRoomPng(room, ro, &error)) return bad("--png: " + error);
    const core::DiffHeat heat =
        core::diffHeat(room, last, room.map.room.pixelWidth(), room.map.room.pixelHeight());
    if (!writeCanvasPng(o.png, core::renderAuditDiff(room, heat, lastAfter->stride, ro), &error))
      return bad(error);
  }
  if (!o.writeCases.empty()) {
    core::AuditRecord broken = *lastAfter;
    broken.failures = last.broken;
    broken.status.assign(broken.failures.size(), core::CaseStatus::Finding);
    broken.accepted.assign(broken.failures.size(), "");
    auto paths =
        core::writeCaseScenarios(room, broken, o.writeCases, o.casesPerClass, nullptr, &error);
    if (!error.empty()) return bad("--write-cases: " + error);
    std::printf("%zu broken case scenario(s) written to %s\n", paths.size(), o.writeCases.c_str());
  }
  if (!o.json.empty() && !core::writeFileAtomic(o.json, core::auditFileText(after), &error, false))
    return bad("--json: " + error);
  return broke ? kExitFindings : kExitClean;
}

CommandRegistrar reg(
    "diff", "Compare two audits or sweeps: cases fixed, broken and unchanged per class",
    [](CLI::App& sub) {
      auto o = std::make_shared<DiffCliOptions>();
      sub.add_option("inputs", o->inputs,
                     "BEFORE.json AFTER.json (audits or sweeps), or one SCENARIO")
          ->required();
      sub.add_option("--before", o->before, "the routine manifest before the change");
      sub.add_option("--after", o->after, "the routine manifest after the change");
      sub.add_option("--rev-before", o->revBefore,
                     "the scenario's routine at this git revision of its project, before");
      sub.add_option("--rev-after", o->revAfter,
                     "... and after the change (default: the working tree)");
      sub.add_option("--scenario", o->scenario, "the scenario to draw (two audit files)");
      sub.add_option("--stride", o->stride, "start positions every N pixels (with a SCENARIO)");
      sub.add_option("--min-speed", o->minSpeed, "lowest speed (with a SCENARIO)");
      sub.add_option("--max-speed", o->maxSpeed, "highest speed (with a SCENARIO)");
      sub.add_flag("--4dirs", o->fourDirs, "only the 4 axis directions (with a SCENARIO)");
      sub.add_option("--show", o->show, "broken cases to list");
      sub.add_option("--png", o->png, "write the diff heatmap (fixed green, broken orange)");
      sub.add_option("--scale", o->scale, "PNG pixels per room pixel (1..16)");
      sub.add_option("--write-cases", o->writeCases, "write broken cases as scenarios here");
      sub.add_option("--cases-per-class", o->casesPerClass, "cases per class for --write-cases")
          ->check(CLI::Range(1, 10000));
      sub.add_option("--json", o->json, "write the after-audit (with a SCENARIO)");
      return [o] { return runDiffCommand(*o); };
    });

}  // namespace
}  // namespace app::cli
