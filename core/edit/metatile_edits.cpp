// Edits of the metatile set, the CHR tiles and the palette (edit.h). Changes
// that move metatile indices carry the room's cells before and after, so the
// room keeps showing the same metatiles whatever their new numbers.
#include <algorithm>

#include "core/edit/edit.h"
#include "core/map/limits.h"

namespace core {

namespace {

bool validMetatile(const Scenario& s, int m) {
  return m >= 0 && m < int(s.map.metatiles.metatiles.size());
}

// The set edit from the current set to `after`, cells mapped through `remap`
// (old index -> new index).
Edit setEdit(const Scenario& s, std::vector<Metatile> after, const std::vector<uint16_t>& remap) {
  MetatileSetEdit e{s.map.metatiles.metatiles, std::move(after), {}, {}};
  std::vector<uint16_t> cells = s.map.room.cells;
  for (uint16_t& c : cells)
    if (c < remap.size()) c = remap[c];
  if (cells != s.map.room.cells) {
    e.cellsBefore = s.map.room.cells;
    e.cellsAfter = std::move(cells);
  }
  return e;
}

std::vector<uint16_t> identity(size_t n) {
  std::vector<uint16_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint16_t(i);
  return v;
}

}  // namespace

std::optional<Edit> makeSetMetatileTiles(const Scenario& s, int metatile,
                                         std::array<uint16_t, 4> tiles) {
  if (!validMetatile(s, metatile)) return std::nullopt;
  // A 1-tile metatile keeps its one id in all four slots, as the loader does.
  if (s.map.metatiles.tilesPerSide == 1) tiles = {tiles[0], tiles[0], tiles[0], tiles[0]};
  for (uint16_t t : tiles)
    if (t >= s.map.tiles.size()) return std::nullopt;
  const auto& before = s.map.metatiles.metatiles[metatile].tiles;
  if (before == tiles) return std::nullopt;
  return MetatileTilesEdit{metatile, before, tiles};
}

std::optional<Edit> makeMoveMetatile(const Scenario& s, int from, int to) {
  if (!validMetatile(s, from) || !validMetatile(s, to) || from == to) return std::nullopt;
  std::vector<Metatile> after = s.map.metatiles.metatiles;
  const Metatile moved = after[from];
  after.erase(after.begin() + from);
  after.insert(after.begin() + to, moved);
  std::vector<uint16_t> remap = identity(after.size());
  remap[from] = uint16_t(to);
  if (from < to)
    for (int i = from + 1; i <= to; ++i) remap[i] = uint16_t(i - 1);
  else
    for (int i = to; i < from; ++i) remap[i] = uint16_t(i + 1);
  return setEdit(s, std::move(after), remap);
}

std::optional<Edit> makeDuplicateMetatile(const Scenario& s, int metatile) {
  const auto& set = s.map.metatiles.metatiles;
  if (!validMetatile(s, metatile) || int(set.size()) >= kMaxMetatiles) return std::nullopt;
  std::vector<Metatile> after = set;
  Metatile copy = set[metatile];
  copy.name += copy.name.empty() ? "copy" : " copy";
  after.insert(after.begin() + metatile + 1, copy);
  std::vector<uint16_t> remap = identity(set.size());
  for (size_t i = size_t(metatile) + 1; i < remap.size(); ++i) remap[i] = uint16_t(i + 1);
  return setEdit(s, std::move(after), remap);
}

std::optional<Edit> makeAddMetatile(const Scenario& s, const Metatile& m) {
  const auto& set = s.map.metatiles.metatiles;
  if (int(set.size()) >= kMaxMetatiles) return std::nullopt;
  for (uint16_t t : m.tiles)
    if (t >= s.map.tiles.size()) return std::nullopt;
  std::vector<Metatile> after = set;
  after.push_back(m);
  return setEdit(s, std::move(after), {});
}

std::optional<Edit> makeDeleteMetatile(const Scenario& s, int metatile, uint16_t replacement) {
  const auto& set = s.map.metatiles.metatiles;
  if (!validMetatile(s, metatile) || set.size() < 2 || !validMetatile(s, replacement) ||
      replacement == metatile)
    return std::nullopt;
  std::vector<Metatile> after = set;
  after.erase(after.begin() + metatile);
  std::vector<uint16_t> remap = identity(set.size());
  for (size_t i = size_t(metatile) + 1; i < remap.size(); ++i) remap[i] = uint16_t(i - 1);
  remap[metatile] = remap[replacement];
  return setEdit(s, std::move(after), remap);
}

std::optional<Edit> makeSetTilePixel(const Scenario& s, int tile, int x, int y, uint8_t colour) {
  if (tile < 0 || tile >= int(s.map.tiles.size()) || x < 0 || x >= 8 || y < 0 || y >= 8 ||
      colour > 3)
    return std::nullopt;
  const Tile& before = s.map.tiles[tile];
  if (before.px[size_t(y) * 8 + x] == colour) return std::nullopt;
  TilePixelsEdit e{tile, before, before};
  e.after.px[size_t(y) * 8 + x] = colour;
  return e;
}

std::optional<Edit> makeAddTile(const Scenario& s, const Tile& tile) {
  if (int64_t(s.map.tiles.size()) >= kMaxTiles) return std::nullopt;
  return TileAddEdit{int(s.map.tiles.size()), tile};
}

std::optional<Edit> makeSetPaletteColour(const Scenario& s, int index, Rgba colour) {
  if (index < 0 || index >= 4) return std::nullopt;
  colour.a = 255;  // the map file holds #rrggbb
  if (s.map.palette[index] == colour) return std::nullopt;
  return PaletteEdit{index, s.map.palette[index], colour};
}

}  // namespace core
