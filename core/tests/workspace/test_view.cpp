// Rooms larger than the routine's table: the scenario's view (a fixed window,
// a screen, or one that follows an entity), the window copied into the table
// each frame, positions converted between room and window coordinates, the
// oracle judging against the whole room; and re-simulation after a resize
// (a room the routine cannot hold drops the stale recording, entities left
// outside move inside, undoably).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/check/audit.h"
#include "core/edit/edit.h"
#include "core/edit/history.h"
#include "core/scene/room_scene.h"
#include "core/sim/map_layout.h"
#include "core/tests/sample_test_util.h"
#include "core/workspace/workspace.h"

namespace core {
namespace {

constexpr const char* kScroll = "maps/scroll_castle.scenario.json";

Scenario loadSample(const char* rel) {
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(test::repoFile(rel), sc, &error)) << error;
  return sc;
}

// The scroll castle opened in `ws` and simulated; the failure says why not.
::testing::AssertionResult openScroll(Workspace& ws) {
  std::string error;
  if (!ws.open(test::repoFile(kScroll), &error) || !ws.simulate(&error))
    return ::testing::AssertionFailure() << error;
  return ::testing::AssertionSuccess();
}

// The room cells the routine's table holds now, read from its memory.
std::vector<uint16_t> tableCells(Simulation& sim) {
  const Binding& b = sim.binding();
  std::vector<uint16_t> out;
  for (int r = 0; r < b.cellMaxH; ++r)
    for (int c = 0; c < b.cellMaxW; ++c)
      out.push_back(sim.machine().peek(uint16_t(*b.cells + r * b.cellStride + c)));
  return out;
}

std::vector<uint16_t> roomWindow(const Room& room, int col, int row, int w, int h) {
  std::vector<uint16_t> out;
  for (int r = row; r < row + h; ++r)
    for (int c = col; c < col + w; ++c) out.push_back(room.inside(c, r) ? room.at(c, r) : 0);
  return out;
}

TEST(View, ScrollCastleFollowsThePlayerAcrossTwoScreenBoundariesAllOk) {
  REQUIRE_CA65();
  Workspace ws;
  ASSERT_TRUE(openScroll(ws));
  const Recording& rec = ws.recording();
  const Room& room = ws.scenario().map.room;
  ASSERT_EQ(room.width, 48);  // three screens of the routine's 16 x 15 table
  EXPECT_EQ(rec.viewCells, (std::array<int, 2>{16, 15}));
  // Every call is judged ok against the whole room.
  for (const FrameVerdict& v : ws.judged().verdicts)
    ASSERT_EQ(v.verdict, Verdict::Ok) << "frame " << v.frame << ": " << verdictName(v.verdict);
  // Recorded positions are room pixels, past what the routine's 8-bit x holds.
  const EntityFrame& last = rec.frames.back().entities[0];
  EXPECT_EQ(rec.frames.front().entities[0].before[0], 40);
  // Flush against the wall in column 40: hitbox x + 3, 10 wide, ends at pixel 639.
  EXPECT_EQ(last.x(), 40 * 16 - 3 - 10);
  EXPECT_EQ(last.y(), 112);
  // The window starts at the left edge and ends centred on the player (column
  // 39, window 31..46), the wall in column 40 inside it.
  EXPECT_EQ(rec.frames.front().viewCol, 0);
  EXPECT_EQ(rec.frames.back().viewCol, 39 - 8);
  int crossings = 0;
  for (size_t f = 1; f < rec.frames.size(); ++f)
    crossings +=
        rec.frames[f].entities[0].before[0] / 256 != rec.frames[f - 1].entities[0].before[0] / 256;
  EXPECT_EQ(crossings, 2);  // screen 0 -> 1 -> 2 (256 px each)
  // The cells the routine read near the end are room cells around column 40.
  bool readWall = false;
  for (uint16_t cell : last.cellsRead) readWall = readWall || cell % room.width == 40;
  EXPECT_TRUE(readWall);
}

TEST(View, TheTableHoldsTheRecordedWindowOfTheRoomEveryFrame) {
  REQUIRE_CA65();
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadSample(kScroll), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  const Recording& rec = sim.recording();
  const Room& room = sim.scenario().map.room;
  std::vector<int> cols;
  for (int f : {0, 60, 120, 170, 250, int(rec.frames.size()) - 1}) {
    ASSERT_TRUE(sim.seek(f, 0));
    const FrameRecord& fr = rec.frames[size_t(f)];
    cols.push_back(fr.viewCol);
    // A window copied from any other origin fails here.
    EXPECT_EQ(tableCells(sim), roomWindow(room, fr.viewCol, fr.viewRow, 16, 15)) << "frame " << f;
    // The routine holds window coordinates: the recorded room x less the window's left.
    const std::vector<int32_t> fields = sim.readFields(0);
    EXPECT_EQ(fields[0], (fr.entities[0].before[0] - fr.viewCol * 16) & 0xFF) << "frame " << f;
  }
  EXPECT_GT(std::set<int>(cols.begin(), cols.end()).size(), 3u);
}

TEST(View, ReSimulatingFromAFrameEqualsARunFromTheStart) {
  REQUIRE_CA65();
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(loadSample(kScroll), &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  auto full = sim.clone();
  ASSERT_TRUE(full);
  // A wall painted ahead of the player: frames before it keep, the rest re-run.
  sim.scenario().map.room.at(30, 7) = 2;
  full->scenario().map.room.at(30, 7) = 2;
  ASSERT_TRUE(sim.simulateFrom(150, true, &error)) << error;
  ASSERT_TRUE(full->simulate(&error)) << error;
  EXPECT_TRUE(sim.recording() == full->recording());
  EXPECT_EQ(sim.recording().frames.back().entities[0].x(), 30 * 16 - 13);
}

TEST(View, FixedColumnAndScreenIndexPlaceTheWindow) {
  REQUIRE_CA65();
  for (const char* view : {R"({"column": 16})", R"({"screen": 1})"}) {
    Scenario sc = loadSample(kScroll);
    sc.view = ViewSpec{};
    sc.view.mode = std::string(view).find("screen") != std::string::npos ? ViewSpec::Mode::Screen
                                                                         : ViewSpec::Mode::Fixed;
    sc.view.column = 16;
    sc.view.screen = 1;
    sc.entities[0].x = 16 * 16 + 40;  // 40 px into screen 1
    sc.frames = 20;
    Simulation sim;
    std::string error;
    ASSERT_TRUE(sim.build(sc, &error)) << error;
    ASSERT_TRUE(sim.simulate(&error)) << view << ": " << error;
    for (const FrameRecord& fr : sim.recording().frames) ASSERT_EQ(fr.viewCol, 16) << view;
    EXPECT_EQ(sim.recording().frames[0].entities[0].before[0], 296) << view;
    EXPECT_EQ(sim.recording().frames.back().entities[0].x(), 296 + 2 * 20) << view;
    ASSERT_TRUE(sim.seek(0, 0));
    EXPECT_EQ(sim.readFields(0)[0], 40) << view;  // window coordinates
  }
}

TEST(View, AnAuditCentresTheWindowOnEachStartAndFindsNothingInTheScrollCastle) {
  REQUIRE_CA65();
  // The routine is exact on the one-screen castle at speeds 1-2; through a
  // window centred on each start of the three-screen level it must be too.
  AuditOptions o;
  o.stride = 8;
  o.minSpeed = 1;
  o.maxSpeed = 2;
  o.threads = 1;
  const AuditResult r = runAudit(loadSample(kScroll), o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.heatWidth, 48 * 16);
  EXPECT_GT(r.startPositions, 600u);  // starts in all three screens
  EXPECT_EQ(r.failing(), 0u) << "CLIP " << r.count(Verdict::Clip) << ", TUNNEL "
                             << r.count(Verdict::Tunnel) << ", FALSE-BLOCK "
                             << r.count(Verdict::FalseBlock);
}

TEST(View, ScenarioFileRoundTripsAndBadViewsAreLocated) {
  Scenario sc = loadSample(kScroll);
  ASSERT_EQ(sc.view.mode, ViewSpec::Mode::Follow);
  EXPECT_EQ(sc.view.follow, "player");
  const nlohmann::json j = scenarioToJson(sc.path, sc);
  EXPECT_EQ(j["view"], nlohmann::json({{"follow", "player"}}));
  std::string error;
  Scenario back;
  ASSERT_TRUE(scenarioFromJson(j, sc.path, back, &error)) << error;
  EXPECT_EQ(back.view.follow, "player");
  // Every form the writer writes loads back, a screen with its row too.
  for (const char* text : {"screen=1,row=2", "screen=2", "column=3,row=4,coordinates=room"}) {
    Scenario s2 = sc;
    s2.view = *parseViewText(text, sc.entities, &error);
    Scenario again;
    ASSERT_TRUE(scenarioFromJson(scenarioToJson(sc.path, s2), sc.path, again, &error))
        << text << ": " << error;
    EXPECT_EQ(again.view, s2.view) << text;
  }

  auto loadWith = [&](const nlohmann::json& view) {
    nlohmann::json k = j;
    k["view"] = view;
    Scenario s;
    std::string e;
    EXPECT_FALSE(scenarioFromJson(k, sc.path, s, &e));
    return e;
  };
  EXPECT_NE(loadWith({{"follow", "hero"}}).find("view.follow: \"hero\" is not an entity (player)"),
            std::string::npos);
  EXPECT_NE(loadWith({{"follow", "player"}, {"screen", 1}}).find("view: expected one of"),
            std::string::npos);
  EXPECT_NE(loadWith({{"screen", 1}, {"coordinates", "world"}})
                .find("view.coordinates: \"world\" is not window or room"),
            std::string::npos);
}

TEST(View, AWindowPastTheRoomIsAnErrorNamingTheField) {
  REQUIRE_CA65();
  Scenario sc = loadSample(kScroll);
  sc.view = ViewSpec{};
  sc.view.mode = ViewSpec::Mode::Screen;
  sc.view.screen = 3;
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  EXPECT_FALSE(sim.simulate(&error));
  EXPECT_NE(error.find("view.screen: 3 puts the routine's 16x15-cell window past the 48x15 room"),
            std::string::npos)
      << error;
  // Without a view the room does not fit the table at all.
  sc.view = ViewSpec{};
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  EXPECT_FALSE(sim.simulate(&error));
  EXPECT_NE(error.find("map.cells: the room is 48x15 cells"), std::string::npos) << error;
}

// The codec with a window, and as a ring (the table indexed by room columns
// modulo its width, the way a scrolling game keeps its column buffer).
TEST(View, EncodesAWindowAndARingAndMapsAddressesBackToRoomCells) {
  Binding b;
  b.cells = 0x0400;
  b.cellStride = 16;
  b.cellMaxW = 16;
  b.cellMaxH = 4;
  MapDocument map;
  map.room.width = 40;
  map.room.height = 4;
  map.room.cellSize = 16;
  map.room.cells.resize(160);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 40; ++c) map.room.at(c, r) = uint16_t(c + 100 * r % 256);
  auto bytesOf = [&](const RoomWindow* w) {
    std::vector<PlacedByte> out;
    std::string error;
    EXPECT_TRUE(encodeRoomBytes(b, map, nullptr, &out, &error, w)) << error;
    std::vector<uint8_t> table(64, 0xEE);
    for (const PlacedByte& p : out) table[size_t(p.addr - 0x0400)] = p.value;
    return table;
  };
  std::vector<PlacedByte> none;
  std::string error;
  EXPECT_FALSE(encodeRoomBytes(b, map, nullptr, &none, &error));
  EXPECT_NE(error.find("the room is 40x4"), std::string::npos);

  const RoomWindow window{20, 0, false}, ring{20, 0, true};
  const std::vector<uint8_t> w = bytesOf(&window), g = bytesOf(&ring);
  const std::vector<uint16_t> bases{0x0400};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 16; ++c) {
      // Window: table column c holds room column 20 + c.
      EXPECT_EQ(w[size_t(r * 16 + c)], uint8_t(map.room.at(20 + c, r)));
      // Ring: room column C sits at table column C mod 16.
      EXPECT_EQ(g[size_t(r * 16 + (20 + c) % 16)], uint8_t(map.room.at(20 + c, r)));
      const auto cw = cellOfAddress(b, bases, uint16_t(0x0400 + r * 16 + c), &window);
      const auto cg = cellOfAddress(b, bases, uint16_t(0x0400 + r * 16 + (20 + c) % 16), &ring);
      ASSERT_TRUE(cw && cg);
      EXPECT_EQ(*cw, (std::array<int, 2>{20 + c, r}));
      EXPECT_EQ(*cg, (std::array<int, 2>{20 + c, r}));
    }
}

