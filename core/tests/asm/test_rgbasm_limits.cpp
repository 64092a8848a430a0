// The built-in SM83 assembler's budgets and file limits: an empty REPT with a
// huge count, a string that doubles itself, and sources or INCBIN files that
// are devices, FIFOs or too large all end fast with a located error that names
// the budget or the file and its limit.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "core/asm/ca65/ca65.h"
#include "core/tests/rgbasm_test_util.h"
#include "core/util/files.h"

namespace fs = std::filesystem;

namespace {

// `seconds` is the CPU time this thread spent assembling, not the wall clock: the
// bound is on the work a budget allows, and a loaded machine (a fuzz run, CI
// beside other jobs) must not fail it.
struct Timed {
  core::AsmResult result;
  double seconds = 0;
  long peakKiB = 0;
};

double threadCpuSeconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

Timed timedAssemble(const std::string& source) {
  const double t0 = threadCpuSeconds();
  Timed t;
  t.result = rgbasm_test::assemble(source);
  t.seconds = threadCpuSeconds() - t0;
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  t.peakKiB = u.ru_maxrss;
  return t;
}

class AsmFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collido_asmfiles_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string source(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  core::AsmResult assembleFile(const std::string& file) const {
    const auto t0 = std::chrono::steady_clock::now();
    core::AsmResult r = core::assembleSm83({file});
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
    return r;
  }
  fs::path dir_;
};

}  // namespace

TEST(RgbasmBudgets, EmptyReptWithAHugeCountStopsAtTheIterationBudget) {
  const Timed t = timedAssemble("SECTION \"S\", ROM0\n    REPT 2000000000\n    ENDR\n");
  EXPECT_FALSE(t.result.ok);
  EXPECT_LT(t.seconds, 0.5);
  const std::string text = t.result.diagnosticsText();
  EXPECT_NE(text.find("main.asm:2:5: error: assembly stopped after 4000000 REPT/FOR iterations: "
                      "the iteration budget is spent"),
            std::string::npos)
      << text;
  // Nested empty loops are counted the same way.
  const Timed nested = timedAssemble("    REPT 65536\n    REPT 65536\n    ENDR\n    ENDR\n");
  EXPECT_FALSE(nested.result.ok);
  EXPECT_LT(nested.seconds, 0.5);
  EXPECT_NE(nested.result.diagnosticsText().find("iteration budget"), std::string::npos);
}

TEST(RgbasmBudgets, TheLineBudgetNamesItself) {
  core::Sm83AsmOptions opts;
  opts.maxLines = 1000;
  auto r = rgbasm_test::assemble({{"main.asm", "    REPT 100000\n    DEF x = 1\n    ENDR\n"}},
                                 {"main.asm"}, opts);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("main.asm:2:1: error: assembly stopped after 1000 lines: the "
                                     "line budget is spent"),
            std::string::npos)
      << r.diagnosticsText();
}

TEST(RgbasmBudgets, AnEqusThatDoublesItselfStopsAtTheLineExpansionBudget) {
  // 24 doublings would be a 16 MiB string (1.5 GB of copies before the budget).
  const Timed t = timedAssemble(
      "DEF s EQUS \"ab\"\n"
      "    REPT 24\n"
      "    REDEF s EQUS \"{s}{s}\"\n"
      "    ENDR\n");
  EXPECT_FALSE(t.result.ok);
  EXPECT_LT(t.seconds, 0.5);
  EXPECT_LT(t.peakKiB, 512 * 1024) << "peak RSS " << t.peakKiB << " KiB";
  const std::string text = t.result.diagnosticsText();
  EXPECT_NE(text.find("main.asm:3:"), std::string::npos) << text;
  EXPECT_NE(text.find("per-line expansion budget is spent"), std::string::npos) << text;
}

TEST(RgbasmBudgets, MacroArgumentsThatDoubleStopAtTheLineExpansionBudget) {
  const Timed t = timedAssemble(
      "MACRO dbl\n"
      "    IF STRLEN(\"\\1\") < 100000000\n"
      "    dbl \\1\\1\n"
      "    ENDC\n"
      "ENDM\n"
      "    dbl abcd\n");
  EXPECT_FALSE(t.result.ok);
  EXPECT_LT(t.seconds, 0.5);
  EXPECT_NE(t.result.diagnosticsText().find("expansion budget is spent"), std::string::npos)
      << t.result.diagnosticsText();
}

