// Assembles programs/selfcheck.s (a self-checking instruction test in ca65 syntax,
// 424 checks) with the real ca65/ld65 and runs it on the flat bus until it loops
// on `success` or `fail`. Skipped when cc65 is not installed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/flat_bus.h"

namespace fs = std::filesystem;

namespace emu6502 {
namespace {

struct Program {
  std::vector<uint8_t> bytes;
  std::map<std::string, uint16_t> labels;
};

// Builds the program once per test run; returns false with a message on failure.
bool buildSelfcheck(Program& out, std::string& why) {
  const std::string ca65 = EMU6502_CA65, ld65 = EMU6502_LD65;
  const fs::path src = fs::path(COLLIDOSCOPE_SOURCE_DIR) / "emu6502" / "tests" / "programs";
  // One directory per process: ctest runs each test case as its own process, in parallel.
  const fs::path dir =
      fs::path(EMU6502_TEST_BINARY_DIR) / ("selfcheck_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cmd = "cd '" + dir.string() + "' && '" + ca65 + "' -g -o selfcheck.o '" +
                          (src / "selfcheck.s").string() + "' && '" + ld65 + "' -C '" +
                          (src / "selfcheck.cfg").string() +
                          "' -Ln selfcheck.lbl -o selfcheck.bin selfcheck.o";
  if (std::system(cmd.c_str()) != 0) {
    why = "assembly failed: " + cmd;
    return false;
  }
  std::ifstream bin(dir / "selfcheck.bin", std::ios::binary);
  out.bytes.assign(std::istreambuf_iterator<char>(bin), std::istreambuf_iterator<char>());
  // VICE label file: "al 00537E .success"
  std::ifstream lbl(dir / "selfcheck.lbl");
  std::string line;
  while (std::getline(lbl, line)) {
    std::istringstream ls(line);
    std::string al, addr, name;
    if (ls >> al >> addr >> name && al == "al" && name.size() > 1)
      out.labels[name.substr(1)] = static_cast<uint16_t>(std::stoul(addr, nullptr, 16));
  }
  lbl.close();
  fs::remove_all(dir);
  if (!out.labels.count("success") || !out.labels.count("fail")) {
    why = "labels success/fail missing from selfcheck.lbl";
    return false;
  }
  return true;
}

class SelfCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string ca65 = EMU6502_CA65, ld65 = EMU6502_LD65;
    if (ca65.empty() || ld65.empty() || !fs::exists(ca65) || !fs::exists(ld65))
      GTEST_SKIP() << "ca65/ld65 not installed";
    std::string why;
    ASSERT_TRUE(buildSelfcheck(program, why)) << why;
  }

  struct Outcome {
    RunResult result;
    Regs regs;
    unsigned testNumber;
  };

  Outcome run(CpuConfig cfg, BusObserver* observer) {
    FlatBus bus;
    bus.load(0x0400, program.bytes);
    Cpu6502 cpu(bus, cfg);
    cpu.setObserver(observer);
    cpu.regs.pc = 0x0400;
    RunLimits limits;
    limits.stopOnSelfLoop = true;
    limits.maxInstructions = 10'000'000;
    Outcome o;
    o.result = cpu.runUntil(limits);
    o.regs = cpu.regs;
    o.testNumber = bus.peek(0x0200) | (bus.peek(0x0201) << 8);
    return o;
  }

  Program program;
};

TEST_F(SelfCheck, PassesOnThe2A03) {
  const Outcome o = run({}, nullptr);
  EXPECT_EQ(o.result.reason, HaltReason::Loop);
  EXPECT_EQ(o.regs.pc, program.labels["success"]) << "failed at test " << o.testNumber;
  EXPECT_GE(o.testNumber, 400u);
  std::printf("[ selfcheck ] %u tests, %llu instructions, %llu cycles\n", o.testNumber,
              static_cast<unsigned long long>(o.result.instructions),
              static_cast<unsigned long long>(o.result.cycles));
}

// The observed path must end in the same state after the same number of cycles,
// and report exactly one bus access per cycle.
TEST_F(SelfCheck, ObservedPathAgreesCycleForCycle) {
  struct Counter : BusObserver {
    uint64_t accesses = 0;
    void onAccess(uint16_t, uint8_t, Access) override { ++accesses; }
  } counter;
  const Outcome fast = run({}, nullptr);
  const Outcome observed = run({}, &counter);
  EXPECT_EQ(observed.regs, fast.regs);
  EXPECT_EQ(observed.result.cycles, fast.result.cycles);
  EXPECT_EQ(observed.result.instructions, fast.result.instructions);
  EXPECT_EQ(counter.accesses, fast.result.cycles);
}

// A stock NMOS 6502 does BCD arithmetic with D set; the program expects the 2A03
// and must notice.
TEST_F(SelfCheck, DetectsADecimalModeCpu) {
  CpuConfig nmos;
  nmos.decimalMode = true;
  const Outcome o = run(nmos, nullptr);
  EXPECT_EQ(o.result.reason, HaltReason::Loop);
  EXPECT_EQ(o.regs.pc, program.labels["fail"]);
  EXPECT_GT(o.testNumber, 0u);
}

}  // namespace
}  // namespace emu6502
