; The shell both query test games share (nes_point_query, nes_box_query_c):
; reset, the NMI's frame counter, the joypad read and the room copied into RAM.
; Each game's main.s has `game_start` (player placed, NMI on, then its main
; loop) and the loop itself: the motion inline, then the game's query.
; No PPU upload: game mode draws the room from the map model (nrom_demo.map.json,
; the same room as ../nrom_demo/room.s).

.import game_start
.import room_data, metatile_attr_data
.exportzp buttons, frame_count, player_x, player_y, ptr1
.export reset, nmi, read_joypad
.export room_cells, metatile_attrs, _room_cells, _metatile_attrs

PPUCTRL   = $2000
PPUMASK   = $2001
PPUSTATUS = $2002
JOYPAD1   = $4016

.segment "HEADER"
        .byte "NES", $1A
        .byte 1                 ; 16 KiB PRG
        .byte 0                 ; CHR-RAM
        .byte $00, $00          ; mapper 0, horizontal mirroring
        .res 8, 0

.segment "ZEROPAGE"
buttons:     .res 1             ; A B Select Start Up Down Left Right (bit 7..0)
frame_count: .res 1             ; NMIs so far
player_x:    .res 1
player_y:    .res 1
ptr1:        .res 2             ; cc65's pointer temporary (the C query indexes through it)

.segment "BSS"
; Two names a table: the ca65 one and the one C code sees (cc65 prefixes "_").
room_cells:
_room_cells:     .res 16 * 15
metatile_attrs:
_metatile_attrs: .res 16

.segment "CODE"

.proc reset
        sei
        cld
        ldx #$FF
        txs
        inx
        stx PPUCTRL             ; NMI off
        stx PPUMASK             ; rendering off
        stx $4010               ; DMC IRQ off
        bit PPUSTATUS
vblank1:
        bit PPUSTATUS
        bpl vblank1
        txa
clear:  sta $0000,x
        sta $0300,x
        sta $0400,x
        inx
        bne clear
vblank2:
        bit PPUSTATUS
        bpl vblank2
        ldx #0
cells:  lda room_data,x
        sta room_cells,x
        inx
        cpx #16 * 15
        bne cells
        ldx #0
attrs:  lda metatile_attr_data,x
        sta metatile_attrs,x
        inx
        cpx #16
        bne attrs
        jmp game_start
.endproc

; $4016 strobe, then 8 reads: A first, so it ends in bit 7.
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
