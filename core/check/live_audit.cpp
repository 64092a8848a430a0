#include "core/check/live_audit.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <thread>

#include "core/check/worker_pool.h"
#include "core/map/collision_bits.h"

namespace core {

// Cells c0..c1 x r0..r1, inclusive, inside the room.
struct LiveAudit::CellRect {
  uint16_t c0 = 0, r0 = 0, c1 = 0, r1 = 0;
};

// What a case depended on. A metatile's collision byte reaches a case two ways
// only: the routine reads its attribute entry (`attrs`), or the classifier
// tests one of its block bits at a cell of `cells`. The classifier tests only
// the bits of the directions the case moved in (the oracle the intended ones,
// CLIP those the routine's end lies in from the start), so `dirs` names them.
struct LiveAudit::CaseRec {
  CellRect cells;      // every cell the case depended on
  uint16_t attrs = 0;  // attribute entries the routine read: bit (metatile id % 16)
  Verdict verdict = Verdict::Ok;
  uint8_t dirs = 0;  // kBlock* bits the classifier can test
};

// The changed cells as a summed-area table: any rectangle is tested in O(1),
// which keeps the scan over every case of the room to a few milliseconds.
class LiveAudit::ChangedMask {
 public:
  ChangedMask(const Room& room, const std::vector<CellPos>& cells)
      : stride_(size_t(room.width) + 1), sum_(stride_ * (size_t(room.height) + 1), 0) {
    std::vector<uint8_t> hit(size_t(room.width) * room.height, 0);
    for (const CellPos& c : cells)
      if (room.inside(c.col, c.row)) hit[size_t(c.row) * room.width + c.col] = 1;
    for (int r = 0; r < room.height; ++r)
      for (int c = 0; c < room.width; ++c)
        sum_[at(c + 1, r + 1)] = hit[size_t(r) * room.width + c] + sum_[at(c + 1, r)] +
                                 sum_[at(c, r + 1)] - sum_[at(c, r)];
  }
  bool empty() const { return sum_.back() == 0; }
  bool any(const CellRect& r) const {
    return sum_[at(r.c1 + 1, r.r1 + 1)] - sum_[at(r.c1 + 1, r.r0)] - sum_[at(r.c0, r.r1 + 1)] +
               sum_[at(r.c0, r.r0)] >
           0;
  }

