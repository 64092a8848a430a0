#include "core/check/query_check.h"

#include <algorithm>
#include <cstdio>

#include "core/check/oracle.h"
#include "core/game/game_machine.h"
#include "core/map/collision_bits.h"
#include "core/sim/field_codec.h"
#include "core/sim/map_layout.h"

namespace core {

namespace {

constexpr const char* kSideNames[4] = {"left", "right", "top", "bottom"};

std::string hex(uint32_t v, int digits) {
  char b[16];
  std::snprintf(b, sizeof b, "$%0*X", digits, unsigned(v));
  return b;
}

// A register by name; SM83 8-bit registers are halves of the pairs registers() reports.
std::optional<uint32_t> registerValue(const Machine& m, const std::string& name) {
  static const struct {
    const char* name;
    const char* pair;
    int shift;
  } kHalves[] = {{"A", "AF", 8}, {"B", "BC", 8}, {"C", "BC", 0}, {"D", "DE", 8},
                 {"E", "DE", 0}, {"H", "HL", 8}, {"L", "HL", 0}};
  const std::vector<RegisterValue> regs = m.registers();
  for (const RegisterValue& r : regs)
    if (name == r.name) return r.value;
  for (const auto& h : kHalves)
    if (name == h.name)
      for (const RegisterValue& r : regs)
        if (std::string(h.pair) == r.name) return (r.value >> h.shift) & 0xFF;
  return std::nullopt;
}

// A flag by its letter in flagNames() ("NV-BDIZC", "ZNHC"), most significant first.
bool flagSet(const Machine& m, char letter) {
  const std::string names = m.flagNames();
  const size_t i = names.find(letter);
  if (i == std::string::npos) return false;
  return (m.flagBits() >> (names.size() - 1 - i)) & 1;
}

// Everything a judgement needs, resolved once for a simulation.
struct Plan {
  std::shared_ptr<const QuerySpec> spec;  // keeps `q` alive
  const QuerySpec* q = nullptr;
  const Simulation* sim = nullptr;
  MapDocument oracleMap;
  OracleSettings settings;
  int originX = 0, originY = 0;
  int cellSize = 16;
  Hitbox hitbox;
  uint64_t budget = 0;
  std::vector<uint16_t> cellBases;

  struct Place {
    const QueryValue* v = nullptr;
    uint16_t address = 0;  // Ram
    int field = -1;        // Field: index into the binding's fields
  };
  Place x, y, w, h, tile;
  std::array<Place, 4> side;
  Place answerRam;

  bool bind(const QueryValue& v, const std::string& path, Place& out, std::string* error) const {
    out.v = &v;
    if (v.source == QueryValue::Source::Ram) {
      auto a = sim->image().debug.addressOf(v.ref.label);
      if (!a || *a + v.ref.offset + v.size - 1 > 0xFFFF) {
        *error = path + ": label \"" + v.ref.label + "\" is not defined by the routine";
        return false;
      }
      out.address = uint16_t(*a + v.ref.offset);
    } else if (v.source == QueryValue::Source::Field) {
      out.field = sim->binding().fieldIndex(v.field);
      if (out.field < 0) {
        *error = path + ": field \"" + v.field + "\" is not bound";
        return false;
      }
    }
    return true;
  }

  int32_t read(const Machine& m, const Place& p, int fallback) const {
    if (!p.v) return fallback;
    const QueryValue& v = *p.v;
    switch (v.source) {
      case QueryValue::Source::None:
        return fallback;
      case QueryValue::Source::Number:
        return v.number;
      case QueryValue::Source::Register:
        return int32_t(registerValue(m, v.reg).value_or(0));
      case QueryValue::Source::Ram: {
        const uint8_t a = m.peek(p.address);
        if (v.size == 1) return a;
        const uint8_t b = m.peek(uint16_t(p.address + 1));
        return v.bigEndian ? (a << 8 | b) : (b << 8 | a);
      }
      case QueryValue::Source::Field: {
        const Binding::Field& f = sim->binding().fields[size_t(p.field)];
        return fieldPixels(f, readField(m, f, 0));
      }
    }
    return fallback;
  }

