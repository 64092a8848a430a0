// The video viewers, as Mesen2's and BGB's, drawn from a game's video state at
// the end of a frame (core/game/screen.h, GameScreen): `collido render --viewer
// nametables|tiles|oam|palettes` writes them, the GUI's viewer panels show them.
//
//   GameScreen s;  renderGameScreen(sim, 100, s, &error);
//   Canvas c = renderViewer(s, Viewer::Nametables, 2);
//
// - Nametables: NES the four nametables ($2000, $2400 / $2800, $2C00; 512x480,
//   mirroring applied) in their attribute palettes with the BG pattern table
//   PPUCTRL picks; Game Boy the 32x32-tile BG map LCDC picks (256x256, its tile
//   data addressing, BGP shades; CGB attributes not drawn). The screen's window
//   (the scroll) is outlined, wrapping round the edges as the hardware does.
// - Tiles: NES both pattern tables side by side (256x128, 16x16 tiles each) in
//   BG palette 0; Game Boy the 384 tiles at $8000-$97FF (128x192) in BGP.
// - OAM: the screen with each sprite's box (8x8 or 8x16 as PPUCTRL / LCDC say)
//   and its OAM index; sprites off the screen (NES Y >= $EF, Game Boy Y 0 or
//   past 159) are left out.
// - Palettes: NES the 32 palette RAM entries (BG row, sprite row), Game Boy the
//   four shades of BGP, OBP0 and OBP1, then on a CGB its 8 + 8 palettes.
// Every picture is `scale` canvas pixels per video pixel.
#pragma once

#include <optional>
#include <string>

#include "core/game/screen.h"
#include "core/render/canvas.h"

namespace core {

enum class Viewer { Nametables, Tiles, Oam, Palettes };

// "nametables", "tiles", "oam", "palettes" (also "bgmap" for nametables).
std::optional<Viewer> parseViewer(const std::string& name);
const char* viewerName(Viewer v);

Canvas renderViewer(const game::GameScreen& screen, Viewer viewer, int scale);

// What a viewer pixel (x, y) (unscaled) shows, for hover: the address it comes
// from and a line of text ("tile $1F at $2043, palette 2"). Empty off the picture.
std::string viewerHover(const game::GameScreen& screen, Viewer viewer, int x, int y);

}  // namespace core
