// Queries judged as queries (core/sim/query.h, core/check/query_check.h): the
// manifest's `query` block loads or is refused with its JSON path; the query
// test games (assets/games/nes_point_query, nes_box_query_c, built by CMake with
// ca65 and cc65) give 0 findings when correct, in call mode (booted ROM), on the
// flat bus and in frame mode, and their injected bugs are found as WRONG-ANSWER
// at the right cell.
//
// The counts and first failing cases below are pinned outputs of today's code,
// checked by hand against the oracle: the room is nrom_demo's (16x16 cells, a
// solid border, blocks at (3,3) (4,3) (3,4) ...), and each pinned case was
// worked out on paper from the cell it names (see the comment at each).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/check/query_check.h"
#include "core/check/verdict_why.h"
#include "core/sim/query.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

// Pinned counts (see the file comment). The two audit counts were also computed
// apart from the tool, by a few lines of Python over room.s's cells: the point
// bug differs where solid(x, y) != solid(x + 1, y) (640 pixels, the first (15, 16));
// the box bug where some pixel of row y + 14 under x..x+11 is solid but the one
// under x is not (3,520 positions, the first (229, 2)).
constexpr uint64_t kPointBugAuditCount = 640;
// Call mode: the point walks right one pixel a frame from x 32 at frame 10 and is
// stuck at x 239 from frame 217 on (the bug answers solid there): frames 217..859.
constexpr uint64_t kPointBugRunCount = 643;
// Frame mode, from a model of main.s's loop in the same script (move_x, then move_y,
// each asking about two corners and stopping at the first solid one): the bug
// build makes 1,639 calls (the correct one 1,640), 223 of them wrong.
constexpr uint64_t kPointBugFrameCalls = 1639;
constexpr uint64_t kPointBugFrameCount = 223;
constexpr uint64_t kBoxBugAuditCount = 3520;
// Call mode, the box at x 40 walking down from y 16: wrong from y 34 (the block at
// (3,3) under its right end) until its bottom row leaves the blocks at y 66: 32 calls.
constexpr uint64_t kBoxBugRunCount = 32;

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

#define REQUIRE_NES_GAMES()                                                      \
  do {                                                                           \
    if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake"; \
  } while (0)
#define REQUIRE_CC65_GAMES()                                \
  do {                                                      \
    if (!COLLIDOSCOPE_HAVE_CA65 || !COLLIDOSCOPE_HAVE_CC65) \
      GTEST_SKIP() << "cc65/ca65/ld65 not found by CMake";  \
  } while (0)

// A simulated scenario, ready for judgeQueryCalls / auditQuery.
struct Loaded {
  Scenario sc;
  Simulation sim;
  std::string error;
  bool ok = false;
};

void load(const std::string& path, Loaded& l, bool simulate) {
  ASSERT_TRUE(loadScenario(path, l.sc, &l.error)) << l.error;
  ASSERT_TRUE(manifestQuery(l.sc.manifest)) << path;
  ASSERT_TRUE(l.sim.build(l.sc, &l.error)) << l.error;
  if (simulate) {
    ASSERT_TRUE(l.sim.simulate(&l.error)) << l.error;
  }
  l.ok = true;
}

class QueryManifest : public test::TempDirTest {
 protected:
  QueryManifest() : TempDirTest("collidoscope_query_") {}
  // Loads a flat manifest whose `query` block is `query`; the error or "".
  std::string loadWith(const std::string& query) {
    const std::string p = path("manifest.json");
    std::ofstream(p) << R"({"format": "collidoscope-routine/2", "cpu": "6502", "sources": ["q.s"],
      "entry": "q", "entity": {"fields": {"x": "px", "y": "py"}},
      "map": {"cells": {"label": "room", "width": 16, "height": 15}}, "query": )"
                     << query << "}";
    RoutineManifest m;
    std::string error;
    if (!loadManifest(p, m, &error)) return error.substr(error.find(": ") + 2);
    return manifestQuery(m) ? "" : "no query";
  }
};

