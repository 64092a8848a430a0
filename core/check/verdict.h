// Per-frame verdicts: compares what a routine did in one call with what the
// exact oracle (oracle.h) says the hitbox should have done, and names the
// difference. classifyRecording() judges a whole recording; classifyMove()
// judges one move and is what audits use.
//
// The intended motion of a call (intendedMotion) comes from the manifest's
// MotionModel (docs/manifest.md, the motion block), from the entity's field
// values read *before* the call and the input byte:
//  input      entities in motion.inputSlots move by the held d-pad directions
//             (Right/Left -> dx, Down/Up -> dy) times motion.speed; with
//             diagonal "both" each axis on its own (opposite buttons cancel),
//             "one-axis" the first held in motion.priority alone, "last-pressed"
//             the most recently pressed held direction (PadHistory; ties go by
//             priority). Other entities move by motion.directions[their "dir"].
//  speed      the same directions times the entity's speedField.
//  velocity   every entity moves by its dx/dy fields, sign-extended and
//             converted from sub-pixels (fracBits) to whole pixels by
//             motion.rounding (floor: an arithmetic shift, as adding the high
//             byte of an 8.8 velocity does).
//  requested  every entity moves to its requested x/y fields.
// The routine's result is unwrapped to the field width (an 8-bit x going
// 0 -> 255 moved by -1).
//
// Classes, checked in this order (the first that applies wins):
//  ROUTINE-FAULT  the call halted abnormally (isFault: budget, JAM, illegal
//                 opcode, HALT nothing can end, STOP, a lost return address) or
//                 wrote into the room or attribute table (routineFaultMessage).
//  CLIP           the routine's final hitbox overlaps a cell it newly entered
//                 (not overlapped at the start) whose collision byte blocks the
//                 direction it entered from. A cell new in both column and row
//                 is judged by the second axis of the oracle's order, as the
//                 oracle would enter it. Outside cells follow outsideSolid.
//  ok             the routine's position equals the oracle's.
//  TUNNEL         on an axis where the oracle was blocked, the routine got
//                 further than the oracle and its final hitbox spans the
//                 blocking cell across that axis (so, not being CLIP, it is
//                 past the wall on its own line of travel).
//  GAP            on an axis where the oracle was blocked (contact), the routine
//                 stopped short of the oracle's flush position, its hitbox
//                 spanning the blocking cell across the axis (the cell is ahead).
//  FALSE-BLOCK    on an axis with intended motion the routine made less progress
//                 than the oracle otherwise: the oracle moved (further) freely.
//                 (A diagonal the routine turns into a vertical move lands here.)
//  DRIFT          any other difference: motion on an axis where none was
//                 intended, or further than intended through free space.
//                 (Not in DESIGN's list; without it such frames would pass as ok.
//                 docs/verdicts.md gives the seed-002 frames that need it.)
//  JITTER         (recordings only) replaces ok/GAP/FALSE-BLOCK/DRIFT when the
//                 position after frames f-2, f-1, f is A, B, A (A != B) with the
//                 same input byte and the same intended motion in all three. The
//                 oracle never oscillates under constant motion (its progress is
//                 never negative), so all three frames of the pattern disagree
//                 with exact geometry somewhere; CLIP/TUNNEL/FAULT stay as they are.
//  WRONG-ANSWER   (queries only, core/check/query_check.h) a call of a manifest's
//                 `query` answered otherwise than the oracle for the inputs it
//                 was given; the cell asked about and both answers are the evidence.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/oracle.h"
#include "core/map/tiles.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace core {

enum class Verdict : uint8_t {
  Ok,
  Clip,
  Gap,
  Tunnel,
  FalseBlock,
  Jitter,
  RoutineFault,
  Drift,
  WrongAnswer,  // a query's answer (core/check/query_check.h), not a move
};
constexpr int kVerdictCount = 9;

// Everything the code knows about a verdict class, one row per class (verdict.cpp's
// table, in Verdict order): a new class is an enumerator and a row. The functions
// below, the workspace, the audit queries, the SARIF and JUnit reports, the room
// scene and the GUI all read it. (The one other list is core/sim/scenario.cpp's
// names an expectation may give: sim sits below check. A test checks they agree.)
struct VerdictInfo {
  Verdict verdict;
  const char* name;  // "CLIP", as files, reports and the CLI spell it
  // One line saying what the verdict means, for tooltips and help texts (the
  // long form, with the evidence each class carries, is docs/verdicts.md).
  const char* explanation;
  // Which class wins where several meet: a frame's worst verdict (the timeline),
  // the class a heatmap pixel is painted in. Higher is worse; ok is 0.
  int severity;
  Rgba colour;  // timeline markers, legends, heatmaps, ghost labels
  // What the offending cell is, in the "Why" window (CLIP, TUNNEL and GAP name one).
  const char* cellRole;
  const char* sarifText;  // the SARIF rule's shortDescription
  // An audit case can end in it (audits judge single moves, so never JITTER): the
  // JUnit report has a test case for each such class.
  bool audited;
};
// The row of `v`; a row named "?" for a value outside the enum.
const VerdictInfo& verdictInfo(Verdict v);

