// The room as a scene: what to draw for a scenario at one frame (cells, their
// collision edges and op-code marks, the grid, probed cells, the audit heatmap,
// paths, entities with their hitboxes and names, and the oracle's ghost where a
// verdict is not ok), produced once and handed to a small set of drawing
// callbacks, in the manner of Box2D's b2DebugDraw. The PNG canvas
// (core/render) and the GUI's room view (ImGui) each implement the callbacks,
// so the two cannot disagree, and a new overlay is a row in kOverlays plus the
// code that draws it in drawRoomScene (room_scene.cpp).
//
//   struct MyDraw : SceneDraw { ... };
//   SceneInput in;  in.scenario = &sc;  in.recording = &rec;  in.frame = 40;
//   in.overlays = kOverlayGrid | kOverlayHitbox;
//   drawRoomScene(in, draw);
//
// Coordinates are room pixels (float): room pixel (0, 0) is the top-left of
// cell (0, 0); an entity at routine position (x, y) has its hitbox at
// (x - originX + hitbox.x, y - originY + hitbox.y). Thicknesses and radii are
// in output pixels, so lines stay crisp at every zoom.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/verdict.h"
#include "core/map/tiles.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"

namespace core {

enum Overlay : uint32_t {
  kOverlayGrid = 1 << 0,       // cell grid
  kOverlayBits = 1 << 1,       // direction bits as thick edges, op-codes as marks
  kOverlayHitbox = 1 << 2,     // entity hitboxes
  kOverlayPath = 1 << 3,       // hitbox centre trail up to the frame, this frame's move in white
  kOverlayProbes = 1 << 4,     // cells the routine read this frame
  kOverlayHeat = 1 << 5,       // audit heatmap (failing cases per start pixel)
  kOverlayGhost = 1 << 6,      // the oracle's hitbox and the verdict where it is not ok
  kOverlayCollision = 1 << 7,  // cells coloured by collision instead of CHR graphics
  kOverlayLabels = 1 << 8,     // entity names
  kOverlayView = 1 << 9,       // the window of a larger room the routine's table holds
};

// The one overlay table: names for --overlay/--overlays, the View menu's
// labels and tooltips, and what is on by default in each front end.
struct OverlayInfo {
  uint32_t bit;
  const char* name;   // "grid"
  const char* label;  // "Grid"
  const char* help;   // one line for tooltips and --help
  bool gui;           // on by default in the GUI
  bool render;        // on by default in `collido render`
};
extern const OverlayInfo kOverlays[];
extern const int kOverlayCount;
uint32_t defaultOverlays(bool gui);
// Parses "grid,bits,hitbox" ("all", "none"); on an unknown name returns false
// with a message listing the known ones.
bool parseOverlays(const std::string& text, uint32_t& out, std::string* error);
// "grid, bits, hitbox, ..." for help texts.
std::string overlayNames();

// The one palette.
namespace palette {
inline constexpr Rgba kBitEdge{255, 40, 110, 235};
inline constexpr Rgba kGrid{255, 255, 255, 60};
inline constexpr Rgba kProbeFill{80, 220, 255, 60};
inline constexpr Rgba kProbeEdge{80, 220, 255, 220};
inline constexpr Rgba kMove{255, 255, 255, 255};      // this frame's move
inline constexpr Rgba kSpriteBox{255, 255, 255, 90};  // 16x16 sprite around a corner position
inline constexpr Rgba kPositionMark{255, 255, 255, 255};
inline constexpr Rgba kGhost{255, 255, 255, 255};
inline constexpr Rgba kGhostFill{255, 255, 255, 50};
inline constexpr Rgba kOffender{255, 60, 200, 255};
inline constexpr Rgba kLabelPlate{0, 0, 0, 190};
inline constexpr Rgba kView{120, 255, 150, 235};   // the routine's window of the room
inline constexpr Rgba kEmpty{30, 34, 40, 255};     // background, a free cell
inline constexpr Rgba kMissing{255, 0, 255, 255};  // a cell naming a metatile the set lacks
// Op-code marks, one colour per op-code bit (4..7).
inline constexpr Rgba kOpcode[4] = {
    {90, 170, 255, 255}, {120, 230, 120, 255}, {240, 200, 80, 255}, {255, 110, 200, 255}};
}  // namespace palette

// A cell's fill in collision colours: solid, partly blocking (one-way), op-code only, free.
Rgba collisionColour(uint8_t bits);
// The audit heatmap's colour for `count` failing cases where the most at one
// start is `most`: faint yellow to a stronger red, never opaque. Alpha 0 for 0.
Rgba heatColour(int count, int most);
// The same in a verdict class's colour (a filtered heatmap, whose legend names
// the classes): stronger with the count, never opaque.
Rgba heatColour(int count, int most, Verdict v);

// The callbacks a front end implements.
struct SceneDraw {
  virtual ~SceneDraw() = default;
  // Output pixels per room pixel (the zoom): the scene sizes marks with it.
  virtual float scale() const = 0;
  // The room pixels the output shows (x0, y0, x1, y1): cells outside are not
  // drawn, so a band of a huge room or a zoomed-in view of a long level is cheap.
  virtual std::array<float, 4> visible() const { return {-1e9f, -1e9f, 1e9f, 1e9f}; }
  // The CHR graphics of one cell (col, row) holding metatile `mt`.
  virtual void cellGraphics(int col, int row, const Metatile& mt) = 0;
  virtual void fill(float x0, float y0, float x1, float y1, Rgba c) = 0;
  // The outline of the rectangle, `px` output pixels thick, inside its edge.
  virtual void outline(float x0, float y0, float x1, float y1, Rgba c, float px, bool dashed) = 0;
  virtual void line(float x0, float y0, float x1, float y1, Rgba c, float px, bool dashed) = 0;
  // A circle of `radius` output pixels: filled with `fill` (alpha 0 = none), outlined.
  virtual void circle(float x, float y, float radius, Rgba fill, Rgba edge, float px) = 0;
  // Text with its top-left corner at (x, y); `plate` (alpha 0 = none) is drawn behind it.
  // `centred` centres it on (x, y) instead.
  virtual void text(float x, float y, const std::string& s, Rgba c, Rgba plate, bool centred) = 0;
  // Output pixels of one line of text, so labels sit above or below boxes.
  virtual float textHeight() const = 0;
  // The heatmap: `counts` per room pixel (w x h, row-major), each start
  // standing for a `stride` x `stride` block; a front end may cache it as an
  // image. Drawn with heatColour(count, most), or with `classes` (a Verdict per
  // room pixel, optional) heatColour(count, most, class).
  virtual void heatmap(const std::vector<int>& counts, int w, int h, int stride, int most,
                       const std::vector<uint8_t>* classes) = 0;
};

// One row of the heatmap's legend: a verdict class, its failing cases, and
// whether the heatmap paints them (a filter may hide a class).
struct HeatLegendRow {
  Verdict verdict = Verdict::Ok;
  uint64_t count = 0;
  bool shown = true;
};

struct SceneInput {
  const Scenario* scenario = nullptr;
  const Recording* recording = nullptr;  // null: entities at their start positions
  int frame = -1;                        // recording frame; -1 = start positions
  int selectedEntity = -1;               // probes of this entity only, thicker hitbox (-1: all)
  const std::vector<FrameVerdict>* verdicts = nullptr;  // frame-major, for the ghost
  const std::vector<int>* heat = nullptr;               // per room pixel (AuditResult::heat)
  const std::vector<uint8_t>* heatClasses = nullptr;    // optional: the class painted per pixel
  int heatWidth = 0, heatHeight = 0;
  int heatStride = 1;  // the audit's stride
  // With the heatmap: a legend in the view's top-left corner (the colour ramp
  // from 1 to the most cases at one start, and each class with its count,
  // hidden ones marked). Empty: no legend.
  std::vector<HeatLegendRow> heatLegend;
  uint32_t overlays = kOverlayGrid | kOverlayBits | kOverlayHitbox;
  int trailFrames = 30;  // path frames drawn before `frame`
  // The cells' graphics or collision colours; off where the overlays go over a
  // picture of their own (the game's screen, core/render/screen_render.h).
  bool cells = true;
};

void drawRoomScene(const SceneInput& in, SceneDraw& draw);
// The thick edges of a cell at (x0, y0), `size` wide, on the sides that block
// motion into it (a Down bit is the top edge), `t` thick: the room's bits
// overlay and the Tiles window's swatch.
void drawBlockingEdges(SceneDraw& draw, uint8_t bits, float x0, float y0, float size, float t);

}  // namespace core