TEST_F(QueryManifest, EachKindLoads) {
  EXPECT_EQ(loadWith(R"({"kind": "point", "inputs": {"x": "A", "y": "Y"}, "answer": "carry"})"),
            "");
  EXPECT_EQ(loadWith(R"({"kind": "tile", "inputs": {"tile": "A"}, "answer": {"from": "A",
            "mask": 1}, "means": "bits"})"),
            "");
  EXPECT_EQ(loadWith(R"({"kind": "cell", "inputs": {"x": "ram:qx", "y": "field:y"},
            "answer": {"lo": "X", "hi": "Y"}})"),
            "");
  EXPECT_EQ(loadWith(R"({"kind": "box", "inputs": {"x": "A", "y": "Y", "w": 8, "h": "$08"},
            "answer": {"left": "ram:f", "right": {"label": "f", "mask": 2}, "top": "ram:f+1",
            "bottom": "X"}, "means": "free", "probe": "edge"})"),
            "");
}

TEST_F(QueryManifest, FaultsNameTheirPath) {
  EXPECT_EQ(loadWith(R"({"kind": "line", "inputs": {}, "answer": "carry"})"),
            "query.kind: \"line\" is not point, box, tile or cell");
  EXPECT_EQ(loadWith(R"({"kind": "point", "inputs": {"x": "A", "z": "Y"}, "answer": "carry"})"),
            "query.inputs.z: is not an input (x, y, w, h, tile)");
  EXPECT_EQ(loadWith(R"({"kind": "point", "inputs": {"x": "HL", "y": "Y"}, "answer": "carry"})"),
            "query.inputs.x: \"HL\" is not a 6502 register, \"ram:LABEL\", \"field:NAME\" or a "
            "number");
  EXPECT_EQ(
      loadWith(R"({"kind": "point", "inputs": {"x": "field:z", "y": "Y"}, "answer": "carry"})"),
      "query.inputs.x: \"z\" is not one of entity.fields");
  EXPECT_EQ(loadWith(R"({"kind": "point", "inputs": {"x": "A"}, "answer": "carry"})"),
            "query.inputs: a point query needs x and y");
  EXPECT_EQ(loadWith(R"({"kind": "box", "inputs": {"x": "A", "y": "Y"}, "answer": "carry"})"),
            "query.answer: a box query answers with four side flags (left, right, top, bottom)");
  EXPECT_EQ(loadWith(R"({"kind": "box", "inputs": {"x": "A", "y": "Y"}, "answer": {"left": "A",
            "right": "X", "top": "Y"}})"),
            "query.answer.bottom: missing");
  EXPECT_EQ(loadWith(R"({"kind": "point", "inputs": {"x": "A", "y": "Y"}, "answer": "carry",
            "means": "address"})"),
            "query.means: \"address\" is the meaning of a cell query");
  EXPECT_EQ(loadWith(R"({"kind": "point", "inputs": {"x": "A", "y": "Y"}, "answer": "overflow"})"),
            "query.answer: \"overflow\" is not carry, zero, a 6502 register or \"ram:LABEL\"");
}

// --- the point query (ca65) --------------------------------------------------

TEST(QueryGames, PointQueryCorrectHasNoFindings) {
  REQUIRE_NES_GAMES();
  for (const char* scenario :
       {"nes_point_query.scenario.json", "nes_point_query_frame.scenario.json"}) {
    Loaded l;
    load(gameFile("nes_point_query", scenario), l, true);
    if (!l.ok) return;
    const QueryReport run = judgeQueryCalls(l.sim);
    ASSERT_TRUE(run.ok) << run.error;
    EXPECT_GT(run.calls, 100u) << scenario;
    EXPECT_EQ(run.failing(), 0u) << scenario << ": "
                                 << (run.judgements.empty() ? "" : run.judgements[0].message);
    for (const auto& j : run.judgements)
      if (j.verdict != Verdict::Ok) {
        ADD_FAILURE() << scenario << " frame " << j.frame << ": " << j.message;
        break;
      }
    const QueryReport audit = auditQuery(l.sim);
    ASSERT_TRUE(audit.ok) << audit.error;
    EXPECT_EQ(audit.calls, 256u * 240u) << scenario;  // every pixel of the room
    EXPECT_EQ(audit.failing(), 0u) << scenario;
  }
}

TEST(QueryGames, PointQueryFlatBusTwinHasNoFindings) {
  REQUIRE_CA65();
  Loaded l;
  load(test::repoFile("maps/query_point.scenario.json"), l, true);
  if (!l.ok) return;
  const QueryReport run = judgeQueryCalls(l.sim);
  ASSERT_TRUE(run.ok) << run.error;
  EXPECT_EQ(run.calls, 860u);  // one call a frame
  EXPECT_EQ(run.failing(), 0u);
  const QueryReport audit = auditQuery(l.sim);
  ASSERT_TRUE(audit.ok) << audit.error;
  EXPECT_EQ(audit.calls, 256u * 240u);
  EXPECT_EQ(audit.failing(), 0u);
}