  // Writes an audit case's input; registers go to `regs` (set by the call).
  void write(Simulation& s, const Place& p, int value,
             std::vector<std::pair<std::string, uint32_t>>& regs) const {
    if (!p.v) return;
    const QueryValue& v = *p.v;
    Machine& m = s.machine();
    if (v.source == QueryValue::Source::Register) {
      regs.push_back({v.reg, uint32_t(value)});
    } else if (v.source == QueryValue::Source::Ram) {
      if (v.size == 1) {
        m.poke(p.address, uint8_t(value));
      } else {
        m.poke(p.address, uint8_t(v.bigEndian ? value >> 8 : value));
        m.poke(uint16_t(p.address + 1), uint8_t(v.bigEndian ? value : value >> 8));
      }
    } else if (v.source == QueryValue::Source::Field) {
      const Binding::Field& f = s.binding().fields[size_t(p.field)];
      s.writeField(0, f, int32_t(value) * (int32_t(1) << f.fracBits));
    }
  }

  // The most an input can hold (8 or 16 bits); Number and None hold anything.
  int capacity(const Place& p) const {
    if (!p.v) return 0x7FFFFFFF;
    const QueryValue& v = *p.v;
    if (v.source == QueryValue::Source::Register)
      return presetRegisterBits(sim->scenario().manifest.cpu, v.reg) == 16 ? 0xFFFF : 0xFF;
    if (v.source == QueryValue::Source::Ram) return v.size == 2 ? 0xFFFF : 0xFF;
    if (v.source == QueryValue::Source::Field) {
      const Binding::Field& f = sim->binding().fields[size_t(p.field)];
      return int((int64_t(1) << (8 * f.size - f.fracBits - (f.isSigned ? 1 : 0))) - 1);
    }
    return 0x7FFFFFFF;
  }

  bool solidAt(int rx, int ry) const {
    const int col = floorDiv(rx, cellSize), row = floorDiv(ry, cellSize);
    return (oracleCell(oracleMap, col, row, settings) & kSolid) == kSolid;
  }
  CellPos cellAt(int rx, int ry) const { return {floorDiv(rx, cellSize), floorDiv(ry, cellSize)}; }

  QueryInput readInput(const Machine& m) const {
    QueryInput in;
    in.x = read(m, x, 0);
    in.y = read(m, y, 0);
    in.w = read(m, w, hitbox.w);
    in.h = read(m, h, hitbox.h);
    in.tile = read(m, tile, 0);
    return in;
  }

  // The raw answer, turned into the query's terms (solid = 1; side bits; bits; address).
  uint32_t readAnswer(const Machine& m) const {
    const QueryAnswer& a = q->answer;
    auto truth = [&](bool set) { return uint32_t(q->means == QueryMeaning::Free ? !set : set); };
    switch (a.source) {
      case QueryAnswer::Source::Carry:
        return truth(flagSet(m, 'C'));
      case QueryAnswer::Source::Zero:
        return truth(flagSet(m, 'Z'));
      case QueryAnswer::Source::Sides: {
        uint32_t bits = 0;
        for (size_t s = 0; s < 4; ++s)
          if (((read(m, side[s], 0) & a.sideMask[s]) != 0) != q->sidesFreeWhenSet) bits |= 1u << s;
        return bits;
      }
      case QueryAnswer::Source::Register:
      case QueryAnswer::Source::Ram: {
        uint32_t v = 0;
        if (a.source == QueryAnswer::Source::Ram)
          v = uint32_t(read(m, answerRam, 0));
        else if (!a.regHi.empty())
          v = registerValue(m, a.reg).value_or(0) | registerValue(m, a.regHi).value_or(0) << 8;
        else
          v = registerValue(m, a.reg).value_or(0);
        if (q->means == QueryMeaning::Address) return v & 0xFFFF;
        if (q->means == QueryMeaning::Bits) return v & a.mask;
        return truth((v & a.mask) != 0);
      }
    }
    return 0;
  }

