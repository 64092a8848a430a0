#include "app/gui/gl/damage_tracker.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace app {

namespace {

constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
constexpr float kSnap = 1.0f / 64;  // pixels

uint64_t mix(uint64_t h, uint64_t v) {
  h = (h ^ v) * kMul;
  return h ^ (h >> 29);
}

uint64_t floatBits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return (uint64_t(x) << 32) | y;
}

uint64_t vertexHash(uint64_t h, const ImDrawVert& v) {
  return mix(mix(mix(h, floatBits(v.pos.x, v.pos.y)), floatBits(v.uv.x, v.uv.y)), v.col);
}

}  // namespace

void DamageTracker::update(const ImDrawData& data, int width, int height,
                           const Textures& textures) {
  data_ = &data;
  textures_ = textures;
  const int columns = (width + kTile - 1) / kTile, rows = (height + kTile - 1) / kTile;
  if (width != width_ || height != height_) {
    width_ = width;
    height_ = height;
    columns_ = columns;
    rows_ = rows;
    invalid_ = true;
  }
  const size_t tiles = size_t(columns_) * rows_;
  hash_.assign(tiles, 0);
  spans_.clear();

  const ImVec2 origin = data.DisplayPos, scale = data.FramebufferScale;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) {
        // A callback can draw anything anywhere: redraw everything this frame.
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) invalid_ = true;
        continue;
      }
      // The scissor box the renderer will set, in whole pixels (conservative).
      const float cx0 = std::max(0.0f, std::floor((cmd.ClipRect.x - origin.x) * scale.x));
      const float cy0 = std::max(0.0f, std::floor((cmd.ClipRect.y - origin.y) * scale.y));
      const float cx1 = std::min(float(width), std::ceil((cmd.ClipRect.z - origin.x) * scale.x));
      const float cy1 = std::min(float(height), std::ceil((cmd.ClipRect.w - origin.y) * scale.y));
      const uint64_t texture = uint64_t(uintptr_t(cmd.TextureId));
      const uint64_t cmdHash =
          mix(mix(mix(texture, cmd.TextureId == textures.font ? 0 : textures.generation),
                  floatBits(cx0, cy0)),
              floatBits(cx1, cy1));
      const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
      for (unsigned t = 0; t + 2 < cmd.ElemCount; t += 3) {
        const ImDrawVert& a = vtx[idx[t]];
        const ImDrawVert& b = vtx[idx[t + 1]];
        const ImDrawVert& c = vtx[idx[t + 2]];
        // Pixels whose centres can fall inside the triangle (with a margin for
        // the rasteriser's sub-pixel snapping), inside the scissor box.
        auto first = [](float v, float o, float s) {
          return std::ceil((v - o) * s - 0.5f - kSnap);
        };
        auto last = [](float v, float o, float s) {
          return std::floor((v - o) * s - 0.5f + kSnap);
        };
        const float x0 =
            std::max(cx0, first(std::min({a.pos.x, b.pos.x, c.pos.x}), origin.x, scale.x));
        const float y0 =
            std::max(cy0, first(std::min({a.pos.y, b.pos.y, c.pos.y}), origin.y, scale.y));
        const float x1 =
            std::min(cx1 - 1, last(std::max({a.pos.x, b.pos.x, c.pos.x}), origin.x, scale.x));
        const float y1 =
            std::min(cy1 - 1, last(std::max({a.pos.y, b.pos.y, c.pos.y}), origin.y, scale.y));
        if (!(x0 <= x1 && y0 <= y1)) {  // also false for NaN
          spans_.push_back({1, 1, 0, 0});
          continue;
        }
        const TileSpan s{uint16_t(int(x0) / kTile), uint16_t(int(y0) / kTile),
                         uint16_t(int(x1) / kTile), uint16_t(int(y1) / kTile)};
        spans_.push_back(s);
        const uint64_t h = vertexHash(vertexHash(vertexHash(cmdHash, a), b), c);
        for (int r = s.r0; r <= s.r1; ++r) {
          uint64_t* row = hash_.data() + size_t(r) * columns_;
          for (int col = s.c0; col <= s.c1; ++col) row[col] = mix(row[col], h);
        }
      }
    }
  }

  dirty_.assign(tiles, 0);
  dirtyCount_ = 0;
  for (size_t i = 0; i < tiles; ++i) {
    dirty_[i] = invalid_ || previous_.size() != tiles || hash_[i] != previous_[i];
    dirtyCount_ += dirty_[i];
  }
  invalid_ = false;
  previous_.swap(hash_);

  dirtySum_.assign(size_t(rows_ + 1) * (columns_ + 1), 0);
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < columns_; ++c)
      dirtySum_[size_t(r + 1) * (columns_ + 1) + c + 1] =
          dirty_[size_t(r) * columns_ + c] + dirtySum_[size_t(r) * (columns_ + 1) + c + 1] +
          dirtySum_[size_t(r + 1) * (columns_ + 1) + c] - dirtySum_[size_t(r) * (columns_ + 1) + c];
}