// The off-by-one looks at pixel x + 1: wrong exactly on the last pixel column of a
// cell whose right neighbour differs in solidity. Room rows 1..13 have the border
// (col 0 and 15 solid) and blocks; each differing pair of neighbours is 16 pixels
// (one column x 16 rows) of wrong answers.
TEST(QueryGames, PointQueryBugIsFoundAtTheRightCell) {
  REQUIRE_NES_GAMES();
  Loaded l;
  load(gameFile("nes_point_query", "nes_point_query_bug.scenario.json"), l, true);
  if (!l.ok) return;
  const QueryReport audit = auditQuery(l.sim);
  ASSERT_TRUE(audit.ok) << audit.error;
  EXPECT_EQ(audit.calls, 256u * 240u);
  ASSERT_FALSE(audit.judgements.empty());
  // First in domain order (y, then x): row 16, x = 15, the border's last column
  // (cell (0,1) solid) next to the floor at (1,1): the bug reads x 16 and says free.
  const QueryJudgement& first = audit.judgements[0];
  EXPECT_EQ(first.verdict, Verdict::WrongAnswer);
  EXPECT_EQ(first.input.x, 15);
  EXPECT_EQ(first.input.y, 16);
  EXPECT_EQ(first.cell, (CellPos{0, 1}));
  EXPECT_EQ(first.expected, 1u);
  EXPECT_EQ(first.actual, 0u);
  EXPECT_NE(first.message.find("the query answered free for (15, 16), the oracle solid"),
            std::string::npos)
      << first.message;
  EXPECT_EQ(audit.count(Verdict::WrongAnswer), kPointBugAuditCount);
  EXPECT_EQ(audit.count(Verdict::RoutineFault), 0u);
  // The why text names the cell, its metatile and both answers.
  const auto why = explainVerdict(queryFrameVerdict(first), l.sc.map);
  ASSERT_GE(why.size(), 3u);
  EXPECT_EQ(why[0].rfind("WRONG-ANSWER: ", 0), 0u) << why[0];
  EXPECT_NE(why[1].find("(0, 1): metatile 1"), std::string::npos) << why[1];

  // The run: the queried point walks right along row 2 from x 32; at x 239 the bug
  // looks at 240 (the border) and answers solid, so the point never moves again.
  const QueryReport run = judgeQueryCalls(l.sim);
  ASSERT_TRUE(run.ok) << run.error;
  const QueryJudgement* wrong = nullptr;
  for (const auto& j : run.judgements)
    if (j.verdict != Verdict::Ok) {
      wrong = &j;
      break;
    }
  ASSERT_NE(wrong, nullptr);
  EXPECT_EQ(wrong->input.x, 239);
  EXPECT_EQ(wrong->input.y, 32);
  EXPECT_EQ(wrong->cell, (CellPos{14, 2}));
  EXPECT_EQ(run.count(Verdict::WrongAnswer), kPointBugRunCount);
}

TEST(QueryGames, PointQueryBugInFrameModeIsFoundInTheGamesOwnCalls) {
  REQUIRE_NES_GAMES();
  Loaded l;
  load(gameFile("nes_point_query", "nes_point_query_bug_frame.scenario.json"), l, true);
  if (!l.ok) return;
  const QueryReport run = judgeQueryCalls(l.sim);
  ASSERT_TRUE(run.ok) << run.error;
  // Two calls a frame while a direction is held (the two corners of the leading edge).
  EXPECT_EQ(run.calls, kPointBugFrameCalls);
  const QueryJudgement* wrong = nullptr;
  for (const auto& j : run.judgements)
    if (j.verdict != Verdict::Ok) {
      wrong = &j;
      break;
    }
  ASSERT_NE(wrong, nullptr);
  // Walking right along row 2 with an 8x8 box: the leading edge x + 7 reaches 239
  // (player x 232); the bug reads 240, the border, and refuses the move.
  EXPECT_EQ(wrong->input.x, 239);
  EXPECT_EQ(wrong->cell, (CellPos{14, 2}));
  EXPECT_EQ(run.count(Verdict::WrongAnswer), kPointBugFrameCount);
}

// --- the box query (cc65 C) --------------------------------------------------

