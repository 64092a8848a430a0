; The map the swept collision reads: 32 columns of cells, one byte each (the
; cell's kind), and a flags byte per kind. Both live in WRAM so Collidoscope can
; write any room into them.

INCLUDE "cells.inc"

SECTION "CellMap", WRAM0

test_map::      ds MAP_COLUMNS * MAP_ROWS
cell_flags::    ds FLAG_ENTRIES

SECTION "CellLookup", ROM0

; In: b = column, c = row. Out: a = the cell's flags (bit 0 = solid).
; Keeps bc, de, hl.
get_cell_flags::
    push hl
    push de
    ld h, 0
    ld l, c
    add hl, hl
    add hl, hl
    add hl, hl
    add hl, hl
    add hl, hl                  ; hl = row * 32
    ld d, 0
    ld e, b
    add hl, de                  ; + column
    ld de, test_map
    add hl, de
    ld e, [hl]                  ; e = the cell's kind
    ld d, 0
    ld hl, cell_flags
    add hl, de
    ld a, [hl]
    pop de
    pop hl
    ret