TEST(RgbasmBudgets, TotalExpandedTextIsBudgeted) {
  core::Sm83AsmOptions opts;
  opts.maxExpandedBytes = 1 << 20;
  const std::string big(60000, 'x');
  auto r = rgbasm_test::assemble({{"main.asm", "DEF s EQUS \"" + big +
                                                   "\"\n    REPT 100000\n    DEF t EQUS \"{s}\"\n"
                                                   "    PURGE t\n    ENDR\n"}},
                                 {"main.asm"}, opts);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnosticsText().find("main.asm:3:1: error: assembly stopped after expanding"),
            std::string::npos)
      << r.diagnosticsText();
  EXPECT_NE(r.diagnosticsText().find("the expansion budget (1 MiB) is spent"), std::string::npos);
}

TEST_F(AsmFiles, SourcesAndIncludesMustBeRegularFilesWithinTheirCaps) {
  ASSERT_EQ(::mkfifo(path("pipe.inc").c_str(), 0600), 0);
  {
    std::ofstream(path("big.bin")).put('x');
    ASSERT_EQ(::truncate(path("big.bin").c_str(), off_t(core::kMaxBinaryBytes + 1)), 0);
    std::ofstream(path("big.asm")).put('x');
    ASSERT_EQ(::truncate(path("big.asm").c_str(), off_t(core::kMaxSourceBytes + 1)), 0);
  }
  struct Case {
    std::string text, expected;
  };
  const Case cases[] = {
      {"SECTION \"S\", ROM0\n    INCBIN \"/dev/zero\"\n",
       ":2:12: error: /dev/zero: not a regular file (a character device)"},
      {"SECTION \"S\", ROM0\n    INCBIN \"big.bin\"\n",
       "big.bin: too large (8388609 bytes; the limit is 8 MiB)"},
      {"    INCLUDE \"pipe.inc\"\n",
       ":1:13: error: " + path("pipe.inc") + ": not a regular file (a FIFO)"},
      {"    INCLUDE \"/dev/zero\"\n", "/dev/zero: not a regular file"},
      {"    INCLUDE \"big.asm\"\n", "big.asm: too large (16777217 bytes; the limit is 16 MiB)"},
  };
  for (const Case& c : cases) {
    const std::string file = source("main.asm", c.text);
    core::AsmResult r = assembleFile(file);
    EXPECT_FALSE(r.ok) << c.text;
    EXPECT_NE(r.diagnosticsText().find(c.expected), std::string::npos) << c.text << "\n"
                                                                       << r.diagnosticsText();
  }
  for (const std::string& src : {std::string("/dev/zero"), path("pipe.inc"), path("big.asm")}) {
    core::AsmResult r = assembleFile(src);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.diagnosticsText().find(src + ": "), std::string::npos) << r.diagnosticsText();
    EXPECT_EQ(r.diagnosticsText().find("cannot open source file"), std::string::npos)
        << r.diagnosticsText();
  }
  // An editor buffer over the cap is refused too.
  core::Sm83AsmOptions opts;
  opts.readFile = [](const std::string&) -> std::optional<std::string> {
    return std::string(core::kMaxSourceBytes + 1, ';');
  };
  core::AsmResult r = core::assembleSm83({"main.asm"}, opts);
  EXPECT_NE(r.diagnosticsText().find("main.asm: too large"), std::string::npos)
      << r.diagnosticsText();
}

TEST_F(AsmFiles, Ca65RefusesADeviceOrFifoSourceBeforeItStarts) {
  ASSERT_EQ(::mkfifo(path("pipe.s").c_str(), 0600), 0);
  for (const std::string& src : {std::string("/dev/zero"), path("pipe.s")}) {
    const auto t0 = std::chrono::steady_clock::now();
    core::AsmResult r = core::assemble6502({src}, core::Ca65Layout{});
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.diagnosticsText().find(src + ": not a regular file"), std::string::npos)
        << r.diagnosticsText();
  }
}
