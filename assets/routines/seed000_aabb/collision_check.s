; Seed 000: collision_check, box-against-box overlap of two sprites.
;
; Written for Collidoscope from the algorithm in shared/seeds/000; the memory
; layout, calling convention and quirks follow the article, so that a user who
; pastes the original sees the same behaviour:
;
; - Eight zero-page bytes in this order: x1, y1, w1, h1, x2, y2, w2, h2.
; - Answer in the carry: set = the sprites collide, clear = they do not.
; - The routine proves the opposite: it tests the four separating edges
;   (sprite 2 right of 1, 1 right of 2, 2 below 1, 1 below 2) and returns at
;   the first one that separates them.
; - Each test is `edge = pos + size` (8-bit), then CMP against the other
;   sprite's position; BCC (edge < pos) means separated. So edges that only
;   touch (x1 + w1 = x2) count as a hit.
; - pos + size is not widened: when it passes 255 it wraps to a small value
;   and the test reports "separated", even for sprites that overlap.

.export collision_check
.exportzp x1, y1, w1, h1, x2, y2, w2, h2

.segment "ZEROPAGE"
x1:     .res 1              ; sprite 1 position and size
y1:     .res 1
w1:     .res 1
h1:     .res 1
x2:     .res 1              ; sprite 2 position and size
y2:     .res 1
w2:     .res 1
h2:     .res 1

.segment "CODE"

.proc collision_check
        lda x1              ; sprite 1's right edge left of sprite 2?
        clc
        adc w1
        cmp x2
        bcc apart
        lda x2              ; sprite 2's right edge left of sprite 1?
        clc
        adc w2
        cmp x1
        bcc apart
        lda y1              ; sprite 1's bottom above sprite 2?
        clc
        adc h1
        cmp y2
        bcc apart
        lda y2              ; sprite 2's bottom above sprite 1?
        clc
        adc h2
        cmp y1
        bcc apart
        sec
        rts
apart:  clc
        rts
.endproc
