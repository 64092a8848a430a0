// JSON nesting is bounded at parse (core/util/json_reader.h, kMaxJsonDepth): a
// map, scenario, manifest, Tiled map or audit file with an unknown key holding
// 100,000 nested objects used to overflow the stack in nlohmann's dump (called
// by the loaders to keep unknown keys). It is now a located error, and
// nesting within the limit still loads and is written back.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/check/audit_report.h"
#include "core/interop/tiled.h"
#include "core/map/map_file.h"
#include "core/sim/manifest.h"
#include "core/sim/scenario.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace {

using nlohmann::json;

// `levels` objects one inside the other: {"a": {"a": ...1...}}, 6 bytes a level
// (100,000 levels are the 600 KB of the report).
std::string nestedObjects(int levels) {
  std::string s;
  s.reserve(size_t(levels) * 6 + 1);
  for (int i = 0; i < levels; ++i) s += "{\"a\": ";
  s += "1";
  s.append(size_t(levels), '}');
  return s;
}

std::string nestedArrays(int levels) {
  return std::string(size_t(levels), '[') + std::string(size_t(levels), ']');
}

std::string readText(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// `text` (a JSON object) with `"deep": value` as its first key.
std::string withKey(const std::string& text, const std::string& value) {
  const size_t brace = text.find('{');
  return text.substr(0, brace + 1) + "\"deep\": " + value + "," + text.substr(brace + 1);
}

class JsonDepth : public core::test::TempDirTest {
 protected:
  JsonDepth() : TempDirTest("collido_json_depth_") {}
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  // A copy of a sample's map, with its sources and map made absolute.
  std::string map(const std::string& deep) const {
    return write("room.map.json",
                 withKey(readText(core::test::repoFile("maps/seed002_castle.map.json")), deep));
  }
  std::string manifest(const std::string& deep) const {
    const std::string dir = core::test::repoFile("assets/routines/seed002_mrn/");
    json m = json::parse(readText(dir + "manifest.json"));
    for (auto& s : m["sources"]) s = dir + s.get<std::string>();
    return write("manifest.json", withKey(m.dump(1), deep));
  }
  std::string scenario(const std::string& deep, const std::string& mapPath,
                       const std::string& manifestPath) const {
    json s = json::parse(readText(core::test::repoFile("maps/seed002_castle.scenario.json")));
    s["map"] = mapPath;
    s["routine"] = manifestPath;
    return write("room.scenario.json", withKey(s.dump(1), deep));
  }
};

}  // namespace

TEST(JsonDepthParse, TheLimitItselfParsesAndOneMoreIsLocated) {
  std::string error;
  EXPECT_TRUE(core::parseJson(nestedArrays(core::kMaxJsonDepth), "a.json", &error)) << error;
  EXPECT_TRUE(core::parseJson(nestedObjects(core::kMaxJsonDepth), "a.json", &error)) << error;

  EXPECT_FALSE(core::parseJson(nestedArrays(core::kMaxJsonDepth + 1), "a.json", &error));
  EXPECT_EQ(error, "a.json:1:257: arrays and objects nested 257 deep; the limit is 256");
  // Line and column of the bracket that goes one level too deep.
  EXPECT_FALSE(core::parseJson("{\n  \"x\": " + nestedObjects(100000) + "\n}", "b.json", &error));
  EXPECT_EQ(error.rfind("b.json:2:", 0), 0u) << error;
  EXPECT_NE(error.find(":2:" + std::to_string(8 + 255 * 6) + ": arrays and objects nested 257"),
            std::string::npos)
      << error;
  EXPECT_FALSE(core::parseOrderedJson(nestedArrays(100000), "c.json", &error));
  EXPECT_EQ(error, "c.json:1:257: arrays and objects nested 257 deep; the limit is 256");
}

TEST(JsonDepthParse, BracketsInStringsDoNotCount) {
  std::string error;
  const std::string text =
      "{\"s\": \"" + std::string(1000, '[') + "\\\"" + std::string(1000, '{') + "\", \"t\": [[1]]}";
  auto j = core::parseJson(text, "s.json", &error);
  ASSERT_TRUE(j) << error;
  EXPECT_EQ((*j)["s"].get<std::string>().size(), 2001u);
}

TEST(JsonDepthParse, AnEarlierSyntaxErrorIsReportedFirst) {
  std::string error;
  EXPECT_FALSE(core::parseJson("[1 2, " + nestedArrays(1000) + "]", "e.json", &error));
  EXPECT_EQ(error.rfind("e.json:1:4: parse error", 0), 0u) << error;
  // An unterminated string hides no depth error: the parser names the string.
  EXPECT_FALSE(core::parseJson("[\"abc" + nestedArrays(1000), "e.json", &error));
  EXPECT_NE(error.find("parse error"), std::string::npos) << error;
}

