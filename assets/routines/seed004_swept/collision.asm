; Seed 004: swept ("continuous") collision of one entity against an 8x8 cell
; map, written for Collidoscope after the algorithm of the Game Boy article in
; shared/seeds/004. Same layout and conventions as the article:
;
; - The entity's position (anise_x, anise_y) is the point between its feet; its
;   hitbox is a square reaching ANISE_RADIUS pixels each way: left and top
;   edges at x - r and y - r (the first pixels inside), right and bottom edges
;   at x + r and y + r (the first pixels outside).
; - A left or top edge becomes a cell by flooring (inclusive); a right or bottom
;   edge by subtracting one pixel first (exclusive), so a box flush against a
;   grid line is not taken to reach into the next cell.
; - The move along x comes first, then the move along y, each in its own copy
;   of the scan, one per direction: the cells between the edge's current cell
;   and the cell it would end in are checked in order of travel, across every
;   cell row (or column) the box spans; the first solid one stops the box
;   flush against it. Without a grid line to cross, nothing is checked.
; - get_cell_flags takes b = column, c = row of a 32-column map and returns
;   the cell's flags in a; bit 0 = solid.
; - Quirks kept: the scans count down with `jr nc`, so a box whose top row (or
;   left column) is 0 would scan on through row 255; and every edge sum is 8
;   bits, so boxes near 0 or 255 wrap. A solid border keeps boxes away from both.

INCLUDE "cells.inc"

SECTION "AniseState", WRAM0

anise_x::       db              ; point between the feet
anise_y::       db

SECTION "AniseConstants", ROM0

ANISE_RADIUS::
    db 3

SECTION "SweptCollision", ROM0

; In: b = dx. Moves anise_x by dx, or less if a solid cell is in the way.
; Keeps c (dy).
MoveAniseX::
    ld a, b
    cp a, $80
    jp nc, MoveAniseLeft
    ; zero and positive dx go right

; Rightwards: the right edge x + r leads.
MoveAniseRight:
    ld hl, ANISE_RADIUS
    ld a, [anise_x]
    add a, [hl]                 ; a = right edge
    ld e, a
    ToExclusiveCell
    inc a
    ld d, a                     ; d = first column ahead of the edge
    ld a, e
    add a, b
    ToExclusiveCell
    ld e, a                     ; e = column the edge would end in
    ld a, e
    cp a, d
    jr c, .unblocked            ; no grid line crossed
    push bc
.next_column:
    call AniseRows              ; b = top row, c = bottom row
.next_row:
    push bc
    ld b, d
    call get_cell_flags
    pop bc
    and a, CELL_SOLID
    jr z, .row_open
    ; Flush against column d: the right edge lands on its first pixel.
    ld a, d
    CellToPixel
    sub a, [hl]
    ld [anise_x], a
    pop bc
    ret
.row_open:
    dec c
    ld a, c
    cp a, b
    jr nc, .next_row
    inc d
    ld a, e
    cp a, d
    jr nc, .next_column
    pop bc
.unblocked:
    ld a, [anise_x]
    add a, b
    ld [anise_x], a
    ret

; Leftwards: the left edge x - r leads.
MoveAniseLeft:
    ld hl, ANISE_RADIUS
    ld a, [anise_x]
    sub a, [hl]                 ; a = left edge
    ld e, a
    ToInclusiveCell
    dec a
    ld d, a                     ; d = first column behind the edge
    ld a, e
    add a, b
    ToInclusiveCell
    ld e, a                     ; e = column the edge would end in
    ld a, d
    cp a, e
    jr c, .unblocked            ; no grid line crossed
    push bc
.next_column:
    call AniseRows
.next_row:
    push bc
    ld b, d
    call get_cell_flags
    pop bc
    and a, CELL_SOLID
    jr z, .row_open
    ; Flush against column d: the left edge lands just right of it.
    ld a, d
    inc a
    CellToPixel
    add a, [hl]
    ld [anise_x], a
    pop bc
    ret
.row_open:
    dec c
    ld a, c
    cp a, b
    jr nc, .next_row
    dec d
    ld a, d
    cp a, e
    jr nc, .next_column
    pop bc
.unblocked:
    ld a, [anise_x]
    add a, b
    ld [anise_x], a
    ret

; In: c = dy. Moves anise_y by dy, or less if a solid cell is in the way.
MoveAniseY::
    ld a, c
    cp a, $80
    jp nc, MoveAniseUp
    ; zero and positive dy go down

; Downwards: the bottom edge y + r leads.
MoveAniseDown:
    ld hl, ANISE_RADIUS
    ld a, [anise_y]
    add a, [hl]                 ; a = bottom edge
    ld e, a
    ToExclusiveCell
    inc a
    ld d, a                     ; d = first row below the edge
    ld a, e
    add a, c
    ToExclusiveCell
    ld e, a                     ; e = row the edge would end in
    ld a, e
    cp a, d
    jr c, .unblocked
    push bc
.next_row:
    call AniseColumns           ; c = left column, b = right column
.next_column:
    push bc
    ld c, d
    call get_cell_flags
    pop bc
    and a, CELL_SOLID
    jr z, .column_open
    ; Flush against row d: the bottom edge lands on its first pixel.
    ld a, d
    CellToPixel
    sub a, [hl]
    ld [anise_y], a
    pop bc
    ret
.column_open:
    dec b
    ld a, b
    cp a, c
    jr nc, .next_column
    inc d
    ld a, e
    cp a, d
    jr nc, .next_row
    pop bc
.unblocked:
    ld a, [anise_y]
    add a, c
    ld [anise_y], a
    ret

; Upwards: the top edge y - r leads.
MoveAniseUp:
    ld hl, ANISE_RADIUS
    ld a, [anise_y]
    sub a, [hl]                 ; a = top edge
    ld e, a
    ToInclusiveCell
    dec a
    ld d, a                     ; d = first row above the edge
    ld a, e
    add a, c
    ToInclusiveCell
    ld e, a                     ; e = row the edge would end in
    ld a, d
    cp a, e
    jr c, .unblocked
    push bc
.next_row:
    call AniseColumns
.next_column:
    push bc
    ld c, d
    call get_cell_flags
    pop bc
    and a, CELL_SOLID
    jr z, .column_open
    ; Flush against row d: the top edge lands just below it.
    ld a, d
    inc a
    CellToPixel
    add a, [hl]
    ld [anise_y], a
    pop bc
    ret
.column_open:
    dec b
    ld a, b
    cp a, c
    jr nc, .next_column
    dec d
    ld a, d
    cp a, e
    jr nc, .next_row
    pop bc
.unblocked:
    ld a, [anise_y]
    add a, c
    ld [anise_y], a
    ret

; The rows the box spans: b = top row (inclusive), c = bottom row (exclusive
; edge). In: hl = ANISE_RADIUS (kept).
AniseRows:
    ld a, [anise_y]
    sub a, [hl]
    ToInclusiveCell
    ld b, a
    ld a, [anise_y]
    add a, [hl]
    ToExclusiveCell
    ld c, a
    ret

; The columns the box spans: c = left column, b = right column (scanned
; leftwards from b down to c). In: hl = ANISE_RADIUS (kept).
AniseColumns:
    ld a, [anise_x]
    sub a, [hl]
    ToInclusiveCell
    ld c, a
    ld a, [anise_x]
    add a, [hl]
    ToExclusiveCell
    ld b, a
    ret
