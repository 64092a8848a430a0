#include "core/check/audit.h"

#include <algorithm>
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

namespace {

// How one (direction, speed) combination is handed to the routine.
struct Plan {
  bool runnable = false;
  uint8_t input = 0;
  std::optional<int> dirValue;  // written to the "dir" field
  bool writeSpeed = false;      // "speed" field
  bool dxdySpeed = false;       // speed travels in the dx/dy input bytes
};

bool inputDriven(const Scenario& sc) {
  const auto& s = sc.manifest.motion.inputSlots;
  return std::find(s.begin(), s.end(), 0) != s.end();
}

Plan planCase(const Scenario& sc, int dir, int speed) {
  Plan p;
  const auto [ux, uy] = kAuditDirections[size_t(dir)];
  const RoutineManifest& m = sc.manifest;
  if (inputDriven(sc)) {
    if (ux > 0) p.input |= kButtonRight;
    if (ux < 0) p.input |= kButtonLeft;
    if (uy > 0) p.input |= kButtonDown;
    if (uy < 0) p.input |= kButtonUp;
  } else {
    for (const auto& [value, v] : m.motion.directions)
      if (v[0] == ux && v[1] == uy) {
        p.dirValue = value;
        break;
      }
    if (!p.dirValue || !m.fields.count("dir")) return p;
  }
  if (m.fields.count("speed")) {
    p.writeSpeed = true;
  } else if (inputDriven(sc) && m.input && m.input->encoding == InputBinding::Encoding::DxDy) {
    p.dxdySpeed = true;
  } else if (speed != m.motion.speed) {
    return p;
  }
  p.runnable = true;
  return p;
}

bool fits(int v, int size) {
  return v >= 0 && v < (size >= 2 ? 65536 : 256);
}

struct Position {
  int x, y;
};

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
  Plan p = planCase(scenario, c.dir, c.speed);
  if (p.dirValue) e.fields["dir"] = *p.dirValue;
  if (p.writeSpeed) e.fields["speed"] = c.speed;
  if (p.dxdySpeed) s.manifest.motion.speed = c.speed;
  s.entities = {e};
  s.input = {p.input};
  s.frames = 1;
  return s;
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
  if (opt.stride < 1) {
    res.error = "stride must be at least 1";
    return res;
  }
  if (opt.minSpeed < 1 || opt.maxSpeed < opt.minSpeed) {
    res.error = "speeds must be a range 1 <= min <= max";
    return res;
  }
  if (!sc.manifest.hitbox && (sc.entities.empty() || !sc.entities[0].hitbox)) {
    res.error = sc.manifest.path + ": the manifest has no hitbox; the oracle needs one";
    return res;
  }
  const Room& room = sc.map.room;
  if (room.cellSize <= 0 || room.width <= 0 || room.height <= 0) {
    res.error = sc.mapPath + ": the room is empty";
    return res;
  }
  if (!image.ok) {
    res.error = sc.manifest.path + ": the routine image did not assemble";
    return res;
  }
  {
    Simulation probe;
    probe.scenario() = sc;
    std::string err;
    if (!probe.bindImage(image, &err) ||
        !encodeRoom(probe.machine(), probe.binding(), sc.map, &err)) {
      res.error = err;
      return res;
    }
  }

  const RoutineManifest& m = sc.manifest;
  const Hitbox hb = sc.hitboxOf(0);
  const int sizeX = m.fields.at("x").size, sizeY = m.fields.at("y").size;
  res.heatWidth = room.pixelWidth();
  res.heatHeight = room.pixelHeight();
  res.heat.assign(size_t(res.heatWidth) * res.heatHeight, 0);

  // Free start positions, hitbox top-left in room pixels stepping by stride.
  std::vector<Position> starts;
  const int cs = room.cellSize;
  for (int by = 0; by + hb.h <= room.pixelHeight(); by += opt.stride)
    for (int bx = 0; bx + hb.w <= room.pixelWidth(); bx += opt.stride) {
      const int x = bx - hb.x + m.originX, y = by - hb.y + m.originY;
      if (!fits(x, sizeX) || !fits(y, sizeY)) continue;
      bool free = true;
      for (int r = by / cs; free && r <= (by + hb.h - 1) / cs; ++r)
        for (int c = bx / cs; free && c <= (bx + hb.w - 1) / cs; ++c)
          if ((sc.map.collisionAt(c, r) & kSolid) == kSolid) free = false;
      if (free) starts.push_back({x, y});
    }
  res.startPositions = starts.size();