TEST_F(JsonDepth, MapWithDeepUnknownKeyIsRefusedWithItsLocation) {
  const std::string file = map(nestedObjects(100000));
  core::MapDocument doc;
  std::string error;
  EXPECT_FALSE(core::loadMap(file, doc, &error));
  EXPECT_EQ(error.rfind(file + ":1:1540: ", 0), 0u) << error.substr(0, 200);
  EXPECT_NE(error.find("arrays and objects nested 257 deep; the limit is 256"), std::string::npos)
      << error.substr(0, 200);
  // Arrays too, and the same text given to the parser directly.
  const std::string arrays = map(nestedArrays(100000));
  EXPECT_FALSE(core::loadMap(arrays, doc, &error));
  EXPECT_NE(error.find("nested 257 deep"), std::string::npos) << error.substr(0, 200);
}

TEST_F(JsonDepth, UnknownKeyNestedWithinTheLimitIsKeptOnSave) {
  const std::string file = map(nestedObjects(200));
  core::MapDocument doc;
  std::string error;
  ASSERT_TRUE(core::loadMap(file, doc, &error)) << error;
  ASSERT_TRUE(core::saveMap(path("again.map.json"), doc, &error)) << error;
  auto j = core::readJsonFile(path("again.map.json"), &error);
  ASSERT_TRUE(j) << error;
  const json* v = &(*j)["deep"];
  int depth = 0;
  while (v->is_object()) {
    v = &(*v)["a"];
    ++depth;
  }
  EXPECT_EQ(depth, 200);
  EXPECT_EQ(*v, json(1));
}

TEST_F(JsonDepth, ScenarioAndManifestWithDeepUnknownKeyAreRefused) {
  const std::string deep = nestedObjects(100000);
  const std::string goodMap = map("0");
  const std::string goodManifest = manifest("0");
  core::Scenario s;
  std::string error;
  ASSERT_TRUE(core::loadScenario(scenario("0", goodMap, goodManifest), s, &error)) << error;

  const std::string badScenario = scenario(deep, goodMap, goodManifest);
  EXPECT_FALSE(core::loadScenario(badScenario, s, &error));
  EXPECT_EQ(error.rfind(badScenario + ":1:1540: ", 0), 0u) << error.substr(0, 200);
  EXPECT_NE(error.find("nested 257 deep"), std::string::npos) << error.substr(0, 200);

  const std::string badManifest = manifest(deep);
  core::RoutineManifest m;
  EXPECT_FALSE(core::loadManifest(badManifest, m, &error));
  EXPECT_EQ(error.rfind(badManifest + ":1:1540: ", 0), 0u) << error.substr(0, 200);
  EXPECT_NE(error.find("nested 257 deep"), std::string::npos) << error.substr(0, 200);
  // Reached through a scenario, the manifest's own location is given.
  EXPECT_FALSE(core::loadScenario(scenario("0", goodMap, badManifest), s, &error));
  EXPECT_NE(error.find(badManifest + ":1:1540: "), std::string::npos) << error.substr(0, 200);
  // And a map reached through a scenario.
  EXPECT_FALSE(core::loadScenario(scenario("0", map(deep), goodManifest), s, &error));
  EXPECT_NE(error.find(goodMap + ":1:1540: "), std::string::npos) << error.substr(0, 200);
}

TEST_F(JsonDepth, TiledMapAndAuditFileWithDeepNestingAreRefused) {
  const std::string deep = nestedArrays(100000);
  const std::string tmj = write("level.tmj", "{\"type\": \"map\", \"properties\": " + deep + "}");
  core::interop::TiledImportOptions options;
  core::MapDocument doc;
  core::interop::TiledImportReport report;
  std::string error;
  EXPECT_FALSE(core::interop::importTiled(tmj, options, &doc, &report, &error));
  EXPECT_EQ(error, tmj + ":1:286: arrays and objects nested 257 deep; the limit is 256");

  const std::string audit =
      write("audit.json", "{\"format\": \"collidoscope-audit/1\", \"x\": " + deep + "}");
  core::AuditFile f;
  EXPECT_FALSE(core::readAuditFile(audit, f, &error));
  EXPECT_NE(error.find(audit + ":1:"), std::string::npos) << error;
  EXPECT_NE(error.find("nested 257 deep"), std::string::npos) << error;
}
