// Room import (issue 17): the room each test game copies into RAM at its boot,
// read back through the manifest's map layout, equals the map it was built from
// (cells, every cell's collision byte, and the tiles the game uploaded); a room
// written back into the game's RAM changes what the game itself does; bad
// manifests fail with located messages. The NES games skip without ca65/ld65.
#include <gtest/gtest.h>

#include "core/game/boot.h"
#include "core/game/frame_run.h"
#include "core/game/game_machine.h"
#include "core/game/room_import.h"
#include "core/map/map_file.h"
#include "core/tests/game_test_util.h"

namespace core {
namespace {

using test::gameFile;
using test::GameTempTest;

struct BootedGame {
  RoutineManifest manifest;
  AsmResult image;
  std::unique_ptr<game::GameMachine> machine;
};

// The game of `manifestFile`, booted to its main loop.
BootedGame boot(const std::string& game, const std::string& manifestFile = "manifest.json") {
  BootedGame g;
  std::string error;
  EXPECT_TRUE(loadManifest(gameFile(game, manifestFile), g.manifest, &error)) << error;
  g.image = game::loadGameImage(g.manifest);
  EXPECT_TRUE(g.image.ok) << g.image.diagnosticsText();
  g.machine = game::makeGameMachine(g.image.rom, g.manifest.game->rom, &error);
  EXPECT_TRUE(g.machine) << error;
  if (g.machine) {
    EXPECT_TRUE(game::bootGame(*g.machine, *g.manifest.game, g.image.debug, &error)) << error;
  }
  return g;
}

class EachRoomGame : public GameTempTest, public ::testing::WithParamInterface<const char*> {};

TEST_P(EachRoomGame, ImportedRoomEqualsTheMapItWasBuiltFrom) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  BootedGame g = boot(game);
  ASSERT_TRUE(g.machine);
  MapDocument built, imported;
  std::string error;
  ASSERT_TRUE(loadMap(gameFile(game, game + ".map.json"), built, &error)) << error;
  ASSERT_TRUE(importRoomFromGame(g.manifest, *g.machine, &imported, &error)) << error;
  ASSERT_EQ(imported.room.width, built.room.width);
  ASSERT_EQ(imported.room.height, built.room.height);
  EXPECT_EQ(imported.room.cellSize, built.room.cellSize);
  EXPECT_EQ(imported.room.cells, built.room.cells);
  for (int r = 0; r < built.room.height; ++r)
    for (int c = 0; c < built.room.width; ++c)
      ASSERT_EQ(imported.collisionAt(c, r), built.collisionAt(c, r)) << c << "," << r;
  // The tiles the game uploaded (CHR RAM / VRAM) and drew for each metatile.
  ASSERT_GE(imported.metatiles.metatiles.size(), 2u);
  const int per = imported.metatiles.tilesPerSide;
  for (uint16_t id : {uint16_t(0), uint16_t(1)}) {
    const Metatile &a = imported.metatiles.metatiles[id], &b = built.metatiles.metatiles[id];
    for (int k = 0; k < per * per; ++k) {
      ASSERT_LT(a.tiles[size_t(k)], imported.tiles.size());
      EXPECT_EQ(imported.tiles[a.tiles[size_t(k)]].px, built.tiles.at(b.tiles[size_t(k)]).px)
          << "metatile " << id << " tile " << k;
    }
  }
  // Through a map file, as `collido import-room` writes it.
  ASSERT_TRUE(saveMap(path("room.map.json"), imported, &error)) << error;
  MapDocument again;
  ASSERT_TRUE(loadMap(path("room.map.json"), again, &error)) << error;
  EXPECT_EQ(again.room.cells, built.room.cells);
}

// A solid cell written into the game's RAM stops the game's own player, in
// frame mode with no harness: it walks right from (32, 32) into column 6.
TEST_P(EachRoomGame, WrittenRoomChangesWhatTheGameDoes) {
  const std::string game = GetParam();
  REQUIRE_GAME(game);
  BootedGame g = boot(game, "frame_manifest.json");
  ASSERT_TRUE(g.machine);
  MapDocument room;
  std::string error;
  ASSERT_TRUE(importRoomFromGame(g.manifest, g.image.debug, *g.machine, &room, &error)) << error;
  const int cell = room.room.cellSize;
  const Snapshot start = g.machine->snapshot();
  auto walkRight = [&](int frames) {
    game::FrameRunner run;
    std::string err;
    EXPECT_TRUE(run.bind(g.manifest, g.image.debug, &err)) << err;
    run.alignToFrame(*g.machine);
    Binding b;
    EXPECT_TRUE(bindRoutine(g.manifest, g.image.debug, b, &err)) << err;
    std::vector<EntityFrame> rows(1);
    auto read = [&](int, std::vector<int32_t>& v) {
      v = {g.machine->peek(b.fields[0].address), g.machine->peek(b.fields[1].address)};
    };
    for (int f = 0; f < frames; ++f)
      run.runFrame(*g.machine, kButtonRight, b, {}, room.room, read, false, rows);
    return rows[0].x();
  };
  const int freeX = walkRight(150);
  g.machine->restore(start);
  // The column three cells right of the start, on the player's rows, made solid.
  int wallCol = 0;
  for (int r = 0; r < room.room.height && !wallCol; ++r)
    for (int c = 0; c < room.room.width; ++c)
      if (room.collisionAt(c, r) == kSolid) {
        room.room.at(5, 2) = room.room.at(c, r);
        room.room.at(5, 3) = room.room.at(c, r);
        wallCol = 5;
        break;
      }
  ASSERT_EQ(wallCol, 5);
  ASSERT_TRUE(writeRoomToGame(g.manifest, g.image.debug, room, *g.machine, &error)) << error;
  MapDocument readBack;
  ASSERT_TRUE(importRoomFromGame(g.manifest, g.image.debug, *g.machine, &readBack, &error));
  EXPECT_EQ(readBack.room.cells, room.room.cells);
  const int walledX = walkRight(150);
  EXPECT_GT(freeX, walledX);
  const int hitboxW = g.manifest.hitbox ? g.manifest.hitbox->w : cell;
  EXPECT_EQ(walledX, 5 * cell - hitboxW);
}

INSTANTIATE_TEST_SUITE_P(TestGames, EachRoomGame,
                         ::testing::Values("nrom_demo", "mmc1_demo", "gb_mbc1_demo"));

TEST_F(GameTempTest, RoomImportNamesWhatIsMissing) {
  REQUIRE_GAME("nrom_demo");
  BootedGame g = boot("nrom_demo");
  ASSERT_TRUE(g.machine);
  std::string error;
  MapDocument room;
  RoutineManifest noMap = g.manifest;
  noMap.cells.reset();
  EXPECT_FALSE(importRoomFromGame(noMap, g.image.debug, *g.machine, &room, &error));
  EXPECT_NE(error.find("map.cells: the manifest does not say where the game keeps its room"),
            std::string::npos)
      << error;
  RoutineManifest badLabel = g.manifest;
  badLabel.cells->ref.label = "room_cels";
  EXPECT_FALSE(importRoomFromGame(badLabel, g.image.debug, *g.machine, &room, &error));
  EXPECT_NE(error.find("map.cells.label: label \"room_cels\""), std::string::npos) << error;
  EXPECT_NE(error.find("room_cells"), std::string::npos) << error;
  RoutineManifest flat = g.manifest;
  flat.game.reset();
  EXPECT_FALSE(importRoomFromGame(flat, g.image.debug, *g.machine, &room, &error));
  EXPECT_NE(error.find("game: not a game manifest"), std::string::npos) << error;
  RoomImportOptions twelve;
  twelve.cellSize = 12;
  EXPECT_FALSE(importRoomFromGame(g.manifest, g.image.debug, *g.machine, &room, &error, twelve));
}

}  // namespace
}  // namespace core