TEST(ResizeResimulation, AResizeTheTableCannotHoldDropsTheStaleRecordingAndUndoBringsItBack) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  ASSERT_TRUE(ws.simulate(&error)) << error;
  const size_t calls = ws.judged().verdicts.size();
  ASSERT_GT(calls, 0u);
  Scenario& sc = ws.simulation()->scenario();
  const auto edit = makeResizeRoom(sc, 0, 0, 16, 0);  // one more screen: 32 x 15
  ASSERT_TRUE(edit);
  applyEdit(sc, *edit);
  EXPECT_FALSE(ws.simulate(&error));
  EXPECT_NE(error.find("map.cells: the room is 32x15 cells"), std::string::npos) << error;
  // Nothing made for the 16-column room is judged against the 32-column one.
  EXPECT_TRUE(ws.recording().frames.empty());
  EXPECT_TRUE(ws.judged().verdicts.empty());
  EXPECT_TRUE(ws.judged().frameVerdict.empty());
  applyEdit(sc, *edit, false);
  ASSERT_TRUE(ws.simulate(&error)) << error;
  EXPECT_EQ(ws.judged().verdicts.size(), calls);
}

TEST(ResizeResimulation, ARecordingOfAnotherRoomSizeIsNeitherJudgedNorDrawn) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  ASSERT_TRUE(ws.simulate(&error)) << error;
  ASSERT_FALSE(ws.judged().verdicts.empty());
  Scenario& sc = ws.simulation()->scenario();
  // One column off the left: still fits the table, but until the re-simulation
  // comes back the recording is the 16-column room's.
  applyEdit(sc, *makeResizeRoom(sc, -1, 0, 0, 0));
  ws.judge();
  EXPECT_TRUE(ws.judged().verdicts.empty());
  EXPECT_FALSE(ws.recording().madeFor(sc.map.room));
  // The scene draws the entities at their (shifted) start positions, no paths.
  struct Boxes final : SceneDraw {
    std::vector<std::array<float, 4>> outlines;
    int lines = 0;
    float scale() const override { return 2; }
    void cellGraphics(int, int, const Metatile&) override {}
    void fill(float, float, float, float, Rgba) override {}
    void outline(float x0, float y0, float x1, float y1, Rgba, float, bool) override {
      outlines.push_back({x0, y0, x1, y1});
    }
    void line(float, float, float, float, Rgba, float, bool) override { ++lines; }
    void circle(float, float, float, Rgba, Rgba, float) override {}
    void text(float, float, const std::string&, Rgba, Rgba, bool) override {}
    float textHeight() const override { return 10; }
    void heatmap(const std::vector<int>&, int, int, int, int,
                 const std::vector<uint8_t>*) override {}
  } draw;
  SceneInput in;
  in.scenario = &sc;
  in.recording = &ws.recording();
  in.frame = 200;
  in.overlays = kOverlayHitbox | kOverlayPath;
  drawRoomScene(in, draw);
  EXPECT_EQ(draw.lines, 0);
  ASSERT_FALSE(draw.outlines.empty());
  EXPECT_EQ(draw.outlines[0][0], float(sc.entities[0].x));  // the sprite box at the start
  ASSERT_TRUE(ws.simulate(&error)) << error;
  EXPECT_EQ(ws.judged().verdicts.size(), ws.recording().frames.size() * sc.entities.size());
}

