// The map's CHR tiles, coloured with its palette, in one OpenGL texture, so
// the room view and the metatile palette draw a tile as one textured quad
// instead of 64 rectangles. Rebuilt when the tiles or the palette change.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "app/gui/gl/gl_texture.h"
#include "core/map/room.h"

namespace app {

class TileAtlas {
 public:
  // Uploads the document's tiles when they (or the palette) differ from the last upload.
  void update(const core::MapDocument& doc);
  bool ready() const { return texture_.valid() && count_ > 0; }
  size_t tileCount() const { return count_; }
  // Draws tile `id` into the rectangle [p0, p1).
  void drawTile(ImDrawList* dl, uint16_t id, ImVec2 p0, ImVec2 p1,
                ImU32 tint = IM_COL32_WHITE) const;
  // Draws a metatile (1 or 2x2 tiles) into the square at `p0` of side `size`.
  void drawMetatile(ImDrawList* dl, const core::MapDocument& doc, const core::Metatile& mt,
                    ImVec2 p0, float size, ImU32 tint = IM_COL32_WHITE) const;

 private:
  static constexpr int kPerRow = 16;
  GlTexture texture_;
  size_t count_ = 0;
  int rows_ = 0;
  std::vector<core::Tile> tiles_;
  core::Palette palette_{};
};

}  // namespace app
