// Domain sweep for sprite-pair checks (seed 000's box-against-box, seed 001's
// one-axis distance test): calls the check routine itself, by its label and
// with the sentinel return, for every combination of its byte inputs, and
// compares each answer with exact overlap. The manifest's "sweep" block
// (docs/manifest.md) names the check, its inputs and where it answers.
//
//   SweepOptions o;  o.slice = {"x1", "x2"};  o.fixed = {{"w1", 8}, {"w2", 8}};
//   SweepResult r = runSweep(manifest, o, [](size_t done, size_t total) {...}, &cancel);
//   if (!r.ok) ... r.error;  else r.mismatches, r.samples, r.image
//
// The domain is every input not fixed, each 0..255: the whole input space when
// that is at most 2^26 combinations (seed 001: 2^24), otherwise a slice the
// caller picks (`slice` inputs vary, the rest hold their --fix value or the
// manifest's default). With no slice and too big a space, the manifest's
// "slice" is used when it has one.
//
// Exact overlap, per axis, for positions p1, p2 and sizes s1, s2 in plain
// integers (no 8-bit wrap):
//   Exclusive: the boxes share a pixel: s1 > 0, s2 > 0, p1 < p2 + s2, p2 < p1 + s1.
//   Inclusive: the closed boxes [p, p + s] touch or overlap: p1 <= p2 + s2, p2 <= p1 + s1.
// Box checks AND the x and y axes; one-axis checks use p = a1, a2 and s = size
// for both (|a1 - a2| < size, or <= size).
//
// A game manifest (a `game` block) is swept in the booted game: the ROM is loaded
// and booted once (game.boot), the entry's bank mapped, and every thread starts
// from that state, so the check runs on the game's own system (its RAM, mapper
// and stack), not a flat bus; the answers equal a flat-bus build of the same check.
//
// Each thread has its own machine, loaded once; every block of 65,536 cases
// starts from the freshly loaded state, so the result does not depend on the
// thread count. The answer byte is cleared before each call, so a routine that
// leaves it unwritten answers "no hit" rather than a stale value.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/asm/image.h"
#include "core/sim/machine.h"
#include "core/sim/manifest.h"

namespace core {

enum class EdgeConvention : uint8_t { Inclusive, Exclusive };
const char* edgeConventionName(EdgeConvention e);

// The most combinations swept in one run (2^26).
inline constexpr uint64_t kMaxSweepCases = uint64_t(1) << 26;
inline constexpr int kSweepImageSize = 256;

struct SweepOptions {
  std::vector<std::string> slice;    // inputs to vary; empty = every input not fixed
  std::map<std::string, int> fixed;  // input name -> value 0..255
  EdgeConvention edges = EdgeConvention::Inclusive;
  int threads = 0;         // 0 = std::thread::hardware_concurrency()
  size_t maxSamples = 64;  // sample mismatches kept (the first in domain order)
  // Keep every case's class in SweepResult::caseClass (one byte per combination,
  // up to 64 MiB), for saving and comparing sweeps (core/check/sweep_diff.h).
  bool keepCases = false;
};

// What one combination came to. The numbers are stored in sweep files.
enum class SweepClass : uint8_t { Agree = 0, Missed = 1, FalseHit = 2, Fault = 3 };
inline constexpr int kSweepClassCount = 4;

struct SweepMismatch {
  std::vector<uint8_t> values;  // one per sweep input, in the manifest's order
  bool routineHit = false, exactHit = false;
  bool fault = false;  // the call did not return (budget, JAM, illegal opcode)
  // A fault's reason: how the call halted, the PC it stopped at, the label at or
  // below that PC ("check_pair+12", empty when none) and the CPU's detail text.
  HaltKind halt = HaltKind::Returned;
  uint16_t pc = 0;
  std::string label;
  std::string detail;
};

// "cycle budget at $C012 (check_pair+4)", with the CPU's detail after a colon.
std::string sweepFaultText(const SweepMismatch& m);

struct SweepResult {
  bool ok = false;  // false: could not run (see error)
  std::string error;
  bool cancelled = false;
  std::vector<std::string> inputNames;  // the manifest's order
  std::vector<int> varied;              // indices into inputNames; [0] = image x, [1] = image y
  std::vector<int> values;              // the value of each fixed input (varied ones: 0)
  EdgeConvention edges = EdgeConvention::Inclusive;
  uint64_t combinations = 0;  // in the domain
  uint64_t cases = 0;         // run (less than combinations when cancelled)
  uint64_t mismatches = 0;    // missed + extra + faults
  uint64_t missed = 0;        // exact overlap, the routine says apart
  uint64_t extra = 0;         // the routine says hit, the boxes are apart
  uint64_t faults = 0;
  uint64_t overlaps = 0;  // cases where the exact answer is a hit
  std::vector<SweepMismatch> samples;
  // With keepCases: per combination in domain order (index = sum of
  // value(varied[j]) << 8j, varied[0] fastest), a SweepClass.
  std::vector<uint8_t> caseClass;
  // 256 x 256, row-major, x = value of varied[0], y = value of varied[1] (0 when
  // fewer vary): mismatches, the false hits among them, and exact overlaps,
  // summed over the other inputs.
  std::vector<uint32_t> image, extraImage, overlapImage;
  uint64_t casesPerPixel = 0;
  double seconds = 0;     // wall time
  double cpuSeconds = 0;  // CPU time of the worker threads together (load-independent)
};

using SweepProgressFn = std::function<void(size_t done, size_t total)>;

// Assembles the manifest's routine and sweeps it.
SweepResult runSweep(const RoutineManifest& manifest, const SweepOptions& options,
                     const SweepProgressFn& progress = nullptr,
                     const std::atomic<bool>* cancel = nullptr);
// Sweeps an already assembled image of the manifest's routine.
SweepResult runSweep(const RoutineManifest& manifest, const AsmResult& image,
                     const SweepOptions& options, const SweepProgressFn& progress = nullptr,
                     const std::atomic<bool>* cancel = nullptr);

// The exact answer for one combination; `values` holds one byte per sweep input.
bool exactOverlap(const SweepSpec& spec, const uint8_t* values, EdgeConvention edges);

}  // namespace core
