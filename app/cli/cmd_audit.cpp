// `collido audit SCENARIO [--speeds 1-4] [--stride N] [--4dirs] [--png heat.png] [--json
// out.json]`: runs the room audit (core/check/audit.h), draws a progress bar on stderr, prints a
// table of verdict counts and the first failing cases on stdout, and exits 1 when any case is not
// ok (for game developers' CI), 2 on bad input. The PNG is the room coloured by collision bits with
// the heatmap of failing cases per start pixel over it.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "core/check/audit.h"
#include "core/render/room_render.h"
#include "core/util/files.h"

namespace app::cli {
namespace {

struct AuditCliOptions {
  std::string scenario;
  std::string speeds = "1-4";
  int stride = 1;
  bool fourDirs = false;
  int threads = 0;
  int show = 20;
  std::string json;
  std::string png;
  int scale = 2;
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

nlohmann::json verdictJson(const core::AuditFailure& f) {
  const core::FrameVerdict& v = f.verdict;
  nlohmann::json j{
      {"x", f.c.x},
      {"y", f.c.y},
      {"direction", core::auditDirectionName(f.c.dir)},
      {"speed", f.c.half ? nlohmann::json(f.c.speed - 0.5) : nlohmann::json(f.c.speed)},
      {"verdict", core::verdictName(v.verdict)},
      {"oracle", {v.oracleX, v.oracleY}},
      {"routine", {v.routineX, v.routineY}},
      {"message", v.message}};
  if (v.hasCell) j["cell"] = {v.cell.col, v.cell.row};
  if (v.hasPixel) j["pixel"] = {v.pixelX, v.pixelY};
  return j;
}

int runAuditCommand(const AuditCliOptions& o) {
  int lo = 1, hi = 4;
  if (!parseSpeeds(o.speeds, lo, hi)) {
    std::fprintf(stderr, "collido audit: --speeds: \"%s\" is not N or N-M with 1 <= N <= M <= 64\n",
                 o.speeds.c_str());
    return kExitBadInput;
  }
  if (o.scale < 1 || o.scale > 16) {
    std::fprintf(stderr, "collido audit: --scale: must be 1..16 (got %d)\n", o.scale);
    return kExitBadInput;
  }
  if (o.stride < 1) {
    std::fprintf(stderr, "collido audit: --stride: must be at least 1 (got %d)\n", o.stride);
    return kExitBadInput;
  }
  core::Scenario sc;
  std::string error;
  if (!core::loadScenario(o.scenario, sc, &error)) {
    std::fprintf(stderr, "collido audit: %s\n", error.c_str());
    return kExitBadInput;
  }
  core::RoomRenderOptions ro;
  ro.chr = false;
  ro.scale = o.scale;
  ro.overlays = core::kOverlayGrid | core::kOverlayBits | core::kOverlayHeat;
  ro.heatStride = o.stride;
  // The picture's size is known before the audit: refuse it now, not after.
  if (!o.png.empty() && !checkRoomPng(sc, ro, &error)) {
    std::fprintf(stderr, "collido audit: --png: %s\n", error.c_str());
    return kExitBadInput;
  }
  core::AuditOptions ao;
  ao.stride = o.stride;
  ao.minSpeed = lo;
  ao.maxSpeed = hi;
  ao.diagonals = !o.fourDirs;
  ao.threads = o.threads;
  core::AuditResult r = core::runAudit(
      sc, ao, [](size_t done, size_t total) { drawProgress(done, total, "starts"); });
  finishProgress();
  if (!r.ok) {
    std::fprintf(stderr, "collido audit: %s\n", r.error.c_str());
    return kExitBadInput;
  }
  std::printf(
      "%s: %llu start positions, %llu cases (%s directions, speeds %d-%d, stride %d) in "
      "%.2f s\n",
      o.scenario.c_str(), (unsigned long long)r.startPositions, (unsigned long long)r.cases,
      ao.diagonals ? "8" : "4", lo, hi, o.stride, r.seconds);
  if (!r.space.empty()) std::printf("%s\n", r.space.c_str());
  for (const core::AuditSkip& k : r.skips)
    std::printf("%llu cases skipped: %s\n", (unsigned long long)k.cases, k.reason.c_str());
  std::printf("%-14s %10s\n", "verdict", "cases");
  for (int v = 0; v < core::kVerdictCount; ++v)
    std::printf("%-14s %10llu\n", core::verdictName(core::Verdict(v)),
                (unsigned long long)r.counts[size_t(v)]);
  for (int i = 0; i < o.show && i < int(r.failures.size()); ++i) {
    const auto& f = r.failures[size_t(i)];
    std::printf("  x=%d y=%d %-2s speed %s  %-11s %s\n", f.c.x, f.c.y,
                core::auditDirectionName(f.c.dir), core::auditSpeedText(f.c).c_str(),
                core::verdictName(f.verdict.verdict), f.verdict.message.c_str());
  }
  if (r.failing() > uint64_t(std::max(o.show, 0)))
    std::printf("  ... %llu more failing cases\n",
                (unsigned long long)(r.failing() - uint64_t(std::max(o.show, 0))));
  if (!o.json.empty()) {
    nlohmann::json j;
    j["scenario"] = o.scenario;
    j["startPositions"] = r.startPositions;
    j["cases"] = r.cases;
    j["skipped"] = r.skipped;
    j["skips"] = nlohmann::json::array();
    for (const core::AuditSkip& k : r.skips)
      j["skips"].push_back({{"cases", k.cases}, {"reason", k.reason}});
    j["intent"] = r.space;
    j["cancelled"] = r.cancelled;
    for (int v = 0; v < core::kVerdictCount; ++v)
      j["counts"][core::verdictName(core::Verdict(v))] = r.counts[size_t(v)];
    j["heatmap"] = {{"width", r.heatWidth}, {"height", r.heatHeight}, {"cells", r.heat}};
    j["failures"] = nlohmann::json::array();
    for (const auto& f : r.failures) j["failures"].push_back(verdictJson(f));
    j["failuresTruncated"] = r.failuresTruncated;
    if (!core::writeFileAtomic(o.json, j.dump(1) + "\n", &error, false)) {
      std::fprintf(stderr, "collido audit: %s\n", error.c_str());
      return kExitBadInput;
    }
  }
  if (!o.png.empty()) {
    ro.heat = &r.heat;
    if (!writeRoomPng(o.png, sc, ro, &error)) {
      std::fprintf(stderr, "collido audit: %s\n", error.c_str());
      return kExitBadInput;
    }
  }
  return r.failing() > 0 ? kExitFindings : kExitClean;
}

CommandRegistrar reg("audit", "Audit a room: one frame from every free start, 8 directions, speeds",
                     [](CLI::App& sub) {
                       auto o = std::make_shared<AuditCliOptions>();
                       sub.add_option("scenario", o->scenario, "scenario file")->required();
                       sub.add_option("--speeds", o->speeds, "speed range, e.g. 1-4");
                       sub.add_option("--stride", o->stride, "start positions every N pixels");
                       sub.add_flag("--4dirs", o->fourDirs, "only the 4 axis directions");
                       sub.add_option("--threads", o->threads, "worker threads (0 = all cores)")
                           ->check(CLI::Range(0, 256));
                       sub.add_option("--show", o->show, "failing cases to list");
                       sub.add_option("--json", o->json, "write counts, heatmap and cases");
                       sub.add_option("--png", o->png, "write the room with the heatmap");
                       sub.add_option("--scale", o->scale, "PNG pixels per room pixel (1..16)");
                       return [o] { return runAuditCommand(*o); };
                     });

}  // namespace
}  // namespace app::cli
