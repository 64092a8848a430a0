// `collido render SCENARIO [--frame N] --png out.png [--overlays
// grid,bits,hitbox,path,probes,ghost,heat,labels,view]
// [--chr|--collision] [--scale N] [--region COL,ROW,W,H] [--heat-stride N]`: draws
// the room (or a rectangle of its cells) with the software rasteriser
// (core/render), no GL, in bands written straight into the PNG, so a big room
// needs little memory; pictures past 16384 x 16384 pixels are refused with a
// hint (core/map/limits.h). Without --frame the entities stand at
// their start positions; with it the scenario runs up to frame N and the
// entities, paths and probed cells are those of that frame. The heat overlay
// runs a room audit first (every --heat-stride pixels, 8 directions, speeds 1-4).
// With --screen (a game scenario) it draws the game's own picture at the frame
// instead (core/game/screen.h), the same overlays in screen coordinates
// (core/render/screen_render.h); --viewer nametables|tiles|oam|palettes draws
// one of the video viewers of that frame (core/render/video_viewers.h).
#include <cstdio>
#include <memory>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "core/check/audit.h"
#include "core/game/screen.h"
#include "core/render/room_render.h"
#include "core/render/screen_render.h"
#include "core/render/video_viewers.h"
#include "core/sim/simulation.h"
#include "core/workspace/workspace.h"