// "ok", "CLIP", "GAP", "TUNNEL", "FALSE-BLOCK", "JITTER", "ROUTINE-FAULT", "DRIFT".
inline const char* verdictName(Verdict v) {
  return verdictInfo(v).name;
}
inline const char* verdictExplanation(Verdict v) {
  return verdictInfo(v).explanation;
}
inline int verdictSeverity(Verdict v) {
  return verdictInfo(v).severity;
}
inline Rgba verdictColour(Verdict v) {
  return verdictInfo(v).colour;
}
// The verdict named `name` (verdictName's spelling, case-insensitive), or false.
bool verdictFromName(const std::string& name, Verdict& out);

struct Motion {
  int dx = 0, dy = 0;
  bool operator==(const Motion&) const = default;
};

// The d-pad's history for "last-pressed" intent: the frame at which each held
// direction (PadDirection order) was last pressed, -1 when it is not held.
struct PadHistory {
  std::array<int, 4> pressedAt{-1, -1, -1, -1};
  // Advances to `frame`, in which `input` is held.
  void update(uint8_t input, int frame);
};

// The button of a d-pad direction, and its unit vector.
uint8_t padButton(PadDirection d);
std::array<int, 2> padVector(PadDirection d);

// The motion the oracle expects of entity `slot` in one call, from its field
// values before the call (in `fieldNames` order) and the input byte. `history`
// (last-pressed only) says which held direction came last; without it every
// held direction counts as pressed this frame.
Motion intendedMotion(const RoutineManifest& m, const std::vector<std::string>& fieldNames,
                      const std::vector<int32_t>& before, int slot, uint8_t input,
                      const PadHistory* history = nullptr);

// Whole pixels of a velocity of `subpixels` / 2^fracBits, rounded as the manifest says.
int velocityPixels(int32_t subpixels, int fracBits, SubpixelRounding rounding);

struct FrameVerdict {
  int frame = 0, entity = 0;
  Verdict verdict = Verdict::Ok;
  int startX = 0, startY = 0;      // routine coordinates before the call
  Motion motion;                   // intended
  int oracleX = 0, oracleY = 0;    // where the oracle ends
  int routineX = 0, routineY = 0;  // where the routine ended (unwrapped)
  bool hasCell = false;            // the offending cell (CLIP, TUNNEL, GAP)
  CellPos cell;
  bool hasPixel = false;  // the routine's leading-edge pixel, room coordinates (FALSE-BLOCK)
  int pixelX = 0, pixelY = 0;
  std::string message;  // one line of evidence; empty for ok
  // An entity of a table without an entry (EntityFrame::passive): Ok, never
  // counted among the judged calls.
  bool passive = false;
};

// Judges one move that did not fault. `routineX/Y` must already be unwrapped.
FrameVerdict classifyMove(const MapDocument& map, const Hitbox& hitbox,
                          const OracleSettings& settings, int originX, int originY, int x, int y,
                          Motion motion, int routineX, int routineY);

// The ROUTINE-FAULT message of a call: why it halted abnormally (isFault, with
// the CPU's reason) and/or the first write into its map; empty when the call
// did not fault. Recordings and audits both judge faults with this.
std::string routineFaultMessage(const EntityFrame& e);
inline bool isRoutineFault(const EntityFrame& e) {
  return isFault(e.halt) || e.badWrite;
}

// Judges a call that faulted (routineFaultMessage not empty): ROUTINE-FAULT with
// the start, intended motion, the oracle's end and the routine's (unwrapped) end.
FrameVerdict classifyFault(const EntityFrame& e, const MapDocument& map, const Hitbox& hitbox,
                           const OracleSettings& settings, int originX, int originY, int x, int y,
                           Motion motion, int routineX, int routineY);

// The routine's value after a call, unwrapped relative to `before` for a field
// of `size` bytes (1 or 2).
int unwrapField(int before, int after, int size);

// One verdict per frame per entity, frame-major.
std::vector<FrameVerdict> classifyRecording(const Scenario& scenario, const Recording& recording);

}  // namespace core
