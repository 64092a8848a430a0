// Never lose work: the GUI under a virtual X server makes an unsaved edit, is
// killed (a crash signal, or SIGKILL after an autosave), and the next start
// recovers the edit (--recover newest) and saves it, or discards the copy.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/map/map_file.h"
#include "core/sim/scenario.h"
#include "core/workspace/recovery.h"

namespace fs = std::filesystem;
using app::test::quote;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

constexpr int kCol = 2, kRow = 3;

class GuiRecovery : public app::test::GuiRunTest {
 protected:
  GuiRecovery() : GuiRunTest("collidoscope_recovery_") {}
  void SetUp() override {
    GuiRunTest::SetUp();
    if (IsSkipped()) return;
    std::string error;
    core::Scenario castle;
    ASSERT_TRUE(core::loadScenario(castle_, castle, &error)) << error;
    const core::Room& room = castle.map.room;
    // A metatile the cell does not hold yet: the edit is visible in the copy.
    metatile_ = room.cells[size_t(kRow) * room.width + kCol] == 1 ? 2 : 1;
    paint_ = "--paint " + std::to_string(kCol) + "," + std::to_string(kRow) + "," +
             std::to_string(metatile_);
  }
  void TearDown() override {
    if (pid_ > 0) ::kill(pid_, SIGKILL);
    GuiRunTest::TearDown();
  }
  std::string stateEnv() const { return "env XDG_STATE_HOME=" + quote(path("state")); }
  std::string recoveryDir() const { return path("state") + "/collidoscope/recovery"; }

