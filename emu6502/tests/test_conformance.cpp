// Runs every single-instruction vector of conformance/6502 and 6502-nes-dflag
// (SingleStepTests format) against the core: registers, RAM, and the bus activity
// cycle by cycle. Each vector runs on four paths: with an observer (which records
// the bus), and without one on the flat array, on the page map and on plain
// virtual calls, so the fast paths are held to the same results.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/flat_bus.h"
#include "emu6502/opcodes.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace emu6502 {
namespace {

fs::path conformanceDir() {
  if (const char* env = std::getenv("COLLIDOSCOPE_CONFORMANCE_DIR"); env && *env) return env;
  return fs::path(COLLIDOSCOPE_SOURCE_DIR) / ".." / "shared" / "conformance";
}

struct BusCycle {
  uint16_t addr;
  uint8_t value;
  bool write;
  bool operator==(const BusCycle&) const = default;
};

struct Recorder : BusObserver {
  std::vector<BusCycle> cycles;
  void onAccess(uint16_t addr, uint8_t value, Access kind) override {
    cycles.push_back({addr, value, isWrite(kind)});
  }
};

// The same RAM without the flat-array shortcut: the CPU goes through the page map.
struct PagedBus : FlatBus {
  uint8_t* flatMemory() override { return nullptr; }
};
// Neither shortcut: every access is a virtual call.
struct VirtualBus : FlatBus {
  uint8_t* flatMemory() override { return nullptr; }
  FastPages* fastPages() override { return nullptr; }
};

std::string hex(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "$%02X", v);
  return buf;
}

Regs regsFrom(const json& j) {
  Regs r;
  r.pc = j["pc"];
  r.a = j["a"];
  r.x = j["x"];
  r.y = j["y"];
  r.s = j["s"];
  r.p = j["p"];
  return r;
}

// Runs one vector on `bus`; returns a list of mismatches (empty = pass).
std::vector<std::string> runVector(FlatBus& bus, const json& t, bool observe, bool isJam) {
  std::vector<std::string> out;
  for (const auto& cell : t["initial"]["ram"]) bus.poke(cell[0], cell[1]);
  Cpu6502 cpu(bus);
  cpu.regs = regsFrom(t["initial"]);
  Recorder rec;
  if (observe) cpu.setObserver(&rec);
  const unsigned spent = cpu.step();

  const Regs want = regsFrom(t["final"]);
  const Regs& got = cpu.regs;
  auto cmp = [&](const char* name, unsigned g, unsigned w) {
    if (g != w) out.push_back(std::string(name) + " got " + hex(g) + " want " + hex(w));
  };
  if (!isJam) cmp("pc", got.pc, want.pc);
  cmp("a", got.a, want.a);
  cmp("x", got.x, want.x);
  cmp("y", got.y, want.y);
  cmp("s", got.s, want.s);
  cmp("p", got.p, want.p);
  for (const auto& cell : t["final"]["ram"]) {
    const unsigned addr = cell[0];
    cmp(("ram[" + std::to_string(addr) + "]").c_str(), bus.peek(static_cast<uint16_t>(addr)),
        cell[1]);
  }
  if (isJam) {
    if (!cpu.jammed()) out.push_back("not jammed");
    return out;
  }
  const auto& wantCycles = t["cycles"];
  if (spent != wantCycles.size() || cpu.cycles != wantCycles.size())
    out.push_back("cycles got " + std::to_string(spent) + " want " +
                  std::to_string(wantCycles.size()));
  if (observe) {
    std::vector<BusCycle> want;
    for (const auto& c : wantCycles)
      want.push_back({static_cast<uint16_t>(c[0]), static_cast<uint8_t>(c[1]), c[2] == "write"});
    for (size_t i = 0; i < std::max(want.size(), rec.cycles.size()); ++i) {
      auto show = [](const std::vector<BusCycle>& v, size_t k) {
        if (k >= v.size()) return std::string("(none)");
        return hex(v[k].addr >> 8) + hex(v[k].addr & 0xFF).substr(1) + "=" + hex(v[k].value) +
               (v[k].write ? " w" : " r");
      };
      if (i >= want.size() || i >= rec.cycles.size() || !(want[i] == rec.cycles[i])) {
        out.push_back("bus cycle " + std::to_string(i) + " got " + show(rec.cycles, i) + " want " +
                      show(want, i));
        break;
      }
    }
  }
  return out;
}