  // The oracle's answer, and the cell it is about.
  uint32_t expected(const QueryInput& in, CellPos& cell, bool& hasCell) const {
    const int rx = in.x - originX, ry = in.y - originY;
    hasCell = q->kind != QueryKind::Tile;
    switch (q->kind) {
      case QueryKind::Point:
        cell = cellAt(rx, ry);
        return solidAt(rx, ry) ? 1 : 0;
      case QueryKind::Cell:
        cell = cellAt(rx, ry);
        return 0;
      case QueryKind::Tile: {
        const auto& set = oracleMap.metatiles.metatiles;
        const uint8_t c =
            in.tile >= 0 && size_t(in.tile) < set.size() ? set[size_t(in.tile)].collision : 0;
        if (q->means == QueryMeaning::Bits)
          return encodeAttribute(sim->binding(), c) & q->answer.mask;
        return (c & kSolid) == kSolid ? 1 : 0;
      }
      case QueryKind::Box:
        break;
    }
    cell = cellAt(rx, ry);
    uint32_t bits = 0;
    for (int s = 0; s < 4; ++s) sideSolid(in, s, &bits);
    return bits;
  }

  // Side `s` of the box: solid (setting bit s of `bits`), and its first solid pixel's cell.
  std::optional<CellPos> sideSolid(const QueryInput& in, int s, uint32_t* bits) const {
    const int rx = in.x - originX, ry = in.y - originY;
    const bool out = q->probe == SideProbe::Outside;
    const int w = std::max(in.w, 1), h = std::max(in.h, 1);
    const bool vertical = s < 2;  // left/right: a column of pixels
    const int fixed = s == 0   ? (out ? rx - 1 : rx)
                      : s == 1 ? (out ? rx + w : rx + w - 1)
                      : s == 2 ? (out ? ry - 1 : ry)
                               : (out ? ry + h : ry + h - 1);
    const int from = vertical ? ry : rx, count = vertical ? h : w;
    for (int k = 0; k < count; ++k) {
      const int px = vertical ? fixed : from + k, py = vertical ? from + k : fixed;
      if (solidAt(px, py)) {
        if (bits) *bits |= 1u << s;
        return cellAt(px, py);
      }
    }
    return std::nullopt;
  }

  // Judges one call from its inputs, answer and halt.
  QueryJudgement judge(const QueryInput& in, uint32_t actual, const CallResult& cr) const {
    QueryJudgement j;
    j.input = in;
    j.actual = actual;
    j.expected = expected(in, j.cell, j.hasCell);
    if (cr.reason != HaltKind::Returned) {
      j.verdict = Verdict::RoutineFault;
      j.message = std::string("the query did not return: ") + haltKindName(cr.reason) +
                  (cr.detail.empty() ? "" : " (" + cr.detail + ")");
      return j;
    }
    bool right = j.expected == actual;
    if (q->kind == QueryKind::Cell) {
      const auto got = cellOfAddress(sim->binding(), cellBases, uint16_t(actual));
      const bool inside = sim->scenario().map.room.inside(j.cell.col, j.cell.row);
      right = !inside || (got && (*got)[0] == j.cell.col && (*got)[1] == j.cell.row);
      // Any byte of the entry is right; the one named is found only for a wrong answer.
      j.expected = right ? actual : expectedAddress(j.cell);
    }
    if (right) return j;
    j.verdict = Verdict::WrongAnswer;
    if (q->kind == QueryKind::Box) {
      // The cell of the first side that differs: its solid pixel, else the side's first pixel.
      for (int s = 0; s < 4; ++s) {
        if (((j.expected ^ actual) >> s & 1) == 0) continue;
        auto c = sideSolid(in, s, nullptr);
        if (!c) {
          const int rx = in.x - originX, ry = in.y - originY;
          const int out = q->probe == SideProbe::Outside ? 1 : 0;
          const int px = s == 0 ? rx - out : s == 1 ? rx + in.w - 1 + out : rx;
          const int py = s == 2 ? ry - out : s == 3 ? ry + in.h - 1 + out : ry;
          c = cellAt(px, py);
        }
        j.cell = *c;
        j.message = std::string(kSideNames[s]) + " side: ";
        break;
      }
    }
    j.message += "the query answered " + queryAnswerText(*q, actual) + " for " +
                 queryInputText(*q, in) + ", the oracle " + queryAnswerText(*q, j.expected);
    if (j.hasCell) {
      const Room& room = oracleMap.room;
      char b[96];
      if (room.inside(j.cell.col, j.cell.row))
        std::snprintf(b, sizeof b, " (cell %d,%d: metatile %u, collision $%02X)", j.cell.col,
                      j.cell.row, unsigned(room.at(j.cell.col, j.cell.row)),
                      unsigned(oracleMap.collisionAt(j.cell.col, j.cell.row)));
      else
        std::snprintf(b, sizeof b, " (cell %d,%d: outside the room)", j.cell.col, j.cell.row);
      j.message += b;
    } else if (q->kind == QueryKind::Tile) {
      const auto& set = oracleMap.metatiles.metatiles;
      if (in.tile >= 0 && size_t(in.tile) < set.size()) {
        char b[64];
        std::snprintf(b, sizeof b, " (metatile %d, collision $%02X)", in.tile,
                      unsigned(set[size_t(in.tile)].collision));
        j.message += b;
      }
    }
    return j;
  }

