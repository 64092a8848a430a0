// Room audit: runs one frame of a scenario's routine for entity 0 from every
// free start position, in 8 directions and at speeds 1..N, and classifies each
// case against the oracle (verdict.h). The result counts verdicts, paints a
// heatmap of failing cases over the room and lists failing cases, each of
// which replays as a one-frame scenario (auditCaseScenario).
//
//   AuditOptions o;  o.maxSpeed = 4;
//   AuditResult r = runAudit(scenario, o, [](size_t done, size_t total) {...}, &cancel);
//   if (!r.ok) ... r.error;
//
// A start position is free when entity 0's hitbox lies inside the room, the
// position fits the x/y fields, and the hitbox overlaps no fully solid cell
// (all four block bits; one-way cells are places entities legitimately stand).
// Cases are generated in the manifest's intent space (motion.from, verdict.h),
// each judged against the motion intendedMotion derives from what was written:
//  input      the d-pad buttons of each of the 8 directions (with one-axis
//             intent, diagonals hold two buttons and the priority picks one);
//             speeds other than motion.speed cannot be given (no speed field),
//             except with dx/dy input, whose bytes carry the speed;
//             last-pressed diagonals cannot be given (which button came last is
//             input history a one-frame case does not have).
//  speed      the same buttons, speeds min..max written to the speed field.
//  velocity   dx/dy = direction x speed px for each of the 8 directions and
//             speeds min..max, and speed - 1/2 px too when both fields have
//             fraction bits; values the fields cannot hold are not given.
//  requested  the requested x/y fields = start + direction x speed.
// Entities not driven by input get the "dir" value whose motion.directions
// vector matches. Every combination that cannot be given is counted in
// AuditResult::skips with the reason; none is dropped silently.
// Calls run without the read probe but with the machine watching writes into
// the room and attribute table, so a routine that writes into its own map is a
// ROUTINE-FAULT here as in a recording (classifyFault, the same judgement).
// Runs on all cores, one Simulation per thread built from one assembled image;
// the progress callback is called from the calling thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/image.h"
#include "core/check/verdict.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace core {

struct AuditOptions {
  int stride = 1;  // start positions every `stride` pixels in x and y
  int minSpeed = 1, maxSpeed = 4;
  bool diagonals = true;        // 8 directions, else the 4 axis directions
  int threads = 0;              // 0 = std::thread::hardware_concurrency()
  size_t maxFailures = 100000;  // failing cases kept (counts are always complete)
};