TEST(QueryGames, BoxQueryCorrectHasNoFindings) {
  REQUIRE_CC65_GAMES();
  for (const char* scenario :
       {"nes_box_query_c.scenario.json", "nes_box_query_c_frame.scenario.json"}) {
    Loaded l;
    load(gameFile("nes_box_query_c", scenario), l, true);
    if (!l.ok) return;
    const QueryReport run = judgeQueryCalls(l.sim);
    ASSERT_TRUE(run.ok) << run.error;
    EXPECT_GT(run.calls, 50u) << scenario;
    EXPECT_EQ(run.failing(), 0u) << scenario << ": "
                                 << (run.judgements.empty() ? "" : run.judgements[0].message);
    const QueryReport audit = auditQuery(l.sim);
    ASSERT_TRUE(audit.ok) << audit.error;
    EXPECT_EQ(audit.calls, (256u - 12 + 1) * (240u - 14 + 1)) << scenario;
    EXPECT_EQ(audit.failing(), 0u)
        << scenario << ": " << (audit.judgements.empty() ? "" : audit.judgements[0].message);
  }
}

// The missed corner: the bottom side checks its left end only, so it is wrong
// where the row below the box is solid under its right end and free under its left.
TEST(QueryGames, BoxQueryBugIsFoundAtTheRightCell) {
  REQUIRE_CC65_GAMES();
  Loaded l;
  load(gameFile("nes_box_query_c", "nes_box_query_c_bug.scenario.json"), l, true);
  if (!l.ok) return;
  const QueryReport audit = auditQuery(l.sim);
  ASSERT_TRUE(audit.ok) << audit.error;
  ASSERT_FALSE(audit.judgements.empty());
  // First in domain order (y, then x): y 2 puts the row below the 14-high box at 16
  // (cell row 1); x 229 spans 229..240, its right end over the border at (15,1), its
  // left end over the floor at (14,1).
  const QueryJudgement& first = audit.judgements[0];
  EXPECT_EQ(first.verdict, Verdict::WrongAnswer);
  EXPECT_EQ(first.input.x, 229);
  EXPECT_EQ(first.input.y, 2);
  EXPECT_EQ(first.cell, (CellPos{15, 1}));
  // Rows 2..15 are the border's row 0 on the left, the top is row 0, the right is
  // the border's column 15: every side is solid, the bug says all but the bottom.
  EXPECT_EQ(first.expected, 15u);
  EXPECT_EQ(first.actual, 7u);
  EXPECT_EQ(first.message.rfind("bottom side: the query answered left+right+top solid for (229, 2) "
                                "12x14, the oracle left+right+top+bottom solid",
                                0),
            0u)
      << first.message;
  EXPECT_EQ(audit.count(Verdict::WrongAnswer), kBoxBugAuditCount);
  // The run: the box at x 40 (40..51) walks down; at y 34 the row below is 48, the
  // block at (3,3) under its right end is missed, and the box walks on into it.
  const QueryReport run = judgeQueryCalls(l.sim);
  ASSERT_TRUE(run.ok) << run.error;
  const QueryJudgement* wrong = nullptr;
  for (const auto& j : run.judgements)
    if (j.verdict != Verdict::Ok) {
      wrong = &j;
      break;
    }
  ASSERT_NE(wrong, nullptr);
  EXPECT_EQ(wrong->input.x, 40);
  EXPECT_EQ(wrong->input.y, 34);
  EXPECT_EQ(wrong->cell, (CellPos{3, 3}));
  EXPECT_EQ(run.count(Verdict::WrongAnswer), kBoxBugRunCount);
}

// --- tile and cell queries on the flat bus -----------------------------------

