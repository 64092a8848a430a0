; Visit demo: a player walks a 16x15-cell room (the NROM demo's room,
; ../nrom_demo/room.s), stopped by solid cells; every cell the box's centre
; enters is marked visited in the game's own map (visit.s). Reset, the
; NMI-driven main loop and the joypad read; no video beyond NMI timing.

.importzp player_x, player_y
.import step_player, room_cells, metatile_attrs
.import room_data, metatile_attr_data
.exportzp buttons, frame_count
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
        ldx #0
@cells: lda room_data,x
        sta room_cells,x
        inx
        cpx #16 * 15
        bne @cells
        ldx #0
@attrs: lda metatile_attr_data,x
        sta metatile_attrs,x
        inx
        cpx #16
        bne @attrs
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
        jsr step_player
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
