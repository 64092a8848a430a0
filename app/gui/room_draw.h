// Drawing pieces of the Tiles window: a metatile as CHR graphics or collision
// colour, and the collision byte as text. (The room itself is core's scene.)
#pragma once

#include <imgui.h>

#include <array>
#include <cstdint>
#include <string>

#include "app/gui/tile_atlas.h"
#include "core/check/verdict.h"
#include "core/map/room.h"

namespace app {

// The fill colour of a cell coloured by collision (solid, partly blocking, op-code only, open).
ImU32 collisionColour(uint8_t bits);
// The metatile at `p0`, `size` pixels square: its tiles, or its collision colour
// when `byCollision` or the document has no tiles.
void drawMetatileSwatch(ImDrawList* dl, const TileAtlas& atlas, const core::MapDocument& doc,
                        const core::Metatile& mt, ImVec2 p0, float size, bool byCollision);
// "solid", "U D", "none"... plus op-code names: "D + ladder".
std::string collisionText(uint8_t bits, const std::array<std::string, 4>& names);

}  // namespace app
