; step_player: the visit demo's collision, split the way many games split it:
; a query, can_move ("may the box stand at try_x, try_y?"), then the move,
; do_move, which puts the player there and marks the cell under the box's
; centre as visited by setting bit 7 of its byte in the game's own map.
;
; - The player's hitbox is 16x16 pixels, top-left at (player_x, player_y).
; - The room is 16x15 cells of 16x16 pixels: room_cells holds one byte per
;   cell, row-major: bits 0-6 the metatile id, bit 7 "visited"; collision
;   reads the id with the bit masked off. metatile_attrs: bit 0 = solid.
; - One axis at a time, x then y, one pixel a frame; outside the room is solid
;   (x stays in 0..240, y in 0..224). Right+Left and Down+Up cancel out.
; - With VISIT_BUG defined (visit_demo_bug.nes) can_move forgets the
;   bottom-left corner: the box walks into a solid cell that only that corner
;   touches.
; In: buttons (A B Select Start Up Down Left Right, bit 7..0). Clobbers A, X.

.export step_player, can_move, do_move
.exportzp player_x, player_y, try_x, try_y
.export room_cells, metatile_attrs
.importzp buttons

BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08
VISITED      = $80
MAX_X        = 256 - 16
MAX_Y        = 240 - 16

.segment "ZEROPAGE"
player_x:    .res 1
player_y:    .res 1
try_x:       .res 1
try_y:       .res 1
corner_x:    .res 1
corner_y:    .res 1
corner_col:  .res 1

.segment "BSS"
room_cells:      .res 16 * 15
metatile_attrs:  .res 16

.segment "CODE"

.proc step_player
        lda player_x
        sta try_x
        lda player_y
        sta try_y
        lda buttons
        and #BUTTON_RIGHT
        beq @no_right
        inc try_x
@no_right:
        lda buttons
        and #BUTTON_LEFT
        beq @no_left
        dec try_x
@no_left:
        lda try_x
        cmp player_x
        beq @y_axis
        cmp #MAX_X + 1          ; also catches 0 - 1 = 255
        bcs @undo_x
        jsr can_move
        bcs @undo_x
        jsr do_move
        jmp @y_axis
@undo_x:
        lda player_x
        sta try_x
@y_axis:
        lda buttons
        and #BUTTON_DOWN
        beq @no_down
        inc try_y
@no_down:
        lda buttons
        and #BUTTON_UP
        beq @no_up
        dec try_y
@no_up:
        lda try_y
        cmp player_y
        beq @done
        cmp #MAX_Y + 1
        bcs @done
        jsr can_move
        bcs @done
        jsr do_move
@done:  rts
.endproc

; Carry set when the 16x16 box at (try_x, try_y) overlaps a solid cell.
.proc can_move
        lda try_x
        sta corner_x
        lda try_y
        sta corner_y
        jsr corner_solid        ; top left
        bcs @out
        lda try_x
        clc
        adc #15
        sta corner_x
        jsr corner_solid        ; top right
        bcs @out
        lda try_y
        clc
        adc #15
        sta corner_y
        jsr corner_solid        ; bottom right
        bcs @out
.ifndef VISIT_BUG
        lda try_x
        sta corner_x
        jsr corner_solid        ; bottom left
.endif
@out:   rts
.endproc

; Carry = bit 0 of the metatile under pixel (corner_x, corner_y).
.proc corner_solid
        jsr corner_index
        lda room_cells,x
        and #$7F                ; the id without the visited bit
        tax
        lda metatile_attrs,x
        lsr a
        rts
.endproc

; X = the index of the cell holding pixel (corner_x, corner_y).
.proc corner_index
        lda corner_x
        lsr a
        lsr a
        lsr a
        lsr a
        sta corner_col
        lda corner_y
        and #$F0
        ora corner_col
        tax
        rts
.endproc

; The move: the player to (try_x, try_y), and the cell under the box's centre
; marked visited.
.proc do_move
        lda try_x
        sta player_x
        clc
        adc #8
        sta corner_x
        lda try_y
        sta player_y
        clc
        adc #8
        sta corner_y
        jsr corner_index
        lda room_cells,x
        ora #VISITED
        sta room_cells,x
        rts
.endproc