  std::vector<std::pair<AuditCase, Plan>> combos;  // per start: (dir, speed) -> plan
  for (int d = 0; d < 8; ++d) {
    if (!opt.diagonals && d % 2 == 1) continue;
    for (int s = opt.minSpeed; s <= opt.maxSpeed; ++s) {
      Plan p = planCase(sc, d, s);
      if (p.runnable)
        combos.push_back({AuditCase{0, 0, d, s}, p});
      else
        res.skipped += starts.size();
    }
  }

  const size_t kChunk = 32;
  const size_t chunks = (starts.size() + kChunk - 1) / kChunk;
  std::atomic<size_t> nextChunk{0}, done{0};
  int threads = opt.threads > 0 ? opt.threads : int(std::thread::hardware_concurrency());
  threads = std::max(1, std::min<int>(threads, int(std::max<size_t>(chunks, 1))));
  std::vector<WorkerResult> results(static_cast<size_t>(threads));

  auto runWorker = [&](WorkerResult& out) {
    Simulation sim;
    sim.scenario() = sc;
    if (!sim.bindImage(image, &out.error)) return;
    sim.resetToStart();
    const Snapshot start = sim.startSnapshot();
    const Binding& b = sim.binding();
    const int dirIdx = b.fieldIndex("dir"), speedIdx = b.fieldIndex("speed");
    out.heat.assign(res.heat.size(), 0);
    for (;;) {
      if (cancel && cancel->load(std::memory_order_relaxed)) return;
      const size_t ch = nextChunk.fetch_add(1);
      if (ch >= chunks) return;
      const size_t end = std::min(starts.size(), (ch + 1) * kChunk);
      for (size_t pi = ch * kChunk; pi < end; ++pi) {
        const Position pos = starts[pi];
        for (size_t k = 0; k < combos.size(); ++k) {
          const AuditCase& cc = combos[k].first;
          const Plan& p = combos[k].second;
          sim.machine().restore(start);
          sim.writeField(0, b.fields[0], pos.x);
          sim.writeField(0, b.fields[1], pos.y);
          if (p.dirValue && dirIdx >= 0) sim.writeField(0, b.fields[size_t(dirIdx)], *p.dirValue);
          if (p.writeSpeed && speedIdx >= 0)
            sim.writeField(0, b.fields[size_t(speedIdx)], cc.speed);
          if (p.dxdySpeed) sim.scenario().manifest.motion.speed = cc.speed;
          EntityFrame ef = sim.runEntity(0, p.input, false);
          const Motion mv{kAuditDirections[size_t(cc.dir)][0] * cc.speed,
                          kAuditDirections[size_t(cc.dir)][1] * cc.speed};
          const int rx = unwrapField(pos.x, ef.x(), sizeX), ry = unwrapField(pos.y, ef.y(), sizeY);
          FrameVerdict v = isRoutineFault(ef) ? classifyFault(ef, sc.map, hb, sc.oracle, m.originX,
                                                              m.originY, pos.x, pos.y, mv, rx, ry)
                                              : classifyMove(sc.map, hb, sc.oracle, m.originX,
                                                             m.originY, pos.x, pos.y, mv, rx, ry);
          ++out.cases;
          ++out.counts[size_t(v.verdict)];
          if (v.verdict != Verdict::Ok) {
            const int hx = pos.x - m.originX + hb.x, hy = pos.y - m.originY + hb.y;
            ++out.heat[size_t(hy) * res.heatWidth + hx];
            if (out.failures.size() < opt.maxFailures)
              out.failures.push_back({uint64_t(pi) * combos.size() + k,
                                      {{pos.x, pos.y, cc.dir, cc.speed}, std::move(v)}});
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
  res.cancelled = cancel && cancel->load() && done.load() < starts.size();
  res.ok = true;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace core
