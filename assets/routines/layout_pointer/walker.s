; A small walker over a row-major map it reaches through a pointer (map_ptr,
; here aimed at a table in ROM), asking the game's own predicate is_wall
; whether a metatile id blocks. The box is 8x8 at (obj_x, obj_y); each held
; direction moves it one pixel, x first, when both cells under the leading
; edge are free.

.export frame, is_wall, never_returns
.exportzp buttons, obj_x, obj_y, map_ptr
.export level

BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
obj_x:   .res 1
obj_y:   .res 1
buttons: .res 1             ; A B Select Start Up Down Left Right
map_ptr: .res 2             ; the current room: 16 rows of 16 metatile ids
px:      .res 1
py:      .res 1

.segment "RODATA"
level:   .res 256           ; the room, row-major (Collidoscope patches its copy)

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

; The cell under (px, py) through map_ptr; carry set when is_wall says so.
.proc solid_at
        lda px
        lsr
        lsr
        lsr
        lsr                 ; column
        sta solid_col
        lda py
        and #$F0            ; row * 16
        ora solid_col
        tay
        lda (map_ptr),y
        jmp is_wall
.endproc

; The game's definition of a wall: metatile ids 2, 3 and 5. A = id; carry set = wall.
.proc is_wall
        cmp #2
        beq wall
        cmp #3
        beq wall
        cmp #5
        beq wall
        clc
        rts
wall:   sec
        rts
.endproc

; For the manifest tests: a predicate that never answers.
.proc never_returns
spin:   jmp spin
.endproc

.segment "ZEROPAGE"
solid_col: .res 1