  // An address whose byte is the cell's entry (0 when none is found).
  uint32_t expectedAddress(CellPos c) const {
    if (cellBases.empty()) return 0;
    const uint32_t span = cellTableBytes(sim->binding());
    for (uint16_t base : cellBases)
      for (uint32_t a = base; a < base + span && a <= 0xFFFF; ++a) {
        auto got = cellOfAddress(sim->binding(), cellBases, uint16_t(a));
        if (got && (*got)[0] == c.col && (*got)[1] == c.row) return a;
      }
    return 0;
  }
};

bool makePlan(Simulation& sim, Plan& p, std::string* error) {
  const Scenario& sc = sim.scenario();
  const RoutineManifest& m = sc.manifest;
  p.spec = manifestQuery(m);
  if (!p.spec) {
    *error = m.path + ": the manifest has no \"query\" block (docs/manifest.md)";
    return false;
  }
  p.q = p.spec.get();
  p.sim = &sim;
  p.oracleMap = oracleMapOf(sc.map, sim.oracleCollision());
  p.settings = sc.oracle;
  p.originX = m.originX;
  p.originY = m.originY;
  p.cellSize = sc.map.room.cellSize;
  p.hitbox = m.hitbox.value_or(Hitbox{});
  p.budget = m.cycleBudget;
  const Machine& mc = sim.machine();
  p.cellBases = cellTableBases(sim.binding(), [&](uint16_t a) { return mc.peek(a); });
  const QuerySpec& q = *p.q;
  if (!p.bind(q.x, "query.inputs.x", p.x, error) || !p.bind(q.y, "query.inputs.y", p.y, error) ||
      !p.bind(q.w, "query.inputs.w", p.w, error) || !p.bind(q.h, "query.inputs.h", p.h, error) ||
      !p.bind(q.tile, "query.inputs.tile", p.tile, error))
    return false;
  if (q.answer.source == QueryAnswer::Source::Ram &&
      !p.bind(q.answer.ram, "query.answer", p.answerRam, error))
    return false;
  if (q.answer.source == QueryAnswer::Source::Sides)
    for (size_t s = 0; s < 4; ++s)
      if (!p.bind(q.answer.side[s], std::string("query.answer.") + kSideNames[s], p.side[s], error))
        return false;
  return true;
}

void count(QueryReport& r, const QueryJudgement& j) {
  ++r.calls;
  ++r.counts[size_t(j.verdict)];
}

}  // namespace

FrameVerdict queryFrameVerdict(const QueryJudgement& j) {
  FrameVerdict v;
  v.frame = std::max(j.frame, 0);
  v.entity = j.call;
  v.verdict = j.verdict;
  v.startX = v.oracleX = v.routineX = j.input.x;
  v.startY = v.oracleY = v.routineY = j.input.y;
  v.hasCell = j.hasCell && j.verdict == Verdict::WrongAnswer;
  v.cell = j.cell;
  v.message = j.message;
  return v;
}

std::string queryAnswerText(const QuerySpec& q, uint32_t value) {
  switch (q.kind) {
    case QueryKind::Box: {
      std::string s;
      for (int k = 0; k < 4; ++k)
        if (value >> k & 1) s += (s.empty() ? "" : "+") + std::string(kSideNames[k]);
      return s.empty() ? "no side solid" : s + " solid";
    }
    case QueryKind::Cell:
      return hex(value, 4);
    default:
      if (q.means == QueryMeaning::Bits) return hex(value, 2);
      return value ? "solid" : "free";
  }
}

std::string queryInputText(const QuerySpec& q, const QueryInput& in) {
  if (q.kind == QueryKind::Tile) return "tile " + std::to_string(in.tile);
  std::string s = "(" + std::to_string(in.x) + ", " + std::to_string(in.y) + ")";
  if (q.kind == QueryKind::Box) s += " " + std::to_string(in.w) + "x" + std::to_string(in.h);
  return s;
}

QueryReport judgeQueryCalls(Simulation& sim, const std::atomic<bool>* cancel) {
  QueryReport r;
  Plan p;
  if (!makePlan(sim, p, &r.error)) return r;
  r.kind = p.q->kind;
  const Recording& rec = sim.recording();
  const Scenario& sc = sim.scenario();
  Machine& m = sim.machine();
  auto stopped = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
  if (game::GameMachine* gm = sim.gameMachine(); gm && sim.frameRunner()) {
    // Frame mode: the game from frame 0 again, stopped at every call of the query.
    if (rec.keyframes.empty()) {
      r.error = "nothing recorded: run the simulation first";
      return r;
    }
    std::vector<bool> stops(0x10000, false);
    stops[sim.binding().entry] = true;  // the query: the manifest's entry (game.routines[0])
    gm->restore(rec.keyframes[0]);
    for (int f = 0; f < int(rec.frames.size()) && !stopped(); ++f) {
      gm->setButtons(sc.inputAt(f));
      uint64_t budget = gm->cyclesToFrameStart();
      int call = 0;
      while (budget > 0) {
        const game::GameRun run = gm->runFreeTo(stops, budget);
        budget -= std::min(budget, run.cycles);
        if (run.reason != HaltKind::Breakpoint) {
          if (run.reason != HaltKind::CycleBudget && run.reason != HaltKind::InstructionBudget)
            break;
          continue;
        }
        gm->adoptNextCall();
        gm->beginCall(gm->pc());
        const QueryInput in = p.readInput(*gm);
        const CallResult cr = gm->resume(p.budget, nullptr, nullptr);
        const uint32_t answer = p.readAnswer(*gm);
        gm->finishAdoptedCall();
        budget -= std::min(budget, cr.cycles);
        QueryJudgement j = p.judge(in, answer, cr);
        j.frame = f;
        j.call = call++;
        count(r, j);
        r.judgements.push_back(std::move(j));
        if (cr.reason != HaltKind::Returned) break;  // the game is lost for this frame
      }
    }
  } else {
    // Call mode: each recorded call again from its seek point (presets and fields written).
    for (int f = 0; f < int(rec.frames.size()) && !stopped(); ++f)
      for (int i = 0; i < int(sc.entities.size()); ++i) {
        if (!sc.moves(size_t(i)) || !sim.seek(f, i)) continue;
        m.beginCall(sim.entryOf(i));
        const QueryInput in = p.readInput(m);
        const CallResult cr = m.resume(p.budget, nullptr, nullptr);
        QueryJudgement j = p.judge(in, p.readAnswer(m), cr);
        j.frame = f;
        j.call = i;
        count(r, j);
        r.judgements.push_back(std::move(j));
      }
  }
  r.cancelled = stopped();
  r.ok = true;
  return r;
}

QueryReport auditQuery(Simulation& sim, size_t maxFailures, const std::atomic<bool>* cancel) {
  QueryReport r;
  Plan p;
  sim.resetToStart();
  if (!makePlan(sim, p, &r.error)) return r;
  const QuerySpec& q = *p.q;
  r.kind = q.kind;
  Machine& m = sim.machine();
  const Snapshot start = m.snapshot();
  const uint16_t entry = sim.binding().entry;  // the query is the manifest's entry
  const Room& room = sim.scenario().map.room;
  const int pw = room.pixelWidth(), ph = room.pixelHeight();
  std::vector<QueryInput> cases;
  uint64_t skipped = 0;
  if (q.kind == QueryKind::Tile) {
    const int n = int(p.oracleMap.metatiles.metatiles.size());
    for (int t = 0; t < n; ++t) {
      if (t > p.capacity(p.tile)) {
        ++skipped;
        continue;
      }
      QueryInput in;
      in.tile = t;
      cases.push_back(in);
    }
    r.domain = "every metatile id, 0.." + std::to_string(n - 1);
  } else {
    const bool box = q.kind == QueryKind::Box;
    const int bw = box ? p.read(m, p.w, p.hitbox.w) : 1, bh = box ? p.read(m, p.h, p.hitbox.h) : 1;
    // A box's size comes from a constant or the hitbox; an input in RAM or a register
    // is written with the hitbox's.
    const int w = box && p.w.v && p.w.v->source == QueryValue::Source::Number ? bw : p.hitbox.w;
    const int h = box && p.h.v && p.h.v->source == QueryValue::Source::Number ? bh : p.hitbox.h;
    const int lastX = box ? pw - w : pw - 1, lastY = box ? ph - h : ph - 1;
    for (int ry = 0; ry <= lastY; ++ry)
      for (int rx = 0; rx <= lastX; ++rx) {
        QueryInput in;
        in.x = rx + p.originX;
        in.y = ry + p.originY;
        in.w = box ? w : 0;
        in.h = box ? h : 0;
        if (in.x < 0 || in.y < 0 || in.x > p.capacity(p.x) || in.y > p.capacity(p.y)) {
          ++skipped;
          continue;
        }
        cases.push_back(in);
      }
    r.domain =
        box ? "every position of a " + std::to_string(w) + "x" + std::to_string(h) +
                  " box inside the " + std::to_string(pw) + " x " + std::to_string(ph) + " room"
            : "every pixel of the " + std::to_string(pw) + " x " + std::to_string(ph) + " room";
  }
  r.skipped = skipped;
  if (skipped) r.skipReason = "positions or ids the query's inputs cannot hold";
  std::vector<std::pair<std::string, uint32_t>> regs;
  for (const QueryInput& in : cases) {
    if (cancel && cancel->load(std::memory_order_relaxed)) break;
    m.restore(start);
    regs.clear();
    if (q.kind == QueryKind::Tile) {
      p.write(sim, p.tile, in.tile, regs);
    } else {
      p.write(sim, p.x, in.x, regs);
      p.write(sim, p.y, in.y, regs);
      if (q.kind == QueryKind::Box) {
        p.write(sim, p.w, in.w, regs);
        p.write(sim, p.h, in.h, regs);
      }
    }
    m.setCallRegisters(regs);
    const CallResult cr = m.call(entry, p.budget, nullptr);
    QueryJudgement j = p.judge(in, p.readAnswer(m), cr);
    count(r, j);
    if (j.verdict == Verdict::Ok) continue;
    if (r.judgements.size() < maxFailures)
      r.judgements.push_back(std::move(j));
    else
      r.truncated = true;
  }
  m.setCallRegisters({});
  m.restore(start);
  r.cancelled = r.calls < cases.size();
  r.ok = true;
  return r;
}

}  // namespace core
