// Live audit: a room audit (audit.h) kept current while the room is painted.
// start() runs the whole audit once and keeps, per case, its verdict and what
// it depended on: the rectangle of cells (the start hitbox, the hitbox moved by
// the whole intended motion (the oracle never looks further), the routine's end
// hitbox and every cell the routine read; the read probe runs), the attribute
// entries the routine read, and the directions the classifier tests block bits
// in (those of the intended motion and of the routine's displacement).
// update() re-runs only the cases an edit reaches, plus every case of a start
// whose freedom may have changed, and patches counts, heat and failures:
//  - a painted cell: the cases whose rectangle holds it, and the starts whose
//    hitbox overlaps it;
//  - a metatile's collision byte: the cases whose routine read its attribute
//    entry, the cases whose rectangle holds a cell of it and whose directions
//    meet a block bit that changed, and the starts overlapping its cells when
//    it became or stopped being solid;
//  - a metatile's tiles: as a paint of every cell holding it.
// The result equals runAudit on the edited scenario: same counts, heat and
// failure list (order and truncation).
//
//   LiveAudit live;
//   const AuditResult& r = live.start(scenario, image, options);
//   ... paint into `edited` ...
//   live.update(edited, changedCells(scenario.map, edited.map));
//
// An edit may change cells and metatiles (collision bytes, tiles). A room of
// another size, another number of metatiles or another view (the window the
// routine sees, its coordinates) makes update() start over; a
// changed routine, manifest, entity or oracle setting needs start() again.
// The probe sees every read of the cell table and of the collision bytes in the
// attribute table, so those dependencies are exact; tile bytes kept beside them
// are assumed to be read only for metatiles found in cells the routine read.
// Memory: 12 bytes per (grid start, combination), 13 per grid start, plus the
// kept failures and the compact record of every failing case (as in runAudit's
// result).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/check/audit.h"
#include "core/check/oracle.h"

namespace core {

class LiveAudit {
 public:
  LiveAudit();
  ~LiveAudit();

  // The full audit (as runAudit), recording what each case depended on. A
  // cancelled start leaves an empty result marked cancelled; update() then
  // starts over.
  const AuditResult& start(const Scenario& scenario, const AsmResult& image,
                           const AuditOptions& options, const ProgressFn& progress = nullptr,
                           const std::atomic<bool>* cancel = nullptr);
  // After an edit: `edited` is the new scenario, `changed` the cells whose
  // metatile or metatile content differ (changedCells()). Cells outside the
  // room are ignored. `seconds`/`cpuSeconds` of the result time this update.
  const AuditResult& update(const Scenario& edited, const std::vector<CellPos>& changed);

  const AuditResult& result() const { return res_; }
  uint64_t casesLastRun() const { return casesLastRun_; }  // by the last start/update
  size_t memoryBytes() const;                              // heap held, approximately

 private:
  struct CellRect;
  struct CaseRec;
  class ChangedMask;
  struct Change;
  Change changeOf(const MapDocument& before, const MapDocument& after,
                  const std::vector<CellPos>& changed) const;
  // Re-runs the cases the change reaches (every start when null) and patches
  // the result; false when cancelled.
  bool apply(const Change* changed, const ProgressFn& progress, const std::atomic<bool>* cancel);
  bool runTasks(const std::vector<uint64_t>& keys,
                std::vector<std::pair<uint64_t, AuditFailure>>& failures,
                std::vector<std::pair<uint64_t, AuditCaseRecord>>& records,
                const ProgressFn& progress, const std::atomic<bool>* cancel);
  CaseRec dependency(size_t grid, const FrameVerdict& v, const EntityFrame& frame) const;
  void mergeFailures(const std::vector<uint64_t>& removed,
                     std::vector<std::pair<uint64_t, AuditFailure>> added);
  void mergeRecords(const std::vector<uint64_t>& removed,
                    const std::vector<std::pair<uint64_t, AuditCaseRecord>>& added);
  uint64_t keyOf(const AuditCaseRecord& r) const;  // the case's order key
  AuditCaseRunner& runner(int t);                  // with the current scenario
  std::array<int, 2> startOf(size_t grid) const;
  size_t heatIndex(size_t grid) const;

  Scenario scenario_;
  AsmResult image_;
  AuditOptions options_;
  AuditPlan plan_;
  bool valid_ = false;
  std::vector<std::unique_ptr<AuditCaseRunner>> runners_;
  std::vector<uint64_t> runnerVersion_;
  uint64_t version_ = 0;            // of scenario_, bumped by every update
  std::vector<uint8_t> free_;       // per grid start
  std::vector<CaseRec> cases_;      // per grid start x combination
  std::vector<CaseRec> startRecs_;  // per grid start: the union of its cases' records
  std::vector<uint64_t> keys_;      // order key of each res_.failures entry
  std::vector<int> comboOf_;        // combination index by (dir, speed, half)
  AuditResult res_;
  uint64_t casesLastRun_ = 0;
};

// The cells of `after` whose metatile index differs from `before`'s or whose
// metatile's collision byte or tiles changed; every cell when the rooms differ
// in size.
std::vector<CellPos> changedCells(const MapDocument& before, const MapDocument& after);

}  // namespace core
