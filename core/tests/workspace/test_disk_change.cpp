// How a file another program changed differs from the open document
// (core/workspace/disk_change.h): the lines the "changed on disk" prompt shows.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/tests/sample_test_util.h"
#include "core/workspace/disk_change.h"

namespace core {
namespace {

bool anyLine(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& l : lines)
    if (l.find(part) != std::string::npos) return true;
  return false;
}

std::string all(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

class DiskChange : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(loadScenario(test::repoFile("maps/seed002_castle.scenario.json"), open_, &error))
        << error;
    disk_ = open_;
  }
  Scenario open_, disk_;
};

TEST_F(DiskChange, TheSameDocumentHasNoChanges) {
  EXPECT_TRUE(mapChanges(disk_.map, open_.map).empty());
  EXPECT_TRUE(scenarioChanges(disk_, open_).empty());
  EXPECT_TRUE(textChanges("a\nb\n", "a\nb\n").empty());
}

TEST_F(DiskChange, CellsAreNamedWithBothValuesAndTheRestCounted) {
  Room& room = disk_.map.room;
  for (int col = 1; col <= 6; ++col) room.at(col, 2) = uint16_t(open_.map.room.at(col, 2) + 1);
  const auto lines = mapChanges(disk_.map, open_.map);
  ASSERT_EQ(lines.size(), 1u) << all(lines);
  EXPECT_NE(lines[0].find("6 of 240 cells differ"), std::string::npos) << lines[0];
  const std::string first = "(1,2) " + std::to_string(room.at(1, 2)) + " on disk, " +
                            std::to_string(open_.map.room.at(1, 2)) + " here";
  EXPECT_NE(lines[0].find(first), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("and 2 more"), std::string::npos) << lines[0];
}

TEST_F(DiskChange, MetatilesTilesPaletteAndSizeAreEachALine) {
  disk_.map.metatiles.metatiles[2].collision ^= 0x0F;
  disk_.map.metatiles.metatiles[3].name = "renamed";
  disk_.map.tiles[1].px[0] ^= 1;
  disk_.map.palette[0].r ^= 0xFF;
  auto lines = mapChanges(disk_.map, open_.map);
  EXPECT_TRUE(anyLine(lines, "2 metatiles differ")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "collision $")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "(name)")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "1 CHR tile's pixels differ: 1")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "palette differs")) << all(lines);

  disk_ = open_;
  disk_.map.room.width += 2;
  disk_.map.room.cells.resize(size_t(disk_.map.room.width) * disk_.map.room.height);
  lines = mapChanges(disk_.map, open_.map);
  ASSERT_EQ(lines.size(), 1u) << all(lines);
  EXPECT_EQ(lines[0], "room size: 18x15 on disk, 16x15 cells here");
}

TEST_F(DiskChange, EntitiesInputAndNamesOfTheScenario) {
  disk_.entities[0].x += 8;
  disk_.entities.pop_back();
  disk_.input[30] ^= kButtonA;
  disk_.name = "theirs";
  const auto lines = scenarioChanges(disk_, open_);
  EXPECT_TRUE(anyLine(lines, "name: \"theirs\" on disk")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "entities: 3 on disk, 4 here")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "0 \"player\" (at (48,96) on disk, (40,96) here)")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "input differs from frame 30")) << all(lines);
}

TEST_F(DiskChange, TextIsALineDiffWithItsPlaces) {
  // They added a line at the top, we one at the end: two places, not the whole file.
  std::string body;
  for (int i = 0; i < 50; ++i) body += "line " + std::to_string(i) + "\n";
  auto lines = textChanges("; theirs\n" + body, body + "; mine\n");
  EXPECT_TRUE(anyLine(lines,
                      "51 lines on disk, 51 here: 1 line only on disk, 1 only here, in 2 "
                      "places"))
      << all(lines);
  EXPECT_TRUE(anyLine(lines, "only on disk, line 1: \"; theirs\"")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "only here, line 51: \"; mine\"")) << all(lines);
  // A line replaced by two.
  lines = textChanges("a\nb\ntheirs\nd\n", "a\nb\nmine 1\nmine 2\nd\n");
  EXPECT_TRUE(anyLine(lines, "in 1 place")) << all(lines);
  EXPECT_TRUE(anyLine(lines,
                      "line 3 on disk, 3 here: \"theirs\" on disk, \"mine 1\" and 1 more "
                      "line here"))
      << all(lines);
  EXPECT_TRUE(anyLine(textChanges("a\nb", "a\nb\n"), "only the line ends differ"));
  // Many places: the first few, then a count.
  std::string mine = body;
  for (int i = 0; i < 50; i += 5)
    mine.replace(mine.find("line " + std::to_string(i) + "\n"), 4, "LINE");
  lines = textChanges(body, mine);
  EXPECT_TRUE(anyLine(lines, "in 10 places")) << all(lines);
  EXPECT_TRUE(anyLine(lines, "and 6 more places")) << all(lines);
}

}  // namespace
}  // namespace core
