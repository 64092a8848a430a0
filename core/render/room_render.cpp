#include "core/render/room_render.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "core/map/limits.h"
#include "core/render/scene_canvas.h"

namespace core {

namespace {

// The options with the scale clamped and the region inside the room.
RoomRenderOptions normalised(const Scenario& sc, const RoomRenderOptions& o) {
  RoomRenderOptions opt = o;
  opt.scale = std::clamp(o.scale, 1, 16);
  const Room& room = sc.map.room;
  CellRect& g = opt.region;
  if (g.w <= 0 || g.h <= 0) g = CellRect{0, 0, room.width, room.height};
  g.col = std::clamp(g.col, 0, room.width - 1);
  g.row = std::clamp(g.row, 0, room.height - 1);
  g.w = std::clamp(g.w, 1, room.width - g.col);
  g.h = std::clamp(g.h, 1, room.height - g.row);
  return opt;
}

void drawRoom(Canvas& c, const Scenario& sc, const RoomRenderOptions& opt) {
  SceneInput in;
  in.scenario = &sc;
  in.recording = opt.recording;
  in.frame = opt.frame;
  in.selectedEntity = opt.selectedEntity;
  in.verdicts = opt.verdicts;
  in.heat = opt.heat;
  in.heatWidth = sc.map.room.pixelWidth();
  in.heatHeight = sc.map.room.pixelHeight();
  in.heatStride = opt.heatStride;
  in.overlays = opt.overlays | (opt.chr ? 0u : uint32_t(kOverlayCollision));
  in.trailFrames = opt.trailFrames;
  CanvasSceneDraw draw(c, sc.map, opt.scale);
  drawRoomScene(in, draw);
}

}  // namespace

PictureSize roomPictureSize(const Scenario& sc, const RoomRenderOptions& o) {
  const RoomRenderOptions opt = normalised(sc, o);
  const int64_t cs = int64_t(sc.map.room.cellSize) * opt.scale;
  return PictureSize{opt.region.w * cs, opt.region.h * cs};
}

bool checkRoomPicture(const Scenario& sc, const RoomRenderOptions& o, std::string* error) {
  const Room& room = sc.map.room;
  const CellRect& g = o.region;
  if (g.w != 0 || g.h != 0) {
    if (g.col < 0 || g.row < 0 || g.w < 1 || g.h < 1 || int64_t(g.col) + g.w > room.width ||
        int64_t(g.row) + g.h > room.height) {
      if (error)
        *error = "the region " + std::to_string(g.col) + "," + std::to_string(g.row) + "," +
                 std::to_string(g.w) + "," + std::to_string(g.h) +
                 " (column, row, width, height in cells) is not inside the " +
                 std::to_string(room.width) + "x" + std::to_string(room.height) + " room";
      return false;
    }
  }
  const PictureSize p = roomPictureSize(sc, o);
  return checkPictureSize(p.width, p.height, error);
}

Canvas renderRoomBand(const Scenario& sc, const RoomRenderOptions& o, int y, int rows) {
  const RoomRenderOptions opt = normalised(sc, o);
  const int cs = sc.map.room.cellSize * opt.scale;
  Canvas c(opt.region.col * cs, opt.region.row * cs + y, opt.region.w * cs, rows, palette::kEmpty);
  drawRoom(c, sc, opt);
  return c;
}

Canvas renderRoom(const Scenario& sc, const RoomRenderOptions& o) {
  return renderRoomBand(sc, o, 0, int(roomPictureSize(sc, o).height));
}

}  // namespace core
