; collide_player: move the player by the d-pad, one pixel a frame, x then y,
; and refuse any move whose hitbox would overlap a solid cell.
;
; One routine for both NES demo games and their flat-bus twins
; (assets/routines/game_nrom_demo, game_mmc1_demo), which assemble this very
; file. Its segments are CODE and RODATA: nrom.cfg puts them in the one PRG
; bank, mmc1.cfg in switchable bank 2, which the MMC1 main loop maps first.
;
; - The player's hitbox is 16x16 pixels with its top-left corner at
;   (player_x, player_y), whole pixels, one byte each.
; - The room is 16x15 cells of 16x16 pixels: room_cells holds one metatile id
;   per cell, row-major, 16 bytes a row; metatile_attrs holds one byte per
;   metatile, bit 0 = solid.
; - Because a cell and the hitbox are both 16 pixels, the box covers at most
;   2x2 cells: testing its four corners tests every cell it touches.
; - A cell index is (y & $F0) | (x >> 4): row * 16 is the top nibble of y.
; - Outside the room counts as solid: x stays in 0..240, y in 0..224.
; - Right and Left together cancel out (no x move); so do Down and Up.
; - In: buttons (A B Select Start Up Down Left Right, bit 7..0).
;   Clobbers A, X and the zero-page temporaries below.

.export collide_player
.exportzp player_x, player_y
.export room_cells, metatile_attrs
.importzp buttons

BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

ROOM_CELLS   = 16 * 15
METATILES    = 16
MAX_X        = 256 - 16        ; the box's right column stays inside the room
MAX_Y        = 240 - 16

.segment "ZEROPAGE"
player_x:    .res 1
player_y:    .res 1
try_x:       .res 1            ; the position being tested
try_y:       .res 1
col_left:    .res 1            ; cell columns and row offsets of the box's corners
col_right:   .res 1
row_top:     .res 1
row_bottom:  .res 1

.segment "BSS"
room_cells:      .res ROOM_CELLS
metatile_attrs:  .res METATILES

.segment "CODE"

.proc collide_player
        ldx player_x
        lda buttons
        and #BUTTON_RIGHT
        beq :+
        inx
:       lda buttons
        and #BUTTON_LEFT
        beq :+
        dex
:       cpx player_x
        beq y_axis
        cpx #MAX_X + 1          ; also catches 0 - 1 = 255
        bcs y_axis
        stx try_x
        lda player_y
        sta try_y
        jsr box_blocked
        bcs y_axis
        lda try_x
        sta player_x
y_axis:
        ldx player_y
        lda buttons
        and #BUTTON_DOWN
        beq :+
        inx
:       lda buttons
        and #BUTTON_UP
        beq :+
        dex
:       cpx player_y
        beq done
        cpx #MAX_Y + 1
        bcs done
        stx try_y
        lda player_x
        sta try_x
        jsr box_blocked
        bcs done
        lda try_y
        sta player_y
done:   rts
.endproc

; Carry set when the 16x16 box at (try_x, try_y) overlaps a solid cell.
.proc box_blocked
        lda try_x
        lsr a
        lsr a
        lsr a
        lsr a
        sta col_left
        lda try_x
        clc
        adc #15
        lsr a
        lsr a
        lsr a
        lsr a
        sta col_right
        lda try_y
        and #$F0
        sta row_top
        lda try_y
        clc
        adc #15
        and #$F0
        sta row_bottom

        lda row_top
        ora col_left
        jsr cell_solid
        bcs blocked
        lda row_top
        ora col_right
        jsr cell_solid
        bcs blocked
        lda row_bottom
        ora col_left
        jsr cell_solid
        bcs blocked
        lda row_bottom
        ora col_right
        jsr cell_solid
blocked:
        rts
.endproc

; In: A = cell index. Out: carry = bit 0 (solid) of the cell's metatile.
.proc cell_solid
        tax
        lda room_cells,x
        tax
        lda metatile_attrs,x
        lsr a
        rts
.endproc
