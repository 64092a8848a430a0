// The scenario and map files as saved: keys in the documented order
// (docs/scenario.md, docs/map.md), the layout the samples have, so that a load
// and save of an unchanged file gives back its bytes; keys the loaders do not
// know survive a load and save; the writer's layouts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/map/map_file.h"
#include "core/sim/scenario.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"
#include "core/util/json_writer.h"

namespace {

namespace fs = std::filesystem;
using core::test::repoFile;
using nlohmann::ordered_json;

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Every sample file of one kind ("map" or "scenario") under maps/ and assets/.
std::vector<std::string> samples(const std::string& kind) {
  std::vector<std::string> out;
  const std::string suffix = "." + kind + ".json";
  for (const char* dir : {"maps", "assets"})
    for (const auto& e : fs::recursive_directory_iterator(repoFile(dir))) {
      const std::string p = e.path().string();
      if (e.is_regular_file() && p.size() > suffix.size() &&
          p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0)
        out.push_back(p);
    }
  std::sort(out.begin(), out.end());
  return out;
}

// The documented key order of each object (docs/scenario.md, docs/map.md).
const std::vector<std::string> kScenarioKeys = {"format", "name",   "map",    "routine", "entities",
                                                "input",  "frames", "oracle", "expect",  "view"};
const std::vector<std::string> kEntityKeys = {"name",  "x",      "y",     "colour",
                                              "table", "fields", "hitbox"};
const std::vector<std::string> kMapKeys = {"format", "name", "chr", "palette", "metatiles", "room"};
const std::vector<std::string> kRoomKeys = {"width", "height", "cellSize", "cells"};

// The object's keys, in file order, are a subsequence of `order`.
void expectKeyOrder(const ordered_json& obj, const std::vector<std::string>& order,
                    const std::string& where) {
  size_t k = 0;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    while (k < order.size() && order[k] != it.key()) ++k;
    EXPECT_LT(k, order.size()) << where << ": key \"" << it.key() << "\" out of order";
  }
}

TEST(FileFormats, EverySampleMapSavesToItsOwnBytes) {
  const auto maps = samples("map");
  ASSERT_GE(maps.size(), 14u);
  for (const std::string& path : maps) {
    core::MapDocument doc;
    std::string error;
    ASSERT_TRUE(core::loadMap(path, doc, &error)) << error;
    EXPECT_EQ(core::mapFileText(doc), readText(path)) << path;
    const ordered_json j = ordered_json::parse(readText(path));
    expectKeyOrder(j, kMapKeys, path);
    expectKeyOrder(j["room"], kRoomKeys, path + " room");
  }
}

TEST(FileFormats, EverySampleScenarioSavesToItsOwnBytes) {
  const auto scenarios = samples("scenario");
  ASSERT_GE(scenarios.size(), 23u);
  for (const std::string& path : scenarios) {
    core::Scenario s;
    std::string error;
    ASSERT_TRUE(core::loadScenario(path, s, &error)) << error;
    EXPECT_EQ(core::scenarioFileText(path, s), readText(path)) << path;
    const ordered_json j = ordered_json::parse(readText(path));
    expectKeyOrder(j, kScenarioKeys, path);
    for (const auto& e : j["entities"]) expectKeyOrder(e, kEntityKeys, path + " entity");
  }
}

class FileFormatsFiles : public core::test::TempDirTest {
 protected:
  FileFormatsFiles() : TempDirTest("collido_formats_") {}
};

// A scenario with every optional part: tables aside, hitboxes, fields,
// expectations with ranges, single speeds and open ends, and odd names.
TEST_F(FileFormatsFiles, SaveLoadSaveIsByteIdenticalWithEveryOptionalPart) {
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repoFile("maps/seed001_shooter.scenario.json"), s, &error))
      << error;
  s.name = "quotes \" and \\ and tabs\t and ünïcode";
  s.expect.push_back({"GAP", 1, 2, 3, 4, {"U", "DR"}, 2, 4, "snap rounds down"});
  s.expect.push_back({"CLIP", 0, 0, 0, 0, {}, 2.5, 2.5, ""});
  s.expect.push_back({"TUNNEL", 0, 0, 0, 0, {}, 3, 1e9, ""});  // 3 and up
  s.oracle.xFirst = false;
  s.oracle.outsideSolid = false;
  const std::string first = path("a.scenario.json");
  ASSERT_TRUE(fs::copy_file(repoFile("maps/seed001_starfield.map.json"),
                            path("seed001_starfield.map.json")));
  s.mapPath = path("seed001_starfield.map.json");
  ASSERT_TRUE(core::saveScenario(first, s, &error)) << error;
  core::Scenario again;
  ASSERT_TRUE(core::loadScenario(first, again, &error)) << error;
  ASSERT_EQ(again.expect.size(), 3u);
  EXPECT_EQ(again.expect[2].minSpeed, 3);
  EXPECT_EQ(again.expect[2].maxSpeed, 64);  // an open end is written as the loader's limit
  EXPECT_EQ(again.name, s.name);
  EXPECT_FALSE(again.oracle.xFirst);
  EXPECT_EQ(core::scenarioFileText(first, again), readText(first));
  const std::string text = readText(first);
  EXPECT_NE(text.find("\"speeds\": [2, 4]"), std::string::npos) << text;
  EXPECT_NE(text.find("\"speeds\": 2.5"), std::string::npos) << text;
  EXPECT_NE(text.find("\n    {\"verdict\": \"GAP\", \"cells\": [1, 2, 3, 4]"), std::string::npos)
      << text;
}

