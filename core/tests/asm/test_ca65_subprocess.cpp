// Running tools without a shell, and scratch directories that clean up.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/asm/subprocess.h"
#include "core/tests/process_test_util.h"

namespace core {
namespace {

using test::endsWithin;

TEST(Subprocess, CapturesStdoutStderrAndExitCode) {
  ProcessResult r = runProcess({"sh", "-c", "echo out; echo err >&2; exit 3"});
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_FALSE(r.timedOut);
}

TEST(Subprocess, PassesArgumentsUntouchedWithoutAShell) {
  ProcessResult r = runProcess({"printf", "[%s]\\n", "a b", "$HOME", "x;y", "'q'"});
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out, "[a b]\n[$HOME]\n[x;y]\n['q']\n");
}

TEST(Subprocess, LargeOutputOnBothStreamsDoesNotDeadlock) {
  ProcessResult r =
      runProcess({"sh", "-c", "head -c 300000 /dev/zero; head -c 200000 /dev/zero >&2"});
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out.size(), 300000u);
  EXPECT_EQ(r.err.size(), 200000u);
}

TEST(Subprocess, MissingProgramIsReportedNotThrown) {
  ProcessResult r = runProcess({"collido-no-such-program-xyz", "--help"});
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.error.find("not found on PATH"), std::string::npos) << r.error;
  ProcessResult r2 = runProcess({"/nonexistent/dir/tool"});
  EXPECT_FALSE(r2.started);
  EXPECT_NE(r2.error.find("not found"), std::string::npos) << r2.error;
  EXPECT_FALSE(runProcess({}).started);
}

TEST(Subprocess, TimeoutKillsTheChild) {
  ProcessOptions opts;
  opts.timeoutMs = 200;
  ProcessResult r = runProcess({"sleep", "10"}, opts);
  ASSERT_TRUE(r.started);
  EXPECT_TRUE(r.timedOut);
  EXPECT_EQ(r.exitCode, 128 + 9);
}

// Issue 33: a shell's child (make's jobs) outlived the timeout and kept running.
TEST(Subprocess, TimeoutKillsWhatTheChildStarted) {
  ProcessOptions opts;
  opts.timeoutMs = 300;
  const auto start = std::chrono::steady_clock::now();
  ProcessResult r = runProcess({"sh", "-c", "sleep 600 & echo $!; wait"}, opts);
  ASSERT_TRUE(r.started);
  EXPECT_TRUE(r.timedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  std::string pid = r.out.substr(0, r.out.find('\n'));
  ASSERT_FALSE(pid.empty()) << r.out;
  EXPECT_TRUE(endsWithin(pid, 5000)) << "sleep " << pid << " survived the timeout";
}

// Issue 33: a build writing 300 MB to stdout was kept whole (518 MB RSS).
TEST(Subprocess, OutputPastTheCapKeepsHeadAndTailAndDrainsThePipe) {
  ProcessOptions opts;
  opts.maxCaptureBytes = 1000;
  ProcessResult r =
      runProcess({"sh", "-c",
                  "printf HEAD; head -c 3000000 /dev/zero | tr '\\0' x; printf TAIL >&1; "
                  "printf err >&2"},
                 opts);
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exitCode, 0);  // read to the end: never blocked on a full pipe
  EXPECT_FALSE(r.timedOut);
  EXPECT_EQ(r.out.rfind("HEAD", 0), 0u);
  EXPECT_TRUE(r.out.ends_with("xxxTAIL"));
  EXPECT_EQ(r.outDropped, 3000008u - 1000u);
  EXPECT_NE(r.out.find("[... " + std::to_string(r.outDropped) + " bytes left out ...]"),
            std::string::npos);
  EXPECT_LT(r.out.size(), 1100u);
  EXPECT_EQ(r.err, "err");
  EXPECT_EQ(r.errDropped, 0u);
}

TEST(Subprocess, TheDefaultCapHoldsAMebibyte) {
  ProcessResult r = runProcess({"head", "-c", "50000000", "/dev/zero"});
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.outDropped, 50000000u - (1u << 20));
  EXPECT_LT(r.out.size(), (1u << 20) + 100);
}

TEST(Subprocess, RunsInTheGivenDirectory) {
  auto dir = TempDir::create("collido-test");
  ASSERT_TRUE(dir);
  ProcessOptions opts;
  opts.directory = dir->path();
  ProcessResult r = runProcess({"pwd", "-P"}, opts);
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.out, std::filesystem::canonical(dir->path()).string() + "\n");
}

TEST(Subprocess, StdinIsEmpty) {
  ProcessResult r = runProcess({"cat"});
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out, "");
}

TEST(Subprocess, FindExecutable) {
  EXPECT_FALSE(findExecutable("sh").empty());
  EXPECT_EQ(findExecutable("collido-no-such-program-xyz"), "");
  EXPECT_EQ(findExecutable("/bin/sh"), "/bin/sh");
  EXPECT_EQ(findExecutable(""), "");
}

TEST(TempDirTest, RemovesItselfAndItsContents) {
  std::string path;
  {
    auto dir = TempDir::create("collido-test");
    ASSERT_TRUE(dir);
    path = dir->path();
    ASSERT_TRUE(std::filesystem::is_directory(path));
    std::filesystem::create_directory(dir->file("sub"));
    std::ofstream(dir->file("sub/x.txt")) << "x";
    TempDir moved = std::move(*dir);  // ownership moves; only one removal
    EXPECT_EQ(moved.path(), path);
    EXPECT_TRUE(std::filesystem::exists(path));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(TempDirTest, ExistingDirectoryIsKept) {
  auto owner = TempDir::create("collido-test");
  ASSERT_TRUE(owner);
  { TempDir kept = TempDir::existing(owner->path()); }
  EXPECT_TRUE(std::filesystem::is_directory(owner->path()));
}

}  // namespace
}  // namespace core
