// 8x8 tiles with 2 bits per pixel, and 4-colour palettes. Tiles come from NES
// planar CHR (16 bytes a tile: 8 bytes of bit 0, then 8 of bit 1) or Game Boy
// 2bpp (16 bytes a tile: each row is a low byte then a high byte).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace core {

enum class ChrFormat : uint8_t { NesPlanar, Gb2bpp };

struct Tile {
  std::array<uint8_t, 64> px{};  // colour index 0..3, row-major
};

struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  bool operator==(const Rgba&) const = default;
};

using Palette = std::array<Rgba, 4>;

// Colours as "#rrggbb" in JSON files. parseColour returns false for any other form.
bool parseColour(const std::string& text, Rgba& out);
std::string colourText(const Rgba& c);

// Decodes `data` (a whole number of 16-byte tiles; a trailing partial tile is ignored).
std::vector<Tile> decodeChr(const std::vector<uint8_t>& data, ChrFormat format);
// Encodes tiles back to CHR bytes.
std::vector<uint8_t> encodeChr(const std::vector<Tile>& tiles, ChrFormat format);

// A tile as 8 strings of 8 digits '0'..'3' joined by '/' ("00111100/01222210/...").
// Returns false when the text is not of that form.
bool parseTileText(const std::string& text, Tile& out);
std::string tileText(const Tile& tile);

const char* chrFormatName(ChrFormat f);
bool parseChrFormat(const std::string& name, ChrFormat& out);

}  // namespace core
