; Game Boy walk: the collision check is a MACRO expanded inline in the main
; loop, so there is no label to hook: the d-pad moves an 8x8 player one pixel a
; frame, x then y, and each move probes the two pixels its leading edge would
; enter with SOLID_AT (four expansions per axis pair, no call, no ret).
;
; Frame mode judges it per frame span with no routine at all ("routines": [],
; docs/game-mode.md, "Which mode fits my code"): where the box went.
;
; -D BUG builds the injected bug: moving right probes one pixel too far (x + 9,
; not x + 8), so the player stops a pixel short of a wall on its right
; (FALSE-BLOCK at that wall's cell).
; Build: collido asm --cpu sm83 main.asm ../gb_mbc1_demo/room.asm --include=../gb_mbc1_demo
;        -o gb_macro_walk.gb --sym gb_macro_walk.sym   [--define=BUG]

INCLUDE "hardware.inc"

DEF START_X EQU 16
DEF START_Y EQU 16
IF DEF(BUG)
DEF RIGHT_PROBE EQU 9
ELSE
DEF RIGHT_PROBE EQU 8           ; the column right of an 8-pixel box at x
ENDC

; b = x, c = y of a pixel inside the room. Carry = bit 0 (solid) of its
; cell's metatile. Clobbers a, de, hl.
MACRO SOLID_AT
    ld a, c
    and $F8                     ; row * 8
    ld l, a
    ld h, 0
    add hl, hl                  ; row * 16
    srl a                       ; row * 4
    ld e, a
    ld a, b
    srl a
    srl a
    srl a                       ; column
    add a, e
    ld e, a
    ld d, 0
    add hl, de                  ; row * 20 + column
    ld de, wRoomCells
    add hl, de
    ld e, [hl]                  ; metatile id
    ld d, 0
    ld hl, wMetatileAttrs
    add hl, de
    ld a, [hl]
    rrca
ENDM

SECTION "VBlankVector", ROM0[$40]
    jp VBlank

SECTION "Header", ROM0[$100]
    nop
    jp Start
    db $CE, $ED, $66, $66, $CC, $0D, $00, $0B, $03, $73, $00, $83, $00, $0C, $00, $0D
    db $00, $08, $11, $1F, $88, $89, $00, $0E, $DC, $CC, $6E, $E6, $DD, $DD, $D9, $99
    db $BB, $BB, $67, $63, $6E, $0E, $EC, $CC, $DD, $DC, $99, $9F, $BB, $B9, $33, $3E
    db "COLLIDO MACRO", 0, 0    ; $0134: title, 15 bytes
    db $00                      ; $0143: DMG only
    db "00"                     ; $0144: new licensee
    db $00                      ; $0146: no SGB
    db $01                      ; $0147: MBC1 (the room sits in ROMX bank 2)
    db $00                      ; $0148: ROM size (collido asm fixes it)
    db $00                      ; $0149: no cartridge RAM
    db $01                      ; $014A: overseas
    db $33                      ; $014B: see $0144
    db $00                      ; $014C: version
    db $00                      ; $014D: header checksum (fixed by collido asm)
    dw $0000                    ; $014E: global checksum (fixed by collido asm)

SECTION "Variables", WRAM0

wButtons::        db            ; Down Up Left Right Start Select B A (bit 7..0)
wPlayerX::        db            ; top-left corner of the 8x8 box, pixels
wPlayerY::        db
wRoomCells::      ds ROOM_WIDTH * ROOM_HEIGHT
wMetatileAttrs::  ds METATILES

SECTION "HighVariables", HRAM

hFrameCount::     db

SECTION "Main", ROM0

Start::
    di
    ld sp, $FFFE
.wait_vblank:
    ldh a, [rLY]
    cp 144
    jr nz, .wait_vblank
    xor a
    ldh [rLCDC], a
    ldh [hFrameCount], a
    ld [wButtons], a
    ld a, BANK(RoomData)
    ld [MBC1_ROM_BANK], a
    ld hl, RoomData
    ld de, wRoomCells
    ld bc, RoomDataEnd - RoomData
    call Copy
    ld hl, MetatileAttrData
    ld de, wMetatileAttrs
    ld bc, METATILES
    call Copy
    ld a, START_X
    ld [wPlayerX], a
    ld a, START_Y
    ld [wPlayerY], a
    ld a, LCDCF_ON | LCDCF_BG8000 | LCDCF_BGON
    ldh [rLCDC], a
    ld a, IEF_VBLANK
    ldh [rIE], a
    xor a
    ldh [rIF], a
    ei

main_loop::
    halt                        ; only VBlank is enabled: wakes once a frame
    nop
    call ReadJoypad
    ; x: Right and Left together cancel out
    ld a, [wButtons]
    and $30
    cp $30
    jp z, .y_axis
    bit PADB_RIGHT, a
    jp z, .try_left
    ld a, [wPlayerX]
    add a, RIGHT_PROBE
    ld b, a
    ld a, [wPlayerY]
    ld c, a
    SOLID_AT
    jp c, .y_axis
    ld a, [wPlayerY]
    add a, 7
    ld c, a
    SOLID_AT
    jp c, .y_axis
    ld hl, wPlayerX
    inc [hl]
    jp .y_axis
.try_left:
    bit PADB_LEFT, a
    jp z, .y_axis
    ld a, [wPlayerX]
    dec a
    ld b, a
    ld a, [wPlayerY]
    ld c, a
    SOLID_AT
    jp c, .y_axis
    ld a, [wPlayerY]
    add a, 7
    ld c, a
    SOLID_AT
    jp c, .y_axis
    ld hl, wPlayerX
    dec [hl]
.y_axis:
    ; y: Down and Up together cancel out
    ld a, [wButtons]
    and $C0
    cp $C0
    jp z, main_loop
    bit PADB_DOWN, a
    jp z, .try_up
    ld a, [wPlayerY]
    add a, 8                    ; the row below the box
    ld c, a
    ld a, [wPlayerX]
    ld b, a
    SOLID_AT
    jp c, main_loop
    ld a, [wPlayerX]
    add a, 7
    ld b, a
    SOLID_AT
    jp c, main_loop
    ld hl, wPlayerY
    inc [hl]
    jp main_loop
.try_up:
    bit PADB_UP, a
    jp z, main_loop
    ld a, [wPlayerY]
    dec a
    ld c, a
    ld a, [wPlayerX]
    ld b, a
    SOLID_AT
    jp c, main_loop
    ld a, [wPlayerX]
    add a, 7
    ld b, a
    SOLID_AT
    jp c, main_loop
    ld hl, wPlayerY
    dec [hl]
    jp main_loop

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
    ldh a, [rP1]
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