namespace app::cli {
namespace {

struct RenderCliOptions {
  std::string scenario;
  int frame = -1;
  std::string png;
  std::string overlays = "grid,bits,hitbox,view";  // view: only with --frame and a scenario view
  bool chr = false, collision = false;
  int scale = 2;
  std::string region;
  int heatStride = 4;
  bool screen = false;
  std::string viewer;  // nametables, tiles, oam, palettes
};

// "COL,ROW,W,H" in cells.
bool parseRegion(const std::string& text, core::CellRect& out) {
  int v[4];
  char tail = 0;
  if (std::sscanf(text.c_str(), "%d,%d,%d,%d%c", &v[0], &v[1], &v[2], &v[3], &tail) != 4)
    return false;
  out = core::CellRect{v[0], v[1], v[2], v[3]};
  return v[0] >= 0 && v[1] >= 0 && v[2] >= 1 && v[3] >= 1;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "collido render: %s\n", message.c_str());
  return kExitBadInput;
}

// --screen: the scenario runs up to the frame (default 0), which runs again with
// the renderer on; the picture at --scale with the overlays over it.
int runScreenCommand(const RenderCliOptions& o, const core::Scenario& sc, uint32_t overlays) {
  const int frame = std::max(0, o.frame);
  if (frame >= sc.frames)
    return fail("--frame: " + std::to_string(frame) + " is past the scenario's last frame (" +
                std::to_string(sc.frames - 1) + ")");
  if (!o.region.empty()) return fail("--region: not with --screen (the picture is the screen)");
  core::Scenario upTo = sc;
  upTo.frames = frame + 1;
  core::Workspace ws;
  std::string error;
  if (!ws.load(upTo, &error) || !ws.simulate(&error)) return fail(error);
  core::Simulation* sim = ws.simulation();
  if (!sim || !sim->gameMachine())
    return fail(std::string(o.viewer.empty() ? "--screen: " : "--viewer: ") + o.scenario +
                " does not run a game (its manifest has no \"game\" block); without --screen "
                "the room is drawn");
  core::game::GameScreen screen;
  if (!core::game::renderGameScreen(*sim, frame, screen, &error)) return fail(error);
  if (!o.viewer.empty()) {
    const core::Canvas c = core::renderViewer(screen, *core::parseViewer(o.viewer), o.scale);
    if (!writeCanvasPng(o.png, c, &error)) return fail(error);
    return kExitClean;
  }
  core::ScreenRenderOptions so;
  so.scale = o.scale;
  so.overlays = overlays;
  so.frame = frame;
  so.recording = &ws.recording();
  so.verdicts = &ws.judged().verdicts;
  core::AuditResult audit;
  if (overlays & core::kOverlayHeat) {
    core::AuditOptions ao;
    ao.stride = o.heatStride;
    audit = core::runAudit(sc, ao,
                           [](size_t done, size_t total) { drawProgress(done, total, "starts"); });
    finishProgress();
    if (!audit.ok) return fail(audit.error);
    so.heatStride = o.heatStride;
    so.heat = &audit.heat;
  }
  const core::Canvas c = core::renderScreen(screen, ws.scenario(), so);
  if (!writeCanvasPng(o.png, c, &error)) return fail(error);
  return kExitClean;
}

int runRenderCommand(const RenderCliOptions& o) {
  core::RoomRenderOptions ro;
  std::string error;
  if (!core::parseOverlays(o.overlays, ro.overlays, &error)) return fail("--overlays: " + error);
  if (o.scale < 1 || o.scale > 16) return fail("--scale: must be 1..16");
  if (o.frame < -1) return fail("--frame: must be 0 or more");
  if (o.heatStride < 1) return fail("--heat-stride: must be at least 1");
  if (!o.region.empty() && !parseRegion(o.region, ro.region))
    return fail("--region: \"" + o.region + "\" is not COL,ROW,W,H (cells; W and H at least 1)");
  core::Scenario sc;
  if (!core::loadScenario(o.scenario, sc, &error)) return fail(error);
  warnOutsideReferences("render", sc);
  if (!o.viewer.empty() && !core::parseViewer(o.viewer))
    return fail("--viewer: \"" + o.viewer + "\" is not one of nametables, tiles, oam, palettes");
  if (o.screen || !o.viewer.empty()) return runScreenCommand(o, sc, ro.overlays);
  ro.scale = o.scale;
  ro.chr = !o.collision && !(ro.overlays & core::kOverlayCollision);
  // Before any simulation or audit: a picture too big is refused at once.
  if (!checkRoomPng(sc, ro, &error)) return fail((o.region.empty() ? "" : "--region: ") + error);
  if (o.chr && sc.map.tiles.empty())
    std::fprintf(stderr, "collido render: the map has no CHR tiles; colouring by collision\n");

  core::Workspace ws;
  if (o.frame >= 0) {
    if (o.frame >= sc.frames)
      return fail("--frame: " + std::to_string(o.frame) + " is past the scenario's last frame (" +
                  std::to_string(sc.frames - 1) + ")");
    core::Scenario upTo = sc;
    upTo.frames = o.frame + 1;
    if (!ws.load(upTo, &error) || !ws.simulate(&error)) return fail(error);
    ro.frame = o.frame;
    ro.recording = &ws.recording();
    if (ro.overlays & core::kOverlayGhost) {
      ro.verdicts = &ws.judged().verdicts;
    }
  } else if (ro.overlays & (core::kOverlayPath | core::kOverlayProbes | core::kOverlayGhost)) {
    std::fprintf(stderr,
                 "collido render: path, probes and ghost need --frame N; drawing without them\n");
  }

  core::AuditResult audit;
  if (ro.overlays & core::kOverlayHeat) {
    core::AuditOptions ao;
    ao.stride = o.heatStride;
    audit = core::runAudit(sc, ao,
                           [](size_t done, size_t total) { drawProgress(done, total, "starts"); });
    finishProgress();
    if (!audit.ok) return fail(audit.error);
    ro.heatStride = o.heatStride;
    ro.heat = &audit.heat;
  }
  if (!writeRoomPng(o.png, sc, ro, &error)) return fail(error);
  return kExitClean;
}

CommandRegistrar reg(
    "render", "Draw a scenario's room with overlays to a PNG (no GL)", [](CLI::App& sub) {
      auto o = std::make_shared<RenderCliOptions>();
      sub.add_option("scenario", o->scenario, "scenario file")->required();
      sub.add_option("--frame", o->frame, "show the entities after frame N (default: start)");
      sub.add_option("--png", o->png, "output PNG")->required();
      sub.add_option("--overlays", o->overlays, "comma list of: " + core::overlayNames());
      auto* chr = sub.add_flag("--chr", o->chr, "CHR graphics (the default)");
      auto* col = sub.add_flag("--collision", o->collision, "colour cells by their collision bits");
      chr->excludes(col);
      sub.add_option("--scale", o->scale, "PNG pixels per room pixel (1..16)");
      sub.add_option("--region", o->region,
                     "draw only the cells COL,ROW,W,H (for rooms too big for one picture)");
      sub.add_flag("--screen", o->screen,
                   "a game scenario: the game's own picture at --frame (default 0), the "
                   "overlays in screen coordinates");
      sub.add_option("--viewer", o->viewer,
                     "a game scenario: a video viewer at --frame: nametables, tiles, oam, "
                     "palettes");
      sub.add_option("--heat-stride", o->heatStride,
                     "audit start positions every N pixels for the heat overlay");
      return [o] { return runRenderCommand(*o); };
    });

}  // namespace
}  // namespace app::cli
