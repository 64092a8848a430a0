; nes_box_query_c: a 12x14 player moves inline in the main loop: it asks the
; C box query (box_query.c) about its box where it stands, then moves one
; pixel in each held direction whose side is free.

.importzp buttons, frame_count, player_x, player_y
.import read_joypad, _box_query
.import _qx, _qy, _qw, _qh, _side_left, _side_right, _side_top, _side_bottom
.export game_start, main_loop

PPUCTRL = $2000
BTN_RIGHT = $01
BTN_LEFT  = $02
BTN_DOWN  = $04
BTN_UP    = $08

.segment "CODE"

.proc game_start
        lda #40
        sta player_x
        lda #16
        sta player_y
        lda #$80                ; NMI on
        sta PPUCTRL
        ; fall through to main_loop
.endproc

main_loop:
        lda frame_count
@wait:  cmp frame_count
        beq @wait
        jsr read_joypad
        lda player_x
        sta _qx
        lda player_y
        sta _qy
        lda #12
        sta _qw
        lda #14
        sta _qh
        jsr _box_query
        lda buttons
        and #BTN_RIGHT
        beq :+
        lda _side_right
        bne :+
        inc player_x
:       lda buttons
        and #BTN_LEFT
        beq :+
        lda _side_left
        bne :+
        dec player_x
:       lda buttons
        and #BTN_DOWN
        beq :+
        lda _side_bottom
        bne :+
        inc player_y
:       lda buttons
        and #BTN_UP
        beq :+
        lda _side_top
        bne :+
        dec player_y
:       jmp main_loop