struct FolderResult {
  size_t files = 0, vectors = 0, failed = 0;
};

FolderResult runFolder(const fs::path& dir) {
  FolderResult res;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  size_t reported = 0;
  for (const auto& file : files) {
    std::ifstream in(file);
    const json tests = json::parse(in);
    const unsigned opcode = std::stoul(file.stem().string(), nullptr, 16);
    const bool isJam = kOpcodes[opcode].cls == OpClass::Jam;
    ++res.files;
    for (const auto& t : tests) {
      ++res.vectors;
      std::vector<std::string> fails;
      const char* paths[] = {"observed", "flat", "paged", "virtual"};
      for (int path = 0; path < 4; ++path) {
        std::vector<std::string> f;
        if (path == 0 || path == 1) {
          FlatBus bus;
          f = runVector(bus, t, path == 0, isJam);
        } else if (path == 2) {
          PagedBus bus;
          f = runVector(bus, t, false, isJam);
        } else {
          VirtualBus bus;
          f = runVector(bus, t, false, isJam);
        }
        for (auto& s : f) fails.push_back(std::string(paths[path]) + ": " + s);
      }
      if (!fails.empty()) {
        ++res.failed;
        if (reported++ < 30) {
          std::string msg = file.filename().string() + " \"" + t["name"].get<std::string>() + "\":";
          for (auto& s : fails) msg += "\n    " + s;
          ADD_FAILURE() << msg;
        }
      }
    }
  }
  return res;
}

TEST(Conformance6502, AllVectors) {
  const fs::path dir = conformanceDir() / "6502";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "conformance folder missing: " << dir;
  const FolderResult r = runFolder(dir);
  std::printf("[ conformance ] 6502: %zu files, %zu vectors run, %zu passed, %zu failed\n", r.files,
              r.vectors, r.vectors - r.failed, r.failed);
  EXPECT_EQ(r.failed, 0u);
  EXPECT_GT(r.vectors, 0u);
}

TEST(Conformance6502, NesDecimalFlagIgnored) {
  const fs::path dir = conformanceDir() / "6502-nes-dflag";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "conformance folder missing: " << dir;
  const FolderResult r = runFolder(dir);
  std::printf(
      "[ conformance ] 6502-nes-dflag: %zu files, %zu vectors run, %zu passed, %zu failed\n",
      r.files, r.vectors, r.vectors - r.failed, r.failed);
  EXPECT_EQ(r.failed, 0u);
  EXPECT_GT(r.vectors, 0u);
}

// The opcode table must agree with the conformance metadata on every mnemonic,
// mode and class.
TEST(Conformance6502, OpcodeTableMatchesCaveats) {
  const fs::path file = conformanceDir() / "6502-caveats.json";
  if (!fs::exists(file)) GTEST_SKIP() << "conformance metadata missing: " << file;
  std::ifstream in(file);
  const json meta = json::parse(in)["opcodes"];
  for (unsigned op = 0; op < 256; ++op) {
    char key[3];
    std::snprintf(key, sizeof key, "%02x", op);
    const json& m = meta.at(key);
    EXPECT_EQ(m["mnemonic"].get<std::string>(), kOpcodes[op].mnemonic) << key;
    EXPECT_EQ(m["mode"].get<std::string>(), addrModeName(kOpcodes[op].mode)) << key;
    EXPECT_EQ(m["class"].get<std::string>(), opClassName(kOpcodes[op].cls)) << key;
  }
}

}  // namespace
}  // namespace emu6502
