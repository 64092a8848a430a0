// Routines written in the style of the rgbds collision code the project targets
// (seeds 001 and 004): legacy `Name: MACRO`, `ld a, [hl+]`, local labels, ALU ops
// spelled with `a, `, `name:: db` variables in WRAM0, address arithmetic in
// operands. They must assemble unchanged, and they are run on emusm83 to check the
// bytes do what the source says.
#include <gtest/gtest.h>

#include "core/tests/rgbasm_test_util.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/flat_bus.h"

namespace {

// Own routine: is |first - second| < span on one axis? Result in wOverlap.
const char* kOverlapSource = R"(INCLUDE "pads.inc"

SECTION "OverlapVars", WRAM0

wOverlap::      db
wSpan::         db
wFirstPos::     db
wSecondPos::    db

SECTION "OverlapCode", ROM0

;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;
; Sets wOverlap to 1 when the two positions are closer than wSpan.
;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;

AxisOverlap::
    ld a, [wFirstPos]
    ld b, a
    ld a, [wSecondPos]
    sub a, b
    jr nc, .positive
    cpl
    inc a
.positive:
    ld b, a
    ld a, [wSpan]
    cp a, b

    ; span <= distance: apart
    jp c, AxisOverlap_Apart
    jp z, AxisOverlap_Apart

    ld a, 1
    ld [wOverlap], a
    ret


AxisOverlap_Apart:

    ld a,0
    ld [wOverlap], a
    ret;no space before this comment
)";

// Own routines in the swept-collision style: cell columns of an entity with a
// half-width, pad input, shadow sprite positions, and a map lookup.
const char* kWalkerSource = R"(INCLUDE "pads.inc"

SECTION "WalkerVars", WRAM0
walker_x:
    db
walker_y:
    db
pad_state:
    db
shadow_oam:
    ds 8

SECTION "WalkerCode", ROM0

; Cell of a left or top edge in a.
CellFloor: MACRO
    srl a
    srl a
    srl a
ENDM
; Cell of a right or bottom edge in a: the edge pixel itself lies outside.
CellBeforeEdge: MACRO
    dec a
    CellFloor
ENDM

WALKER_HALF:
    db 3

; Out: d = first cell column the walker covers, e = the last.
walker_columns:
    ld hl, WALKER_HALF
    ld a, [walker_x]            ; a = x
    sub a, [hl]                 ; a = x - half
    CellFloor
    ld d, a
    ld a, [walker_x]
    add a, [hl]                 ; a = x + half
    CellBeforeEdge
    ld e, a
    ret

walker_input:
    ld a, [pad_state]
    ld b, 0
    bit PAD_LEFT_BIT, a
    jr z, .no_left
    dec b
.no_left:
    bit PAD_RIGHT_BIT, a
    jr z, .no_right
    inc b
.no_right:
    ld a, [walker_x]
    add a, b
    ld [walker_x], a
    ret

walker_draw:
    ld hl, walker_x
    ld b, [hl]
    inc hl
    ld c, [hl]
    ld hl, SPRITE_OFFSETS
    ; first sprite
    ld a, [hl+]
    add a, b
    ld [shadow_oam + 1], a
    ld a, [hl+]
    add a, c
    ld [shadow_oam + 0], a
    ; second sprite
    ld a, [hl+]
    add a, b
    ld [shadow_oam + 5], a
    ld a, [hl+]
    add a, c
    ld [shadow_oam + 4], a
    ret

SPRITE_OFFSETS:
    db -4, -12
    db 4, -12

; In: b = column, c = row. Out: a = bit 0 of the grid byte (1 = solid).
cell_flags:
    push hl
    push de
    ld hl, TEST_GRID
    ld d, 0
    ld e, b
    add hl, de
    ld e, GRID_WIDTH
    ld a, c
    and a, a
    jr z, .have_row
.next_row:
    add hl, de
    dec a
    jr nz, .next_row
.have_row:
    ld a, [hl]
    and a, $01
    pop de
    pop hl
    ret

TEST_GRID:
    ds GRID_WIDTH * 2, 0
    ds 5, 0
    db 1
    ds GRID_WIDTH - 6, 0
    ds GRID_WIDTH, 0
)";

const char* kPadsInclude = R"(; pad bit numbers
DEF PAD_RIGHT_BIT EQU 0
DEF PAD_LEFT_BIT  EQU 1
GRID_WIDTH EQU 32
)";