TEST(ResizeResimulation, AResizeWithAViewIsJudgedAgainstTheNewRoom) {
  REQUIRE_CA65();
  Workspace ws;
  ASSERT_TRUE(openScroll(ws));
  std::string error;
  Scenario& sc = ws.simulation()->scenario();
  // The last 8 columns go (the wall in column 40 and the border with them), and
  // a new wall goes up in column 30.
  const auto resize = makeResizeRoom(sc, 0, 0, -8, 0);
  ASSERT_TRUE(resize);
  applyEdit(sc, *resize);
  applyEdit(sc, *makeFillRect(sc, 30, 1, 30, 13, 2));
  ASSERT_TRUE(ws.simulate(&error)) << error;
  const Recording& rec = ws.recording();
  for (const FrameRecord& fr : rec.frames) {
    ASSERT_LE(fr.viewCol, 40 - 16);  // the window stays on the 40-column room
    for (const EntityFrame& e : fr.entities)
      for (uint16_t cell : e.cellsRead) ASSERT_LT(cell, 40 * 15);
  }
  EXPECT_EQ(rec.frames.back().entities[0].x(), 30 * 16 - 13);  // flush against the new wall
  ASSERT_EQ(ws.judged().verdicts.size(), rec.frames.size());
  for (const FrameVerdict& v : ws.judged().verdicts) ASSERT_EQ(v.verdict, Verdict::Ok) << v.frame;
}

