// Recovery copies of unsaved work (core/workspace/recovery.h) and the crash
// save that writes the last one from a signal handler (core/util/crash_save.h).
#include <gtest/gtest.h>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>

#include "core/map/map_file.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/scoped_env.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/crash_save.h"
#include "core/util/files.h"
#include "core/workspace/recovery.h"

namespace fs = std::filesystem;

namespace core {
namespace {

using test::ScopedEnv;

class Recovery : public test::TempDirTest {
 protected:
  Recovery() : TempDirTest("collidoscope_recovery_") {}
  void SetUp() override {
    TempDirTest::SetUp();
    std::string error;
    ASSERT_TRUE(
        loadScenario(test::repoFile("maps/seed002_castle.scenario.json"), doc_.scenario, &error))
        << error;
  }
  RecoveryDocument doc_;
};

TEST_F(Recovery, TheDirectoryIsTheUsersStateDirectory) {
  {
    ScopedEnv state("XDG_STATE_HOME", path("state"));
    EXPECT_EQ(recoveryDir(), path("state") + "/collidoscope/recovery");
  }
  ScopedEnv state("XDG_STATE_HOME", "");
  ScopedEnv home("HOME", path("home"));
  EXPECT_EQ(recoveryDir(), path("home") + "/.local/state/collidoscope/recovery");
  EXPECT_EQ(recoveryFileFor(path("r"), 42), path("r") + "/session-42.json");
}

TEST_F(Recovery, WithoutHomeTheDirectoryIsTheHomeOfThePasswordEntry) {
  // Not the shared temp folder, where anyone could read or plant the copies.
  ScopedEnv state("XDG_STATE_HOME", nullptr);
  ScopedEnv home("HOME", nullptr);
  ScopedEnv tmp("TMPDIR", path("tmp"));
  fs::create_directories(path("tmp"));
  const std::string dir = recoveryDir();
  const passwd* pw = ::getpwuid(::geteuid());
  if (pw && pw->pw_dir && pw->pw_dir[0] == '/') {
    EXPECT_EQ(dir, std::string(pw->pw_dir) + "/.local/state/collidoscope/recovery");
  } else {
    const std::string priv = path("tmp") + "/collidoscope-" + std::to_string(::geteuid());
    EXPECT_EQ(dir, priv + "/.local/state/collidoscope/recovery");
    EXPECT_EQ(fs::status(priv).permissions() & fs::perms::all, fs::perms::owner_all);
  }
  EXPECT_FALSE(dir.starts_with(fs::temp_directory_path().string() + "/collidoscope/")) << dir;
}

TEST_F(Recovery, TheFolderOfTheCopiesIsTheUsersAlone) {
  const std::string file = recoveryFileFor(path("state/recovery"), ::getpid());
  std::string error;
  ASSERT_TRUE(writeRecovery(file, recoveryText(doc_, ::getpid(), 1), &error)) << error;
  EXPECT_EQ(fs::status(path("state/recovery")).permissions() & fs::perms::all,
            fs::perms::owner_all);
}

TEST_F(Recovery, AnEditedDocumentComesBackWithItsPathsAndBuffers) {
  Room& room = doc_.scenario.map.room;
  room.cells[3 * room.width + 2] = 5;  // the unsaved edit
  doc_.buffers.push_back({doc_.scenario.manifestPath, "; edited, not saved\n"});
  const std::string file = recoveryFileFor(path("recovery"), ::getpid());
  std::string error;
  ASSERT_TRUE(writeRecovery(file, recoveryText(doc_, ::getpid(), 1700000000), &error)) << error;
  EXPECT_FALSE(fs::exists(file + ".bak")) << "a recovery copy keeps no backup";

  const auto list = listRecoveries(path("recovery"));
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].file, file);
  EXPECT_EQ(list[0].document, "seed002_castle.scenario.json");
  EXPECT_EQ(list[0].pid, ::getpid());
  EXPECT_TRUE(list[0].running) << "this process wrote it and still runs";
  EXPECT_EQ(list[0].savedAt, 1700000000);
  EXPECT_EQ(list[0].buffers, 1);
  EXPECT_EQ(fs::path(list[0].routine), fs::path(doc_.scenario.manifestPath).lexically_normal());
  EXPECT_TRUE(list[0].error.empty()) << list[0].error;

  RecoveryDocument back;
  ASSERT_TRUE(readRecovery(file, back, &error)) << error;
  EXPECT_EQ(back.scenario.path, fs::absolute(doc_.scenario.path).lexically_normal().string());
  EXPECT_EQ(back.scenario.mapPath, fs::absolute(doc_.scenario.mapPath).lexically_normal().string());
  EXPECT_EQ(back.scenario.map.room.cells, room.cells);
  EXPECT_EQ(back.scenario.entities.size(), doc_.scenario.entities.size());
  EXPECT_EQ(back.scenario.input, doc_.scenario.input);
  EXPECT_EQ(back.scenario.manifest.entry, doc_.scenario.manifest.entry);
  ASSERT_EQ(back.buffers.size(), 1u);
  EXPECT_EQ(back.buffers[0].text, "; edited, not saved\n");
  EXPECT_FALSE(back.scenarioUntitled);

