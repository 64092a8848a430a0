; A small walker over a column-major map (the table holds column 0's 16 rows,
; then column 1's ...), and the game's own rule for walls: a metatile id of
; SOLID_FROM or more is solid. The box is 8x8 at (obj_x, obj_y); each held
; direction moves it one pixel, x first, when both cells under the leading
; edge are free.

.export frame
.exportzp buttons, obj_x, obj_y
.export room

SOLID_FROM   = 4
BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
obj_x:   .res 1
obj_y:   .res 1
buttons: .res 1             ; A B Select Start Up Down Left Right
px:      .res 1             ; the pixel solid_at looks at
py:      .res 1
tmp:     .res 1

.segment "BSS"
room:    .res 256           ; 16 columns of 16 rows: room + column * 16 + row

.segment "CODE"

.proc frame
        lda buttons
        and #BUTTON_RIGHT
        beq :+
        lda obj_x
        clc
        adc #8
        sta px
        jsr probe_column
        bcs :+
        inc obj_x
:       lda buttons
        and #BUTTON_LEFT
        beq :+
        ldx obj_x
        dex
        stx px
        jsr probe_column
        bcs :+
        dec obj_x
:       lda buttons
        and #BUTTON_DOWN
        beq :+
        lda obj_y
        clc
        adc #8
        sta py
        jsr probe_row
        bcs :+
        inc obj_y
:       lda buttons
        and #BUTTON_UP
        beq :+
        ldx obj_y
        dex
        stx py
        jsr probe_row
        bcs :+
        dec obj_y
:       rts
.endproc

; The cells at (px, obj_y) and (px, obj_y + 7); carry set when either is solid.
.proc probe_column
        lda obj_y
        sta py
        jsr solid_at
        bcs done
        lda obj_y
        clc
        adc #7
        sta py
        jsr solid_at
done:   rts
.endproc

; The cells at (obj_x, py) and (obj_x + 7, py); carry set when either is solid.
.proc probe_row
        lda obj_x
        sta px
        jsr solid_at
        bcs done
        lda obj_x
        clc
        adc #7
        sta px
        jsr solid_at
done:   rts
.endproc

; The cell under (px, py) in the column-major table; carry set when solid.
.proc solid_at
        lda px
        and #$F0            ; column * 16
        sta tmp
        lda py
        lsr
        lsr
        lsr
        lsr                 ; row
        ora tmp
        tax
        lda room,x
        cmp #SOLID_FROM     ; carry set when id >= SOLID_FROM
        rts
.endproc