TEST(ResizeResimulation, AResizeMovesEntitiesLeftOutsideJustInsideUndoably) {
  REQUIRE_CA65();
  Scenario sc = loadSample(kScroll);
  const Scenario original = sc;
  // Three columns off the left: the player (x 40, hitbox from x + 3) would start at -8.
  const auto edit = makeResizeRoom(sc, -3, 0, 0, 0);
  ASSERT_TRUE(edit);
  const auto& inside = std::get<ResizeEdit>(*edit).inside;
  ASSERT_EQ(inside.size(), 1u);
  EXPECT_EQ(inside[0].entity, 0);
  applyEdit(sc, *edit);
  EXPECT_EQ(sc.entities[0].x, 0);
  EXPECT_EQ(sc.entities[0].y, 112);
  Simulation sim;
  std::string error;
  ASSERT_TRUE(sim.build(sc, &error)) << error;
  ASSERT_TRUE(sim.simulate(&error)) << error;
  EXPECT_EQ(sim.recording().frames[0].entities[0].before[0], 0);
  applyEdit(sc, *edit, false);
  EXPECT_EQ(sc.entities[0].x, original.entities[0].x);
  EXPECT_EQ(sc.map.room.cells, original.map.room.cells);
  // A resize that keeps everyone inside moves nobody.
  EXPECT_TRUE(std::get<ResizeEdit>(*makeResizeRoom(sc, 0, 0, 4, 0)).inside.empty());
}

