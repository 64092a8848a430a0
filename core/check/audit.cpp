#include "core/check/audit.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <thread>

#include "core/check/worker_pool.h"
#include "core/sim/simulation.h"

namespace core {

const char* auditDirectionName(int dir) {
  static const char* const kNames[8] = {"R", "DR", "D", "DL", "L", "UL", "U", "UR"};
  return dir >= 0 && dir < 8 ? kNames[dir] : "?";
}

AuditFailure AuditCaseRecord::toFailure() const {
  AuditFailure f;
  f.c = toCase();
  f.verdict.verdict = verdict;
  f.verdict.startX = x;
  f.verdict.startY = y;
  f.verdict.hasCell = hasCell && verdict != Verdict::FalseBlock;
  f.verdict.cell = {col, row};
  return f;
}

AuditCaseRecord auditCaseRecord(const AuditCase& c, const FrameVerdict& v, int cellSize) {
  AuditCaseRecord r;
  r.x = uint16_t(c.x);
  r.y = uint16_t(c.y);
  r.dir = uint8_t(c.dir);
  r.speed = uint16_t(c.speed);
  r.half = c.half;
  r.verdict = v.verdict;
  if (v.hasCell) {
    r.hasCell = true;
    r.col = int16_t(v.cell.col);
    r.row = int16_t(v.cell.row);
  } else if (v.hasPixel && cellSize > 0) {
    r.hasCell = true;
    r.col = int16_t(floorDiv(v.pixelX, cellSize));
    r.row = int16_t(floorDiv(v.pixelY, cellSize));
  }
  return r;
}

namespace {

bool inputDriven(const Scenario& sc) {
  const auto& s = sc.manifest.motion.inputSlots;
  return std::find(s.begin(), s.end(), 0) != s.end();
}

// The raw value of a velocity for an intent field, or nullopt when the field cannot hold it.
std::optional<int32_t> velocityRaw(const RoutineManifest& m, const IntentField& f, int unit,
                                   int speed, bool half) {
  const int32_t mag = (int32_t(speed) << f.fracBits) - (half ? int32_t(1) << (f.fracBits - 1) : 0);
  const int32_t v = unit * mag;
  ValueShape field = m.fields.at(f.field).shape();  // with the intent's sign
  field.isSigned = f.isSigned;
  if (v < field.minRaw() || v > field.maxRaw()) return std::nullopt;
  return v;
}

// The combination, or nullopt with the reason when the routine cannot be given it.
std::optional<AuditCombo> planCase(const Scenario& sc, int dir, int speed, bool half,
                                   std::string* why) {
  AuditCombo p;
  p.dir = dir;
  p.speed = speed;
  p.half = half;
  const auto [ux, uy] = kAuditDirections[size_t(dir)];
  const RoutineManifest& m = sc.manifest;
  const MotionModel& mm = m.motion;
  if (mm.from == IntentSource::Velocity) {
    auto vx = velocityRaw(m, mm.dx, ux, speed, half), vy = velocityRaw(m, mm.dy, uy, speed, half);
    if (!vx || !vy) {
      *why = "velocities the dx/dy fields cannot hold (unsigned, or too narrow)";
      return std::nullopt;
    }
    p.velocity = std::array<int32_t, 2>{*vx, *vy};
    return p;
  }
  if (mm.from == IntentSource::Requested) {
    p.requested = true;
    return p;
  }
  if (inputDriven(sc)) {
    if (mm.diagonal == DiagonalRule::LastPressed && ux != 0 && uy != 0) {
      *why =
          "diagonals under last-pressed intent: which button came last is input history a "
          "one-frame case does not have";
      return std::nullopt;
    }
    if (ux > 0) p.input |= kButtonRight;
    if (ux < 0) p.input |= kButtonLeft;
    if (uy > 0) p.input |= kButtonDown;
    if (uy < 0) p.input |= kButtonUp;
  } else {
    for (const auto& [value, v] : mm.directions)
      if (v[0] == ux && v[1] == uy) {
        p.dirValue = value;
        break;
      }
    if (!m.fields.count("dir")) {
      *why = "directions: entity 0 is not input-driven and has no \"dir\" field";
      return std::nullopt;
    }
    if (!p.dirValue) {
      *why = "directions with no vector in motion.directions (entity 0 moves by its \"dir\")";
      return std::nullopt;
    }
  }
  if (mm.from == IntentSource::Speed) {
    p.writeSpeed = true;
  } else if (inputDriven(sc) && m.input && m.input->encoding == InputBinding::Encoding::DxDy) {
    p.dxdySpeed = true;
  } else if (speed != mm.speed) {
    *why = "speeds other than motion.speed (" + std::to_string(mm.speed) +
           "): the intent is input with no speed field to write them into";
    return std::nullopt;
  }
  return p;
}

// One line naming the space the audit's cases come from.
std::string intentSpace(const RoutineManifest& m) {
  const MotionModel& mm = m.motion;
  std::string order;
  for (PadDirection d : mm.priority)
    order += std::string(order.empty() ? "" : ", ") + padDirectionName(d);
  const char* rule = mm.diagonal == DiagonalRule::Both      ? "diagonals on both axes"
                     : mm.diagonal == DiagonalRule::OneAxis ? "one axis, priority "
                                                            : "last pressed, ties by ";
  const std::string pad = mm.diagonal == DiagonalRule::Both ? rule : rule + order;
  switch (mm.from) {
    case IntentSource::Input:
      return "intent: input (" + pad + "), speed " + std::to_string(mm.speed);
    case IntentSource::Speed:
      return "intent: input (" + pad + ") x field \"" + mm.speedField + "\"";
    case IntentSource::Velocity: {
      const bool halves = mm.dx.fracBits > 0 && mm.dy.fracBits > 0;
      return "intent: velocity (fields \"" + mm.dx.field + "\", \"" + mm.dy.field +
             "\"): direction x speed px" + (halves ? ", and speed - 1/2 px" : "");
    }
    case IntentSource::Requested:
      return "intent: requested position (fields \"" + mm.requestedX + "\", \"" + mm.requestedY +
             "\") = start + direction x speed";
  }
  return "";
}

// A whole-pixel position the field can hold (sub-pixel 0).
bool fits(int v, const FieldCodec& f) {
  return v >= fieldPixels(f, f.minRaw()) && v <= fieldPixels(f, f.maxRaw());
}

struct WorkerResult {
  std::array<uint64_t, kVerdictCount> counts{};
  uint64_t cases = 0;
  std::vector<int> heat;
  std::vector<std::pair<uint64_t, AuditFailure>> failures;  // (order key, failure)
  bool truncated = false;
  std::string error;
  double cpuSeconds = 0;
};

}  // namespace

Scenario auditCaseScenario(const Scenario& scenario, const AuditCase& c) {
  Scenario s = scenario;
  EntitySpec e;
  e.name = "entity 0";
  if (!scenario.entities.empty()) e = scenario.entities[0];
  e.x = c.x;
  e.y = c.y;
  std::string why;
  const AuditCombo p = planCase(scenario, c.dir, c.speed, c.half, &why).value_or(AuditCombo{});
  const MotionModel& mm = scenario.manifest.motion;
  if (p.dirValue) e.fields["dir"] = *p.dirValue;
  if (p.writeSpeed) e.fields[mm.speedField] = c.speed;
  if (p.dxdySpeed) s.manifest.motion.speed = c.speed;
  if (p.velocity) {
    e.fields[mm.dx.field] = (*p.velocity)[0];
    e.fields[mm.dy.field] = (*p.velocity)[1];
  }
  if (p.requested) {
    // Scenario fields are raw: a fixed-point requested position in its own units.
    const FieldCodec wx = fieldShape(s.manifest, mm.requestedX),
                     wy = fieldShape(s.manifest, mm.requestedY);
    e.fields[mm.requestedX] =
        fieldFromPixels(wx, c.x + kAuditDirections[size_t(c.dir)][0] * c.speed);
    e.fields[mm.requestedY] =
        fieldFromPixels(wy, c.y + kAuditDirections[size_t(c.dir)][1] * c.speed);
  }
  s.entities = {e};
  // The other tables' entities stay where they are: the routine may read them.
  for (size_t i = 1; i < scenario.entities.size(); ++i)
    if (scenario.tableOf(i) != 0) s.entities.push_back(scenario.entities[i]);
  s.input = {p.input};
  s.frames = 1;
  return s;
}

std::optional<std::array<int, 2>> AuditPlan::freeStart(const MapDocument& map, int i, int j) const {
  const int bx = i * stride, by = j * stride;
  const int x = bx - hitbox.x + originX, y = by - hitbox.y + originY;
  if (!fits(x, shapeX) || !fits(y, shapeY)) return std::nullopt;
  const int cs = map.room.cellSize;
  for (int r = by / cs; r <= (by + hitbox.h - 1) / cs; ++r)
    for (int c = bx / cs; c <= (bx + hitbox.w - 1) / cs; ++c)
      if ((map.collisionAt(c, r) & kSolid) == kSolid) return std::nullopt;
  return std::array<int, 2>{x, y};
}

AuditPlan planAudit(const Scenario& sc, const AsmResult& image, const AuditOptions& opt) {
  AuditPlan plan;
  if (opt.stride < 1) {
    plan.error = "stride must be at least 1";
    return plan;
  }
  if (opt.minSpeed < 1 || opt.maxSpeed < opt.minSpeed) {
    plan.error = "speeds must be a range 1 <= min <= max";
    return plan;
  }
  if (!sc.manifest.hitbox && (sc.entities.empty() || !sc.entities[0].hitbox)) {
    plan.error = sc.manifest.path + ": the manifest has no hitbox; the oracle needs one";
    return plan;
  }
  const Room& room = sc.map.room;
  if (room.cellSize <= 0 || room.width <= 0 || room.height <= 0) {
    plan.error = sc.mapPath + ": the room is empty";
    return plan;
  }
  if (!image.ok) {
    plan.error = sc.manifest.path + ": the routine image did not assemble";
    return plan;
  }
  {
    Simulation probe;
    probe.scenario() = sc;
    if (!probe.bindImage(image, &plan.error)) return plan;
    // The start state as a run makes it (the room, or the scenario view's window
    // of it, encoded), stopped before the first call.
    const std::atomic<bool> stopAtOnce{true};
    std::string why;
    if (!probe.simulate(&why, {nullptr, nullptr, &stopAtOnce}) && why != "cancelled") {
      plan.error = why;
      return plan;
    }
    plan.oracleCollision = probe.oracleCollision();
  }
  const RoutineManifest& m = sc.manifest;
  plan.hitbox = sc.hitboxOf(0);
  plan.originX = m.originX;
  plan.originY = m.originY;
  plan.shapeX = fieldShape(m, "x");
  plan.shapeY = fieldShape(m, "y");
  plan.stride = opt.stride;
  const Hitbox& hb = plan.hitbox;
  if (hb.w <= room.pixelWidth()) plan.gridCols = (room.pixelWidth() - hb.w) / opt.stride + 1;
  if (hb.h <= room.pixelHeight()) plan.gridRows = (room.pixelHeight() - hb.h) / opt.stride + 1;
  const MotionModel& mm = m.motion;
  const bool halves = mm.from == IntentSource::Velocity && mm.dx.fracBits > 0 && mm.dy.fracBits > 0;
  for (int d = 0; d < 8; ++d) {
    if (!opt.diagonals && d % 2 == 1) continue;
    for (int s = opt.minSpeed; s <= opt.maxSpeed; ++s)
      for (int h = 0; h < (halves ? 2 : 1); ++h) {
        std::string why;
        if (auto p = planCase(sc, d, s, h == 1, &why)) {
          plan.combos.push_back(*p);
          continue;
        }
        ++plan.skippedCombos;
        auto it = std::find_if(plan.skips.begin(), plan.skips.end(),
                               [&](const AuditSkip& k) { return k.reason == why; });
        if (it == plan.skips.end()) it = plan.skips.insert(plan.skips.end(), {why, 0});
        ++it->cases;
      }
  }
  plan.space = intentSpace(m);
  return plan;
}

void applyPlanSkips(const AuditPlan& plan, AuditResult& r) {
  r.skipped = uint64_t(plan.skippedCombos) * r.startPositions;
  r.skips = plan.skips;
  for (AuditSkip& k : r.skips) k.cases *= r.startPositions;
  r.space = plan.space;
}

std::string auditSpeedText(const AuditCase& c) {
  return c.half ? std::to_string(c.speed - 1) + ".5" : std::to_string(c.speed);
}

bool AuditCaseRunner::init(const Scenario& sc, const AsmResult& image, std::string* error) {
  sim_.scenario() = sc;
  if (!sim_.bindImage(image, error)) return false;
  setScenario(sc);
  return true;
}

void AuditCaseRunner::setScenario(const Scenario& sc) {
  sim_.scenario() = sc;
  sim_.resetToStart();
  start_ = sim_.startSnapshot();
  startWindow_ = sim_.window();
  oracleMap_ = oracleMapOf(sc.map, sim_.oracleCollision());
  hitbox_ = sc.hitboxOf(0);
  shapeX_ = fieldShape(sc.manifest, "x");
  shapeY_ = fieldShape(sc.manifest, "y");
  const MotionModel& mm = sc.manifest.motion;
  const Binding& b = sim_.binding();
  dirField_ = b.fieldIndex("dir");
  speedField_ = mm.speedField.empty() ? -1 : b.fieldIndex(mm.speedField);
  dxField_ = mm.dx.empty() ? -1 : b.fieldIndex(mm.dx.field);
  dyField_ = mm.dy.empty() ? -1 : b.fieldIndex(mm.dy.field);
  wantXField_ = mm.requestedX.empty() ? -1 : b.fieldIndex(mm.requestedX);
  wantYField_ = mm.requestedY.empty() ? -1 : b.fieldIndex(mm.requestedY);
  fieldNames_.clear();
  for (const auto& f : b.fields) fieldNames_.push_back(f.name);
}

FrameVerdict AuditCaseRunner::run(int x, int y, const AuditCombo& c, bool observe,
                                  EntityFrame* frame) {
  const Binding& b = sim_.binding();
  const Scenario& sc = sim_.scenario();
  const RoutineManifest& m = sc.manifest;
  sim_.machine().restore(start_);
  // A view: the window the routine sees is centred on the start (room pixels);
  // the routine gets window coordinates, the recorded call room coordinates.
  sim_.windowAround(startWindow_, x - m.originX + hitbox_.x + hitbox_.w / 2,
                    y - m.originY + hitbox_.y + hitbox_.h / 2);
  const auto shift = sim_.windowShift();
  // (x, y) are whole pixels: a fixed-point position starts at sub-pixel 0.
  const int32_t rawX = fieldFromPixels(b.fields[0], x), rawY = fieldFromPixels(b.fields[1], y);
  sim_.writeField(0, b.fields[0], fieldFromPixels(b.fields[0], x - shift[0]));
  sim_.writeField(0, b.fields[1], fieldFromPixels(b.fields[1], y - shift[1]));
  if (c.dirValue && dirField_ >= 0) sim_.writeField(0, b.fields[size_t(dirField_)], *c.dirValue);
  if (c.writeSpeed && speedField_ >= 0) sim_.writeField(0, b.fields[size_t(speedField_)], c.speed);
  if (c.dxdySpeed) sim_.scenario().manifest.motion.speed = c.speed;
  if (c.velocity && dxField_ >= 0 && dyField_ >= 0) {
    sim_.writeField(0, b.fields[size_t(dxField_)], (*c.velocity)[0]);
    sim_.writeField(0, b.fields[size_t(dyField_)], (*c.velocity)[1]);
  }
  if (c.requested && wantXField_ >= 0 && wantYField_ >= 0) {
    const Binding::Field &wx = b.fields[size_t(wantXField_)], &wy = b.fields[size_t(wantYField_)];
    sim_.writeField(
        0, wx, fieldFromPixels(wx, x - shift[0] + kAuditDirections[size_t(c.dir)][0] * c.speed));
    sim_.writeField(
        0, wy, fieldFromPixels(wy, y - shift[1] + kAuditDirections[size_t(c.dir)][1] * c.speed));
  }
  EntityFrame ef = sim_.runEntity(0, c.input, observe);
  // The same judgement as a recording's: the intent of what was written, read back.
  const Motion mv = ef.gameIntent ? Motion{(*ef.gameIntent)[0], (*ef.gameIntent)[1]}
                                  : intendedMotion(m, fieldNames_, ef.before, 0, c.input);
  const int rx = fieldPixels(shapeX_, unwrapRaw(shapeX_, rawX, ef.x()));
  const int ry = fieldPixels(shapeY_, unwrapRaw(shapeY_, rawY, ef.y()));
  FrameVerdict v = isRoutineFault(ef) ? classifyFault(ef, oracleMap_, hitbox_, sc.oracle, m.originX,
                                                      m.originY, x, y, mv, rx, ry)
                                      : classifyMove(oracleMap_, hitbox_, sc.oracle, m.originX,
                                                     m.originY, x, y, mv, rx, ry);
  if (frame) *frame = std::move(ef);
  return v;
}

AuditResult runAudit(const Scenario& sc, const AuditOptions& opt, const ProgressFn& progress,
                     const std::atomic<bool>* cancel) {
  AsmResult image = buildRoutine(sc.manifest);
  if (!image.ok) {
    AuditResult res;
    res.error = image.diagnosticsText();
    if (res.error.empty()) res.error = sc.manifest.path + ": the routine did not assemble";
    return res;
  }
  return runAudit(sc, image, opt, progress, cancel);
}

AuditResult runAudit(const Scenario& sc, const AsmResult& image, const AuditOptions& opt,
                     const ProgressFn& progress, const std::atomic<bool>* cancel) {
  const auto t0 = std::chrono::steady_clock::now();
  AuditResult res;
  const AuditPlan plan = planAudit(sc, image, opt);
  if (!plan.error.empty()) {
    res.error = plan.error;
    return res;
  }
  const Room& room = sc.map.room;
  res.heatWidth = room.pixelWidth();
  res.heatHeight = room.pixelHeight();
  res.heat.assign(size_t(res.heatWidth) * res.heatHeight, 0);

  // Free start positions in row-major order: routine coordinates and heat index.
  struct Start {
    int x, y;
    size_t heat;
  };
  std::vector<Start> starts;
  const MapDocument oracleMap = oracleMapOf(sc.map, plan.oracleCollision);
  for (int j = 0; j < plan.gridRows; ++j)
    for (int i = 0; i < plan.gridCols; ++i)
      if (auto p = plan.freeStart(oracleMap, i, j))
        starts.push_back(
            {(*p)[0], (*p)[1], size_t(j) * plan.stride * res.heatWidth + size_t(i) * plan.stride});
  res.startPositions = starts.size();
  applyPlanSkips(plan, res);
  const std::vector<AuditCombo>& combos = plan.combos;

  const size_t kChunk = 32;
  const size_t chunks = (starts.size() + kChunk - 1) / kChunk;
  std::atomic<size_t> nextChunk{0}, done{0};
  int threads = opt.threads > 0 ? opt.threads : int(std::thread::hardware_concurrency());
  threads = std::max(1, std::min<int>(threads, int(std::max<size_t>(chunks, 1))));
  std::vector<WorkerResult> results(static_cast<size_t>(threads));
  // Every failing case, by chunk: each chunk is one worker's alone, and the
  // chunks in order are the order key's order, so no sort is needed.
  std::vector<std::vector<AuditCaseRecord>> records(chunks);
  const int cellSize = room.cellSize;

  auto runWorker = [&](WorkerResult& out) {
    AuditCaseRunner runner;
    if (!runner.init(sc, image, &out.error)) return;
    out.heat.assign(res.heat.size(), 0);
    for (;;) {
      if (cancel && cancel->load(std::memory_order_relaxed)) return;
      const size_t ch = nextChunk.fetch_add(1);
      if (ch >= chunks) return;
      const size_t end = std::min(starts.size(), (ch + 1) * kChunk);
      for (size_t pi = ch * kChunk; pi < end; ++pi) {
        const Start pos = starts[pi];
        for (size_t k = 0; k < combos.size(); ++k) {
          const AuditCombo& cc = combos[k];
          FrameVerdict v = runner.run(pos.x, pos.y, cc, false);
          ++out.cases;
          ++out.counts[size_t(v.verdict)];
          if (v.verdict != Verdict::Ok) {
            ++out.heat[pos.heat];
            records[ch].push_back(
                auditCaseRecord({pos.x, pos.y, cc.dir, cc.speed, cc.half}, v, cellSize));
            if (out.failures.size() < opt.maxFailures)
              out.failures.push_back({uint64_t(pi) * combos.size() + k,
                                      {{pos.x, pos.y, cc.dir, cc.speed, cc.half}, std::move(v)}});
            else
              out.truncated = true;
          }
        }
      }
      done.fetch_add(end - ch * kChunk);
    }
  };

  std::function<void()> tick;
  if (progress) tick = [&] { progress(done.load(), starts.size()); };
  const std::vector<double> cpu = runWorkers(
      threads, [&](int t) { runWorker(results[size_t(t)]); }, tick);
  for (int t = 0; t < threads; ++t) results[size_t(t)].cpuSeconds = cpu[size_t(t)];

  std::vector<std::pair<uint64_t, AuditFailure>> failures;
  for (auto& r : results) {
    if (!r.error.empty()) {
      res.error = r.error;
      return res;
    }
    res.cases += r.cases;
    res.cpuSeconds += r.cpuSeconds;
    for (int v = 0; v < kVerdictCount; ++v) res.counts[size_t(v)] += r.counts[size_t(v)];
    for (size_t i = 0; i < r.heat.size(); ++i) res.heat[i] += r.heat[i];
    for (auto& f : r.failures) failures.push_back(std::move(f));
    res.failuresTruncated = res.failuresTruncated || r.truncated;
  }
  std::sort(failures.begin(), failures.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  if (failures.size() > opt.maxFailures) {
    failures.resize(opt.maxFailures);
    res.failuresTruncated = true;
  }
  for (auto& f : failures) res.failures.push_back(std::move(f.second));
  size_t recordCount = 0;
  for (const auto& r : records) recordCount += r.size();
  res.failingCases.reserve(recordCount);
  for (auto& r : records) {
    res.failingCases.insert(res.failingCases.end(), r.begin(), r.end());
    std::vector<AuditCaseRecord>().swap(r);
  }
  res.heatOffsetX = plan.hitbox.x - plan.originX;
  res.heatOffsetY = plan.hitbox.y - plan.originY;
  res.cancelled = cancel && cancel->load() && done.load() < starts.size();
  res.ok = true;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace core
