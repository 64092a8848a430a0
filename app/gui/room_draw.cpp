#include "app/gui/room_draw.h"

#include "app/gui/room_scene_imgui.h"

#include <algorithm>

namespace app {

ImU32 collisionColour(uint8_t bits) {
  return imColour(core::collisionColour(bits));
}

void drawMetatileSwatch(ImDrawList* dl, const TileAtlas& atlas, const core::MapDocument& doc,
                        const core::Metatile& mt, ImVec2 p0, float size, bool byCollision) {
  if (byCollision || !atlas.ready())
    dl->AddRectFilled(p0, ImVec2(p0.x + size, p0.y + size), collisionColour(mt.collision));
  else
    atlas.drawMetatile(dl, doc, mt, p0, size);
}

void drawCollisionEdges(ImDrawList* dl, uint8_t b, ImVec2 p0, float cs, float t) {
  const ImU32 edge = imColour(core::palette::kBitEdge);
  const ImVec2 p1(p0.x + cs, p0.y + cs);
  if (b & core::kBlockDown) dl->AddRectFilled(p0, ImVec2(p1.x, p0.y + t), edge);
  if (b & core::kBlockUp) dl->AddRectFilled(ImVec2(p0.x, p1.y - t), p1, edge);
  if (b & core::kBlockRight) dl->AddRectFilled(p0, ImVec2(p0.x + t, p1.y), edge);
  if (b & core::kBlockLeft) dl->AddRectFilled(ImVec2(p1.x - t, p0.y), p1, edge);
}

void drawOpcodeGlyphs(ImDrawList* dl, uint8_t bits, const std::array<std::string, 4>& names,
                      ImVec2 p0, float size) {
  if (!(bits & core::kOpcodeMask) || size < 12) return;
  const float r = std::clamp(size * 0.16f, 3.0f, 7.0f);
  float x = p0.x + r + 2;
  for (int i = 0; i < 4; ++i) {
    if (!(bits & (0x10 << i))) continue;
    ImVec2 c(x, p0.y + size - r - 2);
    dl->AddCircleFilled(c, r, IM_COL32(0, 0, 0, 170));
    dl->AddCircle(c, r, imColour(core::palette::kOpcode[i]), 0, 1.5f);
    if (r >= 5 && !names[i].empty()) {
      char glyph[2] = {char(std::toupper(static_cast<unsigned char>(names[i][0]))), 0};
      ImVec2 ts = ImGui::CalcTextSize(glyph);
      dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), imColour(core::palette::kOpcode[i]),
                  glyph);
    }
    x += 2 * r + 2;
  }
}

std::string collisionText(uint8_t bits, const std::array<std::string, 4>& names) {
  std::string s;
  if ((bits & core::kSolid) == core::kSolid) {
    s = "solid";
  } else {
    static constexpr std::pair<uint8_t, const char*> kDirs[] = {{core::kBlockUp, "U"},
                                                                {core::kBlockDown, "D"},
                                                                {core::kBlockLeft, "L"},
                                                                {core::kBlockRight, "R"}};
    for (const auto& [bit, letter] : kDirs)
      if (bits & bit) s += s.empty() ? letter : std::string(" ") + letter;
  }
  for (int i = 0; i < 4; ++i)
    if (bits & (0x10 << i)) s += (s.empty() ? "" : " + ") + names[i];
  return s.empty() ? "none" : s;
}

}  // namespace app