// The view as text (--set-view, status lines): each form the JSON block has,
// printed back the same way, and errors that name the field.
TEST(ViewText, ParsesEachFormAndPrintsItBack) {
  std::vector<EntitySpec> entities(1);
  entities[0].name = "player";
  std::string error;
  for (const char* text : {"none", "follow=player", "screen=2", "screen=1,row=3", "column=32,row=0",
                           "column=5,row=2,coordinates=room", "follow=player,coordinates=room"}) {
    const auto v = parseViewText(text, entities, &error);
    ASSERT_TRUE(v) << text << ": " << error;
    EXPECT_EQ(viewText(*v), text);
  }
  const auto v = parseViewText("column=$20,row=1", entities, &error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(v->mode, ViewSpec::Mode::Fixed);
  EXPECT_EQ(v->column, 32);
  struct Bad {
    const char* text;
    const char* message;
  };
  for (const Bad& b : {Bad{"follow=nobody", "view.follow: \"nobody\" is not an entity (player)"},
                       Bad{"screen=x", "view.screen: \"x\" is not a number"},
                       Bad{"screen=1,follow=player", "view: expected one of"},
                       Bad{"coordinates=sideways,screen=1", "view.coordinates"},
                       Bad{"screen=5000", "view.screen"}, Bad{"width=3", "is not a view"},
                       Bad{"", "is not a view"}, Bad{"screen=1,screen=2", "is not a view"}}) {
    error.clear();
    EXPECT_FALSE(parseViewText(b.text, entities, &error)) << b.text;
    EXPECT_NE(error.find(b.message), std::string::npos) << b.text << ": " << error;
  }
}

// Room > Routine view...: one undo step that re-runs the routine through the new
// window from frame 0, saved in the scenario file.
TEST(ViewEdit, SetsTheWindowUndoablyAndTheRoutineSeesIt) {
  REQUIRE_CA65();
  Workspace ws;
  ASSERT_TRUE(openScroll(ws));
  std::string error;
  Scenario& sc = ws.simulation()->scenario();
  const ViewSpec follow = sc.view;
  ASSERT_EQ(follow.mode, ViewSpec::Mode::Follow);
  EXPECT_FALSE(makeSetView(sc, follow));  // the same view: no undo step

  // Screen 2 (columns 32..47) while the player walks screen 0: the routine sees
  // other cells, so the run differs from the first frame on.
  auto screen2 = parseViewText("screen=2", sc.entities, &error);
  ASSERT_TRUE(screen2) << error;
  const auto edit = makeSetView(sc, *screen2, &error);
  ASSERT_TRUE(edit) << error;
  EXPECT_STREQ(editName(*edit), "Routine view");
  EXPECT_FALSE(editTouchesMap(*edit));
  EXPECT_TRUE(editTouchesScenario(*edit));
  EXPECT_TRUE(editReachesRoutine(*edit));
  EXPECT_EQ(firstAffectedFrame(*edit, ws.recording(), sc.map.room.width), 0);
  EXPECT_EQ(ws.recording().frames[0].viewCol, 0);
  EditHistory history;
  history.push(sc, *edit);
  EXPECT_EQ(sc.view.mode, ViewSpec::Mode::Screen);
  ASSERT_TRUE(ws.simulate(&error)) << error;
  for (const FrameRecord& fr : ws.recording().frames) ASSERT_EQ(fr.viewCol, 32);
  // Saved as the JSON block.
  const std::string text = scenarioFileText(sc.path, sc);
  EXPECT_NE(text.find("\"view\": {\"screen\": 2}"), std::string::npos) << text;

  ASSERT_TRUE(history.undo(sc));
  EXPECT_EQ(sc.view, follow);
  ASSERT_TRUE(ws.simulate(&error)) << error;
  EXPECT_EQ(ws.recording().frames[0].viewCol, 0);
  EXPECT_GT(ws.recording().frames.back().viewCol, 16);  // followed the player on
  for (const FrameVerdict& v : ws.judged().verdicts) ASSERT_EQ(v.verdict, Verdict::Ok);

  // Refusals say why; fields the mode does not use are dropped.
  ViewSpec bad = follow;
  bad.follow = "ghost";
  error.clear();
  EXPECT_FALSE(makeSetView(sc, bad, &error));
  EXPECT_NE(error.find("view.follow: \"ghost\" is not an entity"), std::string::npos) << error;
  ViewSpec fixed;
  fixed.mode = ViewSpec::Mode::Fixed;
  fixed.column = 16;
  fixed.follow = "player";  // not used by a fixed window
  fixed.screen = 7;
  const auto f = makeSetView(sc, fixed);
  ASSERT_TRUE(f);
  EXPECT_EQ(std::get<ViewEdit>(*f).after.follow, "");
  EXPECT_EQ(std::get<ViewEdit>(*f).after.screen, 0);
  EXPECT_EQ(viewText(std::get<ViewEdit>(*f).after), "column=16,row=0");
  // The loader's own checks (checkView): a number outside 0..4095 is named.
  fixed.column = -1;
  error.clear();
  EXPECT_FALSE(makeSetView(sc, fixed, &error));
  EXPECT_NE(error.find("view.column"), std::string::npos) << error;
}

}  // namespace
}  // namespace core
