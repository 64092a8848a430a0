; MMC1 demo: a player walks a 16x15-cell room, stopped by solid cells.
; Everything here sits in the fixed bank 7 ($C000, segment FIXED): reset, the
; NMI-driven main loop, the joypad read and the MMC1 bank switch. The collision
; routine (collision.s) and the room and tiles (room.s) sit in switchable
; bank 2, mapped at $8000 before they are used. See ../README.md.

.importzp player_x, player_y
.import collide_player, room_cells, metatile_attrs
.import room_data, metatile_attr_data, chr_tiles
.importzp CHR_TILE_BYTES
.exportzp buttons, frame_count
.export reset, nmi, main_loop

PPUCTRL   = $2000
PPUMASK   = $2001
PPUSTATUS = $2002
OAMADDR   = $2003
PPUSCROLL = $2005
PPUADDR   = $2006
PPUDATA   = $2007
OAMDMA    = $4014
JOYPAD1   = $4016
MMC1_CTRL = $8000               ; serial registers: 5 writes of bit 0, low bit first
MMC1_PRG  = $E000

; PRG mode 3 (bank 7 fixed at $C000, $8000 switchable), vertical mirroring,
; 8 KiB CHR mode.
MMC1_MODE = %01110
COLLISION_BANK = <.bank(collide_player)

START_X   = 32
START_Y   = 32
PLAYER_TILE = 4

.segment "HEADER"
        .byte "NES", $1A
        .byte 8                 ; 8 x 16 KiB PRG
        .byte 0                 ; CHR-RAM
        .byte $10, $00          ; mapper 1 (MMC1); mirroring is the mapper's
        .res 8, 0

.segment "ZEROPAGE"
buttons:     .res 1             ; A B Select Start Up Down Left Right (bit 7..0)
frame_count: .res 1             ; NMIs so far
nt_row:      .res 1
nt_half:     .res 1

.segment "OAM"
oam:         .res 256

.segment "FIXED"

.proc reset
        sei
        cld
        ldx #$FF
        txs
        inx
        stx PPUCTRL             ; NMI off
        stx PPUMASK             ; rendering off
        stx $4010               ; DMC IRQ off
        lda #$80                ; resets the MMC1 shift register and selects PRG mode 3
        sta MMC1_CTRL
        lda #MMC1_MODE
        jsr mmc1_write_ctrl
        ldx #0
        bit PPUSTATUS           ; a stale vblank flag would end the first wait early
vblank1:
        bit PPUSTATUS
        bpl vblank1

        txa
clear:  sta $0000,x
        sta $0100,x
        sta $0300,x
        sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        lda #$FF                ; sprites below the screen
        sta oam,x
        lda #0
        inx
        bne clear
vblank2:
        bit PPUSTATUS
        bpl vblank2

        lda #COLLISION_BANK     ; the room and tiles live beside collide_player
        jsr map_bank
        jsr load_room
        jsr upload_video

        lda #START_X
        sta player_x
        lda #START_Y
        sta player_y
        lda #$80                ; NMI on
        sta PPUCTRL
        lda #$1E                ; background and sprites
        sta PPUMASK
        ; fall through
.endproc

main_loop:
        lda frame_count
@wait:  cmp frame_count
        beq @wait
        jsr read_joypad
        lda #COLLISION_BANK
        jsr map_bank
        jsr collide_player
        jsr place_sprite
        jmp main_loop

.proc load_room
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
        rts
.endproc

; With rendering off: tiles to CHR-RAM $0000, the room to nametable $2000
; (each cell 2x2 tiles of its metatile id), a blank attribute table, palettes.
.proc upload_video
        bit PPUSTATUS
        lda #$00
        sta PPUADDR
        sta PPUADDR
        ldx #0
@chr:   lda chr_tiles,x
        sta PPUDATA
        inx
        cpx #CHR_TILE_BYTES
        bne @chr

        lda #$20
        sta PPUADDR
        lda #$00
        sta PPUADDR
        sta nt_row
@row:   lda #2
        sta nt_half
@half:  ldx nt_row
        ldy #16
@cell:  lda room_cells,x
        sta PPUDATA
        sta PPUDATA
        inx
        dey
        bne @cell
        dec nt_half
        bne @half
        lda nt_row
        clc
        adc #16
        sta nt_row
        cmp #16 * 15
        bne @row
        lda #0
        ldx #64
@attr:  sta PPUDATA
        dex
        bne @attr

        lda #$3F
        sta PPUADDR
        lda #$00
        sta PPUADDR
        ldx #0
@pal:   lda palette,x
        sta PPUDATA
        inx
        cpx #32
        bne @pal

        lda #0
        sta PPUSCROLL
        sta PPUSCROLL
        rts
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

; Sprite 0 shows the player (OAM Y is one line above the sprite's top).
.proc place_sprite
        ldx player_y
        dex
        stx oam + 0
        lda #PLAYER_TILE
        sta oam + 1
        lda #0
        sta oam + 2
        lda player_x
        sta oam + 3
        rts
.endproc

;  A = PRG bank (0-6) to map at $8000. Five writes, low bit first; bit 4 = 0
; keeps PRG-RAM enabled. Clobbers A.
.proc map_bank
        sta MMC1_PRG
        lsr a
        sta MMC1_PRG
        lsr a
        sta MMC1_PRG
        lsr a
        sta MMC1_PRG
        lsr a
        sta MMC1_PRG
        rts
.endproc

; A = the control register's 5 bits. Clobbers A.
.proc mmc1_write_ctrl
        sta MMC1_CTRL
        lsr a
        sta MMC1_CTRL
        lsr a
        sta MMC1_CTRL
        lsr a
        sta MMC1_CTRL
        lsr a
        sta MMC1_CTRL
        rts
.endproc

.proc nmi
        pha
        lda #0
        sta OAMADDR
        lda #>oam
        sta OAMDMA
        inc frame_count
        pla
        rti
.endproc

.proc irq
        rti
.endproc

palette:
        .byte $0F, $27, $17, $1A, $0F, $27, $17, $1A, $0F, $27, $17, $1A, $0F, $27, $17, $1A
        .byte $0F, $30, $28, $16, $0F, $30, $28, $16, $0F, $30, $28, $16, $0F, $30, $28, $16

.segment "VECTORS"
        .addr nmi, reset, irq