// Unknown keys a user added (a note, a newer tool's field) are kept at every
// level and written back after the known keys of their object.
TEST_F(FileFormatsFiles, UnknownScenarioKeysSurviveALoadAndSave) {
  ordered_json j = ordered_json::parse(readText(repoFile("maps/tables_pair.scenario.json")));
  j["map"] = repoFile("maps/tables_room.map.json");
  j["routine"] = repoFile("assets/routines/tables_pair/manifest.json");
  j["comment"] = "tuned for the castle";
  j["entities"][0]["label"] = {{"shown", true}};
  j["entities"][1]["hitbox"] = {{"x", 0}, {"y", 0}, {"w", 8}, {"h", 8}, {"why", "small"}};
  j["oracle"]["future"] = 3;
  j["expect"] = ordered_json::array({{{"verdict", "GAP"}, {"ticket", 21}}});
  const std::string file = path("extra.scenario.json");
  writeText(file, j.dump(2));
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(file, s, &error)) << error;
  ASSERT_TRUE(core::saveScenario(file, s, &error)) << error;
  const ordered_json back = ordered_json::parse(readText(file));
  EXPECT_EQ(back["comment"], "tuned for the castle");
  EXPECT_EQ(back["entities"][0]["label"]["shown"], true);
  EXPECT_EQ(back["entities"][1]["hitbox"]["why"], "small");
  EXPECT_EQ(back["entities"][1]["table"], "enemies");
  EXPECT_EQ(back["oracle"]["future"], 3);
  EXPECT_EQ(back["expect"][0]["ticket"], 21);
  // After the known keys: the documented order still holds for those.
  auto last = back.end();
  --last;
  EXPECT_EQ(last.key(), "comment");
  expectKeyOrder(back,
                 {"format", "name", "map", "routine", "entities", "input", "frames", "oracle",
                  "expect", "comment"},
                 "extra");
  // A second round changes nothing.
  core::Scenario again;
  ASSERT_TRUE(core::loadScenario(file, again, &error)) << error;
  EXPECT_EQ(core::scenarioFileText(file, again), readText(file));
}

TEST_F(FileFormatsFiles, UnknownMapKeysSurviveALoadAndSave) {
  ordered_json j = ordered_json::parse(readText(repoFile("maps/seed002_castle.map.json")));
  j["author"] = "level team";
  j["chr"]["source"] = "castle.png";
  j["metatiles"]["set"][1]["tags"] = {"wall", "stone"};
  j["metatiles"]["comment"] = "bits follow seed 002";
  j["room"]["music"] = 4;
  const std::string file = path("extra.map.json");
  writeText(file, j.dump(1));
  core::MapDocument doc;
  std::string error;
  ASSERT_TRUE(core::loadMap(file, doc, &error)) << error;
  ASSERT_TRUE(core::saveMap(file, doc, &error)) << error;
  const ordered_json back = ordered_json::parse(readText(file));
  EXPECT_EQ(back["author"], "level team");
  EXPECT_EQ(back["chr"]["source"], "castle.png");
  EXPECT_EQ(back["metatiles"]["set"][1]["tags"], ordered_json({"wall", "stone"}));
  EXPECT_EQ(back["metatiles"]["comment"], "bits follow seed 002");
  EXPECT_EQ(back["room"]["music"], 4);
  expectKeyOrder(back, {"format", "name", "chr", "palette", "metatiles", "room", "author"}, "map");
  core::MapDocument again;
  ASSERT_TRUE(core::loadMap(file, again, &error)) << error;
  EXPECT_EQ(core::mapFileText(again), readText(file));
  // The unknown keys ride along in the JSON other writers embed (recovery files).
  EXPECT_EQ(core::mapToJson(again)["room"]["music"], 4);
}

// A map saved after an edit: cells stay one room row a line, whatever the width.
TEST(FileFormats, MapCellsAreWrittenOneRoomRowALine) {
  core::MapDocument doc = core::makeDefaultMap(3, 2, 16);
  doc.room.cells = {0, 1, 2, 3, 4, 0};
  const std::string text = core::mapFileText(doc);
  EXPECT_NE(text.find("  \"cells\": [\n   0, 1, 2,\n   3, 4, 0\n  ]\n }\n}\n"), std::string::npos)
      << text;
  EXPECT_EQ(text.rfind("{\n \"format\": \"collidoscope-map/1\",\n \"name\": ", 0), 0u) << text;
}

TEST(JsonWriter, LayoutsMatchTheirDocumentation) {
  ordered_json j;
  j["b"] = 1;
  j["a"] = ordered_json::array({1, 2, 3, 4, 5});
  j["line"] = {{"z", "x"}, {"y", ordered_json::array({1, "two"})}};
  j["empty"] = ordered_json::array();
  j["none"] = ordered_json::object();
  const core::JsonLayout layout{
      1, [](const std::string& p) {
        return p == "a" ? 2 : p == "line" ? core::kJsonOneLine : core::kJsonExpanded;
      }};
  EXPECT_EQ(core::writeJson(j, layout),
            "{\n \"b\": 1,\n \"a\": [\n  1, 2,\n  3, 4,\n  5\n ],\n"
            " \"line\": {\"z\": \"x\", \"y\": [1, \"two\"]},\n \"empty\": [],\n \"none\": {}\n}");
  // Expanded everywhere is nlohmann's own dump(indent), byte for byte.
  EXPECT_EQ(core::writeJson(j, core::JsonLayout{3, nullptr}), j.dump(3));
  // Not UTF-8: replaced, not thrown.
  ordered_json bad = std::string(
      "a\xff"
      "b");
  EXPECT_EQ(core::writeJson(bad, core::JsonLayout{}),
            "\"a\xef\xbf\xbd"
            "b\"");
}

}  // namespace
