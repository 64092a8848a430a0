// DamageTracker: which tiles a frame must redraw, and the triangles it keeps.
// Draw lists are built by hand (quads of two triangles), so no ImGui context
// or OpenGL is needed.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "app/gui/gl/damage_tracker.h"

namespace {

using app::DamageTracker;
constexpr int T = DamageTracker::kTile;

ImTextureID texture(uintptr_t id) {
  return reinterpret_cast<ImTextureID>(id);
}
const ImTextureID kFont = texture(1);
const ImTextureID kRoom = texture(2);
const ImVec4 kScreen(0, 0, 320, 200);

// A frame of draw lists over a 320x200 framebuffer (10 x 7 tiles).
class Frame {
 public:
  // A new draw list; quads go into the last one.
  Frame& list() {
    lists_.push_back(std::make_unique<ImDrawList>(nullptr));
    return *this;
  }
  Frame& quad(float x0, float y0, float x1, float y1, ImU32 col = 0xFFFFFFFF,
              ImTextureID tex = kFont, ImVec4 clip = kScreen) {
    ImDrawList& l = *lists_.back();
    if (l.CmdBuffer.Size == 0 || l.CmdBuffer.back().TextureId != tex ||
        l.CmdBuffer.back().ClipRect.x != clip.x || l.CmdBuffer.back().ClipRect.z != clip.z) {
      ImDrawCmd cmd;
      cmd.ClipRect = clip;
      cmd.TextureId = tex;
      cmd.IdxOffset = unsigned(l.IdxBuffer.Size);
      l.CmdBuffer.push_back(cmd);
    }
    const auto base = ImDrawIdx(l.VtxBuffer.Size);
    for (ImVec2 p : {ImVec2(x0, y0), ImVec2(x1, y0), ImVec2(x1, y1), ImVec2(x0, y1)})
      l.VtxBuffer.push_back(ImDrawVert{p, ImVec2(0, 0), col});
    for (int k : {0, 1, 2, 0, 2, 3}) l.IdxBuffer.push_back(ImDrawIdx(base + k));
    l.CmdBuffer.back().ElemCount += 6;
    return *this;
  }
  Frame& callback() {
    ImDrawCmd cmd;
    cmd.UserCallback = [](const ImDrawList*, const ImDrawCmd*) {};
    lists_.back()->CmdBuffer.push_back(cmd);
    return *this;
  }
  const ImDrawData& data() {
    pointers_.clear();
    for (auto& l : lists_) pointers_.push_back(l.get());
    data_.Valid = true;
    data_.CmdLists = pointers_.data();
    data_.CmdListsCount = int(pointers_.size());
    data_.DisplayPos = ImVec2(0, 0);
    data_.DisplaySize = ImVec2(320, 200);
    data_.FramebufferScale = ImVec2(1, 1);
    return data_;
  }