 private:
  size_t at(int c, int r) const { return size_t(r) * stride_ + size_t(c); }
  size_t stride_;
  std::vector<int> sum_;
};

// An edit, sorted by how it can reach a case. Painted cells (and any cell
// whose change is not a collision byte alone) reach every case that depended
// on them. A metatile whose collision byte changed reaches the cases whose
// routine read its attribute entry, and the cases whose classifier tests one
// of the bits that changed at a cell holding it; its cells decide whether a
// start is free only when its solid-ness changed.
struct LiveAudit::Change {
  Change(const Room& room, const std::vector<CellPos>& paintedCells,
         const std::vector<CellPos>& bitCells, const std::vector<CellPos>& solidCells)
      : painted(room, paintedCells), bits(room, bitCells), solid(room, solidCells) {}
  ChangedMask painted, bits, solid;
  uint16_t attrs = 0;      // metatiles whose collision byte changed: bit (id % 16)
  uint8_t oracleBits = 0;  // block bits the oracle sees changed at `bits` cells
  bool empty() const { return painted.empty() && bits.empty() && attrs == 0; }
  bool startTouched(const CellRect& start) const { return painted.any(start) || solid.any(start); }
  bool reaches(const CaseRec& r) const {
    return painted.any(r.cells) || (r.attrs & attrs) != 0 ||
           ((r.dirs & oracleBits) != 0 && bits.any(r.cells));
  }
};

namespace {

// The block bits a move in direction (dx, dy) is tested against (oracle.h).
uint8_t dirBits(int dx, int dy) {
  return uint8_t((dx > 0 ? kBlockRight : 0) | (dx < 0 ? kBlockLeft : 0) |
                 (dy > 0 ? kBlockDown : 0) | (dy < 0 ? kBlockUp : 0));
}

}  // namespace

LiveAudit::LiveAudit() = default;
LiveAudit::~LiveAudit() = default;

std::array<int, 2> LiveAudit::startOf(size_t grid) const {
  const int bx = int(grid % size_t(plan_.gridCols)) * plan_.stride;
  const int by = int(grid / size_t(plan_.gridCols)) * plan_.stride;
  return {bx - plan_.hitbox.x + plan_.originX, by - plan_.hitbox.y + plan_.originY};
}

size_t LiveAudit::heatIndex(size_t grid) const {
  const size_t bx = grid % size_t(plan_.gridCols) * size_t(plan_.stride);
  const size_t by = grid / size_t(plan_.gridCols) * size_t(plan_.stride);
  return by * size_t(res_.heatWidth) + bx;
}

AuditCaseRunner& LiveAudit::runner(int t) {
  if (runnerVersion_[size_t(t)] != version_) {
    runners_[size_t(t)]->setScenario(scenario_);
    runnerVersion_[size_t(t)] = version_;
  }
  return *runners_[size_t(t)];
}

const AuditResult& LiveAudit::start(const Scenario& sc, const AsmResult& image,
                                    const AuditOptions& opt, const ProgressFn& progress,
                                    const std::atomic<bool>* cancel) {
  const auto t0 = std::chrono::steady_clock::now();
  res_ = AuditResult{};
  valid_ = false;
  casesLastRun_ = 0;
  scenario_ = sc;
  image_ = image;
  options_ = opt;
  plan_ = planAudit(sc, image, opt);
  if (!plan_.error.empty()) {
    res_.error = plan_.error;
    return res_;
  }
  const int threads =
      std::max(1, opt.threads > 0 ? opt.threads : int(std::thread::hardware_concurrency()));
  runners_.clear();
  for (int t = 0; t < threads; ++t) {
    runners_.push_back(std::make_unique<AuditCaseRunner>());
    if (!runners_.back()->init(sc, image, &res_.error)) return res_;
  }
  version_ = 0;
  runnerVersion_.assign(size_t(threads), 0);

  const Room& room = sc.map.room;
  res_.heatWidth = room.pixelWidth();
  res_.heatHeight = room.pixelHeight();
  res_.heat.assign(size_t(res_.heatWidth) * res_.heatHeight, 0);
  const size_t grids = size_t(plan_.gridCols) * size_t(plan_.gridRows);
  free_.assign(grids, 0);
  cases_.assign(grids * plan_.combos.size(), CaseRec{});
  startRecs_.assign(grids, CaseRec{});
  keys_.clear();
  res_.heatOffsetX = plan_.hitbox.x - plan_.originX;
  res_.heatOffsetY = plan_.hitbox.y - plan_.originY;
  const size_t speeds = size_t(opt.maxSpeed) + 1;
  comboOf_.assign(size_t(8) * speeds * 2, 0);
  for (size_t k = 0; k < plan_.combos.size(); ++k) {
    const AuditCombo& c = plan_.combos[k];
    comboOf_[(size_t(c.dir) * speeds + size_t(c.speed)) * 2 + (c.half ? 1 : 0)] = int(k);
  }
  if (!apply(nullptr, progress, cancel)) {
    res_ = AuditResult{};
    res_.ok = res_.cancelled = true;
    return res_;
  }
  valid_ = true;
  res_.ok = true;
  res_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res_;
}

const AuditResult& LiveAudit::update(const Scenario& edited, const std::vector<CellPos>& changed) {
  const Room& was = scenario_.map.room;
  const Room& now = edited.map.room;
  if (!valid_ || was.width != now.width || was.height != now.height ||
      was.cellSize != now.cellSize ||
      scenario_.map.metatiles.metatiles.size() != edited.map.metatiles.metatiles.size() ||
      scenario_.view != edited.view)
    return start(edited, image_, options_);
  const auto t0 = std::chrono::steady_clock::now();
  const Change change = changeOf(scenario_.map, edited.map, changed);
  scenario_ = edited;
  ++version_;
  res_.cpuSeconds = 0;
  casesLastRun_ = 0;
  if (!change.empty()) apply(&change, nullptr, nullptr);
  res_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res_;
}

LiveAudit::Change LiveAudit::changeOf(const MapDocument& before, const MapDocument& after,
                                      const std::vector<CellPos>& changed) const {
  const auto& ma = before.metatiles.metatiles;
  const auto& mb = after.metatiles.metatiles;  // as many as `ma` (update starts over otherwise)
  const std::vector<uint8_t>& rule = plan_.oracleCollision;
  // Per metatile: 1 its collision byte alone changed, 2 so did its solid-ness
  // for the oracle, 3 something else changed (its tiles: a routine may read them).
  std::vector<uint8_t> kind(mb.size(), 0);
  uint16_t attrs = 0;
  uint8_t oracleBits = 0;
  for (size_t m = 0; m < mb.size(); ++m) {
    if (ma[m].tiles != mb[m].tiles) {
      kind[m] = 3;
    } else if (ma[m].collision != mb[m].collision) {
      const uint8_t o = m < rule.size() ? rule[m] : ma[m].collision;
      const uint8_t n = m < rule.size() ? rule[m] : mb[m].collision;
      kind[m] = ((o & kSolid) == kSolid) != ((n & kSolid) == kSolid) ? 2 : 1;
      attrs |= uint16_t(1u << (m % 16));
      oracleBits |= uint8_t((o ^ n) & kSolid);
    }
  }
  const Room& a = before.room;
  const Room& b = after.room;
  std::vector<CellPos> painted, bitCells, solidCells;
  for (const CellPos& c : changed) {
    if (!b.inside(c.col, c.row)) continue;
    const uint16_t m = b.at(c.col, c.row);
    if (a.at(c.col, c.row) != m || m >= kind.size() || kind[m] == 0 || kind[m] == 3)
      painted.push_back(c);
  }
  // Every cell holding a changed byte, listed in `changed` or not: the routine
  // may look up that byte without reading a cell (then `attrs` finds it), the
  // classifier only where a cell holds it.
  for (int r = 0; r < b.height; ++r)
    for (int c = 0; c < b.width; ++c) {
      const uint16_t m = b.at(c, r);
      if (a.at(c, r) != m || m >= kind.size() || kind[m] == 0 || kind[m] == 3) continue;
      bitCells.push_back({c, r});
      if (kind[m] == 2) solidCells.push_back({c, r});
    }
  Change out(b, painted, bitCells, solidCells);
  out.attrs = attrs;
  out.oracleBits = oracleBits;
  return out;
}

bool LiveAudit::apply(const Change* changed, const ProgressFn& progress,
                      const std::atomic<bool>* cancel) {
  const size_t nc = plan_.combos.size();
  const Hitbox& hb = plan_.hitbox;
  const int cs = scenario_.map.room.cellSize;
  const MapDocument oracleMap = oracleMapOf(scenario_.map, plan_.oracleCollision);
  std::vector<uint64_t> tasks, removed;  // both in order-key order
  auto subtract = [&](size_t g, uint64_t key) {
    const Verdict v = cases_[key].verdict;
    --res_.cases;
    --res_.counts[size_t(v)];
    if (v != Verdict::Ok) --res_.heat[heatIndex(g)];
    removed.push_back(key);
  };
  for (int j = 0; j < plan_.gridRows; ++j)
    for (int i = 0; i < plan_.gridCols; ++i) {
      const size_t g = size_t(j) * size_t(plan_.gridCols) + size_t(i);
      const int bx = i * plan_.stride, by = j * plan_.stride;
      const CellRect startCells{uint16_t(bx / cs), uint16_t(by / cs),
                                uint16_t((bx + hb.w - 1) / cs), uint16_t((by + hb.h - 1) / cs)};
      const bool startTouched = !changed || changed->startTouched(startCells);
      if (startTouched) {
        // Free or not may have changed: drop the start's cases, re-run them if free.
        if (free_[g]) {
          for (size_t k = 0; k < nc; ++k) subtract(g, g * nc + k);
          --res_.startPositions;
        }
        free_[g] = plan_.freeStart(oracleMap, i, j).has_value();
        if (free_[g]) {
          ++res_.startPositions;
          for (size_t k = 0; k < nc; ++k) tasks.push_back(g * nc + k);
        }
      } else if (free_[g] && changed->reaches(startRecs_[g])) {
        for (size_t k = 0; k < nc; ++k) {
          if (!changed->reaches(cases_[g * nc + k])) continue;
          subtract(g, g * nc + k);
          tasks.push_back(g * nc + k);
        }
      }
    }

  std::vector<std::pair<uint64_t, AuditFailure>> added;
  std::vector<std::pair<uint64_t, AuditCaseRecord>> addedRecords;
  if (!runTasks(tasks, added, addedRecords, progress, cancel)) return false;
  for (size_t t = 0; t < tasks.size(); ++t) {
    const size_t g = size_t(tasks[t] / nc);
    const Verdict v = cases_[tasks[t]].verdict;
    ++res_.cases;
    ++res_.counts[size_t(v)];
    if (v != Verdict::Ok) ++res_.heat[heatIndex(g)];
    if (t == 0 || size_t(tasks[t - 1] / nc) != g) {
      CaseRec& u = startRecs_[g];
      u = cases_[g * nc];
      for (size_t k = 1; k < nc; ++k) {
        const CaseRec& c = cases_[g * nc + k];
        u.cells = {std::min(u.cells.c0, c.cells.c0), std::min(u.cells.r0, c.cells.r0),
                   std::max(u.cells.c1, c.cells.c1), std::max(u.cells.r1, c.cells.r1)};
        u.attrs |= c.attrs;
        u.dirs |= c.dirs;
      }
    }
  }
  applyPlanSkips(plan_, res_);
  casesLastRun_ += tasks.size();
  mergeRecords(removed, addedRecords);
  mergeFailures(removed, std::move(added));
  return true;
}

uint64_t LiveAudit::keyOf(const AuditCaseRecord& r) const {
  const int i = (int(r.x) + res_.heatOffsetX) / plan_.stride;
  const int j = (int(r.y) + res_.heatOffsetY) / plan_.stride;
  const size_t g = size_t(j) * size_t(plan_.gridCols) + size_t(i);
  const size_t speeds = size_t(options_.maxSpeed) + 1;
  const int combo = comboOf_[(size_t(r.dir) * speeds + r.speed) * 2 + (r.half ? 1 : 0)];
  return uint64_t(g) * plan_.combos.size() + uint64_t(combo);
}

// res_.failingCases holds every failing case in key order: the records of
// re-run cases go, their new ones come in.
void LiveAudit::mergeRecords(const std::vector<uint64_t>& removed,
                             const std::vector<std::pair<uint64_t, AuditCaseRecord>>& added) {
  if (removed.empty() && added.empty()) return;
  std::vector<AuditCaseRecord>& list = res_.failingCases;
  std::vector<AuditCaseRecord> out;
  out.reserve(list.size() + added.size());
  size_t ri = 0, ai = 0;
  for (const AuditCaseRecord& r : list) {
    const uint64_t key = keyOf(r);
    while (ai < added.size() && added[ai].first < key) out.push_back(added[ai++].second);
    while (ri < removed.size() && removed[ri] < key) ++ri;
    if (ri < removed.size() && removed[ri] == key) continue;
    out.push_back(r);
  }
  while (ai < added.size()) out.push_back(added[ai++].second);
  list = std::move(out);
}

LiveAudit::CaseRec LiveAudit::dependency(size_t grid, const FrameVerdict& v,
                                         const EntityFrame& ef) const {
  const Room& room = scenario_.map.room;
  const Hitbox& hb = plan_.hitbox;
  const int cs = room.cellSize;
  const int bx = int(grid % size_t(plan_.gridCols)) * plan_.stride;
  const int by = int(grid / size_t(plan_.gridCols)) * plan_.stride;
  const int dx = v.motion.dx, dy = v.motion.dy;
  const int ex = v.routineX - plan_.originX + hb.x, ey = v.routineY - plan_.originY + hb.y;
  int c0 = floorDiv(std::min({bx, bx + dx, ex}), cs);
  int c1 = floorDiv(std::max({bx, bx + dx, ex}) + hb.w - 1, cs);
  int r0 = floorDiv(std::min({by, by + dy, ey}), cs);
  int r1 = floorDiv(std::max({by, by + dy, ey}) + hb.h - 1, cs);
  for (uint16_t cell : ef.cellsRead) {
    const int col = cell % room.width, row = cell / room.width;
    c0 = std::min(c0, col);
    c1 = std::max(c1, col);
    r0 = std::min(r0, row);
    r1 = std::max(r1, row);
  }
  CaseRec r;
  r.cells = {
      uint16_t(std::clamp(c0, 0, room.width - 1)), uint16_t(std::clamp(r0, 0, room.height - 1)),
      uint16_t(std::clamp(c1, 0, room.width - 1)), uint16_t(std::clamp(r1, 0, room.height - 1))};
  for (uint16_t m : ef.attrsRead) r.attrs |= uint16_t(1u << (m % 16));
  r.verdict = v.verdict;
  r.dirs = dirBits(dx, dy) | dirBits(v.routineX - v.startX, v.routineY - v.startY);
  return r;
}

bool LiveAudit::runTasks(const std::vector<uint64_t>& tasks,
                         std::vector<std::pair<uint64_t, AuditFailure>>& failures,
                         std::vector<std::pair<uint64_t, AuditCaseRecord>>& records,
                         const ProgressFn& progress, const std::atomic<bool>* cancel) {
  const size_t kChunk = 64;
  const size_t chunks = (tasks.size() + kChunk - 1) / kChunk;
  if (chunks == 0) return true;
  const size_t nc = plan_.combos.size();
  const int threads = int(std::min(runners_.size(), chunks));
  // Each worker takes chunks in increasing order, so its failures come sorted
  // and the first maxFailures of them are all that can reach the list.
  std::vector<std::vector<std::pair<uint64_t, AuditFailure>>> found(static_cast<size_t>(threads));
  std::vector<std::vector<std::pair<uint64_t, AuditCaseRecord>>> recs(static_cast<size_t>(threads));
  const int cellSize = scenario_.map.room.cellSize;
  std::atomic<size_t> nextChunk{0}, done{0};
  std::atomic<bool> stopped{false};
  auto work = [&](int t) {
    AuditCaseRunner& r = runner(t);
    auto& out = found[size_t(t)];
    auto& outRecs = recs[size_t(t)];
    EntityFrame ef;
    for (;;) {
      if (cancel && cancel->load(std::memory_order_relaxed)) {
        stopped = true;
        return;
      }
      const size_t ch = nextChunk.fetch_add(1);
      if (ch >= chunks) return;
      const size_t end = std::min(tasks.size(), (ch + 1) * kChunk);
      for (size_t ti = ch * kChunk; ti < end; ++ti) {
        const uint64_t key = tasks[ti];
        const size_t g = size_t(key / nc);
        const AuditCombo& c = plan_.combos[size_t(key % nc)];
        const auto [x, y] = startOf(g);
        FrameVerdict v = r.run(x, y, c, true, &ef);
        cases_[key] = dependency(g, v, ef);
        if (v.verdict != Verdict::Ok)
          outRecs.push_back({key, auditCaseRecord({x, y, c.dir, c.speed, c.half}, v, cellSize)});
        if (v.verdict != Verdict::Ok && out.size() < options_.maxFailures)
          out.push_back({key, {{x, y, c.dir, c.speed, c.half}, std::move(v)}});
      }
      done.fetch_add(end - ch * kChunk);
    }
  };
  std::function<void()> tick;
  if (progress) tick = [&] { progress(done.load(), tasks.size()); };
  for (double s : runWorkers(threads, work, tick)) res_.cpuSeconds += s;
  if (stopped) return false;
  for (auto& f : found)
    for (auto& e : f) failures.push_back(std::move(e));
  // Each worker's records are in key order; merging them is a sort of runs.
  for (auto& r : recs) records.insert(records.end(), r.begin(), r.end());
  std::sort(records.begin(), records.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::sort(failures.begin(), failures.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  // Past the first maxFailures of these none can reach the list.
  if (failures.size() > options_.maxFailures) failures.resize(options_.maxFailures);
  return true;
}

// The list must stay what runAudit keeps: the first maxFailures failing cases
// in order-key order. Old entries of re-run cases go, new failures come in;
// when the old list was cut short, failing cases past its end that were not
// re-run may now belong in it, and are re-run to get their verdict back.
// Done in place: the list is up to maxFailures long and an edit is local.
void LiveAudit::mergeFailures(const std::vector<uint64_t>& removed,
                              std::vector<std::pair<uint64_t, AuditFailure>> added) {
  const size_t maxF = options_.maxFailures;
  const uint64_t boundary = res_.failuresTruncated && !keys_.empty()
                                ? keys_.back()
                                : std::numeric_limits<uint64_t>::max();
  std::vector<AuditFailure>& list = res_.failures;
  if (!removed.empty()) {
    size_t w =
        size_t(std::lower_bound(keys_.begin(), keys_.end(), removed.front()) - keys_.begin());
    size_t ri = 0;
    for (size_t i = w; i < keys_.size(); ++i) {
      while (ri < removed.size() && removed[ri] < keys_[i]) ++ri;
      if (ri < removed.size() && removed[ri] == keys_[i]) continue;
      if (w != i) {
        keys_[w] = keys_[i];
        list[w] = std::move(list[i]);
      }
      ++w;
    }
    keys_.resize(w);
    list.resize(w);
  }
  if (!added.empty()) {  // merged from the back
    size_t i = keys_.size(), j = added.size(), k = i + j;
    keys_.resize(k);
    list.resize(k);
    while (j > 0) {
      --k;
      if (i > 0 && keys_[i - 1] > added[j - 1].first) {
        --i;
        keys_[k] = keys_[i];
        list[k] = std::move(list[i]);
      } else {
        --j;
        keys_[k] = added[j].first;
        list[k] = std::move(added[j].second);
      }
    }
  }
  const size_t kept =
      size_t(std::upper_bound(keys_.begin(), keys_.end(), boundary) - keys_.begin());
  if (boundary != std::numeric_limits<uint64_t>::max() && kept < maxF) {
    // Refill past the old end in key order from the recorded verdicts; the
    // entries already there are new failures of re-run cases.
    std::vector<uint64_t> beyondKeys(keys_.begin() + ptrdiff_t(kept), keys_.end());
    std::vector<AuditFailure> beyond(std::make_move_iterator(list.begin() + ptrdiff_t(kept)),
                                     std::make_move_iterator(list.end()));
    keys_.resize(kept);
    list.resize(kept);
    const size_t nc = plan_.combos.size();
    size_t bi = 0;
    for (uint64_t key = boundary + 1; key < cases_.size() && keys_.size() < maxF; ++key) {
      if (!free_[size_t(key / nc)] || cases_[key].verdict == Verdict::Ok) continue;
      while (bi < beyondKeys.size() && beyondKeys[bi] < key) ++bi;
      keys_.push_back(key);
      if (bi < beyondKeys.size() && beyondKeys[bi] == key) {
        list.push_back(std::move(beyond[bi++]));
        continue;
      }
      const AuditCombo& c = plan_.combos[size_t(key % nc)];
      const auto [x, y] = startOf(size_t(key / nc));
      list.push_back({{x, y, c.dir, c.speed, c.half}, runner(0).run(x, y, c, false)});
      ++casesLastRun_;
    }
  }
  if (keys_.size() > maxF) {
    keys_.resize(maxF);
    list.resize(maxF);
  }
  res_.failuresTruncated = res_.failing() > maxF;
}

size_t LiveAudit::memoryBytes() const {
  size_t n = cases_.capacity() * sizeof(CaseRec) + startRecs_.capacity() * sizeof(CaseRec) +
             free_.capacity() + keys_.capacity() * 8 + res_.heat.capacity() * sizeof(int) +
             res_.failures.capacity() * sizeof(AuditFailure) +
             res_.failingCases.capacity() * sizeof(AuditCaseRecord) +
             comboOf_.capacity() * sizeof(int);
  for (const AuditFailure& f : res_.failures) n += f.verdict.message.capacity();
  return n;
}

std::vector<CellPos> changedCells(const MapDocument& before, const MapDocument& after) {
  const Room& a = before.room;
  const Room& b = after.room;
  const bool sameSize = a.width == b.width && a.height == b.height && a.cellSize == b.cellSize;
  const auto& ma = before.metatiles.metatiles;
  const auto& mb = after.metatiles.metatiles;
  auto metatileChanged = [&](uint16_t m) {
    if ((m < ma.size()) != (m < mb.size())) return true;
    return m < ma.size() && (ma[m].collision != mb[m].collision || ma[m].tiles != mb[m].tiles);
  };
  std::vector<CellPos> out;
  for (int r = 0; r < b.height; ++r)
    for (int c = 0; c < b.width; ++c)
      if (!sameSize || a.at(c, r) != b.at(c, r) || metatileChanged(b.at(c, r)))
        out.push_back({c, r});
  return out;
}

}  // namespace core
