// Files the GUI reads and writes, scripted: a screenshot goes through the one
// output writer (a FIFO or a device at its path is refused and left in place);
// a scenario that reads its map's tiles from outside its folder gets a warning
// in the status line, and a save that embeds those tiles says so.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

using app::test::quote;
using app::test::repoFile;

#ifdef COLLIDOSCOPE_GUI_EXE
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class GuiFiles : public app::test::GuiRunTest {
 protected:
  GuiFiles() : GuiRunTest("collidoscope_files_") {}
};

json readJson(const std::string& p) {
  std::ifstream f(p);
  return json::parse(f);
}

}  // namespace

TEST_F(GuiFiles, AScreenshotToAFifoIsRefusedAndTheFifoStays) {
  const std::string pipe = path("shot.png");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  auto r = gui(quote(repoFile("maps/seed001_shooter.scenario.json")) + " --frames 3 --screenshot " +
                   quote(pipe),
               "timeout 120 env");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("collidoscope: " + pipe + ": not a regular file (a FIFO)"),
            std::string::npos)
      << r.output;
  struct stat st {};
  ASSERT_EQ(::lstat(pipe.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST_F(GuiFiles, TilesReadFromOutsideAreShownAndTheirSaveSaysSo) {
  // proj/ holds the seed-001 routine and the starfield room; the room's tiles
  // are in ../secret.chr, outside proj/.
  const std::string proj = path("proj/");
  const std::string src = repoFile("assets/routines/seed001_peraxis/");
  fs::create_directories(proj + "routine");
  for (const char* f : {"manifest.json", "collision_utils.asm", "frame.asm"})
    fs::copy_file(src + f, proj + "routine/" + f);
  json map = readJson(repoFile("maps/seed001_starfield.map.json"));
  const size_t tiles = map["chr"]["tiles"].size();
  map["chr"] = {{"format", "gb"}, {"file", "../secret.chr"}};
  std::ofstream(path("secret.chr")) << std::string(tiles * 16, '\x5a');
  std::ofstream(proj + "room.map.json") << map.dump(1);
  json s = readJson(repoFile("maps/seed001_shooter.scenario.json"));
  s["map"] = "room.map.json";
  s["routine"] = "routine/manifest.json";
  std::ofstream(proj + "s.scenario.json") << s.dump(1);

  const std::string saved = proj + "copy.scenario.json";
  auto r = gui(quote(proj + "s.scenario.json") + " --frames 3 --save-as " + quote(saved),
               "timeout 120 env");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("collidoscope: warning: " + proj + "room.map.json: chr.file: " +
                          path("secret.chr") + " is outside the scenario's folder"),
            std::string::npos)
      << r.output;
  EXPECT_NE(
      r.output.find("collidoscope: warning: " + proj + "copy.map.json: chr.tiles: holds the " +
                    std::to_string(tiles) + " tiles read from " + path("secret.chr")),
      std::string::npos)
      << r.output;
  EXPECT_TRUE(fs::exists(proj + "copy.map.json"));
}
#endif
