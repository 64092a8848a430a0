// The game's screen (core/game/screen.h) with the collision overlays drawn in
// screen coordinates: the room scene (core/scene/room_scene.h: hitboxes from the
// entities' fields, the cells read this frame, the path, the verdict marks, the
// grid and the bits, with the same overlay bits as the room's picture) over the
// picture the game drew, moved by where the room sits on the screen. `collido
// render --screen` writes it; the GUI's Game panel draws the same geometry
// (screenOrigin) over its texture.
//
//   GameScreen s;  renderGameScreen(sim, 100, s, &error);
//   ScreenRenderOptions o;  o.frame = 100;  o.recording = &sim.recording();
//   Canvas c = renderScreen(s, scenario, o);
//
// Where the room sits: the game draws its cell table from nametable / BG map
// (0, 0), so room pixel (x, y) is at screen pixel (x, y) + screenOrigin: minus
// the background's scroll, and minus the window's corner when the scenario has
// a view (the table holds the window). Raster splits are not followed: the
// scroll is the one the frame ended with.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game/screen.h"
#include "core/render/canvas.h"
#include "core/scene/room_scene.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace core {

struct ScreenRenderOptions {
  int scale = 2;  // canvas pixels per screen pixel, 1..16
  uint32_t overlays = kOverlayGrid | kOverlayBits | kOverlayHitbox;
  int frame = -1;  // recording frame: entities after its calls; -1 = start positions
  const Recording* recording = nullptr;
  const std::vector<FrameVerdict>* verdicts = nullptr;  // ghost overlay (frame-major)
  const std::vector<int>* heat = nullptr;               // per room pixel
  int heatStride = 1;
  int selectedEntity = -1;
  int trailFrames = 30;
};

// Screen pixel of room pixel (0, 0).
std::array<int, 2> screenOrigin(const game::GameScreen& screen, const Scenario& sc,
                                const Recording* recording, int frame);

// The picture scaled by options.scale, the overlays on it. An empty screen gives
// an empty canvas.
Canvas renderScreen(const game::GameScreen& screen, const Scenario& sc,
                    const ScreenRenderOptions& options);

// What is under screen pixel (x, y): the room cell and its metatile and collision
// byte (cell -1 outside the room), the background tile, and the entity whose
// hitbox covers it at the frame (-1: none).
struct ScreenHover {
  int col = -1, row = -1;
  int metatile = -1;
  uint8_t collision = 0;
  bool tileKnown = false;
  game::ScreenTile tile;
  int entity = -1;
};
ScreenHover screenHover(const game::GameScreen& screen, const Scenario& sc,
                        const Recording* recording, int frame, int x, int y);

}  // namespace core
