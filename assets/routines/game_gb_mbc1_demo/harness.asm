; The one thing collision.asm needs from the Game Boy demo's main.asm: the
; joypad byte the frame runner writes before each call. The entry is
; CollidePlayer itself.

SECTION "Variables", WRAM0

wButtons::      db              ; Down Up Left Right Start Select B A (bit 7..0)