 private:
  std::vector<std::unique_ptr<ImDrawList>> lists_;
  std::vector<ImDrawList*> pointers_;
  ImDrawData data_;
};

DamageTracker::Textures textures(uint64_t generation = 1) {
  DamageTracker::Textures t;
  t.font = kFont;
  t.generation = generation;
  return t;
}

std::vector<std::pair<int, int>> dirtyTiles(const DamageTracker& d) {
  std::vector<std::pair<int, int>> out;
  for (int r = 0; r < d.rows(); ++r)
    for (int c = 0; c < d.columns(); ++c)
      if (d.dirty(c, r)) out.emplace_back(c, r);
  return out;
}

using Tiles = std::vector<std::pair<int, int>>;

// Two frames: `first`, then `second`; returns the tiles the second one dirties.
template <typename A, typename B>
Tiles changed(A first, B second, uint64_t gen1 = 1, uint64_t gen2 = 1) {
  DamageTracker d;
  Frame f1, f2;
  first(f1.list());
  second(f2.list());
  d.update(f1.data(), 320, 200, textures(gen1));
  d.update(f2.data(), 320, 200, textures(gen2));
  return dirtyTiles(d);
}

TEST(DamageTracker, FirstFrameRedrawsEveryTile) {
  DamageTracker d;
  Frame f;
  f.list().quad(0, 0, 10, 10);
  d.update(f.data(), 320, 200, textures());
  EXPECT_EQ(d.columns(), 10);
  EXPECT_EQ(d.rows(), 7);
  EXPECT_EQ(d.dirtyCount(), 70);
}

TEST(DamageTracker, AnUnchangedFrameRedrawsNothing) {
  auto draw = [](Frame& f) { f.quad(5, 5, 100, 40).quad(200, 150, 210, 160, 0xFF00FF00); };
  EXPECT_TRUE(changed(draw, draw).empty());
}

TEST(DamageTracker, AMovedQuadDirtiesWhereItWasAndWhereItIs) {
  auto before = [](Frame& f) { f.quad(0, 0, 320, 200, 0xFF202020).quad(40, 40, 50, 50); };
  auto after = [](Frame& f) { f.quad(0, 0, 320, 200, 0xFF202020).quad(140, 100, 150, 110); };
  EXPECT_EQ(changed(before, after), (Tiles{{1, 1}, {4, 3}}));
}

TEST(DamageTracker, AQuadAcrossATileEdgeDirtiesBothTiles) {
  auto before = [](Frame& f) { f.quad(28, 4, 36, 8); };
  auto after = [](Frame& f) { f.quad(28, 4, 36, 8, 0xFF0000FF); };
  EXPECT_EQ(changed(before, after), (Tiles{{0, 0}, {1, 0}}));
  // Ending exactly on a tile edge does not reach the next tile.
  auto edge1 = [](Frame& f) { f.quad(0, 0, float(T), float(T)); };
  auto edge2 = [](Frame& f) { f.quad(0, 0, float(T), float(T), 0xFF0000FF); };
  EXPECT_EQ(changed(edge1, edge2), (Tiles{{0, 0}}));
}

TEST(DamageTracker, DrawOrderMatters) {
  auto ab = [](Frame& f) { f.quad(2, 2, 8, 8, 0xFF0000FF).quad(4, 4, 12, 12, 0xFF00FF00); };
  auto ba = [](Frame& f) { f.quad(4, 4, 12, 12, 0xFF00FF00).quad(2, 2, 8, 8, 0xFF0000FF); };
  EXPECT_EQ(changed(ab, ba), (Tiles{{0, 0}}));
}

TEST(DamageTracker, ChangesHiddenByTheClipRectangleRedrawNothing) {
  const ImVec4 clip(0, 0, 64, 64);
  auto before = [&](Frame& f) { f.quad(100, 100, 120, 120, 0xFFFFFFFF, kFont, clip); };
  auto after = [&](Frame& f) { f.quad(100, 100, 130, 120, 0xFF0000FF, kFont, clip); };
  EXPECT_TRUE(changed(before, after).empty());
  // Partly inside: only the tiles inside the clip rectangle are redrawn.
  auto wide1 = [&](Frame& f) { f.quad(10, 10, 200, 20, 0xFFFFFFFF, kFont, clip); };
  auto wide2 = [&](Frame& f) { f.quad(10, 10, 200, 20, 0xFF0000FF, kFont, clip); };
  EXPECT_EQ(changed(wide1, wide2), (Tiles{{0, 0}, {1, 0}}));
}

TEST(DamageTracker, AnUploadDirtiesOnlyWhatItsTexturesDraw) {
  auto draw = [](Frame& f) {
    f.quad(0, 0, 20, 20, 0xFFFFFFFF, kFont).quad(100, 100, 120, 120, 0xFFFFFFFF, kRoom);
  };
  EXPECT_EQ(changed(draw, draw, 1, 2), (Tiles{{3, 3}}));
}

TEST(DamageTracker, ResizeAndCallbacksRedrawEverything) {
  DamageTracker d;
  Frame f;
  f.list().quad(0, 0, 10, 10);
  d.update(f.data(), 320, 200, textures());
  d.update(f.data(), 320, 200, textures());
  EXPECT_EQ(d.dirtyCount(), 0);
  d.update(f.data(), 352, 200, textures());
  EXPECT_EQ(d.dirtyCount(), 11 * 7);
  Frame g;
  g.list().quad(0, 0, 10, 10).callback();
  d.update(g.data(), 352, 200, textures());
  EXPECT_EQ(d.dirtyCount(), 11 * 7);
  d.invalidate();
  d.update(g.data(), 352, 200, textures());
  EXPECT_EQ(d.dirtyCount(), 11 * 7);
}

TEST(DamageTracker, FilteredKeepsOnlyTrianglesTouchingDirtyTiles) {
  DamageTracker d;
  Frame f1, f2;
  auto common = [](Frame& f) {
    f.list().quad(0, 0, 320, 200, 0xFF202020);  // a background under everything
    f.list().quad(200, 150, 210, 160);          // far from the change
  };
  common(f1);
  f1.list().quad(40, 40, 50, 50);
  common(f2);
  f2.list().quad(40, 40, 50, 50, 0xFF0000FF, kRoom);
  d.update(f1.data(), 320, 200, textures());
  d.update(f2.data(), 320, 200, textures());
  ASSERT_EQ(dirtyTiles(d), (Tiles{{1, 1}}));
  const std::vector<ImDrawList*>& kept = d.filtered();
  ASSERT_EQ(kept.size(), 2u);  // the background and the changed quad
  EXPECT_EQ(kept[0]->IdxBuffer.Size, 6);
  EXPECT_EQ(kept[1]->IdxBuffer.Size, 6);
  ASSERT_EQ(kept[1]->CmdBuffer.Size, 1);
  EXPECT_EQ(kept[1]->CmdBuffer[0].TextureId, kRoom);
  EXPECT_EQ(kept[1]->CmdBuffer[0].ElemCount, 6u);
  EXPECT_EQ(kept[1]->VtxBuffer[0].col, 0xFF0000FFu);

  // The clearing rectangles cover the dirty tile exactly.
  const ImDrawList& rects = d.dirtyRects(0xFF123456);
  ASSERT_EQ(rects.VtxBuffer.Size, 4);
  EXPECT_EQ(rects.VtxBuffer[0].pos.x, float(T));
  EXPECT_EQ(rects.VtxBuffer[0].pos.y, float(T));
  EXPECT_EQ(rects.VtxBuffer[2].pos.x, float(2 * T));
  EXPECT_EQ(rects.VtxBuffer[2].pos.y, float(2 * T));
  EXPECT_EQ(rects.VtxBuffer[0].col, 0xFF123456u);
  ASSERT_EQ(rects.CmdBuffer.Size, 1);
  EXPECT_EQ(rects.CmdBuffer[0].ElemCount, 6u);
}

TEST(DamageTracker, DirtyRunsInARowShareOneRectangle) {
  DamageTracker d;
  Frame f;
  f.list().quad(0, 0, 100, 10);
  d.update(f.data(), 320, 200, textures());  // every tile: one run per row
  const ImDrawList& rects = d.dirtyRects(0xFF000000);
  EXPECT_EQ(rects.VtxBuffer.Size, 7 * 4);
  // The last row stops at the framebuffer's bottom edge (200 is not a multiple of 32).
  EXPECT_EQ(rects.VtxBuffer[6 * 4 + 2].pos.y, 200.0f);
  EXPECT_EQ(rects.VtxBuffer[6 * 4 + 2].pos.x, 320.0f);
}

}  // namespace
