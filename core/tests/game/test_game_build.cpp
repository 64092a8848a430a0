// A game manifest's `game.build` command (issue 33): it stops at
// game.build.timeoutMs with everything it started, its failure message ends with
// the tail of its output, and the limit is read from the manifest. The builds
// here are shell one-liners with short limits; none needs a real game.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "core/asm/subprocess.h"
#include "core/game/boot.h"
#include "core/sim/manifest.h"
#include "core/tests/process_test_util.h"
#include "core/tests/sample_test_util.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace core {
namespace {

using test::endsWithin;

using nlohmann::json;

class GameBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    auto dir = TempDir::create("game_build");
    ASSERT_TRUE(dir);
    dir_.emplace(std::move(*dir));
  }
  // A manifest whose build runs `command` within `timeoutMs`; the ROM is absent.
  RoutineManifest manifest(const std::string& command, int timeoutMs) {
    RoutineManifest m;
    m.path = dir_->file("manifest.json");
    GameSpec g;
    g.rom = dir_->file("never-built.nes");
    g.buildCommand = command;
    g.buildDirectory = dir_->path();
    g.buildTimeoutMs = timeoutMs;
    m.game = g;
    return m;
  }
  std::string read(const std::string& name) {
    std::ifstream f(dir_->file(name));
    std::string text;
    std::getline(f, text);
    return text;
  }
  std::optional<TempDir> dir_;
};

// Issue 33's reproducer: `sleep 600` hung `collido run` and the GUI's open.
TEST_F(GameBuild, AHangingBuildStopsAtItsTimeoutLocatedAtGameBuild) {
  const auto start = std::chrono::steady_clock::now();
  AsmResult r = game::loadGameImage(manifest("sleep 600", 300));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Diagnostic::Severity::Error);
  EXPECT_EQ(d.loc.file, dir_->file("manifest.json"));
  EXPECT_EQ(d.message.rfind("game.build: build command \"sleep 600\"", 0), 0u) << d.message;
  EXPECT_NE(d.message.find("timed out after 300 ms"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("game.build.timeoutMs"), std::string::npos) << d.message;
}

// make's jobs, a shell's children: all of them are stopped, not just the shell.
TEST_F(GameBuild, ATimeoutStopsEverythingTheBuildStarted) {
  AsmResult r =
      game::loadGameImage(manifest("sleep 600 & echo $! > job.pid; echo started; wait", 300));
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.at(0).message.find("timed out"), std::string::npos)
      << r.diagnosticsText();
  EXPECT_NE(r.diagnostics.at(0).message.find("\nstarted"), std::string::npos)  // its output
      << r.diagnosticsText();
  const std::string pid = read("job.pid");
  ASSERT_FALSE(pid.empty());
  EXPECT_TRUE(endsWithin(pid, 5000)) << "the build's sleep " << pid << " survived";
}

// Issue 33: a build writing 300 MB was kept whole; its message holds the tail only.
TEST_F(GameBuild, AFailingBuildsMessageEndsWithTheTailOfItsOutput) {
  AsmResult r = game::loadGameImage(
      manifest("printf first; head -c 30000000 /dev/zero | tr '\\0' e >&2; echo >&2; "
               "echo 'last line' >&2; exit 3",
               60000));
  ASSERT_FALSE(r.ok);
  const std::string& msg = r.diagnostics.at(0).message;
  EXPECT_NE(msg.find("exited with 3"), std::string::npos) << msg.substr(0, 300);
  EXPECT_TRUE(msg.ends_with("\nlast line"))
      << msg.substr(msg.size() - std::min<size_t>(300, msg.size()));
  EXPECT_LT(msg.size(), 5000u);
}

// `make clean && make` ran only `make clean`: the shell was replaced by its first command.
TEST_F(GameBuild, ACompoundCommandRunsWholeInTheBuildDirectory) {
  AsmResult r = game::loadGameImage(manifest("echo a > one.txt && echo b > two.txt", 60000));
  EXPECT_EQ(read("one.txt"), "a");
  EXPECT_EQ(read("two.txt"), "b");
}

TEST_F(GameBuild, AMissingBuildDirectoryIsLocated) {
  RoutineManifest m = manifest("true", 60000);
  m.game->buildDirectory = dir_->file("no-such-dir");
  AsmResult r = game::loadGameImage(m);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.diagnostics.at(0).loc.file, m.path);
  EXPECT_EQ(r.diagnostics.at(0).message.rfind("game.build.directory: ", 0), 0u)
      << r.diagnosticsText();
}

TEST_F(GameBuild, BinaryOutputIsShownWithoutControlBytes) {
  AsmResult r =
      game::loadGameImage(manifest("head -c 100000 /dev/zero; printf 'x\\033y'; exit 1", 60000));
  ASSERT_FALSE(r.ok);
  const std::string& msg = r.diagnostics.at(0).message;
  EXPECT_TRUE(msg.ends_with("\n...\nx.y") || msg.ends_with("....x.y")) << msg.substr(0, 200);
  EXPECT_EQ(msg.find('\0'), std::string::npos);
  EXPECT_LT(msg.size(), 5000u);
}

TEST_F(GameBuild, ASucceedingBuildGoesOnToTheRom) {
  AsmResult r = game::loadGameImage(manifest("echo built > build.log", 60000));
  EXPECT_EQ(read("build.log"), "built");
  ASSERT_FALSE(r.ok);  // the build wrote no ROM
  EXPECT_EQ(r.diagnostics.at(0).message.find("game.build"), std::string::npos)
      << r.diagnosticsText();
}

// game.build.timeoutMs is read from the manifest, with a documented default.
TEST_F(GameBuild, TheManifestSetsTheTimeout) {
  std::string error;
  auto j = readJsonFile(test::repoFile("assets/games/nrom_demo/manifest.json"), &error);
  ASSERT_TRUE(j) << error;
  auto load = [&](const json& build, RoutineManifest& m) {
    json edited = *j;
    edited["game"]["build"] = build;
    const std::string path = dir_->file("manifest.json");
    EXPECT_TRUE(writeFileAtomic(path, edited.dump(1), &error, false)) << error;
    error.clear();
    return loadManifest(path, m, &error);
  };
  RoutineManifest m;
  ASSERT_TRUE(load({{"command", "make"}}, m)) << error;
  EXPECT_EQ(m.game->buildTimeoutMs, kDefaultBuildTimeoutMs);
  ASSERT_TRUE(load({{"command", "make"}, {"timeoutMs", 2500}}, m)) << error;
  EXPECT_EQ(m.game->buildTimeoutMs, 2500);
  for (const json& bad : {json(0), json(-5), json(1.5), json(true), json(1e12)}) {
    RoutineManifest n;
    EXPECT_FALSE(load({{"command", "make"}, {"timeoutMs", bad}}, n)) << bad.dump();
    EXPECT_NE(error.find("game.build.timeoutMs"), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace core
