; check_pair: do two boxes share a pixel? Sprite 1 at (x1, y1), w1 x h1 pixels;
; sprite 2 at (x2, y2), w2 x h2. Carry set = they overlap, clear = apart.
;
; Exact per axis, in 9 bits (no 8-bit wrap): p1 < p2 + s2 and p2 < p1 + s1,
; and an empty box (size 0) overlaps nothing. A sum past 255 carries, and then
; the other position (at most 255) is below it.
;
; One file for the pair demo game (pair_demo.nes, main.s) and its flat-bus
; twin (assets/routines/game_pair_demo), which assemble this very file.
; With PAIR_BUG defined (the pair_demo_bug.nes build), the x axis's second
; test is p2 <= p1 + s1: boxes whose x edges only touch count as a hit.
; Clobbers A.

.export check_pair
.exportzp x1, y1, w1, h1, x2, y2, w2, h2

.segment "ZEROPAGE"
x1:     .res 1
y1:     .res 1
w1:     .res 1
h1:     .res 1
x2:     .res 1
y2:     .res 1
w2:     .res 1
h2:     .res 1

.segment "CODE"

.proc check_pair
        lda w1                  ; an empty box overlaps nothing
        beq apart
        lda h1
        beq apart
        lda w2
        beq apart
        lda h2
        beq apart
        ; x1 < x2 + w2
        lda x2
        clc
        adc w2
        bcs @x_first            ; the sum passed 255: x1 is below it
        cmp x1                  ; carry set: sum >= x1 ...
        beq apart               ; ... equal is not below
        bcc apart
@x_first:
        ; x2 < x1 + w1
        lda x1
        clc
        adc w1
        bcs @y
        cmp x2
.ifndef PAIR_BUG
        beq apart
.endif
        bcc apart
@y:     ; y1 < y2 + h2
        lda y2
        clc
        adc h2
        bcs @y_first
        cmp y1
        beq apart
        bcc apart
@y_first:
        ; y2 < y1 + h1
        lda y1
        clc
        adc h1
        bcs hit
        cmp y2
        beq apart
        bcc apart
hit:    sec
        rts
apart:  clc
        rts
.endproc
