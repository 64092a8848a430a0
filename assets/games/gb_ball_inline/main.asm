; Game Boy ball: inline motion in the main loop, a point query, a bounce.
; No collision routine moves the ball: the main loop adds the velocity to the
; position itself, one pixel at a time, and asks PointSolid ("is the cell at
; pixel (B, C) solid?") for the pixels the box's leading edge would enter. A
; solid answer bounces the ball on that axis (the velocity's sign flips) and
; ends its move on that axis for the frame. x first, then y.
;
; Frame mode judges it per frame span (docs/game-mode.md, "Which mode fits my
; code"): where the 8x8 box went against the exact oracle, with the velocity
; read at ApplyVelocity (game.velocityAt), before the bounce can flip it.
;
; -D BUG builds the injected bug: the x move probes only the top corner of the
; leading edge, so a ball whose lower half meets a block walks into it (CLIP).
; Build: collido asm --cpu sm83 main.asm ../gb_mbc1_demo/room.asm --include=../gb_mbc1_demo
;        -o gb_ball_inline.gb --sym gb_ball_inline.sym   [--define=BUG]

INCLUDE "hardware.inc"

DEF START_X EQU 16
DEF START_Y EQU 16

SECTION "VBlankVector", ROM0[$40]
    jp VBlank

SECTION "Header", ROM0[$100]
    nop
    jp Start
    db $CE, $ED, $66, $66, $CC, $0D, $00, $0B, $03, $73, $00, $83, $00, $0C, $00, $0D
    db $00, $08, $11, $1F, $88, $89, $00, $0E, $DC, $CC, $6E, $E6, $DD, $DD, $D9, $99
    db $BB, $BB, $67, $63, $6E, $0E, $EC, $CC, $DD, $DC, $99, $9F, $BB, $B9, $33, $3E
    db "COLLIDO BALL", 0, 0, 0  ; $0134: title, 15 bytes
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

wBallX::          db            ; top-left corner of the 8x8 box, pixels
wBallY::          db
wBallDX::         db            ; signed pixels a frame
wBallDY::         db
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
    ld [wBallX], a
    ld a, START_Y
    ld [wBallY], a
    ld a, 1
    ld [wBallDX], a
    ld [wBallDY], a
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
ApplyVelocity::                 ; the velocity this frame moves by is read here
    ld a, [wBallDX]
    and a
    jr z, .y_axis
    ld d, a                     ; d = the steps left, signed
.x_step:
    ld a, [wBallX]
    bit 7, d
    jr nz, .x_left
    add a, 8                    ; the column right of the box
    jr .x_probe
.x_left:
    dec a                       ; the column left of it
.x_probe:
    ld b, a
    ld a, [wBallY]
    ld c, a
    call PointSolid             ; the leading edge's top pixel
    jr c, .x_bounce
IF !DEF(BUG)
    ld a, [wBallY]
    add a, 7
    ld c, a
    call PointSolid             ; and its bottom pixel
    jr c, .x_bounce
ENDC
    ld hl, wBallX
    bit 7, d
    jr nz, .x_dec
    inc [hl]
    dec d
    jr .x_next
.x_dec:
    dec [hl]
    inc d
.x_next:
    ld a, d
    and a
    jr nz, .x_step
    jr .y_axis
.x_bounce:
    ld a, [wBallDX]
    cpl
    inc a
    ld [wBallDX], a
.y_axis:
    ld a, [wBallDY]
    and a
    jp z, main_loop
    ld d, a
.y_step:
    ld a, [wBallY]
    bit 7, d
    jr nz, .y_up
    add a, 8                    ; the row below the box
    jr .y_probe
.y_up:
    dec a                       ; the row above it
.y_probe:
    ld c, a
    ld a, [wBallX]
    ld b, a
    call PointSolid             ; the leading edge's left pixel
    jr c, .y_bounce
    ld a, [wBallX]
    add a, 7
    ld b, a
    call PointSolid             ; and its right pixel
    jr c, .y_bounce
    ld hl, wBallY
    bit 7, d
    jr nz, .y_dec
    inc [hl]
    dec d
    jr .y_next
.y_dec:
    dec [hl]
    inc d
.y_next:
    ld a, d
    and a
    jr nz, .y_step
    jp main_loop
.y_bounce:
    ld a, [wBallDY]
    cpl
    inc a
    ld [wBallDY], a
    jp main_loop

VBlank:
    push af
    ldh a, [hFrameCount]
    inc a
    ldh [hFrameCount], a
    pop af
    reti

; The point query. In: b = x, c = y of a pixel inside the room. Out: carry =
; bit 0 (solid) of its cell's metatile. Keeps bc, de.
PointSolid::
    push bc
    push de
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
    pop de
    pop bc
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
