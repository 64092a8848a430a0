; Two entity tables: the player (zero page) and the enemies (arrays of 2). Each
; frame the player moves one pixel per held direction, x first, when the cells
; under its leading edge are free (a row-major room, walls are ids >= 4). Then
; a sprite-pair check: does the player's 8x8 box overlap the box of the enemy
; whose index the caller put in X? Carry set = hit. The enemies never move:
; the manifest's "enemies" table has no entry, so they are data this reads.

.export frame
.exportzp buttons, player_x, player_y
.export room, enemy_x, enemy_y

SOLID_FROM   = 4
BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
player_x: .res 1
player_y: .res 1
buttons:  .res 1            ; A B Select Start Up Down Left Right
other:    .res 1            ; the enemy to check
px:       .res 1            ; the pixel solid_at looks at
py:       .res 1
tmp:      .res 1

.segment "BSS"
room:     .res 192          ; 12 rows of 16 cells: room + row * 16 + column
enemy_x:  .res 2
enemy_y:  .res 2

.segment "CODE"

.proc frame
        stx other
        lda buttons
        and #BUTTON_RIGHT
        beq :+
        lda player_x
        clc
        adc #8
        sta px
        jsr probe_column
        bcs :+
        inc player_x
:       lda buttons
        and #BUTTON_LEFT
        beq :+
        ldx player_x
        dex
        stx px
        jsr probe_column
        bcs :+
        dec player_x
:       lda buttons
        and #BUTTON_DOWN
        beq :+
        lda player_y
        clc
        adc #8
        sta py
        jsr probe_row
        bcs :+
        inc player_y
:       lda buttons
        and #BUTTON_UP
        beq :+
        ldx player_y
        dex
        stx py
        jsr probe_row
        bcs :+
        dec player_y
:       jmp pair_check
.endproc

; Overlap of two 8x8 boxes: |player - enemy| < 8 on both axes, i.e.
; player - enemy + 7 in 0..14 (mod 256). Carry set = hit.
.proc pair_check
        ldx other
        lda player_x
        sec
        sbc enemy_x,x
        clc
        adc #7
        cmp #15
        bcs apart
        lda player_y
        sec
        sbc enemy_y,x
        clc
        adc #7
        cmp #15
        bcs apart
        sec
        rts
apart:  clc
        rts
.endproc

; The cells at (px, player_y) and (px, player_y + 7); carry set when either is solid.
.proc probe_column
        lda player_y
        sta py
        jsr solid_at
        bcs done
        lda player_y
        clc
        adc #7
        sta py
        jsr solid_at
done:   rts
.endproc

; The cells at (player_x, py) and (player_x + 7, py); carry set when either is solid.
.proc probe_row
        lda player_x
        sta px
        jsr solid_at
        bcs done
        lda player_x
        clc
        adc #7
        sta px
        jsr solid_at
done:   rts
.endproc

; The cell under (px, py) in the row-major table; carry set when solid.
.proc solid_at
        lda py
        and #$F0            ; row * 16
        sta tmp
        lda px
        lsr
        lsr
        lsr
        lsr                 ; column
        ora tmp
        tax
        lda room,x
        cmp #SOLID_FROM     ; carry set when id >= SOLID_FROM
        rts
.endproc
