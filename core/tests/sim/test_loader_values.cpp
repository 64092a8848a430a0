// Values the loaders must refuse although they parse (issue 33): a number
// typed as text ("1", "60"), a bit pattern wider than its field, more op-code
// names than the collision byte has op-code bits. Each error names the JSON
// path; the documented text forms ("$7B", "0x7b", "%01111011") still load.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/map/map_file.h"
#include "core/sim/manifest.h"
#include "core/sim/scenario.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/json_reader.h"

namespace {

using core::test::repoFile;
using nlohmann::json;

std::string mapError(const json& j) {
  core::MapDocument doc;
  std::string error;
  EXPECT_FALSE(core::mapFromJson(j, "x.map.json", doc, &error)) << j.dump();
  return error;
}

json validMap() {
  return core::mapToJson(core::makeDefaultMap(4, 3, 16));
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(LoaderValues, AMapCellGivenAsADecimalStringIsRefusedAtItsPath) {
  json j = validMap();
  j["room"]["cells"][3] = "1";
  EXPECT_EQ(mapError(j),
            "room.cells[3]: expected an integer, found the string \"1\" (write 1 without quotes; "
            "numbers in quotes are hex \"$7B\" or binary \"%01111011\")");
  j["room"]["cells"][3] = "-1";
  EXPECT_NE(mapError(j).find("room.cells[3]: expected an integer, found the string \"-1\""),
            std::string::npos);
  // The documented text forms are numbers.
  for (const char* text : {"$01", "0x01", "%1"}) {
    j["room"]["cells"][3] = text;
    core::MapDocument doc;
    std::string error;
    ASSERT_TRUE(core::mapFromJson(j, "x.map.json", doc, &error)) << text << ": " << error;
    EXPECT_EQ(doc.room.cells[3], 1) << text;
  }
}

TEST(LoaderValues, ACollisionByteIsEightBits) {
  json j = validMap();
  j["metatiles"]["set"][0]["collision"] = 1023;
  EXPECT_EQ(mapError(j), "metatiles.set[0].collision: 1023 out of range (0..255)");
  j["metatiles"]["set"][0]["collision"] = "%1111111111";
  EXPECT_EQ(mapError(j), "metatiles.set[0].collision: 1023 out of range (0..255)");
  j["metatiles"]["set"][0]["collision"] = "$3FF";
  EXPECT_EQ(mapError(j), "metatiles.set[0].collision: 1023 out of range (0..255)");
  // Ten binary digits are a 10-bit value, even when the top two are zeros.
  j["metatiles"]["set"][0]["collision"] = "%0000001111";
  EXPECT_EQ(mapError(j),
            "metatiles.set[0].collision: \"%0000001111\" has 10 binary digits; the field holds 8 "
            "bits");
  j["metatiles"]["set"][0]["collision"] = "%00001111";
  core::MapDocument doc;
  std::string error;
  ASSERT_TRUE(core::mapFromJson(j, "x.map.json", doc, &error)) << error;
  EXPECT_EQ(doc.metatiles.metatiles[0].collision, 0x0F);
}

TEST(LoaderValues, MoreOpcodeNamesThanOpcodeBitsAreRefused) {
  json j = validMap();
  j["metatiles"]["opcodeNames"] = {"a", "b", "c", "d", "e", "f", "g", "h", "i"};
  EXPECT_EQ(mapError(j),
            "metatiles.opcodeNames: 9 names; the collision byte has 4 op-code bits (4..7)");
  // Up to four load; missing ones keep their default.
  j["metatiles"]["opcodeNames"] = {"water", "ladder"};
  core::MapDocument doc;
  std::string error;
  ASSERT_TRUE(core::mapFromJson(j, "x.map.json", doc, &error)) << error;
  EXPECT_EQ(doc.metatiles.opcodeNames[0], "water");
  EXPECT_EQ(doc.metatiles.opcodeNames[3], "op7");
}

TEST(LoaderValues, ScenarioFramesGivenAsAStringIsRefused) {
  const std::string path = repoFile("maps/seed002_castle.scenario.json");
  json j = json::parse(readText(path));
  j["frames"] = "60";
  core::Scenario s;
  std::string error;
  EXPECT_FALSE(core::scenarioFromJson(j, path, s, &error));
  EXPECT_NE(error.find("frames: expected an integer, found the string \"60\""), std::string::npos)
      << error;
  j["frames"] = "$3C";
  error.clear();
  ASSERT_TRUE(core::scenarioFromJson(j, path, s, &error)) << error;
  EXPECT_EQ(s.frames, 60);
  j["frames"] = 60;
  j["entities"][0]["x"] = "40";
  error.clear();
  EXPECT_FALSE(core::scenarioFromJson(j, path, s, &error));
  EXPECT_NE(error.find("entities[0].x: expected an integer, found the string \"40\""),
            std::string::npos)
      << error;
}

class LoaderValuesFiles : public core::test::TempDirTest {
 protected:
  LoaderValuesFiles() : TempDirTest("collido_values_") {}
};

TEST_F(LoaderValuesFiles, ManifestNumbersInQuotesMustCarryTheirRadix) {
  const std::string sample = repoFile("assets/routines/seed002_mrn/manifest.json");
  json j = json::parse(readText(sample));
  j["cycleBudget"] = "2000";
  for (auto& src : j["sources"])
    src = repoFile("assets/routines/seed002_mrn/" + src.get<std::string>());
  const std::string path = this->path("manifest.json");
  std::ofstream(path) << j.dump();
  core::RoutineManifest m;
  std::string error;
  EXPECT_FALSE(core::loadManifest(path, m, &error));
  EXPECT_NE(error.find("cycleBudget: expected an integer, found the string \"2000\""),
            std::string::npos)
      << error;
}
