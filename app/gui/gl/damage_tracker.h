// Which parts of the window changed since the last frame, worked out from
// ImGui's draw data alone (no OpenGL here, so it is unit-tested).
//
// The framebuffer is cut into kTile x kTile pixel tiles. Every triangle is
// hashed (its three vertices, its texture and that texture's upload
// generation, its clip rectangle) into each tile its clipped bounding box
// touches, in draw order. A tile whose hash equals last frame's is drawn by
// the same triangles in the same order, so it holds the same pixels: only the
// other tiles need clearing and redrawing. filtered() gives the draw lists cut
// down to the triangles that touch a dirty tile; drawing them clipped to the
// dirty tiles gives exactly what a full redraw would.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace app {

class DamageTracker {
 public:
  static constexpr int kTile = 32;

  struct Textures {
    ImTextureID font = nullptr;  // never re-uploaded
    uint64_t generation = 0;     // bumped by every upload of any other texture
    ImVec2 whiteUv{0, 0};        // a texel of `font` that is opaque white
  };

  // Hashes `data` for a `width` x `height` pixel framebuffer and marks the
  // tiles that differ from the previous call (all of them after a resize,
  // after invalidate(), or when a draw list holds a user callback).
  void update(const ImDrawData& data, int width, int height, const Textures& textures);
  void invalidate() { invalid_ = true; }

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  bool dirty(int column, int row) const { return dirty_[size_t(row) * columns_ + column] != 0; }
  int dirtyCount() const { return dirtyCount_; }
  bool anyDirty() const { return dirtyCount_ > 0; }

  // Opaque rectangles of `clear` covering exactly the dirty tiles (one per run
  // of dirty tiles in a row), drawn with the font's white texel.
  ImDrawList& dirtyRects(ImU32 clear);
  // The draw lists of the last update() holding only the triangles whose
  // clipped bounding box touches a dirty tile; vertices are shared as-is.
  const std::vector<ImDrawList*>& filtered();

 private:
  struct TileSpan {  // inclusive tile range of one triangle; c0 > c1 when it draws nothing
    uint16_t c0, r0, c1, r1;
  };
  bool anyDirtyIn(const TileSpan& s) const;
  ImDrawList* listAt(size_t i);

  const ImDrawData* data_ = nullptr;
  Textures textures_;
  int width_ = 0, height_ = 0, columns_ = 0, rows_ = 0;
  bool invalid_ = true;
  std::vector<uint64_t> hash_, previous_;
  std::vector<uint8_t> dirty_;
  std::vector<int> dirtySum_;  // (rows+1) x (columns+1) prefix sums of dirty_
  int dirtyCount_ = 0;
  std::vector<TileSpan> spans_;  // every triangle of data_, in draw order
  std::vector<std::unique_ptr<ImDrawList>> lists_;
  std::vector<ImDrawList*> filtered_;
  std::unique_ptr<ImDrawList> rects_;
};

}  // namespace app
