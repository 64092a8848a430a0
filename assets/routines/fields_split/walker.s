; Walkers whose positions are kept the way many NES games keep them, not as
; one byte a coordinate:
;   x is 12.4 fixed point (16 sub-pixels a pixel) split across two arrays,
;     obj_xl (pixel low nibble << 4 | sub-pixel) and obj_xh (pixel >> 4);
;   y is a signed 16-bit whole-pixel value, big-endian (high byte first),
;     two bytes a slot in obj_y.
; The runner writes the slot into obj_slot. Each held direction moves the 8x8
; box one pixel (x first, then y) when both cells under its leading edge are
; free. Walls are metatile ids of SOLID_FROM or more, in a row-major table of
; 16 columns; rows outside the table count as walls.

.export frame
.exportzp buttons, obj_slot
.export obj_xl, obj_xh, obj_y, room

SOLID_FROM   = 4
MAX_OBJECTS  = 4
ROWS         = 12
ONE_PIXEL    = $10          ; x's unit is 1/16 pixel
BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
buttons:  .res 1            ; A B Select Start Up Down Left Right
obj_slot: .res 1
cur_x:    .res 1            ; the slot's whole-pixel position
cur_y:    .res 1
px:       .res 1            ; the pixel solid_at looks at
py:       .res 1
tmp:      .res 1

.segment "BSS"
obj_xl:   .res MAX_OBJECTS
obj_xh:   .res MAX_OBJECTS
obj_y:    .res MAX_OBJECTS * 2
room:     .res ROWS * 16    ; room + row * 16 + column

; y's table by a constant as well, as code that places its tables by hand names them.
OBJ_Y_TABLE = obj_y

.segment "CODE"

.proc frame
        jsr load_position
        lda buttons
        and #BUTTON_RIGHT
        beq :+
        lda cur_x
        clc
        adc #8
        sta px
        jsr probe_column
        bcs :+
        ldx obj_slot        ; x += 1 pixel: the carry goes from obj_xl into obj_xh
        clc
        lda obj_xl,x
        adc #ONE_PIXEL
        sta obj_xl,x
        lda obj_xh,x
        adc #0
        sta obj_xh,x
        jsr load_position
:       lda buttons
        and #BUTTON_LEFT
        beq :+
        ldx cur_x
        dex
        stx px
        jsr probe_column
        bcs :+
        ldx obj_slot        ; x -= 1 pixel
        sec
        lda obj_xl,x
        sbc #ONE_PIXEL
        sta obj_xl,x
        lda obj_xh,x
        sbc #0
        sta obj_xh,x
        jsr load_position
:       lda buttons
        and #BUTTON_DOWN
        beq :+
        lda cur_y
        clc
        adc #8
        sta py
        jsr probe_row
        bcs :+
        jsr y_index         ; y += 1: low byte second, high byte first
        clc
        lda obj_y+1,y
        adc #1
        sta obj_y+1,y
        lda obj_y,y
        adc #0
        sta obj_y,y
        jsr load_position
:       lda buttons
        and #BUTTON_UP
        beq :+
        ldx cur_y
        dex
        stx py
        jsr probe_row
        bcs :+
        jsr y_index         ; y -= 1
        sec
        lda obj_y+1,y
        sbc #1
        sta obj_y+1,y
        lda obj_y,y
        sbc #0
        sta obj_y,y
:       rts
.endproc

; Y = obj_slot * 2, the slot's offset in obj_y.
.proc y_index
        lda obj_slot
        asl
        tay
        rts
.endproc

; cur_x = (obj_xh:obj_xl) >> 4 and cur_y = y's low byte, for the slot. The
; room is 256 pixels wide and less high, so both fit a byte.
.proc load_position
        ldx obj_slot
        lda obj_xl,x
        lsr
        lsr
        lsr
        lsr
        sta tmp
        lda obj_xh,x
        asl
        asl
        asl
        asl
        ora tmp
        sta cur_x
        jsr y_index
        lda obj_y+1,y
        sta cur_y
        rts
.endproc

; The cells at (px, cur_y) and (px, cur_y + 7); carry set when either is solid.
.proc probe_column
        lda cur_y
        sta py
        jsr solid_at
        bcs done
        lda cur_y
        clc
        adc #7
        sta py
        jsr solid_at
done:   rts
.endproc

; The cells at (cur_x, py) and (cur_x + 7, py); carry set when either is solid.
.proc probe_row
        lda cur_x
        sta px
        jsr solid_at
        bcs done
        lda cur_x
        clc
        adc #7
        sta px
        jsr solid_at
done:   rts
.endproc

; The cell under (px, py) in the row-major table; carry set when solid.
.proc solid_at
        lda py
        cmp #ROWS * 16
        bcs done            ; below the table (or above it, wrapped): a wall
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
done:   rts
.endproc