// A flat routine with a tile query (A = metatile id -> A = its attribute byte)
// and a cell query (A = x, Y = y -> X/Y = the address of the cell's byte), each
// with a bug switch, in nrom_demo's room (4 metatiles: 1 and 2 solid).
class FlatQueries : public test::TempDirTest {
 protected:
  FlatQueries() : TempDirTest("collidoscope_flatq_") {}
  // Writes the routine (with `bug` defined or not) and a scenario with `query`.
  std::string scenario(const std::string& entry, const std::string& query, bool bug) {
    std::ofstream(path("q.s")) << (bug ? "BUG = 1\n" : "") << R"(
.export tile_bits, cell_addr
.segment "ZEROPAGE"
px: .res 1
py: .res 1
tmp: .res 1
.segment "BSS"
room: .res 240
attrs: .res 16
.segment "CODE"
.proc tile_bits
        tax
.ifdef BUG
        lda attrs+1,x           ; the next metatile's byte
.else
        lda attrs,x
.endif
        rts
.endproc
.proc cell_addr
        lsr a
        lsr a
        lsr a
        lsr a
        sta tmp
        tya
        and #$F0
        ora tmp
        clc
.ifdef BUG
        adc #<(room + 1)        ; one byte too far: the next cell
.else
        adc #<room
.endif
        tax
        lda #>room
        adc #0
        tay
        rts
.endproc
)";
    std::ofstream(path("manifest.json"))
        << R"({"format": "collidoscope-routine/2", "cpu": "6502", "sources": ["q.s"],
      "layout": {"zeropage": "$00", "bss": "$0300", "code": "$8000"}, "cycleBudget": 500,
      "entry": ")"
        << entry << R"(", "entity": {"fields": {"x": "px", "y": "py"}},
      "map": {"cells": {"label": "room", "width": 16, "height": 15},
              "attributes": {"label": "attrs", "count": 16, "format": "solid-bit"}},
      "hitbox": {"x": 0, "y": 0, "w": 1, "h": 1}, "query": )"
        << query << "}";
    std::ofstream(path("q.scenario.json"))
        << R"({"format": "collidoscope-scenario/1", "map": ")"
        << test::repoFile("assets/games/nrom_demo/nrom_demo.map.json")
        << R"(", "routine": "manifest.json", "entities": [{"name": "p", "x": 32, "y": 32}],
      "input": [], "frames": 3})";
    return path("q.scenario.json");
  }
};

TEST_F(FlatQueries, TileBitsQuery) {
  REQUIRE_CA65();
  const std::string q = R"({"kind": "tile", "inputs": {"tile": "A"}, "answer": "A",
                            "means": "bits"})";
  {
    Loaded l;
    load(scenario("tile_bits", q, false), l, false);
    if (!l.ok) return;
    const QueryReport r = auditQuery(l.sim);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.calls, 4u);  // every metatile id of the room's set
    EXPECT_EQ(r.failing(), 0u) << (r.judgements.empty() ? "" : r.judgements[0].message);
  }
  Loaded l;
  load(scenario("tile_bits", q, true), l, false);
  if (!l.ok) return;
  const QueryReport r = auditQuery(l.sim);
  ASSERT_TRUE(r.ok) << r.error;
  // The next metatile's byte: wrong for 0 (floor, next the wall) and 2 (block, next
  // the grass); right for 1 (wall, next the block) and 3 (grass, next metatile 4, 0).
  ASSERT_EQ(r.count(Verdict::WrongAnswer), 2u);
  EXPECT_EQ(r.judgements[0].input.tile, 0);
  EXPECT_EQ(r.judgements[0].message,
            "the query answered $01 for tile 0, the oracle $00 (metatile 0, collision $00)");
  EXPECT_EQ(r.judgements[1].input.tile, 2);
}

TEST_F(FlatQueries, CellAddressQuery) {
  REQUIRE_CA65();
  const std::string q = R"({"kind": "cell", "inputs": {"x": "A", "y": "Y"},
                            "answer": {"lo": "X", "hi": "Y"}})";
  {
    Loaded l;
    load(scenario("cell_addr", q, false), l, false);
    if (!l.ok) return;
    const QueryReport r = auditQuery(l.sim);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.calls, 256u * 240u);
    EXPECT_EQ(r.failing(), 0u) << (r.judgements.empty() ? "" : r.judgements[0].message);
  }
  Loaded l;
  load(scenario("cell_addr", q, true), l, false);
  if (!l.ok) return;
  const QueryReport r = auditQuery(l.sim);
  ASSERT_TRUE(r.ok) << r.error;
  // One byte too far is the next cell's byte (or past the table) for every pixel.
  EXPECT_EQ(r.count(Verdict::WrongAnswer), 256u * 240u);
  ASSERT_FALSE(r.judgements.empty());
  EXPECT_EQ(r.judgements[0].cell, (CellPos{0, 0}));
  EXPECT_EQ(r.judgements[0].message.rfind(
                "the query answered $0301 for (0, 0), the oracle $0300 (cell 0,0", 0),
            0u)
      << r.judgements[0].message;
}

}  // namespace
}  // namespace core
