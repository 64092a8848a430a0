// The UI-free workspace: one open scenario, its simulation, the recording
// judged call by call, and the debugger over it. The GUI and the CLI commands
// drive it and only display or print what it holds; its audit and
// re-simulation jobs run on workers (the model/view split of
// Tracy's Worker): `collido run` and `collido render` use a Workspace, and the
// GUI's timeline, room and Entities panels read the same judged recording.
//
//   Workspace ws;
//   if (!ws.open("maps/seed002_castle.scenario.json", &error) || !ws.simulate(&error)) ...;
//   for (const FrameVerdict& v : ws.judged().verdicts) ...;
//   ws.debugger().addBreakpoint("check_tile if A == $10", &error);
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/check/verdict.h"
#include "core/debug/debugger.h"
#include "core/sim/simulation.h"
#include "core/workspace/audit_job.h"
#include "core/workspace/sim_job.h"

namespace core {

// A recording's verdicts and what every front end shows of them.
struct JudgedRecording {
  std::vector<FrameVerdict> verdicts;  // one per call, frame-major (classifyRecording)
  std::vector<Verdict> frameVerdict;   // the worst verdict of each frame
  std::vector<float> frameCycles;      // all entities' cycles per frame
  float maxFrameCycles = 1;
  std::array<uint64_t, kVerdictCount> counts{};  // calls per verdict

  uint64_t passive = 0;  // verdicts of passive tables' entities: in no count
  size_t notOk() const {
    return verdicts.size() - size_t(counts[size_t(Verdict::Ok)]) - size_t(passive);
  }
};

// A frame's verdict is the worst of its calls' (verdictSeverity, verdict.h).
JudgedRecording judgeRecording(const Scenario& scenario, const Recording& recording);

class Workspace {
 public:
  // Loads the scenario file and assembles and binds its routine (no run yet).
  bool open(const std::string& scenarioPath, std::string* error);
  // The same from a scenario in memory (e.g. with --frames applied).
  bool load(const Scenario& scenario, std::string* error);
  // Runs the whole recording and judges it.
  bool simulate(std::string* error = nullptr, const SimProgress& progress = {});
  // Takes a simulation that ran elsewhere (a worker) and judges its recording
  // (unless `judgeNow` is false: the caller judges when it needs the verdicts).
  void adopt(std::unique_ptr<Simulation> sim, bool judgeNow = true);
  // Hands the simulation out (e.g. kept aside while an audit case is shown).
  std::unique_ptr<Simulation> release();
  // Judges the recording again (after edits that change only the verdicts).
  void judge();
  // Drops the recording and its verdicts: a re-simulation after an edit (a
  // resize that leaves the room larger than the routine's table) could not
  // start, and the old recording belongs to the room before the edit.
  void dropRecording();

  bool isOpen() const { return sim_ != nullptr; }
  Simulation* simulation() const { return sim_.get(); }
  const Scenario& scenario() const { return sim_->scenario(); }
  const Recording& recording() const { return sim_->recording(); }
  const JudgedRecording& judged() const { return judged_; }
  Debugger& debugger() { return debugger_; }
  // Background work over this workspace's scenario: the audit (with its live
  // updates after map edits) and re-simulation after edits. Each runs on its own
  // worker over a copy, so the recording shown stays readable meanwhile.
  AuditJob& auditJob() { return auditJob_; }
  SimJob& simJob() { return simJob_; }
  const AuditJob& auditJob() const { return auditJob_; }
  const SimJob& simJob() const { return simJob_; }

  // What a front end's panels call instead of reaching into the simulation
  // (workspace_panels.cpp). generation() moves whenever judged() or the
  // simulation it judges changes (load, adopt, release, judge, a dropped
  // recording): a panel re-derives what it shows of the verdicts only then.
  uint64_t generation() const { return generation_; }
  // The scenario or recording changed in place (an edit; a recording adopted
  // unjudged): judgeIfStale() judges it again, once, however many came.
  void markStale() { stale_ = true; }
  bool judgeIfStale();  // true: it judged (and generation() moved)
  // Puts the simulation's machine at the start of `entity`'s call in `frame`
  // (to read its memory there); false when nothing is open or it cannot.
  bool seek(int frame, int entity);
  // Binds the open simulation (and `keptAside`, the document's while an audit
  // case is shown in its place) to an image assembled elsewhere (the routine
  // editor's buffers); the recording is stale until re-simulated.
  bool bindImage(const AsmResult& image, std::string* error, Simulation* keptAside = nullptr);
  // A simulation of `scenario` bound to `image` (an audit case on the document's image).
  static std::unique_ptr<Simulation> bindScenario(const Scenario& scenario, const AsmResult& image,
                                                  std::string* error);

 private:
  uint64_t generation_ = 0;
  bool stale_ = false;
  std::unique_ptr<Simulation> sim_;
  JudgedRecording judged_;
  Debugger debugger_;
  // Declared last: destroyed (their workers joined) before the simulation.
  AuditJob auditJob_;
  SimJob simJob_;
};

}  // namespace core
