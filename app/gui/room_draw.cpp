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