class Machine {
 public:
  explicit Machine(const core::AsmResult& r) : dbg_(r.debug) {
    for (const auto& c : r.chunks)
      if (!c.ram) bus_.load(static_cast<uint16_t>(c.address), c.bytes);
  }
  uint8_t& at(const std::string& label, int offset = 0) {
    auto a = dbg_.addressOf(label);
    EXPECT_TRUE(a) << label;
    return bus_.ram()[static_cast<uint16_t>(a.value_or(0) + offset)];
  }
  emusm83::Regs& regs() { return cpu_.regs; }
  void call(const std::string& label) {
    auto entry = dbg_.addressOf(label);
    ASSERT_TRUE(entry) << label;
    cpu_.regs.sp = 0xFFFC;
    bus_.ram()[0xFFFC] = 0xF0;  // return address $FFF0: the sentinel
    bus_.ram()[0xFFFD] = 0xFF;
    cpu_.regs.pc = static_cast<uint16_t>(*entry);
    auto res = cpu_.runUntil({.sentinel = 0xFFF0, .maxCycles = 100000});
    ASSERT_EQ(res.reason, emusm83::HaltReason::Returned) << label;
  }

 private:
  core::DebugInfo dbg_;
  emusm83::FlatBus bus_;
  emusm83::CpuSm83 cpu_{bus_};
};

core::AsmResult assembleSeeds() {
  return rgbasm_test::assemble(
      {{"overlap.asm", kOverlapSource}, {"walker.asm", kWalkerSource}, {"pads.inc", kPadsInclude}},
      {"overlap.asm", "walker.asm"});
}

}  // namespace

TEST(RgbasmSeeds, OverlapStyleRoutineAssemblesAndRuns) {
  auto r = assembleSeeds();
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  Machine m(r);
  struct Case {
    uint8_t first, second, span, expect;
  } cases[] = {{10, 20, 16, 1},  {20, 10, 16, 1}, {10, 26, 16, 0}, {10, 25, 16, 1},
               {200, 10, 16, 0}, {5, 5, 1, 1},    {5, 5, 0, 0}};
  for (const auto& c : cases) {
    m.at("wFirstPos") = c.first;
    m.at("wSecondPos") = c.second;
    m.at("wSpan") = c.span;
    m.at("wOverlap") = 0xEE;
    m.call("AxisOverlap");
    EXPECT_EQ(m.at("wOverlap"), c.expect) << int(c.first) << " " << int(c.second);
  }
  // The line map points into the right file and line.
  auto apart = r.debug.addressOf("AxisOverlap_Apart");
  ASSERT_TRUE(apart);
  auto where = r.debug.lineFor(*apart);
  ASSERT_TRUE(where);
  EXPECT_EQ(where->file, "overlap.asm");
  EXPECT_EQ(where->line, 40);                        // ld a,0
  EXPECT_EQ(r.debug.lineFor(*apart + 5)->line, 42);  // ret;...
}

TEST(RgbasmSeeds, WalkerStyleRoutinesAssembleAndRun) {
  auto r = assembleSeeds();
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  Machine m(r);

  struct Cols {
    uint8_t x, first, last;
  } cols[] = {{16, 1, 2}, {21, 2, 2}, {13, 1, 1}, {3, 0, 0}};
  for (const auto& c : cols) {
    m.at("walker_x") = c.x;
    m.call("walker_columns");
    EXPECT_EQ(m.regs().d, c.first) << int(c.x);
    EXPECT_EQ(m.regs().e, c.last) << int(c.x);
  }

  m.at("walker_x") = 50;
  m.at("pad_state") = 1;  // right
  m.call("walker_input");
  EXPECT_EQ(m.at("walker_x"), 51);
  m.at("pad_state") = 2;  // left
  m.call("walker_input");
  m.call("walker_input");
  EXPECT_EQ(m.at("walker_x"), 49);
  m.at("pad_state") = 3;
  m.call("walker_input");
  EXPECT_EQ(m.at("walker_x"), 49);

  m.at("walker_x") = 40;
  m.at("walker_y") = 50;
  m.call("walker_draw");
  EXPECT_EQ(m.at("shadow_oam", 1), 36);
  EXPECT_EQ(m.at("shadow_oam", 0), 38);
  EXPECT_EQ(m.at("shadow_oam", 5), 44);
  EXPECT_EQ(m.at("shadow_oam", 4), 38);

  m.regs().b = 5;
  m.regs().c = 2;
  m.call("cell_flags");
  EXPECT_EQ(m.regs().a, 1);
  m.regs().b = 4;
  m.call("cell_flags");
  EXPECT_EQ(m.regs().a, 0);

  // Locals are qualified, and each maps to its source line.
  auto noLeft = r.debug.symbol("walker_input.no_left");
  ASSERT_NE(noLeft, nullptr);
  EXPECT_EQ(noLeft->scope, "walker_input");
  auto line = r.debug.lineFor(noLeft->address);
  ASSERT_TRUE(line);
  EXPECT_EQ(line->file, "walker.asm");
  EXPECT_EQ(line->line, 50);  // bit PAD_RIGHT_BIT, a
}
