; The frame harness for seed 003, the way the article's move_hero runs once a
; frame: build the feet box and its room cell, then for the first pressed of
; Up, Down, Left, Right ask can_move_<dir> and move one pixel on carry set.

.export frame
.exportzp buttons
.import can_move_right, can_move_left, can_move_up, can_move_down
.import set_hero_box, set_hero_map_coords
.importzp hero_x, hero_y

BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
buttons:     .res 1         ; controller byte: A B Select Start Up Down Left Right

.segment "CODE"

; The flag tests below use LDA/AND/BEQ only, so the carry that
; set_hero_map_coords leaves clear reaches can_move_* unchanged.
.proc frame
        jsr set_hero_box
        jsr set_hero_map_coords
        lda buttons
        and #BUTTON_UP
        bne up
        lda buttons
        and #BUTTON_DOWN
        bne down
        lda buttons
        and #BUTTON_LEFT
        bne left
        lda buttons
        and #BUTTON_RIGHT
        bne right
        rts
up:     jsr can_move_up
        bcc done
        dec hero_y
        rts
down:   jsr can_move_down
        bcc done
        inc hero_y
        rts
left:   jsr can_move_left
        bcc done
        dec hero_x
        rts
right:  jsr can_move_right
        bcc done
        inc hero_x
done:   rts
.endproc
