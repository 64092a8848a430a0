; Pair demo: the player (a 16x16 box) walks with the d-pad, one pixel a frame,
; inline in the main loop; an 8x8 coin stands still. Every frame the main loop
; copies both boxes into check_pair's inputs, calls it and keeps the answer in
; `touching` (1 = overlap). No walls: the pair check is the game's only
; collision. See ../README.md.

.importzp x1, y1, w1, h1, x2, y2, w2, h2
.import check_pair
.exportzp buttons, frame_count, player_x, player_y, touching
.export reset, nmi, main_loop

PPUCTRL   = $2000
PPUMASK   = $2001
PPUSTATUS = $2002
JOYPAD1   = $4016

.segment "HEADER"
        .byte "NES", $1A
        .byte 1                 ; 16 KiB PRG
        .byte 0                 ; CHR-RAM
        .byte $00, $00          ; mapper 0
        .res 8, 0

.segment "ZEROPAGE"
buttons:     .res 1             ; A B Select Start Up Down Left Right (bit 7..0)
frame_count: .res 1
player_x:    .res 1
player_y:    .res 1
touching:    .res 1

COIN_X = 120
COIN_Y = 100

.segment "CODE"

.proc reset
        sei
        cld
        ldx #$FF
        txs
        inx
        stx PPUCTRL
        stx PPUMASK
        stx $4010
        bit PPUSTATUS
@v1:    bit PPUSTATUS
        bpl @v1
        txa
@clear: sta $0000,x
        sta $0100,x
        sta $0200,x
        sta $0300,x
        sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        inx
        bne @clear
@v2:    bit PPUSTATUS
        bpl @v2
        lda #32
        sta player_x
        sta player_y
        lda #$80                ; NMI on
        sta PPUCTRL
        ; fall through
.endproc

main_loop:
        lda frame_count
@wait:  cmp frame_count
        beq @wait
        jsr read_joypad
        lda buttons             ; inline motion: right/left, then down/up
        and #$01
        beq @not_right
        inc player_x
@not_right:
        lda buttons
        and #$02
        beq @not_left
        dec player_x
@not_left:
        lda buttons
        and #$04
        beq @not_down
        inc player_y
@not_down:
        lda buttons
        and #$08
        beq @not_up
        dec player_y
@not_up:
        lda player_x
        sta x1
        lda player_y
        sta y1
        lda #16
        sta w1
        sta h1
        lda #COIN_X
        sta x2
        lda #COIN_Y
        sta y2
        lda #8
        sta w2
        sta h2
        jsr check_pair
        lda #0
        rol a                   ; the carry: 1 = the boxes overlap
        sta touching
        jmp main_loop

.proc read_joypad
        lda #1
        sta JOYPAD1
        lda #0
        sta JOYPAD1
        ldx #8
@bit:   lda JOYPAD1
        lsr a
        rol buttons
        dex
        bne @bit
        rts
.endproc

.proc nmi
        inc frame_count
        rti
.endproc

.proc irq
        rti
.endproc

.segment "VECTORS"
        .addr nmi, reset, irq