  EXPECT_TRUE(removeRecovery(file));
  EXPECT_TRUE(listRecoveries(path("recovery")).empty());
}

TEST_F(Recovery, AnUntitledRoomIsRecoveredFromAnotherWorkingDirectory) {
  doc_.scenario.path.clear();
  doc_.scenario.mapPath.clear();
  doc_.scenarioUntitled = true;
  doc_.scenario.map.room.cells[0] = 7;
  const std::string file = recoveryFileFor(path("recovery"), ::getpid());
  std::string error;
  ASSERT_TRUE(writeRecovery(file, recoveryText(doc_, ::getpid(), 1), &error)) << error;
  EXPECT_EQ(listRecoveries(path("recovery"))[0].document, "untitled");

  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);  // relative names were stored absolute
  RecoveryDocument back;
  const bool ok = readRecovery(file, back, &error);
  fs::current_path(cwd);
  ASSERT_TRUE(ok) << error;
  EXPECT_TRUE(back.scenarioUntitled);
  EXPECT_TRUE(back.scenario.path.empty());
  EXPECT_TRUE(back.scenario.mapPath.empty());
  EXPECT_EQ(back.scenario.map.room.cells[0], 7);
}

TEST_F(Recovery, BadFilesAreListedWithTheirErrorAndOtherFilesIgnored) {
  fs::create_directories(path("recovery"));
  std::string error;
  ASSERT_TRUE(
      writeFileAtomic(path("recovery/session-2147483646.json"), "{\"format\": 3}", &error, false));
  ASSERT_TRUE(writeFileAtomic(path("recovery/notes.txt"), "not ours", &error, false));
  const auto list = listRecoveries(path("recovery"));
  ASSERT_EQ(list.size(), 1u);
  EXPECT_FALSE(list[0].running) << "no process has that id";
  EXPECT_NE(list[0].error.find("session-2147483646.json"), std::string::npos) << list[0].error;

  RecoveryDocument back;
  EXPECT_FALSE(readRecovery(list[0].file, back, &error));
  EXPECT_NE(error.find("session-2147483646.json"), std::string::npos) << error;
  EXPECT_FALSE(readRecovery(path("recovery/missing.json"), back, &error));
  EXPECT_NE(error.find("missing.json"), std::string::npos) << error;
}

TEST_F(Recovery, ACopyThatFailsToLoadIsSetAsideAndNeverListedAgain) {
  fs::create_directories(path("recovery"));
  std::string error;
  const std::string bad = path("recovery/session-2147483646.json");
  ASSERT_TRUE(writeFileAtomic(bad, "{\"format\": \"collidoscope-recovery/9\"}", &error, false));
  ASSERT_EQ(listRecoveries(path("recovery")).size(), 1u);

  const std::string kept = setAsideRecovery(bad, &error);
  ASSERT_FALSE(kept.empty()) << error;
  EXPECT_EQ(kept, rejectedDir(path("recovery")) + "/session-2147483646.json");
  EXPECT_TRUE(fs::exists(kept));
  EXPECT_FALSE(fs::exists(bad));
  EXPECT_TRUE(listRecoveries(path("recovery")).empty()) << "a set-aside copy is offered again";
  EXPECT_EQ(fs::status(rejectedDir(path("recovery"))).permissions() & fs::perms::all,
            fs::perms::owner_all);

  // The same name again (the pid came round): kept beside the first, not over it.
  ASSERT_TRUE(writeFileAtomic(bad, "not json", &error, false));
  const std::string second = setAsideRecovery(bad, &error);
  EXPECT_EQ(second, rejectedDir(path("recovery")) + "/session-2147483646.json.2") << error;
  EXPECT_EQ(*readTextFile(kept, &error), "{\"format\": \"collidoscope-recovery/9\"}");
  error.clear();
  EXPECT_TRUE(setAsideRecovery(path("recovery/missing.json"), &error).empty());
  EXPECT_NE(error.find("missing.json"), std::string::npos) << error;
}

TEST_F(Recovery, ALoadIsClaimedSoACrashWhileLoadingSetsTheCopyAside) {
  const std::string file = recoveryFileFor(path("recovery"), 2147483646);
  std::string error;
  ASSERT_TRUE(writeRecovery(file, recoveryText(doc_, 2147483646, 1), &error)) << error;

  // An app claims it to load it, and dies while loading (no process has that id).
  const std::string claimed = claimRecovery(file, 2147483645, &error);
  ASSERT_FALSE(claimed.empty()) << error;
  EXPECT_FALSE(fs::exists(file));
  EXPECT_TRUE(listRecoveries(path("recovery")).empty());
  // A claim of a running app (this one) is left alone.
  ASSERT_TRUE(writeRecovery(file, recoveryText(doc_, 2147483646, 1), &error)) << error;
  const std::string mine = claimRecovery(file, ::getpid(), &error);
  ASSERT_FALSE(mine.empty()) << error;

  const auto settled = finishInterruptedLoads(path("recovery"));
  ASSERT_EQ(settled.size(), 1u);
  EXPECT_EQ(settled[0], rejectedDir(path("recovery")) + "/session-2147483646.json");
  EXPECT_FALSE(fs::exists(claimed));
  EXPECT_TRUE(fs::exists(mine)) << "another app is loading it";
  RecoveryDocument back;
  EXPECT_TRUE(readRecovery(mine, back, &error)) << error;

  // Its load failed: settled beside the first under the next free name.
  const std::string kept = settleRejected(mine, &error);
  EXPECT_EQ(kept, rejectedDir(path("recovery")) + "/session-2147483646.json.2") << error;
  EXPECT_TRUE(listRecoveries(path("recovery")).empty());
  EXPECT_TRUE(finishInterruptedLoads(path("recovery")).empty());
}