// The 8 audit directions, index 0..7: R, DR, D, DL, L, UL, U, UR.
inline constexpr std::array<std::array<int, 2>, 8> kAuditDirections{
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
const char* auditDirectionName(int dir);

struct AuditCase {
  int x = 0, y = 0;  // entity 0's start, routine coordinates
  int dir = 0;       // index into kAuditDirections
  int speed = 1;
  bool half = false;  // velocity intent: speed - 1/2 px
};
// "3", or "2.5" for a half-pixel case.
std::string auditSpeedText(const AuditCase& c);

// Combinations an audit cannot give the routine, with the reason.
struct AuditSkip {
  std::string reason;
  uint64_t cases = 0;
};

struct AuditFailure {
  AuditCase c;
  FrameVerdict verdict;
};

// A failing case without its message, 14 bytes: what filtering, grouping and
// painting need (audit_query.h), kept for every failing case of an audit, so a
// filter runs over all of them and never over a list cut short. The full
// evidence of one comes back by replaying it (auditCaseScenario).
struct AuditCaseRecord {
  uint16_t x = 0, y = 0;  // entity 0's start, routine coordinates (fields are at most 16 bits)
  uint16_t speed = 1;
  // The cell the evidence names (CLIP, TUNNEL, GAP: the cell; FALSE-BLOCK: the
  // cell of the leading-edge pixel); none (hasCell false) for DRIFT and faults.
  int16_t col = 0, row = 0;
  uint8_t dir = 0;
  bool half = false;
  Verdict verdict = Verdict::Ok;
  bool hasCell = false;

  AuditCase toCase() const { return {x, y, dir, speed, half}; }
  // An AuditFailure holding the case and its verdict class only (no evidence).
  AuditFailure toFailure() const;
};
AuditCaseRecord auditCaseRecord(const AuditCase& c, const FrameVerdict& v, int cellSize);

struct AuditResult {
  bool ok = false;  // false: could not run (see error)
  std::string error;
  bool cancelled = false;
  uint64_t cases = 0;            // cases run
  uint64_t skipped = 0;          // direction/speed combinations the routine cannot be given
  std::vector<AuditSkip> skips;  // the same by reason (cases summed over the starts)
  std::string space;             // the intent space the cases were generated in
  uint64_t startPositions = 0;
  std::array<uint64_t, kVerdictCount> counts{};  // by Verdict
  // Failing cases per start: room pixel of the hitbox's top-left corner at the
  // start, heatWidth * heatHeight (the room in pixels), row-major.
  int heatWidth = 0, heatHeight = 0;
  std::vector<int> heat;
  std::vector<AuditFailure> failures;  // sorted by start (y, x), direction, speed
  bool failuresTruncated = false;
  // Every failing case (not cut at maxFailures), compact, in the order of
  // `failures`: failures[i] is failingCases[i] with its evidence.
  std::vector<AuditCaseRecord> failingCases;
  // A start's heat pixel is its routine position plus this offset (the
  // hitbox's corner relative to the origin).
  int heatOffsetX = 0, heatOffsetY = 0;
  double seconds = 0;     // wall time
  double cpuSeconds = 0;  // CPU time of the worker threads together (load-independent)

  uint64_t count(Verdict v) const { return counts[size_t(v)]; }
  uint64_t failing() const { return cases - count(Verdict::Ok); }
};

using ProgressFn = std::function<void(size_t done, size_t total)>;

AuditResult runAudit(const Scenario& scenario, const AuditOptions& options,
                     const ProgressFn& progress = nullptr,
                     const std::atomic<bool>* cancel = nullptr);
// The same with the routine already assembled (e.g. from the editor's unsaved
// buffers, as the app's simulation runs it) instead of built from the manifest.
AuditResult runAudit(const Scenario& scenario, const AsmResult& image, const AuditOptions& options,
                     const ProgressFn& progress = nullptr,
                     const std::atomic<bool>* cancel = nullptr);

// A one-frame scenario that replays `c`: entity 0 alone at the start with the
// direction/speed fields and the input the audit gave it.
Scenario auditCaseScenario(const Scenario& scenario, const AuditCase& c);

// The pieces runAudit is made of, shared with LiveAudit (live_audit.h), which
// re-runs single cases after an edit and must judge them exactly as runAudit.

// How one (direction, speed) combination is handed to the routine.
struct AuditCombo {
  int dir = 0, speed = 1;
  bool half = false;
  uint8_t input = 0;
  std::optional<int> dirValue;                     // written to the "dir" field
  bool writeSpeed = false;                         // motion.speedField
  bool dxdySpeed = false;                          // speed travels in the dx/dy input bytes
  std::optional<std::array<int32_t, 2>> velocity;  // raw dx/dy field values
  bool requested = false;                          // requested x/y = start + direction x speed
};

// What an audit of a scenario runs: the runnable combinations in runAudit's
// order and the grid of candidate starts (the hitbox's top-left at room pixel
// (i * stride, j * stride), i < gridCols, j < gridRows), row-major.
struct AuditPlan {
  std::string error;  // not empty: the audit cannot run
  Hitbox hitbox;
  int originX = 0, originY = 0;
  FieldCodec shapeX, shapeY;  // the x and y fields: bytes, sign, fraction bits
  int stride = 1;
  int gridCols = 0, gridRows = 0;
  std::vector<AuditCombo> combos;
  int skippedCombos = 0;                 // per start: combinations the routine cannot be given
  std::vector<AuditSkip> skips;          // per start, by reason
  std::string space;                     // AuditResult::space
  std::vector<uint8_t> oracleCollision;  // Simulation::oracleCollision() of the routine

  // Routine coordinates of grid start (i, j) when it is free on `map`.
  std::optional<std::array<int, 2>> freeStart(const MapDocument& map, int i, int j) const;
};
AuditPlan planAudit(const Scenario& scenario, const AsmResult& image, const AuditOptions& options);
// Fills `r.skipped` and `r.skips` for `r.startPositions` starts, and `r.space`.
void applyPlanSkips(const AuditPlan& plan, AuditResult& r);

// Runs single cases on one thread: a Simulation of the scenario (all its
// entities placed, the room encoded) restored to its start before each case.
class AuditCaseRunner {
 public:
  bool init(const Scenario& scenario, const AsmResult& image, std::string* error);
  // The same routine on an edited room (or the same scenario otherwise edited
  // in place: the entities and manifest must stay bindable as they were).
  void setScenario(const Scenario& scenario);
  // Entity 0 from routine position (x, y). With `observe` the call's probe
  // fills `frame->cellsRead`; `frame` (optional) receives the call's record.
  FrameVerdict run(int x, int y, const AuditCombo& c, bool observe, EntityFrame* frame = nullptr);

 private:
  Simulation sim_;
  Snapshot start_;
  RoomWindow startWindow_;  // the window start_'s table holds (a scenario view)
  Hitbox hitbox_;
  MapDocument oracleMap_;       // the map under the manifest's collision rule
  FieldCodec shapeX_, shapeY_;  // the x and y fields: bytes, sign, fraction bits
  int dirField_ = -1, speedField_ = -1;
  int dxField_ = -1, dyField_ = -1, wantXField_ = -1, wantYField_ = -1;
  std::vector<std::string> fieldNames_;  // Binding::fields order, for intendedMotion
};

}  // namespace core
