// References that leave a scenario's folder tree are shown (core/sim/references.h):
// `collido info SCENARIO` lists every file a scenario names and marks those
// outside, and the commands that load a scenario warn about each; a save or
// export that embeds tiles read from outside says so. The shipped samples,
// which name files across maps/ and assets/, have no warnings.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;
namespace fs = std::filesystem;
using nlohmann::json;

json readJson(const std::string& p) {
  std::ifstream f(p);
  return json::parse(f);
}

// proj/ holds the seed-001 routine, the starfield room whose tiles are in a CHR
// file at `chrRef` (relative to the map), and a scenario running them.
class CliReferences : public app::test::TempDirTest {
 protected:
  CliReferences() : TempDirTest("collido_cli_refs_") {}
  std::string proj(const std::string& rel = "") const { return path("proj/" + rel); }
  std::string makeProject(const std::string& chrRef, const std::string& chrAt) const {
    const std::string src = repoFile("assets/routines/seed001_peraxis/");
    fs::create_directories(proj("routine"));
    for (const char* f : {"manifest.json", "collision_utils.asm", "frame.asm"})
      fs::copy_file(src + f, proj("routine/") + f);
    json map = readJson(repoFile("maps/seed001_starfield.map.json"));
    const size_t tiles = map["chr"]["tiles"].size();
    map["chr"] = {{"format", "gb"}, {"file", chrRef}};
    std::ofstream(chrAt) << std::string(tiles * 16, '\x5a');
    std::ofstream(proj("room.map.json")) << map.dump(1);
    json s = readJson(repoFile("maps/seed001_shooter.scenario.json"));
    s["map"] = "room.map.json";
    s["routine"] = "routine/manifest.json";
    std::ofstream(proj("s.scenario.json")) << s.dump(1);
    return proj("s.scenario.json");
  }
  app::test::ProcessResult collido(const std::string& args) const {
    return runProcess("timeout 60 " + std::string(COLLIDO_EXE) + " " + args);
  }
  std::string root() const { return fs::absolute(proj()).lexically_normal().parent_path(); }
};

}  // namespace

TEST_F(CliReferences, InfoListsTheFilesAndMarksThoseOutside) {
  const std::string scenario = makeProject("../secret.chr", path("secret.chr"));
  const std::string warning = proj("room.map.json") + ": chr.file: " + path("secret.chr") +
                              " is outside the scenario's folder " + root();
  auto r = collido("info " + quote(scenario) + " --json " + quote(path("info.json")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find(scenario + ": scenario \"bullets against enemies\""), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("map chr.file"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(path("secret.chr") + "  (outside)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("routine sources[1]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("warning: " + warning), std::string::npos) << r.output;
  const json j = readJson(path("info.json"));
  EXPECT_EQ(j["kind"], "scenario");
  ASSERT_EQ(j["references"].size(), 5u);
  EXPECT_EQ(j["references"][2]["field"], "chr.file");
  EXPECT_EQ(j["references"][2]["outside"], true);
  EXPECT_EQ(j["references"][0]["outside"], false);
  ASSERT_EQ(j["warnings"].size(), 1u);
  EXPECT_EQ(j["warnings"][0], warning);

  // The map on its own: held to its own folder.
  r = collido("info " + quote(proj("room.map.json")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("is outside the map's folder"), std::string::npos) << r.output;
}

TEST_F(CliReferences, CommandsWarnAboutFilesOutside) {
  const std::string scenario = makeProject("../secret.chr", path("secret.chr"));
  const std::string needle = ": chr.file: " + path("secret.chr") + " is outside the scenario's";
  auto r = collido("run " + quote(scenario) + " --frames 2");
  EXPECT_NE(r.output.find("collido run: " + proj("room.map.json") + needle), std::string::npos)
      << r.output;
  r = collido("render " + quote(scenario) + " --png " + quote(path("r.png")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("collido render: warning: " + proj("room.map.json") + needle),
            std::string::npos)
      << r.output;
  r = collido("audit " + quote(scenario) + " --stride 16 --speeds 1");
  EXPECT_NE(r.output.find("collido audit: warning: " + proj("room.map.json") + needle),
            std::string::npos)
      << r.output;
  // An export holds the tiles: it says where they came from.
  r = collido("export " + quote(scenario) + " -o " + quote(proj("room.tmx")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("collido export: warning: " + proj("room.tiles.png") +
                          ": chr.tiles: holds the "),
            std::string::npos)
      << r.output;
}

TEST_F(CliReferences, AProjectInsideItsFolderAndTheSamplesHaveNoWarnings) {
  const std::string scenario = makeProject("tiles.chr", proj("tiles.chr"));
  auto r = collido("info " + quote(scenario));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.find("warning"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("(outside)"), std::string::npos) << r.output;
  r = collido("render " + quote(scenario) + " --png " + quote(path("r.png")));
  EXPECT_EQ(r.output.find("warning"), std::string::npos) << r.output;
  for (const char* sample : {"maps/seed001_shooter.scenario.json", "maps/platformer.scenario.json",
                             "maps/seed002_castle.scenario.json"}) {
    r = collido("info " + quote(repoFile(sample)));
    EXPECT_EQ(r.exitCode, 0) << sample << "\n" << r.output;
    EXPECT_EQ(r.output.find("outside"), std::string::npos) << sample << "\n" << r.output;
  }
}
