; Seed 003: can_move_right/left/up/down, a walkability check at the hero's feet.
;
; Written for Collidoscope from the algorithm in shared/seeds/003; the memory
; layout, calling convention and quirks follow the article, so that a user who
; pastes the original sees the same behaviour:
;
; - The hero is a 16x32 sprite at (hero_x, hero_y). Only a box around the feet
;   collides: rows y+26..y+31, columns x+5..x+11 (set_hero_box).
; - The room is 16 metatiles of 16x16 px per row, one tile-kind byte per cell.
;   Two metatile rows of status bar sit above it: routine pixel y = 32 is room
;   row 0 (set_hero_map_coords subtracts 2 from the row).
; - tile_walkability maps the 8 tile kinds to 0 (unwalkable) or 1 (walkable).
; - Each can_move_<dir> first looks at the pixel the box edge would move into;
;   when that pixel is inside the tile the edge is already on, it answers "yes"
;   without reading the map. At a tile edge it reads 1 cell, or 2 when the box
;   side straddles two cells.
; - The 1-or-2 test is `ora #$F0 / adc #extent` WITHOUT a CLC, as in the
;   article: a set carry on entry adds one and checks 2 cells one pixel early.
;   The callers reach it with the carry clear (set_hero_map_coords ends with
;   it clear and nothing in between touches it).
; - Answer: carry set = may move, carry clear = blocked.
; - The article leaves out its room-boundary checks; here a cell outside the
;   16x13 room is unwalkable (check_cell), so the hero cannot leave the room.

.export can_move_right, can_move_left, can_move_up, can_move_down
.export set_hero_box, set_hero_map_coords, get_room_offset
.export room, tile_walkability
.exportzp hero_x, hero_y, hero_box, hero_map_x, hero_map_y

HERO_MOVEMENT_BOX_TOP    = 26
HERO_MOVEMENT_BOX_BOTTOM = 31
HERO_MOVEMENT_BOX_LEFT   = 5
HERO_MOVEMENT_BOX_RIGHT  = 11
HERO_MOVEMENT_BOX_HEIGHT = HERO_MOVEMENT_BOX_BOTTOM - HERO_MOVEMENT_BOX_TOP
HERO_MOVEMENT_BOX_WIDTH  = HERO_MOVEMENT_BOX_RIGHT - HERO_MOVEMENT_BOX_LEFT

ROOM_WIDTH       = 16
ROOM_HEIGHT      = 13       ; 15 screen rows minus the status bar
STATUS_BAR_ROWS  = 2

.segment "ZEROPAGE"
hero_x:      .res 1
hero_y:      .res 1
hero_box:    .res 4         ; top, bottom, left, right (routine pixels)
hero_map_x:  .res 1         ; room cell of the box's top-left pixel
hero_map_y:  .res 1
offset_tmp:  .res 1

.segment "BSS"
room:             .res ROOM_WIDTH * ROOM_HEIGHT  ; tile kind per cell, row-major
tile_walkability: .res 8    ; per tile kind: 0 unwalkable, 1 walkable

.segment "CODE"

.proc set_hero_box
        lda hero_y
        clc
        adc #HERO_MOVEMENT_BOX_TOP
        sta hero_box
        lda hero_y
        clc
        adc #HERO_MOVEMENT_BOX_BOTTOM
        sta hero_box+1
        lda hero_x
        clc
        adc #HERO_MOVEMENT_BOX_LEFT
        sta hero_box+2
        lda hero_x
        clc
        adc #HERO_MOVEMENT_BOX_RIGHT
        sta hero_box+3
        rts
.endproc

; Cell of the box's top-left pixel, by repeated subtraction of 16. Leaves the
; carry clear, which the can_move_* 1-or-2 test depends on.
.proc set_hero_map_coords
        lda hero_box+2
        ldx #$FF
        sec
col:    inx
        sbc #$10
        bcs col
        stx hero_map_x
        lda hero_box
        ldx #$FF
        sec
row:    inx
        sbc #$10
        bcs row
        dex                     ; the status bar: screen row 2 is room row 0
        dex
        stx hero_map_y
        rts
.endproc

; In: X = column, Y = row. Out: Y = row * 16 + column.
.proc get_room_offset
        stx offset_tmp
        tya
        asl a
        asl a
        asl a
        asl a
        clc
        adc offset_tmp
        tay
        rts
.endproc

; In: X = column, Y = row. Out: A = walkability (0 = blocked), Z set when blocked.
; Cells outside the room are blocked without reading the map.
.proc check_cell
        cpx #ROOM_WIDTH
        bcs outside
        cpy #ROOM_HEIGHT
        bcs outside
        jsr get_room_offset
        lda room,y
        tay
        lda tile_walkability,y
        rts
outside:
        lda #0
        rts
.endproc

.proc can_move_right
        ldx hero_box+3          ; the pixel right of the box
        inx
        txa
        and #$0F
        bne move_ok             ; still inside the same tile
        lda hero_box            ; 1 or 2 rows? no CLC: see the header
        ora #$F0
        adc #HERO_MOVEMENT_BOX_HEIGHT
        bmi one_row
        ldy hero_map_y          ; the lower row first
        iny
        ldx hero_map_x
        inx
        jsr check_cell
        beq no_move
one_row:
        ldy hero_map_y
        ldx hero_map_x
        inx
        jsr check_cell
        beq no_move
move_ok:
        sec
        rts
no_move:
        clc
        rts
.endproc

; The box's left edge on a tile's first column means one more pixel left is
; in the previous tile.
.proc can_move_left
        lda hero_box+2
        and #$0F
        bne move_ok
        lda hero_box
        ora #$F0
        adc #HERO_MOVEMENT_BOX_HEIGHT
        bmi one_row
        ldy hero_map_y
        iny
        ldx hero_map_x
        dex
        jsr check_cell
        beq no_move
one_row:
        ldy hero_map_y
        ldx hero_map_x
        dex
        jsr check_cell
        beq no_move
move_ok:
        sec
        rts
no_move:
        clc
        rts
.endproc

; Up and down straddle columns, so they test the box's left..right span.
.proc can_move_up
        lda hero_box
        and #$0F
        bne move_ok
        lda hero_box+2
        ora #$F0
        adc #HERO_MOVEMENT_BOX_WIDTH
        bmi one_column
        ldy hero_map_y
        dey
        ldx hero_map_x
        inx
        jsr check_cell
        beq no_move
one_column:
        ldy hero_map_y
        dey
        ldx hero_map_x
        jsr check_cell
        beq no_move
move_ok:
        sec
        rts
no_move:
        clc
        rts
.endproc

; The box is 6 rows tall, so its top is in the row above the one the pixel
; below the box starts: the row to check is hero_map_y + 1.
.proc can_move_down
        ldx hero_box+1
        inx
        txa
        and #$0F
        bne move_ok
        lda hero_box+2
        ora #$F0
        adc #HERO_MOVEMENT_BOX_WIDTH
        bmi one_column
        ldy hero_map_y
        iny
        ldx hero_map_x
        inx
        jsr check_cell
        beq no_move
one_column:
        ldy hero_map_y
        iny
        ldx hero_map_x
        jsr check_cell
        beq no_move
move_ok:
        sec
        rts
no_move:
        clc
        rts
.endproc