bool DamageTracker::anyDirtyIn(const TileSpan& s) const {
  if (s.c0 > s.c1) return false;
  const size_t w = size_t(columns_) + 1;
  return dirtySum_[(s.r1 + 1) * w + s.c1 + 1] - dirtySum_[s.r0 * w + s.c1 + 1] -
             dirtySum_[(s.r1 + 1) * w + s.c0] + dirtySum_[s.r0 * w + s.c0] >
         0;
}

ImDrawList* DamageTracker::listAt(size_t i) {
  while (lists_.size() <= i) lists_.push_back(std::make_unique<ImDrawList>(nullptr));
  ImDrawList* list = lists_[i].get();
  list->CmdBuffer.resize(0);
  list->IdxBuffer.resize(0);
  list->VtxBuffer.resize(0);
  return list;
}

ImDrawList& DamageTracker::dirtyRects(ImU32 clear) {
  if (!rects_) rects_ = std::make_unique<ImDrawList>(nullptr);
  ImDrawList& out = *rects_;
  out.CmdBuffer.resize(0);
  out.IdxBuffer.resize(0);
  out.VtxBuffer.resize(0);
  const ImVec2 origin = data_ ? data_->DisplayPos : ImVec2(0, 0);
  const ImVec2 scale = data_ ? data_->FramebufferScale : ImVec2(1, 1);
  ImDrawCmd cmd;
  cmd.ClipRect = ImVec4(origin.x, origin.y, origin.x + float(width_) / scale.x,
                        origin.y + float(height_) / scale.y);
  cmd.TextureId = textures_.font;
  auto closeCommand = [&] {
    cmd.ElemCount = unsigned(out.IdxBuffer.Size) - cmd.IdxOffset;
    if (cmd.ElemCount) out.CmdBuffer.push_back(cmd);
    cmd.IdxOffset = unsigned(out.IdxBuffer.Size);
    cmd.VtxOffset = unsigned(out.VtxBuffer.Size);
  };
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < columns_;) {
      if (!dirty(c, r)) {
        ++c;
        continue;
      }
      const int start = c;
      while (c < columns_ && dirty(c, r)) ++c;
      // The run's corners in pixels, back in ImGui's display coordinates.
      const float px0 = float(start * kTile), py0 = float(r * kTile);
      const float px1 = float(std::min(c * kTile, width_));
      const float py1 = float(std::min((r + 1) * kTile, height_));
      const ImVec2 p0(origin.x + px0 / scale.x, origin.y + py0 / scale.y);
      const ImVec2 p1(origin.x + px1 / scale.x, origin.y + py1 / scale.y);
      // Indices are 16-bit and relative to the command's first vertex.
      if (out.VtxBuffer.Size - int(cmd.VtxOffset) + 4 > 0xFFFF) closeCommand();
      const auto base = unsigned(out.VtxBuffer.Size) - cmd.VtxOffset;
      for (const ImVec2& p : {p0, ImVec2(p1.x, p0.y), p1, ImVec2(p0.x, p1.y)})
        out.VtxBuffer.push_back(ImDrawVert{p, textures_.whiteUv, clear});
      for (unsigned k : {0u, 1u, 2u, 0u, 2u, 3u}) out.IdxBuffer.push_back(ImDrawIdx(base + k));
    }
  }
  closeCommand();
  return out;
}

const std::vector<ImDrawList*>& DamageTracker::filtered() {
  filtered_.clear();
  if (!data_) return filtered_;
  size_t span = 0;
  for (int l = 0; l < data_->CmdListsCount; ++l) {
    const ImDrawList& list = *data_->CmdLists[l];
    ImDrawList* out = nullptr;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) continue;
      const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
      const unsigned start = out ? unsigned(out->IdxBuffer.Size) : 0;
      for (unsigned t = 0; t + 2 < cmd.ElemCount; t += 3, ++span) {
        if (!anyDirtyIn(spans_[span])) continue;
        if (!out) {
          out = listAt(filtered_.size());
          out->VtxBuffer = list.VtxBuffer;
        }
        out->IdxBuffer.push_back(idx[t]);
        out->IdxBuffer.push_back(idx[t + 1]);
        out->IdxBuffer.push_back(idx[t + 2]);
      }
      if (out && unsigned(out->IdxBuffer.Size) > start) {
        ImDrawCmd kept = cmd;
        kept.IdxOffset = start;
        kept.ElemCount = unsigned(out->IdxBuffer.Size) - start;
        out->CmdBuffer.push_back(kept);
      }
    }
    if (out) filtered_.push_back(out);
  }
  return filtered_;
}

}  // namespace app
