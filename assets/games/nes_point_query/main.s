; nes_point_query: an 8x8 player moves one pixel a frame inline in the main
; loop (x, then y) and asks the point query about the two corners of its
; leading edge at the new position; a move whose corner is solid is undone.
; Several calls of point_solid a frame, each judged in frame mode.

.importzp buttons, frame_count, player_x, player_y
.import read_joypad, point_solid
.export game_start, main_loop

PPUCTRL = $2000
BTN_RIGHT = $01
BTN_LEFT  = $02
BTN_DOWN  = $04
BTN_UP    = $08
SIZE      = 8                   ; the player's box, 8x8

.segment "ZEROPAGE"
new_pos:  .res 1
edge:     .res 1

.segment "CODE"

.proc game_start
        lda #32
        sta player_x
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
        jsr move_x
        jsr move_y
        jmp main_loop

; x: right (the edge at new x + 7) or left (the edge at new x), rows y and y + 7.
.proc move_x
        lda buttons
        and #BTN_RIGHT
        beq left
        ldx player_x
        inx
        stx new_pos
        txa
        clc
        adc #SIZE - 1
        jmp probe
left:   lda buttons
        and #BTN_LEFT
        beq done
        ldx player_x
        dex
        stx new_pos
        txa
probe:  sta edge
        ldy player_y
        jsr point_solid
        bcs done
        lda player_y
        clc
        adc #SIZE - 1
        tay
        lda edge
        jsr point_solid
        bcs done
        lda new_pos
        sta player_x
done:   rts
.endproc

; y: down (the edge at new y + 7) or up (the edge at new y), columns x and x + 7.
.proc move_y
        lda buttons
        and #BTN_DOWN
        beq up
        ldx player_y
        inx
        stx new_pos
        txa
        clc
        adc #SIZE - 1
        jmp probe
up:     lda buttons
        and #BTN_UP
        beq done
        ldx player_y
        dex
        stx new_pos
        txa
probe:  sta edge
        tay
        lda player_x
        jsr point_solid
        bcs done
        lda player_x
        clc
        adc #SIZE - 1
        ldy edge
        jsr point_solid
        bcs done
        lda new_pos
        sta player_y
done:   rts
.endproc
