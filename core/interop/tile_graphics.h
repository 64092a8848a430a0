// Tile graphics import: 8x8 2-bit tiles from the files homebrew tools write,
// into a MapDocument's tiles, with metatiles built from them.
//
// Formats, by extension:
//   .chr   NES planar 2bpp, 16 bytes a tile (8 bytes of bit 0, then 8 of bit 1)
//   .2bpp  Game Boy 2bpp, 16 bytes a tile (each row a low byte then a high byte)
//   .1bpp  1 bit per pixel, 8 bytes a tile (colours 0 and 3)
//   .png   a tileset image (stb_image), width and height multiples of 8. An
//          indexed PNG whose pixels use palette entries 0-3 keeps those
//          indices and gives the document its palette; any other PNG may have
//          at most 4 colours in each 8x8 tile, which become indices by
//          brightness, darkest first (transparent pixels are colour 0)
//   .tsx / .tsj  a Tiled tileset: its image, cut in the tileset's tile size
// Metatiles: a table (`NAME.metatiles.json` / `.txt` beside the graphics, or
// given in the options) lists 4 tile ids (TL TR BL BR) per metatile; with none
// the graphics are cut into metatiles in reading order: 16x16 squares of the
// image (a PNG, or raw data shown 16 tiles a row as CHR viewers do), or one
// metatile per tile for a document of 8 px cells. Metatile i of a cut image is
// tile id i of a Tiled tileset of that image. Existing metatiles keep their
// collision byte and name; new ones start with no collision bits.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/map/room.h"

namespace core::interop {

enum class TileGraphicsFormat { Chr, Gb2bpp, Gb1bpp, Png, TiledTileset };

// By extension (case-insensitive); false for any other.
bool tileGraphicsFormatFromPath(const std::string& path, TileGraphicsFormat* out);

struct TileGraphicsOptions {
  // A metatile table: JSON `{"metatiles": [[tl, tr, bl, br], ...]}` or text, one
  // metatile a line of 4 ids (decimal or $hex), '#' or ';' comments. "" = look
  // for PATH-without-extension + ".metatiles.json" / ".metatiles.txt", else cut.
  std::string metatileTable;
  bool cut = true;  // without a table: build metatiles by cutting (false: keep the set)
};

// Decoded tiles with the image's palette (PNG only) and, for a PNG, its size in tiles.
struct TileSheet {
  std::vector<Tile> tiles;
  bool hasPalette = false;
  Palette palette{};
  int columns = 0, rows = 0;  // tiles across and down (raw data: 16 a row)
  int tilesetTilePx = 0;      // a Tiled tileset's tile size (the cut), else 0
  std::string file;           // the file the tiles were read from (a .tsx's image)
};

// A metatile table's entries (4 tile ids each), every id below `tileCount`.
// Errors: "FILE:LINE: message" (text) or "FILE: metatiles[2][1]: message" (JSON).
bool readMetatileTable(const std::string& path, size_t tileCount,
                       std::vector<std::array<uint16_t, 4>>* out, std::string* error);

// Reads one graphics file. Errors name the file and the fault ("x.chr: 1000
// bytes is not a whole number of 16-byte tiles", "x.png: tile 12 (column 4, row
// 1) has 5 colours; at most 4 fit a 2-bit tile").
bool readTileSheet(const std::string& path, TileSheet* out, std::string* error);
bool decodeTileData(const std::vector<uint8_t>& data, TileGraphicsFormat format,
                    const std::string& name, TileSheet* out, std::string* error);
// A PNG's bytes (core/interop/tile_png.cpp; without stb_image it reports that).
bool decodePng(const std::vector<uint8_t>& data, const std::string& name, TileSheet* out,
               std::string* error);

// The file's tiles into `map` (replacing its tiles; the CHR format follows the
// file for .chr/.2bpp), with metatiles from a table or cut. `map` is untouched
// on error.
bool importTileGraphics(const std::string& path, MapDocument* map, std::string* error);
bool importTileGraphics(const std::string& path, const TileGraphicsOptions& options,
                        MapDocument* map, std::string* error);

}  // namespace core::interop
