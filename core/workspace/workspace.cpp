#include "core/workspace/workspace.h"

#include <algorithm>

namespace core {

JudgedRecording judgeRecording(const Scenario& scenario, const Recording& rec) {
  JudgedRecording j;
  // Made in a room of another size (a resize whose re-simulation has not come
  // back yet): its cells and positions mean nothing in this one.
  if (!rec.madeFor(scenario.map.room)) return j;
  j.verdicts = classifyRecording(scenario, rec);
  j.frameVerdict.assign(rec.frames.size(), Verdict::Ok);
  for (const FrameVerdict& v : j.verdicts) {
    if (v.passive) {
      ++j.passive;
      continue;
    }
    ++j.counts[size_t(v.verdict)];
    if (v.frame < 0 || v.frame >= int(rec.frames.size())) continue;
    Verdict& worst = j.frameVerdict[size_t(v.frame)];
    if (verdictSeverity(v.verdict) > verdictSeverity(worst)) worst = v.verdict;
  }
  j.frameCycles.assign(rec.frames.size(), 0);
  for (size_t f = 0; f < rec.frames.size(); ++f) {
    uint64_t total = 0;
    for (const EntityFrame& e : rec.frames[f].entities) total += e.cycles;
    j.frameCycles[f] = float(total);
    j.maxFrameCycles = std::max(j.maxFrameCycles, j.frameCycles[f]);
  }
  return j;
}

bool Workspace::open(const std::string& scenarioPath, std::string* error) {
  Scenario scenario;
  if (!loadScenario(scenarioPath, scenario, error)) return false;
  return load(scenario, error);
}

bool Workspace::load(const Scenario& scenario, std::string* error) {
  auto sim = std::make_unique<Simulation>();
  if (!sim->build(scenario, error)) return false;
  sim_ = std::move(sim);
  judged_ = JudgedRecording{};
  ++generation_;
  debugger_.attach(sim_.get());
  return true;
}

bool Workspace::simulate(std::string* error, const SimProgress& progress) {
  if (!sim_) {
    if (error) *error = "no scenario is open";
    return false;
  }
  if (!sim_->simulate(error, progress)) {
    // Not cancelled: the run could not start, and Simulation::simulate dropped
    // the recording made for the scenario before; its verdicts go with it.
    if (!progress.cancelled()) judge();
    return false;
  }
  judge();
  return true;
}

void Workspace::dropRecording() {
  if (!sim_) return;
  sim_->clearRecording();
  judge();
}

void Workspace::adopt(std::unique_ptr<Simulation> sim, bool judgeNow) {
  sim_ = std::move(sim);
  judged_ = JudgedRecording{};
  ++generation_;
  stale_ = !judgeNow;
  debugger_.attach(sim_.get());
  if (sim_ && judgeNow) judge();
}

std::unique_ptr<Simulation> Workspace::release() {
  judged_ = JudgedRecording{};
  ++generation_;
  debugger_.attach(nullptr);
  return std::move(sim_);
}

void Workspace::judge() {
  if (!sim_) return;
  judged_ = judgeRecording(sim_->scenario(), sim_->recording());
  ++generation_;
  stale_ = false;
  debugger_.invalidate();
}

}  // namespace core
