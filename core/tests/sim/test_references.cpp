// References that leave a scenario's folder tree (core/sim/references.h,
// core::outsideTree): a scenario from someone else could read any file as its
// map's CHR ("../../.ssh/id_rsa", an absolute path, a symlink inside the folder)
// and a re-save embedded its bytes. Each such reference is now a warning, seen
// by the CLI and the GUI through Simulation::warnings, and a save that embeds
// tiles read from outside says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/map/map_file.h"
#include "core/sim/references.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json readJson(const std::string& p) {
  std::ifstream f(p);
  return json::parse(f);
}

void writeText(const std::string& p, const std::string& text) {
  fs::create_directories(fs::path(p).parent_path());
  std::ofstream(p) << text;
}

// A project folder `proj/` of its own: the seed-001 routine copied into
// proj/routine/, the starfield room as proj/room.map.json with its tiles in a
// CHR file that `chrRef` names, and proj/s.scenario.json running them.
class References : public core::test::TempDirTest {
 protected:
  References() : TempDirTest("collido_refs_") {}

  std::string proj(const std::string& rel = "") const { return path("proj/" + rel); }

  std::string makeProject(const std::string& chrRef, const std::string& chrAt,
                          const std::string& routine = "routine/manifest.json") {
    const std::string src = core::test::repoFile("assets/routines/seed001_peraxis/");
    fs::create_directories(proj("routine"));
    for (const char* f : {"manifest.json", "collision_utils.asm", "frame.asm"})
      fs::copy_file(src + f, proj("routine/") + f, fs::copy_options::overwrite_existing);
    json map = readJson(core::test::repoFile("maps/seed001_starfield.map.json"));
    tiles = map["chr"]["tiles"].size();
    map["chr"] = {{"format", "gb"}, {"file", chrRef}};
    writeText(chrAt, std::string(tiles * 16, '\x5a'));
    writeText(proj("room.map.json"), map.dump(1));
    json s = readJson(core::test::repoFile("maps/seed001_shooter.scenario.json"));
    s["map"] = "room.map.json";
    s["routine"] = routine;
    writeText(proj("s.scenario.json"), s.dump(1));
    return proj("s.scenario.json");
  }
  core::Scenario load(const std::string& file) const {
    core::Scenario s;
    std::string error;
    EXPECT_TRUE(core::loadScenario(file, s, &error)) << error;
    return s;
  }
  std::string root() const { return fs::absolute(proj()).lexically_normal().parent_path(); }
  size_t tiles = 0;
};

}  // namespace

TEST(OutsideTree, ComparesWholeFolderNames) {
  EXPECT_FALSE(core::outsideTree("/a/b", "/a/b/c.json"));
  EXPECT_FALSE(core::outsideTree("/a/b/", "/a/b/c/d.json"));
  EXPECT_FALSE(core::outsideTree("/a/b", "/a/b/x/../c.json"));
  EXPECT_TRUE(core::outsideTree("/a/b", "/a/b/../c.json"));
  EXPECT_TRUE(core::outsideTree("/a/b", "/a/bc/d.json"));  // a name that only starts the same
  EXPECT_TRUE(core::outsideTree("/a/b", "/etc/passwd"));
  EXPECT_TRUE(core::outsideTree("", "/a/b/c.json"));
}

TEST_F(References, ASymlinkThatLeadsOutIsOutside) {
  writeText(path("secret"), "x");
  fs::create_directories(proj());
  fs::create_symlink(path("secret"), proj("tiles.chr"));
  EXPECT_TRUE(core::outsideTree(proj(), proj("tiles.chr")));
  writeText(proj("own.chr"), "x");
  EXPECT_FALSE(core::outsideTree(proj(), proj("own.chr")));
  // Relative names are taken against the working directory.
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  EXPECT_FALSE(core::outsideTree("proj", "proj/own.chr"));
  EXPECT_TRUE(core::outsideTree("proj", "secret"));
  fs::current_path(cwd);
}

TEST_F(References, AProjectThatKeepsToItsFolderHasNoWarnings) {
  const core::Scenario s = load(makeProject("tiles.chr", proj("tiles.chr")));
  EXPECT_EQ(s.map.chrFile, proj("tiles.chr"));
  EXPECT_TRUE(core::outsideReferenceWarnings(s).empty());
  const auto refs = core::scenarioReferences(s);
  ASSERT_EQ(refs.size(), 5u);  // map, routine, chr.file, sources[0], sources[1]
  EXPECT_EQ(refs[0].field, "map");
  EXPECT_EQ(refs[2].field, "chr.file");
  EXPECT_EQ(refs[2].file, proj("room.map.json"));
  EXPECT_EQ(refs[3].field, "sources[0]");
  for (const auto& r : refs) EXPECT_FALSE(r.outside) << r.field;
  EXPECT_FALSE(core::embedWarning(s.map, proj("room.map.json"), core::referenceRoot(s)));
}

