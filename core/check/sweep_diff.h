// Before/after comparison of sprite-pair sweeps (core/check/sweep.h) as
// `collido sweep --json` saves them: per class (missed overlap, false hit,
// routine fault) the combinations a change fixed, broke or left as they were,
// over the sweep's whole domain. A sweep file keeps every disagreeing
// combination as runs in domain order, so the comparison is per combination,
// not per picture pixel. A combination that went from missed to fault counts
// as a fixed miss and a broken fault, as audits count verdicts.
//
//   SweepRecord a, b;
//   if (!readSweepFile("before.json", a, &error)) ...
//   auto d = diffSweeps(a, b, 20, &error);     // nullopt: the domains differ
//   d->brokenBy[size_t(SweepClass::Missed)], d->broken, sweepCaseValues(b, i)
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/check/sweep.h"

namespace core {

inline constexpr int kSweepFormatVersion = 1;

// "agree", "missed", "false-hit", "fault".
const char* sweepClassName(SweepClass c);

// Consecutive combinations (in domain order) of one class other than Agree.
struct SweepRun {
  uint64_t first = 0, count = 0;
  SweepClass cls = SweepClass::Agree;
};
// The runs of `caseClass` (SweepResult::caseClass), in order.
std::vector<SweepRun> sweepRuns(const std::vector<uint8_t>& caseClass);
// As the sweep file holds them: [[first, count, "missed"], ...].
nlohmann::json sweepRunsJson(const std::vector<SweepRun>& runs);

// What a sweep file says about its domain, and its runs.
struct SweepRecord {
  std::string manifest;
  std::vector<std::string> inputs;  // the manifest's order
  std::vector<std::string> varied;  // [0] fastest in domain order
  std::map<std::string, int> fixed;
  std::string edges;
  uint64_t combinations = 0, cases = 0;
  bool cancelled = false;
  std::vector<SweepRun> runs;
};

// True when `path` holds JSON whose "format" is collidoscope-sweep/N (cheap
// enough to pick how to read a file; errors come from readSweepFile).
bool isSweepFile(const std::string& path);
// Errors name the file and the JSON path.
bool readSweepFile(const std::string& path, SweepRecord& out, std::string* error);

struct SweepChange {
  uint64_t index = 0;
  SweepClass before = SweepClass::Agree, after = SweepClass::Agree;
};

struct SweepDiff {
  std::array<uint64_t, kSweepClassCount> fixedBy{}, brokenBy{}, unchangedBy{};
  uint64_t fixed = 0, broken = 0, unchanged = 0;  // sums over the classes
  std::vector<SweepChange> brokenCases;           // the first ones, in domain order
  // Differences that leave the comparison defined but change its meaning
  // (fixed values, edge convention, a cancelled sweep), one a line.
  std::vector<std::string> warnings;
};

// nullopt with `error` when the two sweeps do not share a domain (inputs,
// varied inputs, number of combinations).
std::optional<SweepDiff> diffSweeps(const SweepRecord& before, const SweepRecord& after,
                                    size_t maxListed, std::string* error);

// "a1=3 a2=200 size=16": the inputs of combination `index` of `r`'s domain.
std::string sweepCaseText(const SweepRecord& r, uint64_t index);

}  // namespace core
