// Queries judged as queries (the manifest's `query` block, core/sim/query.h):
// a call of a query routine is judged by its answer, against the oracle's answer
// for the same inputs, never as a move. Two uses:
//
//  judgeQueryCalls  every call a recording made (after Simulation::simulate()):
//                   call mode re-runs each call from its seek point (the inputs the
//                   runner's presets and fields gave it); frame mode runs the game
//                   again from frame 0 and stops at *every* call of the query's
//                   routine (the manifest's entry; game.routines[0] when none is
//                   named) the game makes, not only one a row, reading the inputs
//                   at the entry and the answer at the return.
//  auditQuery       sweeps the query's input domain with no motion model: every
//                   pixel of the room (point, cell), every box position inside the
//                   room with the hitbox's size (box), every metatile id (tile),
//                   each case a call from the start state (booted, for a game).
//
// A call is ok when the answer equals the oracle's, WRONG-ANSWER when not (the
// cell asked about and both answers in the message), ROUTINE-FAULT when it did
// not return. The oracle's answer, for room pixel (x - originX, y - originY):
//  solid      the pixel's cell blocks all four directions (collision_bits.h
//             kSolid) under the manifest's rule; outside the room: the scenario's
//             oracle.outside.
//  sides      box query, per side (left, right, top, bottom): some pixel of the
//             side is solid, the side being the pixels just beyond the edge
//             (probe "outside": column x - 1, x + w, row y - 1, y + h) or the
//             edge's own pixels (probe "edge").
//  bits       tile query: the metatile's collision byte as the attribute table
//             encodes it (map.attributes.format), under the answer's mask.
//  address    cell query: the answer is an address of the cell's entry in the
//             map (core/sim/map_layout.h, cellOfAddress).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/verdict.h"
#include "core/sim/query.h"
#include "core/sim/simulation.h"

namespace core {

// One call's inputs, routine coordinates (x, y, w, h) or a metatile id (tile).
struct QueryInput {
  int x = 0, y = 0, w = 0, h = 0, tile = 0;
};

struct QueryJudgement {
  Verdict verdict = Verdict::Ok;  // Ok, WrongAnswer or RoutineFault
  int frame = -1;                 // judgeQueryCalls: the frame and the call's index in it
  int call = 0;
  QueryInput input;
  // The answers in the query's own terms (queryAnswerText): 1 = solid (point,
  // tile), side bits 0..3 = left, right, top, bottom solid (box), the masked
  // byte (bits), the address (cell).
  uint32_t expected = 0, actual = 0;
  bool hasCell = false;  // the cell asked about (the first side that differs, for a box)
  CellPos cell;
  std::string message;  // one line of evidence; empty for ok
};

struct QueryReport {
  bool ok = false;  // false: could not run (see error)
  std::string error;
  bool cancelled = false;
  QueryKind kind = QueryKind::Point;
  std::string domain;  // audit: what was swept ("every pixel of the 256 x 240 room")
  uint64_t calls = 0;  // judged calls (run) or cases (audit)
  uint64_t skipped = 0;
  std::string
      skipReason;  // audit: why cases were not given (a position an 8-bit input cannot hold)
  std::array<uint64_t, kVerdictCount> counts{};
  std::vector<QueryJudgement> judgements;  // run: every call; audit: failing cases, in domain order
  bool truncated = false;                  // audit: more failures than kept
  uint64_t count(Verdict v) const { return counts[size_t(v)]; }
  uint64_t failing() const { return calls - count(Verdict::Ok); }
};

// Every call of the recording `sim` holds (simulate() first), judged.
QueryReport judgeQueryCalls(Simulation& sim, const std::atomic<bool>* cancel = nullptr);

// The query's whole input domain, judged. Leaves `sim`'s machine at its start state.
QueryReport auditQuery(Simulation& sim, size_t maxFailures = 100000,
                       const std::atomic<bool>* cancel = nullptr);

// The judgement as a verdict row (frame, cell, message), for explainVerdict
// (core/check/verdict_why.h) and the places that show FrameVerdicts.
FrameVerdict queryFrameVerdict(const QueryJudgement& j);

// An answer in words: "solid", "free", "left+bottom", "$0312", "$0F".
std::string queryAnswerText(const QuerySpec& q, uint32_t value);
// The inputs in words: "(37, 120)", "(37, 120) 8x8", "tile 5".
std::string queryInputText(const QuerySpec& q, const QueryInput& in);

}  // namespace core
