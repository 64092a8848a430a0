#include "core/map/room.h"

namespace core {

uint8_t MapDocument::collisionAt(int col, int row, uint8_t outside) const {
  if (!room.inside(col, row)) return outside;
  uint16_t m = room.at(col, row);
  return m < metatiles.metatiles.size() ? metatiles.metatiles[m].collision : outside;
}

namespace {

Tile tileFrom(const char* text) {
  Tile t;
  parseTileText(text, t);
  return t;
}

}  // namespace

MapDocument makeDefaultMap(int w, int h, int cellSize) {
  MapDocument doc;
  doc.name = "untitled";
  doc.tiles = {
      tileFrom("00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000"),  // sky
      tileFrom("22222222/23333332/23222232/23222232/23222232/23222232/23333332/22222222"),  // block
      tileFrom("33333333/22222221/22222221/11111111/33331333/22221222/22221222/11111111"),  // brick
      tileFrom(
          "33333333/33333333/22222222/22122212/21222122/22222222/22212222/22222222"),  // ground
      tileFrom("00000000/00110011/01111111/11111111/11111111/11111111/11111111/11111111"),  // water
  };
  doc.metatiles.tilesPerSide = cellSize == 16 ? 2 : 1;
  auto mt = [](const char* name, uint16_t t, uint8_t bits) {
    return Metatile{name, {t, t, t, t}, bits};
  };
  doc.metatiles.metatiles = {mt("sky", 0, 0), mt("block", 1, kSolid), mt("brick", 2, kSolid),
                             mt("ground", 3, kSolid), mt("water", 4, 0x10)};
  doc.metatiles.opcodeNames = {"water", "ladder", "door", "hurt"};
  doc.room.width = w;
  doc.room.height = h;
  doc.room.cellSize = cellSize;
  doc.room.cells.assign(size_t(w) * h, 0);
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      if (r == 0 || c == 0 || r == h - 1 || c == w - 1) doc.room.at(c, r) = 1;
  return doc;
}

}  // namespace core