TEST_F(References, ChrReadFromOutsideIsAWarningAndItsSaveSaysSo) {
  const core::Scenario s = load(makeProject("../secret.chr", path("secret.chr")));
  const auto warnings = core::outsideReferenceWarnings(s);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], proj("room.map.json") + ": chr.file: " + path("secret.chr") +
                             " is outside the scenario's folder " + root());
  // The re-save holds the secret's bytes: said, with the count.
  const auto w = core::embedWarning(s.map, proj("again.map.json"), core::referenceRoot(s));
  ASSERT_TRUE(w);
  EXPECT_EQ(*w, proj("again.map.json") + ": chr.tiles: holds the " + std::to_string(tiles) +
                    " tiles read from " + path("secret.chr") + ", outside " + root());
  // Without a root, the saved file's folder is the tree.
  EXPECT_TRUE(core::embedWarning(s.map, proj("again.map.json")));
  EXPECT_FALSE(core::embedWarning(s.map, path("beside.map.json")));
  // A map loaded on its own is held to its own folder.
  core::Scenario alone;
  std::string error;
  ASSERT_TRUE(core::loadMap(proj("room.map.json"), alone.map, &error)) << error;
  alone.mapPath = proj("room.map.json");
  ASSERT_EQ(core::outsideReferenceWarnings(alone).size(), 1u);
  EXPECT_NE(core::outsideReferenceWarnings(alone)[0].find("is outside the map's folder"),
            std::string::npos);
}

TEST_F(References, AbsoluteAndSymlinkedChrAreOutside) {
  const core::Scenario a = load(makeProject(path("secret.chr"), path("secret.chr")));
  ASSERT_EQ(core::outsideReferenceWarnings(a).size(), 1u);
  EXPECT_NE(core::outsideReferenceWarnings(a)[0].find(": chr.file: " + path("secret.chr")),
            std::string::npos);

  const std::string file = makeProject("link.chr", path("secret.chr"));
  fs::create_symlink(path("secret.chr"), proj("link.chr"));
  const core::Scenario b = load(file);
  ASSERT_EQ(core::outsideReferenceWarnings(b).size(), 1u);
  EXPECT_NE(core::outsideReferenceWarnings(b)[0].find(": chr.file: " + proj("link.chr")),
            std::string::npos);
}

TEST_F(References, ARoutineOutsideIsShownWithItsSourcesAndReachesSimulationWarnings) {
  const std::string file =
      makeProject("tiles.chr", proj("tiles.chr"), "../elsewhere/manifest.json");
  fs::create_directories(path("elsewhere"));
  for (const char* f : {"manifest.json", "collision_utils.asm", "frame.asm"})
    fs::copy_file(proj("routine/") + f, path("elsewhere/") + f);
  const core::Scenario s = load(file);
  const auto warnings = core::outsideReferenceWarnings(s);
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_EQ(warnings[0], file + ": routine: " + path("elsewhere/manifest.json") +
                             " is outside the scenario's folder " + root());
  EXPECT_EQ(warnings[1].rfind(path("elsewhere/manifest.json") + ": sources[0]: ", 0), 0u)
      << warnings[1];
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  const auto all = sim.warnings();
  for (const std::string& w : warnings)
    EXPECT_NE(std::find(all.begin(), all.end(), w), all.end()) << w;
}

TEST_F(References, TrustedFoldersAreNeverReported) {
  const core::Scenario s = load(makeProject("../shared/secret.chr", path("shared/secret.chr")));
  ASSERT_EQ(core::outsideReferenceWarnings(s).size(), 1u);
  core::trustFolder(path("shared"));
  EXPECT_TRUE(core::outsideReferenceWarnings(s).empty());
  EXPECT_FALSE(core::embedWarning(s.map, proj("again.map.json")));
}

// A file the assembler reads besides the sources (INCLUDE) is a reference too.
TEST_F(References, AnIncludeFromOutsideReachesSimulationWarnings) {
  const std::string file = makeProject("tiles.chr", proj("tiles.chr"));
  writeText(path("extra.asm"), "; read from outside\n");
  std::ofstream(proj("routine/frame.asm"), std::ios::app) << "\nINCLUDE \"../../extra.asm\"\n";
  const core::Scenario s = load(file);
  EXPECT_TRUE(core::outsideReferenceWarnings(s).empty());
  core::Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(s, &error)) << error;
  const auto all = sim.warnings();
  const std::string want = proj("routine/manifest.json") + ": include: " + path("extra.asm") +
                           " is outside the scenario's folder " + root();
  EXPECT_NE(std::find(all.begin(), all.end(), want), all.end())
      << (all.empty() ? "no warnings" : all.front());
  // The same scenario opened by a relative name: the assembler's names are relative too.
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  core::Simulation relative;
  ASSERT_TRUE(relative.build(load("proj/s.scenario.json"), &error)) << error;
  const auto warnings = relative.warnings();
  fs::current_path(cwd);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            "proj/routine/manifest.json: include: extra.asm is outside the "
            "scenario's folder " +
                root());
}
