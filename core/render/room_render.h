// Draws a scenario's room into a Canvas with no GL: the room scene
// (core/scene/room_scene.h: CHR graphics or collision colours, and the overlays
// chosen as a bit set) through CanvasSceneDraw. `collido render` and `collido
// audit --png` use it; the GUI's room view draws the same scene through ImGui.
//
//   RoomRenderOptions o;  o.frame = 40;  o.recording = &sim.recording();
//   o.overlays = kOverlayGrid | kOverlayHitbox | kOverlayProbes;
//   Canvas c = renderRoom(scenario, o);
//
// A picture bigger than memory allows is drawn in bands (renderRoomBand) and
// written row by row; `region` draws a rectangle of cells instead of the room.
// checkRoomPicture refuses pictures past kMaxPicturePixels (core/map/limits.h).
//
// Geometry: picture pixel = room pixel * scale (a region's canvas keeps these
// coordinates: its origin is the region's top-left corner); an entity at routine position
// (x, y) has its hitbox at room pixel (x - originX + hitbox.x, y - originY + hitbox.y).
// Direction bits are drawn as thick edges on the side an entity enters through
// when the bit blocks it (kBlockDown: the top edge, kBlockRight: the left edge).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/render/canvas.h"
#include "core/scene/room_scene.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace core {

// A rectangle of cells; w == 0 means the whole room.
struct CellRect {
  int col = 0, row = 0, w = 0, h = 0;
};

struct RoomRenderOptions {
  int scale = 2;    // canvas pixels per room pixel, 1..16
  CellRect region;  // the cells drawn (default: all)
  bool chr = true;  // CHR graphics; false (or a map without tiles): collision colours
  uint32_t overlays = kOverlayGrid | kOverlayBits | kOverlayHitbox;
  int frame = -1;  // recording frame: entities after its calls; -1 = start positions
  const Recording* recording = nullptr;
  const std::vector<int>* heat = nullptr;  // per room pixel, row-major (AuditResult::heat)
  const std::vector<FrameVerdict>* verdicts = nullptr;  // for the ghost overlay (frame-major)
  int selectedEntity = -1;                              // probes of this entity only (-1: all)
  int heatStride = 1;         // the audit's stride: each start pixel paints a stride x stride block
  int trailFrames = 1 << 30;  // path frames drawn before `frame`
};

// The whole picture in one canvas: check its size with checkRoomPicture first.
Canvas renderRoom(const Scenario& scenario, const RoomRenderOptions& options);
// Rows y..y+rows-1 of the picture (0 = its top row), as wide as the picture.
Canvas renderRoomBand(const Scenario& scenario, const RoomRenderOptions& options, int y, int rows);

// The picture's size in pixels: the region (or room) times cell size times scale.
struct PictureSize {
  int64_t width = 0, height = 0;
};
PictureSize roomPictureSize(const Scenario& scenario, const RoomRenderOptions& options);
// False, with a message naming the sizes, when the region is not inside the
// room or the picture is past kMaxPicturePixels.
bool checkRoomPicture(const Scenario& scenario, const RoomRenderOptions& options,
                      std::string* error);

// Colours shared by the overlays (tests look for them): the scene's palette.
inline constexpr Rgba kBitEdgeColour = palette::kBitEdge;
inline constexpr Rgba kProbeColour = palette::kProbeEdge;

}  // namespace core