// A child process stages a text, then dies of `sig` (raised by itself, or sent
// by the parent after the child said it is ready). Returns how it ended.
int childDiesWith(int sig, const std::string& file, const std::string& staged, bool selfRaise) {
  int ready[2];
  if (::pipe(ready) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(ready[0]);
    std::string error;
    if (!installCrashSave(file, &error)) ::_exit(90);
    stageCrashSave("first version, replaced");
    stageCrashSave(staged);
    // raise() rather than a real fault: the sanitizer builds would report a
    // null store themselves; the handler sees the same signal either way.
    if (selfRaise) ::raise(sig);
    ::write(ready[1], "r", 1);
    for (;;) ::pause();
  }
  ::close(ready[1]);
  if (!selfRaise) {
    char c;
    if (::read(ready[0], &c, 1) == 1) ::kill(pid, sig);
  }
  ::close(ready[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

TEST_F(Recovery, ACrashWritesTheStagedTextAndStillDiesOfItsSignal) {
  for (int sig : {SIGSEGV, SIGABRT, SIGTERM, SIGINT}) {
    SCOPED_TRACE(strsignal(sig));
    const std::string file = path("crash_" + std::to_string(sig) + ".json");
    const int status = childDiesWith(sig, file, "staged " + std::to_string(sig), sig != SIGTERM);
    ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
    EXPECT_EQ(WTERMSIG(status), sig);
    std::string error;
    auto text = readTextFile(file, &error);
    ASSERT_TRUE(text) << error;
    EXPECT_EQ(*text, "staged " + std::to_string(sig));
    EXPECT_FALSE(fs::exists(file + ".crash-tmp"));
  }
}

// A few MiB of stack at most (with `ulimit -s unlimited` the overflow would
// take the whole address space first).
void stackLimitForChild() {
  rlimit r{};
  if (::getrlimit(RLIMIT_STACK, &r) != 0) return;
  const rlim_t cap = 4u << 20;
  if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur > cap) r.rlim_cur = cap;
  ::setrlimit(RLIMIT_STACK, &r);
}

volatile bool gStopRecursing = false;  // never set: only the stack ends the recursion

// Recurses until the stack runs out (4 KiB a frame the compiler cannot fold away).
[[gnu::noinline]] int overflowStack(int depth) {
  volatile char pad[4096];
  pad[depth % sizeof pad] = char(depth);
  if (gStopRecursing) return pad[0];
  return overflowStack(depth + 1) + pad[depth % sizeof pad];
}

TEST_F(Recovery, AStackOverflowStillWritesTheStagedText) {
  // The handler needs a stack of its own: the overflowed one has none left.
  const std::string file = path("overflow.json");
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::string error;
    if (!installCrashSave(file, &error)) ::_exit(90);
    stackLimitForChild();
    stageCrashSave("staged before the overflow");
    ::_exit(overflowStack(0) == 0 ? 91 : 92);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGSEGV);
  std::string error;
  auto text = readTextFile(file, &error);
  ASSERT_TRUE(text) << "the handler wrote nothing: " << error;
  EXPECT_EQ(*text, "staged before the overflow");
}

TEST_F(Recovery, TheCrashSaveGivesItsThreadASignalStack) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::string error;
    if (!installCrashSave(path("crash.json"), &error)) ::_exit(90);
    stack_t ss{};
    if (::sigaltstack(nullptr, &ss) != 0 || (ss.ss_flags & SS_DISABLE)) ::_exit(91);
    struct sigaction sa {};
    if (::sigaction(SIGSEGV, nullptr, &sa) != 0 || !(sa.sa_flags & SA_ONSTACK)) ::_exit(92);
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "90: not installed, 91: no signal stack, 92: no SA_ONSTACK";
}

TEST_F(Recovery, TheCrashSaveMakesItsFolderBeforeAnyCrash) {
  const std::string file = path("not/yet/there/crash.json");
  const int status = childDiesWith(SIGSEGV, file, "staged", true);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_TRUE(fs::exists(file));
}

TEST_F(Recovery, NothingStagedWritesNothing) {
  const std::string file = path("crash.json");
  const int status = childDiesWith(SIGTERM, file, "", false);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_FALSE(fs::exists(file));
}

}  // namespace
}  // namespace core
