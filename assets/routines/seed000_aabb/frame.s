; The frame harness for seed 000: move sprite 1 one pixel per pressed
; direction (diagonals move both axes), then ask collision_check and keep its
; carry in `hit` (1 = collide) so the runner can show it.

.export frame
.exportzp buttons, hit
.import collision_check
.importzp x1, y1

BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
buttons:    .res 1          ; controller byte: A B Select Start Up Down Left Right
hit:        .res 1          ; last answer: 1 = collide, 0 = apart

.segment "CODE"

.proc frame
        lda buttons
        and #BUTTON_RIGHT
        beq :+
        inc x1
:       lda buttons
        and #BUTTON_LEFT
        beq :+
        dec x1
:       lda buttons
        and #BUTTON_DOWN
        beq :+
        inc y1
:       lda buttons
        and #BUTTON_UP
        beq :+
        dec y1
:       jsr collision_check
        lda #0
        rol a               ; carry -> bit 0
        sta hit
        rts
.endproc
