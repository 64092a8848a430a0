// `collido sweep MANIFEST [--slice x1,x2] [--fix w1=8,w2=8] [--edges inclusive|exclusive]
// [--png out.png] [--json out.json]`: runs a sprite-pair routine over its input
// space (core/check/sweep.h) against exact overlap, draws a progress bar on
// stderr, prints a summary and sample mismatches on stdout, and exits 1 when any
// combination disagrees, 2 on bad input.
#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "core/check/sweep.h"
#include "core/check/sweep_diff.h"
#include "core/render/sweep_image.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/text.h"

namespace app::cli {
namespace {

struct SweepCliOptions {
  std::string manifest;
  std::string slice;
  std::vector<std::string> fix;
  std::string edges = "inclusive";
  std::string png, json;
  int scale = 1;
  int threads = 0;
  int show = 10;
};

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

// "w1=8,w2=$10" (any number of --fix options) -> name -> value.
bool parseFixes(const std::vector<std::string>& fixes, std::map<std::string, int>& out,
                std::string* error) {
  for (const std::string& list : fixes)
    for (const std::string& item : splitList(list)) {
      const size_t eq = item.find('=');
      auto v = eq == std::string::npos ? std::nullopt : core::parseNumberText(item.substr(eq + 1));
      if (!v || eq == 0) {
        *error = "--fix: \"" + item + "\" is not NAME=VALUE";
        return false;
      }
      out[item.substr(0, eq)] = int(*v);
    }
  return true;
}

std::string valuesText(const core::SweepResult& r, const std::vector<uint8_t>& values) {
  std::string s;
  for (size_t i = 0; i < values.size() && i < r.inputNames.size(); ++i)
    s += (s.empty() ? "" : " ") + r.inputNames[i] + "=" + std::to_string(values[i]);
  return s;
}

const char* answerText(bool hit) {
  return hit ? "hit" : "apart";
}

void printSummary(const SweepCliOptions& o, const core::RoutineManifest& m,
                  const core::SweepResult& r) {
  std::string varied, fixed;
  for (int v : r.varied) varied += (varied.empty() ? "" : " x ") + r.inputNames[size_t(v)];
  for (size_t i = 0; i < r.inputNames.size(); ++i)
    if (std::find(r.varied.begin(), r.varied.end(), int(i)) == r.varied.end())
      fixed += " " + r.inputNames[i] + "=" + std::to_string(r.values[i]);
  std::printf("%s: %s%s\n", o.manifest.c_str(), m.name.c_str(),
              m.game ? " (in the booted game)" : "");
  std::printf("sweep of %s (%llu combinations)%s%s, edges %s, %.3f s%s\n",
              varied.empty() ? "nothing" : varied.c_str(), (unsigned long long)r.combinations,
              fixed.empty() ? "" : ", fixed", fixed.c_str(), core::edgeConventionName(r.edges),
              r.seconds, r.cancelled ? " (cancelled)" : "");
  std::printf("%-22s %12llu\n", "cases", (unsigned long long)r.cases);
  std::printf("%-22s %12llu\n", "exact overlaps", (unsigned long long)r.overlaps);
  std::printf("%-22s %12llu\n", "mismatches", (unsigned long long)r.mismatches);
  std::printf("%-22s %12llu\n", "  missed overlaps", (unsigned long long)r.missed);
  std::printf("%-22s %12llu\n", "  false hits", (unsigned long long)r.extra);
  std::printf("%-22s %12llu\n", "  routine faults", (unsigned long long)r.faults);
  for (int i = 0; i < o.show && i < int(r.samples.size()); ++i) {
    const core::SweepMismatch& s = r.samples[size_t(i)];
    if (s.fault)
      std::printf("  %s: routine faulted (%s), exact %s\n", valuesText(r, s.values).c_str(),
                  core::sweepFaultText(s).c_str(), answerText(s.exactHit));
    else
      std::printf("  %s: routine %s, exact %s\n", valuesText(r, s.values).c_str(),
                  answerText(s.routineHit), answerText(s.exactHit));
  }
  if (r.mismatches > uint64_t(std::max(o.show, 0)))
    std::printf("  ... %llu more mismatches\n",
                (unsigned long long)(r.mismatches - uint64_t(std::max(o.show, 0))));
}

nlohmann::ordered_json resultJson(const SweepCliOptions& o, const core::SweepResult& r) {
  nlohmann::ordered_json j;
  j["format"] = "collidoscope-sweep/" + std::to_string(core::kSweepFormatVersion);
  j["manifest"] = o.manifest;
  j["inputs"] = r.inputNames;
  j["varied"] = nlohmann::ordered_json::array();
  for (int v : r.varied) j["varied"].push_back(r.inputNames[size_t(v)]);
  for (size_t i = 0; i < r.inputNames.size(); ++i)
    if (std::find(r.varied.begin(), r.varied.end(), int(i)) == r.varied.end())
      j["fixed"][r.inputNames[i]] = r.values[i];
  j["edges"] = core::edgeConventionName(r.edges);
  j["combinations"] = r.combinations;
  j["cases"] = r.cases;
  j["cancelled"] = r.cancelled;
  j["overlaps"] = r.overlaps;
  j["mismatches"] = r.mismatches;
  j["missed"] = r.missed;
  j["falseHits"] = r.extra;
  j["faults"] = r.faults;
  j["samples"] = nlohmann::ordered_json::array();
  for (const auto& s : r.samples) {
    nlohmann::ordered_json js;
    for (size_t i = 0; i < s.values.size() && i < r.inputNames.size(); ++i)
      js["values"][r.inputNames[i]] = s.values[i];
    js["routine"] = s.fault ? "fault" : answerText(s.routineHit);
    js["exact"] = answerText(s.exactHit);
    if (s.fault)
      js["fault"] = {{"halt", core::haltKindName(s.halt)},
                     {"pc", core::hex(s.pc)},
                     {"label", s.label},
                     {"detail", s.detail},
                     {"text", core::sweepFaultText(s)}};
    j["samples"].push_back(js);
  }
  // Every disagreeing combination, so `collido diff` compares sweeps case by case.
  j["runs"] = core::sweepRunsJson(core::sweepRuns(r.caseClass));
  j["image"] = {{"width", core::kSweepImageSize},
                {"height", core::kSweepImageSize},
                {"casesPerPixel", r.casesPerPixel},
                {"mismatches", r.image}};
  return j;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "collido sweep: %s\n", message.c_str());
  return kExitBadInput;
}

int runSweepCommand(const SweepCliOptions& o) {
  core::SweepOptions so;
  so.slice = splitList(o.slice);
  if (!o.slice.empty() && so.slice.empty()) return fail("--slice: no input names");
  std::string error;
  if (!parseFixes(o.fix, so.fixed, &error)) return fail(error);
  if (o.edges == "inclusive")
    so.edges = core::EdgeConvention::Inclusive;
  else if (o.edges == "exclusive")
    so.edges = core::EdgeConvention::Exclusive;
  else
    return fail("--edges: \"" + o.edges + "\" is not inclusive or exclusive");
  if (o.scale < 1 || o.scale > 8) return fail("--scale: must be 1..8");
  so.threads = o.threads;
  so.maxSamples = size_t(std::max(o.show, 64));
  so.keepCases = !o.json.empty();
  core::RoutineManifest m;
  if (!core::loadManifest(o.manifest, m, &error)) return fail(error);
  if (!m.sweep)
    return fail(o.manifest + ": the manifest has no \"sweep\" block (docs/manifest.md)");
  core::SweepResult r =
      core::runSweep(m, so, [](size_t done, size_t total) { drawProgress(done, total, "cases"); });
  finishProgress();
  if (!r.ok) return fail(r.error);
  printSummary(o, m, r);
  if (!o.png.empty() && !writeCanvasPng(o.png, core::renderSweepImage(r, o.scale), &error))
    return fail(error);
  if (!o.json.empty() &&
      !core::writeFileAtomic(o.json, resultJson(o, r).dump(1) + "\n", &error, false))
    return fail(error);
  return r.mismatches > 0 ? kExitFindings : kExitClean;
}

CommandRegistrar reg(
    "sweep", "Sweep a sprite-pair routine's inputs against exact overlap", [](CLI::App& sub) {
      auto o = std::make_shared<SweepCliOptions>();
      sub.add_option("manifest", o->manifest, "routine manifest with a \"sweep\" block")
          ->required();
      sub.add_option("--slice", o->slice, "inputs to vary, e.g. x1,x2 (default: all not fixed)");
      sub.add_option("--fix", o->fix, "fixed inputs, e.g. w1=8,w2=8");
      sub.add_option("--edges", o->edges, "inclusive (touching is a hit) or exclusive");
      sub.add_option("--png", o->png, "write the 256x256 mismatch image");
      sub.add_option("--scale", o->scale, "PNG pixels per combination (1..8)");
      sub.add_option("--json", o->json, "write counts, samples and the image");
      sub.add_option("--threads", o->threads, "worker threads (0 = all cores)")
          ->check(CLI::Range(0, 256));
      sub.add_option("--show", o->show, "sample mismatches to list");
      return [o] { return runSweepCommand(*o); };
    });

}  // namespace
}  // namespace app::cli