  // Starts the GUI in the background (output to a file) and waits for an
  // output line starting with `marker` ("recovery: staged FILE"); returns FILE
  // and sets pid_ from its name (session-<pid>.json).
  std::string startAndWaitFor(const std::string& args, const std::string& marker) {
    const std::string out = path("background.txt");
    const std::string command = stateEnv() + " " +
                                app::test::guiCommand(COLLIDOSCOPE_GUI_EXE, path("config"), args) +
                                " > " + quote(out) + " 2>&1 &";
    EXPECT_EQ(std::system(command.c_str()), 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < deadline) {
      std::ifstream in(out);
      std::string line;
      while (std::getline(in, line))
        if (line.starts_with(marker)) {
          const std::string file = line.substr(marker.size());
          const std::string name = fs::path(file).filename().string();  // session-<pid>.json
          pid_ = std::atoi(name.c_str() + 8);
          return file;
        }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    std::ifstream in(out);
    std::stringstream all;
    all << in.rdbuf();
    ADD_FAILURE() << "no \"" << marker << "\" line within 120 s:\n" << all.str();
    return {};
  }
  // Sends `sig` and waits until the process is gone (xvfb-run reaps it).
  void killAndWait(int sig) {
    ASSERT_GT(pid_, 0);
    ASSERT_EQ(::kill(pid_, sig), 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::kill(pid_, 0) == 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_NE(::kill(pid_, 0), 0) << "the GUI did not die of signal " << sig;
    pid_ = 0;
  }
  // The metatile at the edited cell in the recovery copy `file`.
  int recoveredCell(const std::string& file) {
    core::RecoveryDocument doc;
    std::string error;
    EXPECT_TRUE(core::readRecovery(file, doc, &error)) << error;
    const core::Room& room = doc.scenario.map.room;
    if (room.cells.empty()) return -1;
    EXPECT_EQ(fs::path(doc.scenario.path), fs::path(castle_).lexically_normal());
    return room.cells[size_t(kRow) * room.width + kCol];
  }
  size_t recoveryFiles() const {
    std::error_code ec;
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(recoveryDir(), ec)) n += e.is_regular_file();
    return n;
  }

  const std::string castle_ = app::test::repoFile("maps/seed002_castle.scenario.json");
  int metatile_ = 1;
  std::string paint_;
  pid_t pid_ = 0;
};

TEST_F(GuiRecovery, ACrashSignalSavesTheEditAndTheNextStartRecoversAndSavesIt) {
  // No autosave for an hour: only the crash handler can write the copy.
  const std::string file = startAndWaitFor(
      quote(castle_) + " " + paint_ +
          " --autosave-seconds 3600 --autosave-first-seconds 3600 --frames 100000000",
      "recovery: staged ");
  ASSERT_FALSE(file.empty());
  EXPECT_FALSE(fs::exists(file)) << "written before the crash";
  killAndWait(SIGSEGV);
  ASSERT_TRUE(fs::exists(file)) << "the crash handler wrote no copy";
  EXPECT_EQ(recoveredCell(file), metatile_);

  // The next start recovers it; Save as writes the edit; the copy is gone.
  const std::string saved = path("saved.scenario.json");
  auto r = gui("--recover newest --save-as " + quote(saved) + " --frames 3", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("recovery: recovered " + file), std::string::npos) << r.output;
  core::MapDocument map;
  std::string error;
  ASSERT_TRUE(core::loadMap(path("saved.map.json"), map, &error)) << error;
  EXPECT_EQ(map.room.cells[size_t(kRow) * map.room.width + kCol], metatile_);
  EXPECT_EQ(recoveryFiles(), 0u) << "a clean save leaves no copy";
}

TEST_F(GuiRecovery, AnAutosaveSurvivesSigkillAndDiscardRemovesIt) {
  const std::string file =
      startAndWaitFor(quote(castle_) + " " + paint_ + " --autosave-seconds 1 --frames 100000000",
                      "recovery: wrote ");
  ASSERT_FALSE(file.empty());
  killAndWait(SIGKILL);  // nothing runs: the autosave is all there is
  ASSERT_TRUE(fs::exists(file));
  EXPECT_EQ(recoveredCell(file), metatile_);
  auto r = gui("--recover discard --frames 2", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(recoveryFiles(), 0u);
}

TEST_F(GuiRecovery, TheFirstCopyFollowsTheFirstEditWithinSecondsSoSigkillLosesNothing) {
  // The interval is an hour, as a minute is for a user: only the first copy,
  // due 3 s after the first edit, can be on disk when SIGKILL comes.
  const auto start = std::chrono::steady_clock::now();
  const std::string file =
      startAndWaitFor(quote(castle_) + " " + paint_ + " --autosave-seconds 3600 --frames 100000000",
                      "recovery: wrote ");
  ASSERT_FALSE(file.empty());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(100));
  killAndWait(SIGKILL);
  ASSERT_TRUE(fs::exists(file));
  EXPECT_EQ(recoveredCell(file), metatile_);
}

TEST_F(GuiRecovery, ARecoveredCopyStaysOnDiskAsTheNewSessionsUntilItWritesItsOwn) {
  auto r = gui(quote(castle_) + " " + paint_ + " --autosave-seconds 600 --frames 3", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  ASSERT_EQ(recoveryFiles(), 1u);
  // Recovered, and killed before it wrote a copy of its own (an hour away).
  const std::string old = startAndWaitFor(
      "--recover newest --autosave-seconds 3600 --autosave-first-seconds 3600 --frames 100000000",
      "recovery: recovered ");
  ASSERT_FALSE(old.empty());
  EXPECT_FALSE(fs::exists(old));
  std::string mine;
  for (const auto& e : fs::directory_iterator(recoveryDir()))
    if (e.is_regular_file()) mine = e.path().string();
  ASSERT_FALSE(mine.empty()) << "the recovered copy is gone before a new one was written";
  pid_ = std::atoi(fs::path(mine).filename().c_str() + 8);  // session-<pid>.json
  killAndWait(SIGKILL);
  ASSERT_TRUE(fs::exists(mine));
  EXPECT_EQ(recoveredCell(mine), metatile_);
}

TEST_F(GuiRecovery, ACopyThatDoesNotLoadIsSetAsideAndNotOfferedAgain) {
  fs::create_directories(recoveryDir());
  const std::string bad = recoveryDir() + "/session-2147483646.json";
  const std::string unbuildable = recoveryDir() + "/session-2147483645.json";
  {
    std::ofstream(bad) << "{\"format\": \"collidoscope-recovery/1\", \"map\": [[[[";
    // Reads, but its routine is gone: it fails when recovered.
    core::RecoveryDocument doc;
    std::string error;
    ASSERT_TRUE(core::loadScenario(castle_, doc.scenario, &error)) << error;
    std::string text = core::recoveryText(doc, 2147483645, 1);
    const std::string routine = "../assets/routines/seed002_mrn/manifest.json";
    const size_t at = text.find(routine);
    ASSERT_NE(at, std::string::npos) << text.substr(0, 2000);
    text.replace(at, routine.size(), "no/such/manifest.json");
    std::ofstream(unbuildable) << text;
  }
  auto r = gui("--recover newest --frames 2", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;  // the castle opens in its place
  const std::string rejected = recoveryDir() + "/rejected/";
  EXPECT_NE(r.output.find("recovery: set aside " + rejected + "session-2147483646.json"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("recovery: set aside " + rejected + "session-2147483645.json"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("it will not be offered again"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("no/such/manifest.json"), std::string::npos) << "why, in the message\n"
                                                                       << r.output;
  EXPECT_EQ(r.output.find(".loading-"), std::string::npos) << "the claim's name\n" << r.output;
  EXPECT_FALSE(fs::exists(bad));
  EXPECT_FALSE(fs::exists(unbuildable));
  EXPECT_TRUE(fs::exists(rejected + "session-2147483646.json"));
  EXPECT_TRUE(fs::exists(rejected + "session-2147483645.json"));
  EXPECT_EQ(recoveryFiles(), 0u);

  r = gui("--recover newest --frames 2", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("recovery: nothing to recover"), std::string::npos) << r.output;
}

TEST_F(GuiRecovery, ACopyThatStoppedTheAppWhileLoadingIsSetAsideAtTheNextStart) {
  // What a load that crashed leaves: the copy claimed by an app no longer running.
  fs::create_directories(recoveryDir() + "/rejected");
  const std::string claim = recoveryDir() + "/rejected/session-2147483646.json.loading-2147483645";
  std::ofstream(claim) << "{}";
  auto r = gui("--recover newest --frames 2", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("the app stopped while loading it"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(claim));
  EXPECT_TRUE(fs::exists(recoveryDir() + "/rejected/session-2147483646.json"));
  EXPECT_NE(r.output.find("recovery: nothing to recover"), std::string::npos) << r.output;
}

TEST_F(GuiRecovery, QuittingWithUnsavedWorkKeepsACopyAndSavingRemovesIt) {
  auto r = gui(quote(castle_) + " " + paint_ + " --autosave-seconds 600 --frames 3", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  ASSERT_EQ(recoveryFiles(), 1u) << "the unsaved edit was not kept on the way out";
  r = gui("--recover newest --frames 3 --autosave-seconds 600", stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(recoveryFiles(), 1u) << "still unsaved: still kept (as this session's copy)";
  r = gui("--recover newest --save-as " + quote(path("x.scenario.json")) +
              " --frames 3 --autosave-seconds 600",
          stateEnv());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(recoveryFiles(), 0u);
}

}  // namespace
#endif
