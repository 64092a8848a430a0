; The one thing collision.s needs from the MMC1 demo's main.s: the joypad byte
; the frame runner writes before each call. The entry is collide_player itself.

.exportzp buttons

.segment "ZEROPAGE"
buttons:     .res 1             ; A B Select Start Up Down Left Right (bit 7..0)
