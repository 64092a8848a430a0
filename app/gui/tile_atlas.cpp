#include "app/gui/tile_atlas.h"

#include <algorithm>

namespace app {

void TileAtlas::update(const core::MapDocument& doc) {
  const bool same =
      doc.palette == palette_ && doc.tiles.size() == tiles_.size() &&
      std::equal(doc.tiles.begin(), doc.tiles.end(), tiles_.begin(),
                 [](const core::Tile& a, const core::Tile& b) { return a.px == b.px; });
  if (same && texture_.valid()) return;
  tiles_ = doc.tiles;
  palette_ = doc.palette;
  count_ = tiles_.size();
  if (count_ == 0) return;
  rows_ = int((count_ + kPerRow - 1) / kPerRow);
  const int w = kPerRow * 8, h = rows_ * 8;
  std::vector<uint32_t> pixels(size_t(w) * h, 0);
  for (size_t t = 0; t < count_; ++t) {
    const int tx = int(t % kPerRow) * 8, ty = int(t / kPerRow) * 8;
    for (int i = 0; i < 64; ++i) {
      const core::Rgba c = palette_[tiles_[t].px[i] & 3];
      pixels[size_t(ty + i / 8) * w + tx + i % 8] =
          uint32_t(c.r) | uint32_t(c.g) << 8 | uint32_t(c.b) << 16 | 0xFF000000u;
    }
  }
  texture_.upload(w, h, pixels);
}

void TileAtlas::drawTile(ImDrawList* dl, uint16_t id, ImVec2 p0, ImVec2 p1, ImU32 tint) const {
  if (id >= count_) return;
  const float u = 1.0f / kPerRow, v = 1.0f / float(rows_);
  const float u0 = float(id % kPerRow) * u, v0 = float(id / kPerRow) * v;
  dl->AddImage(texture_.id(), p0, p1, ImVec2(u0, v0), ImVec2(u0 + u, v0 + v), tint);
}

void TileAtlas::drawMetatile(ImDrawList* dl, const core::MapDocument& doc, const core::Metatile& mt,
                             ImVec2 p0, float size, ImU32 tint) const {
  const int side = doc.metatiles.tilesPerSide;
  const float ts = size / float(side);
  for (int q = 0; q < side * side; ++q) {
    ImVec2 a(p0.x + float(q % side) * ts, p0.y + float(q / side) * ts);
    drawTile(dl, mt.tiles[q], a, ImVec2(a.x + ts, a.y + ts), tint);
  }
}

}  // namespace app
