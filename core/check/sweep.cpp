#include "core/check/sweep.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

#include "core/check/worker_pool.h"
#include "core/game/boot.h"
#include "core/game/game_machine.h"
#include "core/util/json_reader.h"
#include "core/util/text.h"
#include "core/sim/machine.h"
#include "core/sim/simulation.h"

namespace core {

const char* edgeConventionName(EdgeConvention e) {
  return e == EdgeConvention::Inclusive ? "inclusive" : "exclusive";
}

namespace {

constexpr uint64_t kBlock = uint64_t(1) << 16;  // cases per work block: two inputs' full range

bool axisOverlap(int p1, int s1, int p2, int s2, EdgeConvention edges) {
  if (edges == EdgeConvention::Inclusive) return p1 <= p2 + s2 && p2 <= p1 + s1;
  return s1 > 0 && s2 > 0 && p1 < p2 + s2 && p2 < p1 + s1;
}

// The exact test with each role's input index looked up once.
struct ExactTest {
  std::array<int, kPairRoleCount> index{};  // -1: the role is not an input

  explicit ExactTest(const SweepSpec& spec) {
    index.fill(-1);
    for (size_t i = 0; i < spec.inputs.size(); ++i) index[size_t(spec.inputs[i].role)] = int(i);
  }
  int at(const uint8_t* v, PairRole r) const { return v[index[size_t(r)]]; }
  bool has(PairRole r) const { return index[size_t(r)] >= 0; }

