// The saved form of room audits: what `collido audit --json`, `--baseline` and
// `collido diff` read and write. One file holds the audits of one or more
// scenarios ("format": "collidoscope-audit/1"), each with its options, counts
// and every failing case. The text is stable so a baseline diffs cleanly in
// git: keys sorted, scenarios sorted by path, cases sorted by start (y, x),
// direction, speed, one case a line, no times or dates unless `stamp` asks.
//
//   AuditFile f;
//   f.audits.push_back(makeAuditRecord("maps/a.scenario.json", scenario, result, options));
//   writeFileAtomic("audit.json", auditFileText(f), &error);
//   AuditFile back;  readAuditFile("audit.json", back, &error);
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/audit.h"

namespace core {

// How a failing case counts in this run: a finding (fails the run), accepted
// by the scenario's `expect` list, or already in the baseline.
enum class CaseStatus : uint8_t { Finding, Accepted, Baseline };

struct AuditRecord {
  std::string scenario;  // the scenario's path as given, the key between files
  std::string intent;    // AuditResult::space
  int stride = 1, minSpeed = 1, maxSpeed = 4;
  bool diagonals = true;
  uint64_t startPositions = 0, cases = 0, skipped = 0;
  std::vector<AuditSkip> skips;
  std::array<uint64_t, kVerdictCount> counts{};
  int heatWidth = 0, heatHeight = 0;   // the room in pixels
  std::vector<AuditFailure> failures;  // sorted by auditCaseLess
  std::vector<std::string> accepted;   // per failure: the accepting expectation's note, or ""
  std::vector<CaseStatus> status;      // per failure (not saved: Accepted or Finding on reading)
  bool truncated = false;              // failures past AuditOptions::maxFailures were dropped

  uint64_t failing() const { return cases - counts[size_t(Verdict::Ok)]; }
  // Failing cases of `status` (by class when `v` is given).
  uint64_t countStatus(CaseStatus s) const;
  uint64_t countStatus(CaseStatus s, Verdict v) const;
};

struct AuditFile {
  std::vector<AuditRecord> audits;  // sorted by scenario
  std::string stamp;                // written as "written" when not empty (e.g. a date)

  const AuditRecord* find(const std::string& scenario) const;
  // Replaces the record of the same scenario or adds it, keeping the order.
  void put(AuditRecord record);
};

// The order of saved cases: start (y, x), direction, speed, half, verdict.
bool auditCaseLess(const AuditFailure& a, const AuditFailure& b);
// The same case (start, direction, speed) judged the same (verdict).
bool sameAuditCase(const AuditFailure& a, const AuditFailure& b);

// A record of `result`; failures start as findings, none accepted.
AuditRecord makeAuditRecord(const std::string& scenario, const AuditResult& result,
                            const AuditOptions& options);

std::string auditFileText(const AuditFile& file);
// Reads a file written by auditFileText; errors name the file and JSON path.
bool readAuditFile(const std::string& path, AuditFile& out, std::string* error);

// "x=40 y=96 R speed 2 CLIP: message", one line naming a case.
std::string auditCaseText(const AuditFailure& f);

// Writes the first `perClass` cases of each class with status `only` (all
// statuses when null) as one-frame scenarios (auditCaseScenario) into `dir`,
// named <scenario>_<class>_<n>.scenario.json; returns the paths written.
// The scenario files a command line names: files as given, directories
// searched (recursively, sorted) for *.scenario.json. A missing path is an error.
std::vector<std::string> findScenarioFiles(const std::vector<std::string>& paths,
                                           std::string* error);
// The key of a scenario path in an audit file: lexically normal, '/'-separated,
// relative to the current directory when under it.
std::string auditScenarioKey(const std::string& path);

std::vector<std::string> writeCaseScenarios(const Scenario& scenario, const AuditRecord& record,
                                            const std::string& dir, int perClass,
                                            const CaseStatus* only, std::string* error);

}  // namespace core
