; Game Boy MBC1 demo: a player walks a 20x18-cell room, stopped by solid
; cells. ROM0 holds the header, the reset code, the VBlank-driven main loop and
; the joypad read; CollidePlayer (collision.asm) and the room and tiles
; (room.asm) sit in ROMX bank 2, mapped with an MBC1 write before use.
; Build: collido asm --cpu sm83 main.asm collision.asm room.asm -o gb_mbc1_demo.gb
;        --sym gb_mbc1_demo.sym   (see ../README.md)

INCLUDE "hardware.inc"

DEF START_X EQU 16
DEF START_Y EQU 16

SECTION "VBlankVector", ROM0[$40]
    jp VBlank

SECTION "Header", ROM0[$100]
    nop
    jp Start
    ; $0104: the logo the boot ROM compares
    db $CE, $ED, $66, $66, $CC, $0D, $00, $0B, $03, $73, $00, $83, $00, $0C, $00, $0D
    db $00, $08, $11, $1F, $88, $89, $00, $0E, $DC, $CC, $6E, $E6, $DD, $DD, $D9, $99
    db $BB, $BB, $67, $63, $6E, $0E, $EC, $CC, $DD, $DC, $99, $9F, $BB, $B9, $33, $3E
    db "COLLIDO MBC1", 0, 0, 0  ; $0134: title, 15 bytes
    db $00                      ; $0143: DMG only
    db "00"                     ; $0144: new licensee
    db $00                      ; $0146: no SGB
    db $01                      ; $0147: MBC1
    db $00                      ; $0148: ROM size (collido asm fixes it)
    db $00                      ; $0149: no cartridge RAM
    db $01                      ; $014A: overseas
    db $33                      ; $014B: see $0144
    db $00                      ; $014C: version
    db $00                      ; $014D: header checksum (fixed by collido asm)
    dw $0000                    ; $014E: global checksum (fixed by collido asm)

SECTION "Variables", WRAM0

wButtons::      db              ; Down Up Left Right Start Select B A (bit 7..0)

SECTION "HighVariables", HRAM

hFrameCount::   db              ; VBlank interrupts so far

SECTION "Main", ROM0

Start::
    di
    ld sp, $FFFE
.wait_vblank:                   ; the LCD may only be turned off in VBlank
    ldh a, [rLY]
    cp 144
    jr nz, .wait_vblank
    xor a
    ldh [rLCDC], a
    ldh [hFrameCount], a
    ld [wButtons], a

    ld a, BANK(RoomData)        ; the room and tiles live beside CollidePlayer
    ld [MBC1_ROM_BANK], a
    call LoadRoom
    call UploadVideo
    ld a, START_X
    ld [wPlayerX], a
    ld a, START_Y
    ld [wPlayerY], a

    ld a, %11100100
    ldh [rBGP], a
    ld a, LCDCF_ON | LCDCF_BG8000 | LCDCF_BGON
    ldh [rLCDC], a
    ld a, IEF_VBLANK
    ldh [rIE], a
    xor a
    ldh [rIF], a
    ei

main_loop::
    halt                        ; only VBlank is enabled: wakes once a frame
    call ReadJoypad
    ld a, BANK(CollidePlayer)
    ld [MBC1_ROM_BANK], a
    call CollidePlayer
    jr main_loop

VBlank:
    push af
    ldh a, [hFrameCount]
    inc a
    ldh [hFrameCount], a
    pop af
    reti

; Both groups through $FF00, pressed = 1: the d-pad in the high nibble,
; the buttons in the low one.
ReadJoypad:
    ld a, P1F_GET_DPAD
    ldh [rP1], a
    ldh a, [rP1]
    ldh a, [rP1]                ; the lines settle after a few cycles
    cpl
    and $0F
    swap a
    ld b, a
    ld a, P1F_GET_BTN
    ldh [rP1], a
    ldh a, [rP1]
    ldh a, [rP1]
    ldh a, [rP1]
    ldh a, [rP1]
    cpl
    and $0F
    or b
    ld [wButtons], a
    ld a, P1F_GET_NONE
    ldh [rP1], a
    ret

LoadRoom:
    ld hl, RoomData
    ld de, wRoomCells
    ld bc, RoomDataEnd - RoomData
    call Copy
    ld hl, MetatileAttrData
    ld de, wMetatileAttrs
    ld bc, METATILES
    jp Copy

; With the LCD off: the tiles to $8000, the room to the BG map at $9800
; (32 bytes a row; tile id = metatile id).
UploadVideo:
    ld hl, TileData
    ld de, $8000
    ld bc, TileDataEnd - TileData
    call Copy
    ld hl, wRoomCells
    ld de, $9800
    ld c, ROOM_HEIGHT
.row:
    ld b, ROOM_WIDTH
.cell:
    ld a, [hl+]
    ld [de], a
    inc de
    dec b
    jr nz, .cell
    ld a, e                     ; skip to the next BG map row
    add a, 32 - ROOM_WIDTH
    ld e, a
    jr nc, .no_carry
    inc d
.no_carry:
    dec c
    jr nz, .row
    ret

; Copies bc bytes from hl to de.
Copy:
    ld a, b
    or c
    ret z
.loop:
    ld a, [hl+]
    ld [de], a
    inc de
    dec bc
    ld a, b
    or c
    jr nz, .loop
    ret