  bool operator()(const uint8_t* v, EdgeConvention e) const {
    if (has(PairRole::A1)) {
      const int s = at(v, PairRole::Size);
      return axisOverlap(at(v, PairRole::A1), s, at(v, PairRole::A2), s, e);
    }
    if (has(PairRole::X1) && !axisOverlap(at(v, PairRole::X1), at(v, PairRole::W1),
                                          at(v, PairRole::X2), at(v, PairRole::W2), e))
      return false;
    if (has(PairRole::Y1) && !axisOverlap(at(v, PairRole::Y1), at(v, PairRole::H1),
                                          at(v, PairRole::Y2), at(v, PairRole::H2), e))
      return false;
    return true;
  }
};

// Everything a worker needs, resolved once.
struct Plan {
  uint16_t entry = 0;
  std::vector<uint16_t> address;  // per input
  std::vector<uint8_t> base;      // per input: the fixed value (varied: 0)
  std::vector<int> varied;
  bool carry = false;
  uint16_t answer = 0;
  uint8_t mask = 0xFF;
  bool hitWhenSet = true;
  uint64_t budget = 0;
  uint64_t total = 0, blockSize = 0, blocks = 0;
};

struct WorkerResult {
  uint64_t cases = 0, missed = 0, extra = 0, faults = 0, overlaps = 0;
  std::vector<uint32_t> image, extraImage, overlapImage;
  std::vector<std::pair<uint64_t, SweepMismatch>> samples;
  std::string error;
  double cpuSeconds = 0;
};

std::string namesText(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

std::string powerText(size_t inputs) {
  return "2^" + std::to_string(8 * inputs);
}

int indexOf(const std::vector<std::string>& names, const std::string& name) {
  auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : int(it - names.begin());
}

// Picks the varied inputs and the fixed values; false with a message on bad options.
bool planDomain(const SweepSpec& spec, const SweepOptions& o, SweepResult& res, Plan& p) {
  const auto& names = res.inputNames;
  for (const auto& [name, value] : o.fixed) {
    if (indexOf(names, name) < 0) {
      res.error = "no sweep input named \"" + name + "\" (inputs: " + namesText(names) + ")";
      return false;
    }
    if (value < 0 || value > 255) {
      res.error = "input " + name + " = " + std::to_string(value) + " is not a byte (0..255)";
      return false;
    }
  }
  std::vector<std::string> slice = o.slice;
  if (slice.empty()) {
    for (const auto& n : names)
      if (!o.fixed.count(n)) slice.push_back(n);
    if (slice.size() * 8 > 26 && !spec.slice.empty()) slice = spec.slice;
  }
  p.base.assign(names.size(), 0);
  for (size_t i = 0; i < names.size(); ++i) {
    auto it = o.fixed.find(names[i]);
    p.base[i] = uint8_t(it != o.fixed.end() ? it->second : spec.inputs[i].initial);
  }
  for (const auto& n : slice) {
    const int i = indexOf(names, n);
    if (i < 0) {
      res.error = "no sweep input named \"" + n + "\" (inputs: " + namesText(names) + ")";
      return false;
    }
    if (std::find(p.varied.begin(), p.varied.end(), i) != p.varied.end()) {
      res.error = "input " + n + " is in the slice twice";
      return false;
    }
    if (o.fixed.count(n)) {
      res.error = "input " + n + " is both in the slice and fixed";
      return false;
    }
    p.varied.push_back(i);
  }
  if (p.varied.size() * 8 > 26) {
    res.error = "sweeping " + namesText(slice) + " is " + powerText(p.varied.size()) +
                " combinations, more than 2^26: pick a slice of at most 3 inputs, e.g. --slice " +
                names[0] + "," + names[std::min<size_t>(1, names.size() - 1)];
    return false;
  }
  p.total = uint64_t(1) << (8 * p.varied.size());
  p.blockSize = std::min(p.total, kBlock);
  p.blocks = p.total / p.blockSize;
  res.varied = p.varied;
  res.values.assign(p.base.begin(), p.base.end());
  for (int v : p.varied) res.values[size_t(v)] = 0;
  return true;
}

bool resolveLabel(const AsmResult& image, const LabelRef& ref, const std::string& field,
                  uint16_t& out, std::string* error) {
  // A numeric address ("$0300") stands where a label goes, as in the rest of the manifest.
  if (auto n = parseNumberText(ref.label); n && *n >= 0 && *n <= 0xFFFF) {
    out = uint16_t(*n + ref.offset);
    return true;
  }
  auto a = image.debug.addressOf(ref.label);
  if (!a) {
    *error = field + ": label \"" + ref.label + "\" is not defined by the routine" +
             game::closestNamesText(image.debug, ref.label);
    return false;
  }
  out = uint16_t(*a + ref.offset);
  return true;
}

bool bindSweep(const RoutineManifest& m, const AsmResult& image, Plan& p, std::string* error) {
  const SweepSpec& s = *m.sweep;
  if (!resolveLabel(image, {s.entry, 0}, "sweep.entry", p.entry, error)) return false;
  p.address.resize(s.inputs.size());
  for (size_t i = 0; i < s.inputs.size(); ++i)
    if (!resolveLabel(image, s.inputs[i].ref, "sweep.inputs[" + std::to_string(i) + "].label",
                      p.address[i], error))
      return false;
  p.carry = s.answer.carry;
  if (!p.carry && !resolveLabel(image, s.answer.ref, "sweep.answer.label", p.answer, error))
    return false;
  p.mask = s.answer.mask;
  p.hitWhenSet = s.answer.hitWhenSet;
  p.budget = m.cycleBudget;
  return true;
}

// Runs one block of cases: inputs varied[0] (fastest) and varied[1] over 0..255,
// the rest at their values for this block.
// `classes` (null unless cases are kept) is the whole domain's; blocks write
// disjoint ranges of it.
void sweepBlock(Machine& mc, const Snapshot& start, const Plan& p, const ExactTest& exact,
                EdgeConvention edges, size_t maxSamples, uint64_t block, WorkerResult& out,
                uint8_t* classes) {
  mc.restore(start);
  std::vector<uint8_t> vals = p.base;
  const uint64_t first = block * p.blockSize;
  for (size_t j = 2; j < p.varied.size(); ++j)
    vals[size_t(p.varied[j])] = uint8_t(first >> (8 * j));
  for (size_t i = 0; i < vals.size(); ++i) mc.poke(p.address[i], vals[i]);
  const int v0 = p.varied.size() > 0 ? p.varied[0] : -1;
  const int v1 = p.varied.size() > 1 ? p.varied[1] : -1;
  const int nx = v0 >= 0 ? 256 : 1, ny = v1 >= 0 ? 256 : 1;
  const uint8_t noHit = p.hitWhenSet ? 0 : p.mask;
  for (int y = 0; y < ny; ++y) {
    if (v1 >= 0) {
      vals[size_t(v1)] = uint8_t(y);
      mc.poke(p.address[size_t(v1)], uint8_t(y));
    }
    for (int x = 0; x < nx; ++x) {
      if (v0 >= 0) {
        vals[size_t(v0)] = uint8_t(x);
        mc.poke(p.address[size_t(v0)], uint8_t(x));
      }
      if (!p.carry) mc.poke(p.answer, noHit);
      const CallResult cr = mc.call(p.entry, p.budget, nullptr);
      const bool raw = p.carry ? (mc.flagBits() & 1) != 0 : (mc.peek(p.answer) & p.mask) != 0;
      const bool hit = raw == p.hitWhenSet;
      const bool fault = cr.reason != HaltKind::Returned;
      const bool want = exact(vals.data(), edges);
      const size_t px = size_t(y) * kSweepImageSize + size_t(x);
      if (want) {
        ++out.overlaps;
        ++out.overlapImage[px];
      }
      if (!fault && hit == want) continue;
      const uint64_t index = first + uint64_t(y) * uint64_t(nx) + uint64_t(x);
      ++out.image[px];
      SweepClass cls = SweepClass::Fault;
      if (fault)
        ++out.faults;
      else if (want) {
        ++out.missed;
        cls = SweepClass::Missed;
      } else {
        ++out.extra;
        ++out.extraImage[px];
        cls = SweepClass::FalseHit;
      }
      if (classes) classes[index] = uint8_t(cls);
      if (out.samples.size() < maxSamples)
        out.samples.push_back({index, SweepMismatch{vals, hit && !fault, want, fault,
                                                    cr.reason, mc.pc(), {}, cr.detail}});
    }
  }
  out.cases += uint64_t(nx) * uint64_t(ny);
}

void mergeResults(std::vector<WorkerResult>& results, size_t maxSamples, SweepResult& res) {
  std::vector<std::pair<uint64_t, SweepMismatch>> samples;
  for (auto& r : results) {
    res.cases += r.cases;
    res.cpuSeconds += r.cpuSeconds;
    res.missed += r.missed;
    res.extra += r.extra;
    res.faults += r.faults;
    res.overlaps += r.overlaps;
    for (size_t i = 0; i < r.image.size(); ++i) {
      res.image[i] += r.image[i];
      res.extraImage[i] += r.extraImage[i];
      res.overlapImage[i] += r.overlapImage[i];
    }
    for (auto& s : r.samples) samples.push_back(std::move(s));
  }
  std::sort(samples.begin(), samples.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  if (samples.size() > maxSamples) samples.resize(maxSamples);
  for (auto& s : samples) res.samples.push_back(std::move(s.second));
  res.mismatches = res.missed + res.extra + res.faults;
}

// Makes the machines the workers sweep on: the flat bus with the image loaded,
// or for a game manifest the game booted once here and each worker's machine
// started from that state, the entry's bank mapped.
class MachineSource {
 public:
  bool prepare(const RoutineManifest& m, const AsmResult& image, uint16_t entry,
               std::string* error) {
    m_ = &m;
    image_ = &image;
    entry_ = entry;
    if (!m.game) return true;
    std::unique_ptr<game::GameMachine> g = game::makeGameMachine(image.rom, m.game->rom, error);
    if (!g) return false;
    if (g->cpu() != m.cpu) {
      *error = "cpu: the manifest says " + std::string(cpuName(m.cpu)) + " but " + m.game->rom +
               " is for the " + cpuName(g->cpu());
      return false;
    }
    if (!game::bootGame(*g, *m.game, image.debug, error)) return false;
    if (const DebugSymbol* s = image.debug.symbol(m.sweep->entry)) {
      bank_ = unsigned(s->bank);
      if (!g->mapBank(entry, *bank_)) {
        *error = "sweep.entry: \"" + m.sweep->entry + "\" is in bank " + std::to_string(*bank_) +
                 ", which the cartridge cannot map at " + hex(entry);
        return false;
      }
    }
    booted_ = g->snapshot();
    return true;
  }
  std::unique_ptr<Machine> make(std::string* error) const {
    if (!m_->game) {
      std::unique_ptr<Machine> mc = makeMachine(m_->cpu);
      if (!mc->load(*image_, error)) return nullptr;
      return mc;
    }
    std::unique_ptr<game::GameMachine> g = game::makeGameMachine(image_->rom, m_->game->rom, error);
    if (!g) return nullptr;
    if (bank_) g->setEntryBank(entry_, *bank_);
    g->setStartState(booted_);
    if (!g->load(*image_, error)) return nullptr;
    return g;
  }

 private:
  const RoutineManifest* m_ = nullptr;
  const AsmResult* image_ = nullptr;
  uint16_t entry_ = 0;
  std::optional<unsigned> bank_;
  Snapshot booted_;
};

}  // namespace

std::string sweepFaultText(const SweepMismatch& s) {
  std::string text = std::string(haltKindName(s.halt)) + " at " + hex(s.pc);
  if (!s.label.empty()) text += " (" + s.label + ")";
  if (!s.detail.empty()) text += ": " + s.detail;
  return text;
}

bool exactOverlap(const SweepSpec& spec, const uint8_t* values, EdgeConvention edges) {
  return ExactTest(spec)(values, edges);
}

SweepResult runSweep(const RoutineManifest& m, const SweepOptions& o,
                     const SweepProgressFn& progress, const std::atomic<bool>* cancel) {
  if (!m.sweep) {
    SweepResult res;
    res.error = m.path + ": the manifest has no \"sweep\" block (docs/manifest.md)";
    return res;
  }
  AsmResult image = buildRoutine(m);
  if (!image.ok) {
    SweepResult res;
    res.error = image.diagnosticsText();
    if (res.error.empty()) res.error = m.path + ": the routine did not assemble";
    return res;
  }
  return runSweep(m, image, o, progress, cancel);
}

SweepResult runSweep(const RoutineManifest& m, const AsmResult& image, const SweepOptions& o,
                     const SweepProgressFn& progress, const std::atomic<bool>* cancel) {
  const auto t0 = std::chrono::steady_clock::now();
  SweepResult res;
  res.edges = o.edges;
  if (!m.sweep) {
    res.error = m.path + ": the manifest has no \"sweep\" block (docs/manifest.md)";
    return res;
  }
  const SweepSpec& spec = *m.sweep;
  for (const auto& in : spec.inputs) res.inputNames.push_back(in.name);
  Plan plan;
  if (!planDomain(spec, o, res, plan)) return res;
  if (!bindSweep(m, image, plan, &res.error)) {
    res.error = m.path + ": " + res.error;
    return res;
  }
  MachineSource machines;
  if (!machines.prepare(m, image, plan.entry, &res.error)) {
    res.error = m.path + ": " + res.error;
    return res;
  }
  res.combinations = plan.total;
  res.casesPerPixel = plan.varied.size() > 2 ? plan.total >> 16 : 1;
  res.image.assign(size_t(kSweepImageSize) * kSweepImageSize, 0);
  res.overlapImage = res.image;
  res.extraImage = res.image;
  if (o.keepCases) res.caseClass.assign(size_t(plan.total), uint8_t(SweepClass::Agree));
  uint8_t* classes = o.keepCases ? res.caseClass.data() : nullptr;

  const ExactTest exact(spec);
  std::atomic<uint64_t> nextBlock{0}, doneBlocks{0};
  int threads = o.threads > 0 ? o.threads : int(std::thread::hardware_concurrency());
  threads = std::max(1, std::min<int>(threads, int(plan.blocks)));
  std::vector<WorkerResult> results(static_cast<size_t>(threads));
  auto sweepWorker = [&](WorkerResult& out) {
    std::unique_ptr<Machine> mc = machines.make(&out.error);
    if (!mc) return;
    const Snapshot start = mc->snapshot();
    out.image.assign(res.image.size(), 0);
    out.overlapImage = out.image;
    out.extraImage = out.image;
    for (;;) {
      if (cancel && cancel->load(std::memory_order_relaxed)) return;
      const uint64_t b = nextBlock.fetch_add(1);
      if (b >= plan.blocks) return;
      sweepBlock(*mc, start, plan, exact, o.edges, o.maxSamples, b, out, classes);
      doneBlocks.fetch_add(1);
    }
  };
  std::function<void()> tick;
  if (progress)
    tick = [&] { progress(size_t(doneBlocks.load() * plan.blockSize), size_t(plan.total)); };
  const std::vector<double> cpu = runWorkers(
      threads, [&](int t) { sweepWorker(results[size_t(t)]); }, tick);
  for (int t = 0; t < threads; ++t) results[size_t(t)].cpuSeconds = cpu[size_t(t)];
  for (auto& r : results)
    if (!r.error.empty()) {
      res.error = r.error;
      return res;
    }
  mergeResults(results, o.maxSamples, res);
  for (SweepMismatch& s : res.samples)
    if (s.fault) s.label = game::nearestLabel(image.debug, s.pc);
  res.cancelled = res.cases < res.combinations;
  res.ok = true;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace core
