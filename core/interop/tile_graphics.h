// Tile graphics import: 8x8 2-bit tiles from the files homebrew tools write,
// into a MapDocument's tiles, with metatiles built from them.
//
// Formats, by extension:
//   .chr   NES planar 2bpp, 16 bytes a tile (8 bytes of bit 0, then 8 of bit 1)
//   .2bpp  Game Boy 2bpp, 16 bytes a tile (each row a low byte then a high byte)
//   .1bpp  1 bit per pixel, 8 bytes a tile (colours 0 and 3)
//   .png   a tileset image (stb_image): indexed, or any PNG with at most 4
//          colours in each 8x8 tile; colours map to indices by brightness,
//          darkest first, and the document's palette takes the image's colours
//          when the whole image has at most 4
// Metatiles: a table beside the graphics (`NAME.metatiles.json` / `.txt`, or
// given explicitly) lists 4 tile ids (TL TR BL BR) per metatile; with none the
// tiles are cut into metatiles in reading order: 2x2 squares of the image for
// a PNG (16x16 metatiles), or consecutive groups of 4 tiles for CHR data. A
// document with 8 px cells (1 tile per metatile) gets one metatile per tile.
// Existing metatiles keep their collision byte and name; new ones start empty.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/map/room.h"

namespace core::interop {

enum class TileGraphicsFormat { Chr, Gb2bpp, Gb1bpp, Png };

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
  int columns = 0, rows = 0;  // PNG: tiles across and down; raw data: 0
};

// Reads one graphics file. Errors name the file and the fault ("x.chr: 1000
// bytes is not a whole number of 16-byte tiles", "x.png: tile 12 (column 4, row
// 1) has 5 colours; at most 4 fit a 2-bit tile").
bool readTileSheet(const std::string& path, TileSheet* out, std::string* error);
bool decodeTileData(const std::vector<uint8_t>& data, TileGraphicsFormat format,
                    const std::string& name, TileSheet* out, std::string* error);

// The file's tiles into `map` (replacing its tiles; the CHR format follows the
// file for .chr/.2bpp), with metatiles from a table or cut. `map` is untouched
// on error.
bool importTileGraphics(const std::string& path, MapDocument* map, std::string* error);
bool importTileGraphics(const std::string& path, const TileGraphicsOptions& options,
                        MapDocument* map, std::string* error);

}  // namespace core::interop
