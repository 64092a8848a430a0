#include "core/check/verdict.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iterator>

#include "core/sim/field_codec.h"
#include "core/util/text.h"

namespace core {

namespace {

// The one table of verdict classes (verdict.h), in Verdict order. Colours are RGBA.
constexpr VerdictInfo kVerdicts[] = {
    {.verdict = Verdict::Ok,
     .name = "ok",
     .explanation = "the routine ends where the exact oracle ends",
     .severity = 0,
     .colour = {80, 200, 100, 255},
     .cellRole = "the cell",
     .sarifText = "ok",
     .audited = false},
    {.verdict = Verdict::Clip,
     .name = "CLIP",
     .explanation = "the routine's hitbox ends inside a cell it entered that blocks that direction",
     .severity = 5,
     .colour = {255, 60, 60, 255},
     .cellRole = "the blocking cell it ended inside",
     .sarifText = "The routine moved the hitbox into a cell that blocks it.",
     .audited = true},
    {.verdict = Verdict::Gap,
     .name = "GAP",
     .explanation = "the routine stopped short of a wall the oracle moves flush against",
     .severity = 4,
     .colour = {255, 170, 50, 255},
     .cellRole = "the cell that blocked, ahead",
     .sarifText = "The routine stopped short of the wall the oracle touches.",
     .audited = true},
    {.verdict = Verdict::Tunnel,
     .name = "TUNNEL",
     .explanation = "the routine passed through a wall the oracle stops at",
     .severity = 6,
     .colour = {230, 40, 230, 255},
     .cellRole = "the wall it passed through",
     .sarifText = "The routine moved the hitbox through a wall.",
     .audited = true},
    {.verdict = Verdict::FalseBlock,
     .name = "FALSE-BLOCK",
     .explanation = "the routine refused intended motion with nothing in the way",
     .severity = 1,
     .colour = {250, 230, 60, 255},
     .cellRole = "the cell",
     .sarifText = "The routine blocked a move through free space.",
     .audited = true},
    {.verdict = Verdict::Jitter,
     .name = "JITTER",
     .explanation = "the position goes A, B, A over three frames under the same input",
     .severity = 3,
     .colour = {90, 200, 255, 255},
     .cellRole = "the cell",
     .sarifText = "The position oscillates under constant input.",
     .audited = false},
    {.verdict = Verdict::RoutineFault,
     .name = "ROUTINE-FAULT",
     .explanation =
         "the call halted abnormally (budget, JAM, lost return...) or wrote into the map",
     .severity = 7,
     .colour = {255, 255, 255, 255},
     .cellRole = "the cell",
     .sarifText = "The call halted abnormally or wrote into its map.",
     .audited = true},
    {.verdict = Verdict::Drift,
     .name = "DRIFT",
     .explanation = "the routine moved where none was intended, or further than intended",
     .severity = 2,
     .colour = {190, 140, 255, 255},
     .cellRole = "the cell",
     .sarifText = "The routine moved where no motion was intended.",
     .audited = true},
    // A query's answer (core/check/query_check.h), never a move's: room audits
    // cannot end in it, so it has no JUnit case of its own.
    {.verdict = Verdict::WrongAnswer,
     .name = "WRONG-ANSWER",
     .explanation = "the query answered otherwise than the oracle for the same inputs",
     .severity = 8,
     .colour = {255, 120, 160, 255},
     .cellRole = "the cell the query asked about",
     .sarifText = "The query's answer differs from the exact answer.",
     .audited = false},
};
static_assert(std::size(kVerdicts) == size_t(kVerdictCount), "one row per verdict class");
static_assert(
    [] {
      for (size_t i = 0; i < std::size(kVerdicts); ++i)
        if (kVerdicts[i].verdict != Verdict(i)) return false;
      return true;
    }(),
    "the rows are in Verdict order");

constexpr VerdictInfo kUnknownVerdict = {.verdict = Verdict(kVerdictCount),
                                         .name = "?",
                                         .explanation = "",
                                         .severity = 0,
                                         .colour = {128, 128, 128, 255},
                                         .cellRole = "the cell",
                                         .sarifText = "?",
                                         .audited = false};

}  // namespace

const VerdictInfo& verdictInfo(Verdict v) {
  return size_t(v) < std::size(kVerdicts) ? kVerdicts[size_t(v)] : kUnknownVerdict;
}

bool verdictFromName(const std::string& name, Verdict& out) {
  for (int v = 0; v < kVerdictCount; ++v) {
    if (lower(kVerdicts[v].name) == lower(name)) {
      out = Verdict(v);
      return true;
    }
  }
  return false;
}

namespace {

int fieldValue(const std::vector<std::string>& names, const std::vector<int32_t>& values,
               const char* name, int fallback) {
  for (size_t i = 0; i < names.size() && i < values.size(); ++i)
    if (names[i] == name) return values[i];
  return fallback;
}

int sign(int v) {
  return (v > 0) - (v < 0);
}

std::string cellText(const CellPos& c) {
  return "cell " + std::to_string(c.col) + "," + std::to_string(c.row);
}

std::string posText(int x, int y) {
  return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

}  // namespace

void PadHistory::update(uint8_t input, int frame) {
  for (int d = 0; d < 4; ++d) {
    int& at = pressedAt[size_t(d)];
    if (!(input & padButton(PadDirection(d))))
      at = -1;
    else if (at < 0)
      at = frame;
  }
}

uint8_t padButton(PadDirection d) {
  switch (d) {
    case PadDirection::Up:
      return kButtonUp;
    case PadDirection::Down:
      return kButtonDown;
    case PadDirection::Left:
      return kButtonLeft;
    case PadDirection::Right:
      return kButtonRight;
  }
  return 0;
}

std::array<int, 2> padVector(PadDirection d) {
  switch (d) {
    case PadDirection::Up:
      return {0, -1};
    case PadDirection::Down:
      return {0, 1};
    case PadDirection::Left:
      return {-1, 0};
    case PadDirection::Right:
      return {1, 0};
  }
  return {0, 0};
}

int velocityPixels(int32_t subpixels, int fracBits, SubpixelRounding rounding) {
  if (fracBits <= 0) return subpixels;
  const int32_t one = int32_t(1) << fracBits;
  if (rounding == SubpixelRounding::TowardZero) return subpixels / one;
  return int(floorDiv(subpixels, one));
}

namespace {

// The direction the held d-pad buttons give under the manifest's diagonal rule.
Motion padMotion(const MotionModel& mm, uint8_t input, const PadHistory* history) {
  Motion mv;
  if (mm.diagonal == DiagonalRule::Both) {
    mv.dx = ((input & kButtonRight) ? 1 : 0) - ((input & kButtonLeft) ? 1 : 0);
    mv.dy = ((input & kButtonDown) ? 1 : 0) - ((input & kButtonUp) ? 1 : 0);
    return mv;
  }
  int best = -1, bestAt = 0;
  for (PadDirection d : mm.priority) {
    if (!(input & padButton(d))) continue;
    if (mm.diagonal == DiagonalRule::OneAxis) {
      best = int(d);
      break;
    }
    // Strictly later only: a tie keeps the direction earlier in priority.
    const int at = history ? history->pressedAt[size_t(d)] : 0;
    if (best < 0 || at > bestAt) {
      best = int(d);
      bestAt = at;
    }
  }
  if (best >= 0) {
    const auto v = padVector(PadDirection(best));
    mv.dx = v[0];
    mv.dy = v[1];
  }
  return mv;
}

// The shape an intent field is read in: the field's own, with the intent's sign.
ValueShape intentShape(const RoutineManifest& m, const IntentField& f) {
  auto it = m.fields.find(f.field);
  ValueShape s = it == m.fields.end() ? kU8 : it->second.shape();
  s.isSigned = f.isSigned;
  return s;
}

}  // namespace

Motion intendedMotion(const RoutineManifest& m, const std::vector<std::string>& fieldNames,
                      const std::vector<int32_t>& before, int slot, uint8_t input,
                      const PadHistory* history) {
  const MotionModel& mm = m.motion;
  Motion mv;
  if (mm.from == IntentSource::Velocity) {
    auto axis = [&](const IntentField& f, const char* pos) {
      const int32_t raw = fieldValue(fieldNames, before, f.field.c_str(), 0);
      const int32_t v = intentShape(m, f).wrap(raw);
      const FieldCodec p = fieldShape(m, pos);
      if (p.fracBits == 0 || mm.rounding == SubpixelRounding::TowardZero)
        return velocityPixels(v, f.fracBits, mm.rounding);
      // A fixed-point position's sub-pixel carries into the move, as adding an
      // 8.8 velocity to a 12.4 x does: floor(x + v) - floor(x), exactly.
      const int64_t sub = fieldSubpixels(p, fieldValue(fieldNames, before, pos, 0));
      const int64_t sum = (sub << f.fracBits) + (int64_t(v) << p.fracBits);
      const int64_t one = int64_t(1) << (p.fracBits + f.fracBits);
      return int(sum >= 0 ? sum / one : -((-sum + one - 1) / one));
    };
    return {axis(mm.dx, "x"), axis(mm.dy, "y")};
  }
  if (mm.from == IntentSource::Requested) {
    // In whole pixels: the requested fields may keep another fixed point than x/y.
    auto axis = [&](const char* pos, const std::string& want) {
      const FieldCodec sp = fieldShape(m, pos), sw = fieldShape(m, want);
      const int32_t raw = fieldValue(fieldNames, before, pos, 0);
      const int p = fieldPixels(sp, raw);
      const int w = fieldPixels(sw, fieldValue(fieldNames, before, want.c_str(), raw));
      // Unwrapped in the position's pixel range (a byte-wide x wraps at 256).
      return fieldPixels(sp, unwrapRaw(sp, raw, fieldFromPixels(sp, w))) - p;
    };
    return {axis("x", mm.requestedX), axis("y", mm.requestedY)};
  }
  const int speed = mm.from == IntentSource::Speed
                        ? fieldValue(fieldNames, before, mm.speedField.c_str(), mm.speed)
                        : mm.speed;
  const auto& slots = mm.inputSlots;
  if (std::find(slots.begin(), slots.end(), slot) != slots.end()) {
    mv = padMotion(mm, input, history);
  } else {
    int dir = fieldValue(fieldNames, before, "dir", -1);
    auto it = mm.directions.find(dir);
    if (it != mm.directions.end()) {
      mv.dx = it->second[0];
      mv.dy = it->second[1];
    }
  }
  mv.dx *= speed;
  mv.dy *= speed;
  return mv;
}

int unwrapField(int before, int after, int size) {
  const int bits = 8 * std::clamp(size, 1, 3);
  const int mod = 1 << bits;
  int d = ((after - before) % mod + mod) % mod;
  if (d >= mod / 2) d -= mod;
  return before + d;
}

namespace {

// The fields every verdict has: the start, the intended motion, where the
// routine ended and where the oracle ends.
FrameVerdict verdictOfMove(const MapDocument& map, const Hitbox& hb, const OracleSettings& s,
                           int originX, int originY, int x, int y, Motion motion, int rx, int ry,
                           OracleMove* oracle) {
  FrameVerdict v;
  v.startX = x;
  v.startY = y;
  v.motion = motion;
  v.routineX = rx;
  v.routineY = ry;
  *oracle = oracleMove(map, hb, x, y, motion.dx, motion.dy, s, originX, originY);
  v.oracleX = oracle->x;
  v.oracleY = oracle->y;
  return v;
}

}  // namespace

FrameVerdict classifyMove(const MapDocument& map, const Hitbox& hb, const OracleSettings& s,
                          int originX, int originY, int x, int y, Motion motion, int rx, int ry) {
  OracleMove o;
  FrameVerdict v = verdictOfMove(map, hb, s, originX, originY, x, y, motion, rx, ry, &o);
  const int cs = map.room.cellSize;

  // CLIP: a newly entered cell under the final hitbox that blocks its entry direction.
  if (hb.w > 0 && hb.h > 0 && cs > 0) {
    const int c0 = floorDiv(x - originX + hb.x, cs),
              c1 = floorDiv(x - originX + hb.x + hb.w - 1, cs);
    const int r0 = floorDiv(y - originY + hb.y, cs),
              r1 = floorDiv(y - originY + hb.y + hb.h - 1, cs);
    const int fc0 = floorDiv(rx - originX + hb.x, cs),
              fc1 = floorDiv(rx - originX + hb.x + hb.w - 1, cs);
    const int fr0 = floorDiv(ry - originY + hb.y, cs),
              fr1 = floorDiv(ry - originY + hb.y + hb.h - 1, cs);
    for (int r = fr0; r <= fr1; ++r)
      for (int c = fc0; c <= fc1; ++c) {
        const bool newCol = c < c0 || c > c1, newRow = r < r0 || r > r1;
        if (!newCol && !newRow) continue;
        const uint8_t hbit = c > c1 ? kBlockRight : kBlockLeft;
        const uint8_t vbit = r > r1 ? kBlockDown : kBlockUp;
        uint8_t bit = newCol ? hbit : vbit;
        if (newCol && newRow) bit = s.xFirst ? vbit : hbit;
        if (oracleCell(map, c, r, s) & bit) {
          v.verdict = Verdict::Clip;
          v.hasCell = true;
          v.cell = {c, r};
          v.message = "ends at " + posText(rx, ry) + " inside " + cellText(v.cell) +
                      ", which blocks entry; oracle stops at " + posText(o.x, o.y);
          return v;
        }
      }
  }
  if (rx == o.x && ry == o.y) return v;

  struct Axis {
    int d, start, oracle, routine;
    bool blocked;
    CellPos cell;
    const char* name;
  };
  const Axis axes[2] = {{motion.dx, x, o.x, rx, o.blockedX, o.cellX, "x"},
                        {motion.dy, y, o.y, ry, o.blockedY, o.cellY, "y"}};
  // Progress along the intended direction of an axis.
  auto progress = [](const Axis& a, int pos) { return (pos - a.start) * sign(a.d); };
  // Whether the routine's final hitbox spans the blocking cell across the axis,
  // i.e. the cell lies on the routine's own line of travel.
  auto facing = [&](const Axis& a) {
    const bool h = &a == &axes[0];
    const int lo = h ? ry - originY + hb.y : rx - originX + hb.x;
    const int hi = lo + (h ? hb.h : hb.w) - 1;
    const int k = h ? a.cell.row : a.cell.col;
    return floorDiv(lo, cs) <= k && k <= floorDiv(hi, cs);
  };
  for (const Axis& a : axes)
    if (a.d != 0 && a.blocked && progress(a, a.routine) > progress(a, a.oracle) && facing(a)) {
      v.verdict = Verdict::Tunnel;
      v.hasCell = true;
      v.cell = a.cell;
      v.message = std::string("passed through ") + cellText(a.cell) + " on " + a.name +
                  ": ends at " + posText(rx, ry) + ", oracle stops at " + posText(o.x, o.y);
      return v;
    }
  for (const Axis& a : axes)
    if (a.d != 0 && a.blocked && progress(a, a.routine) < progress(a, a.oracle) && facing(a)) {
      v.verdict = Verdict::Gap;
      v.hasCell = true;
      v.cell = a.cell;
      v.message = std::string("stopped ") +
                  std::to_string(progress(a, a.oracle) - progress(a, a.routine)) + " px short on " +
                  a.name + " of contact with " + cellText(a.cell) + ": ends at " + posText(rx, ry) +
                  ", oracle " + posText(o.x, o.y);
      return v;
    }
  for (const Axis& a : axes)
    if (a.d != 0 && progress(a, a.routine) < progress(a, a.oracle)) {
      v.verdict = Verdict::FalseBlock;
      v.hasPixel = true;
      // The routine's leading edge pixel on the refused axis.
      const bool h = &a == &axes[0];
      v.pixelX = rx - originX + hb.x + (h && a.d > 0 ? hb.w - 1 : 0);
      v.pixelY = ry - originY + hb.y + (!h && a.d > 0 ? hb.h - 1 : 0);
      v.message = std::string("refused ") + a.name + " motion the oracle allows: moved " +
                  std::to_string(progress(a, a.routine)) + " of " + std::to_string(std::abs(a.d)) +
                  " px, ends at " + posText(rx, ry) + ", oracle " + posText(o.x, o.y);
      return v;
    }
  v.verdict = Verdict::Drift;
  v.message = "moved to " + posText(rx, ry) + " where the oracle goes to " + posText(o.x, o.y) +
              " (intended motion " + posText(motion.dx, motion.dy) + ")";
  return v;
}

std::string routineFaultMessage(const EntityFrame& e) {
  std::string m;
  if (isFault(e.halt)) m = std::string("halted: ") + haltKindName(e.halt);
  if (!m.empty() && !e.faultDetail.empty()) m += ": ";
  m += e.faultDetail;
  if (e.badWrite && e.faultDetail.empty())
    m += std::string(m.empty() ? "" : "; ") + "wrote into the encoded room or attribute table";
  return m;
}

FrameVerdict classifyFault(const EntityFrame& e, const MapDocument& map, const Hitbox& hb,
                           const OracleSettings& s, int originX, int originY, int x, int y,
                           Motion motion, int rx, int ry) {
  OracleMove o;
  FrameVerdict v = verdictOfMove(map, hb, s, originX, originY, x, y, motion, rx, ry, &o);
  v.verdict = Verdict::RoutineFault;
  v.message = routineFaultMessage(e);
  return v;
}

std::vector<FrameVerdict> classifyRecording(const Scenario& sc, const Recording& rec) {
  std::vector<FrameVerdict> out;
  const RoutineManifest& m = sc.manifest;
  const MapDocument ruled =
      rec.oracleCollision.empty() ? MapDocument{} : oracleMapOf(sc.map, rec.oracleCollision);
  const MapDocument& map = rec.oracleCollision.empty() ? sc.map : ruled;
  // Recordings keep raw values; the oracle judges whole pixels (raw >> frac, floor),
  // each entity by its own table's x and y.
  auto shapeOf = [&](int table, const char* name) {
    const auto& fields = m.fieldsOf(table);
    auto it = fields.find(name);
    return it == fields.end() ? FieldCodec{} : fieldShape(it->second);
  };
  std::vector<PadHistory> pads;
  for (size_t f = 0; f < rec.frames.size(); ++f) {
    const auto& ents = rec.frames[f].entities;
    if (pads.size() < ents.size()) pads.resize(ents.size());
    for (size_t i = 0; i < ents.size(); ++i) {
      const EntityFrame& e = ents[i];
      pads[i].update(e.input, int(f));
      const int table = sc.tableOf(i), slot = sc.slotOf(i);
      const FieldCodec shapeX = shapeOf(table, "x"), shapeY = shapeOf(table, "y");
      const int32_t rawX = e.before.size() > 0 ? e.before[0] : 0;
      const int32_t rawY = e.before.size() > 1 ? e.before[1] : 0;
      const int bx = fieldPixels(shapeX, rawX), by = fieldPixels(shapeY, rawY);
      if (e.passive) {
        // A passive table's entity is data the routine reads: nothing to judge.
        FrameVerdict v;
        v.frame = int(f);
        v.entity = int(i);
        v.passive = true;
        v.startX = v.oracleX = v.routineX = bx;
        v.startY = v.oracleY = v.routineY = by;
        out.push_back(std::move(v));
        continue;
      }
      const int rx = fieldPixels(shapeX, unwrapRaw(shapeX, rawX, e.x()));
      const int ry = fieldPixels(shapeY, unwrapRaw(shapeY, rawY, e.y()));
      Motion mv = e.gameIntent  // frame mode, game.intent "game": where the game went
                      ? Motion{(*e.gameIntent)[0], (*e.gameIntent)[1]}
                      : intendedMotion(m, rec.namesOf(table), e.before, slot, e.input, &pads[i]);
      FrameVerdict v = isRoutineFault(e) ? classifyFault(e, map, sc.hitboxOf(i), sc.oracle,
                                                         m.originX, m.originY, bx, by, mv, rx, ry)
                                         : classifyMove(map, sc.hitboxOf(i), sc.oracle, m.originX,
                                                        m.originY, bx, by, mv, rx, ry);
      v.frame = int(f);
      v.entity = int(i);
      out.push_back(std::move(v));
    }
  }
  // JITTER: A, B, A under the same input and intended motion.
  const size_t n = rec.frames.empty() ? 0 : rec.frames[0].entities.size();
  for (size_t f = 2; f < rec.frames.size(); ++f)
    for (size_t i = 0; i < n; ++i) {
      if (rec.frames[f].entities.size() != n || rec.frames[f - 1].entities.size() != n ||
          rec.frames[f - 2].entities.size() != n)
        continue;
      const FrameVerdict* w[3] = {&out[(f - 2) * n + i], &out[(f - 1) * n + i], &out[f * n + i]};
      const EntityFrame* e[3] = {&rec.frames[f - 2].entities[i], &rec.frames[f - 1].entities[i],
                                 &rec.frames[f].entities[i]};
      if (e[0]->input != e[1]->input || e[1]->input != e[2]->input) continue;
      if (!(w[0]->motion == w[1]->motion) || !(w[1]->motion == w[2]->motion)) continue;
      const bool aba = e[0]->x() == e[2]->x() && e[0]->y() == e[2]->y() &&
                       (e[0]->x() != e[1]->x() || e[0]->y() != e[1]->y());
      if (!aba || e[0]->passive) continue;
      for (int k = 0; k < 3; ++k) {
        FrameVerdict& v = out[(f - 2 + k) * n + i];
        if (v.verdict == Verdict::Ok || v.verdict == Verdict::Gap ||
            v.verdict == Verdict::FalseBlock || v.verdict == Verdict::Drift) {
          v.verdict = Verdict::Jitter;
          v.message = "oscillates " + posText(e[0]->x(), e[0]->y()) + " <-> " +
                      posText(e[1]->x(), e[1]->y()) + " under constant input from frame " +
                      std::to_string(f - 2);
        }
      }
    }
  return out;
}

}  // namespace core
