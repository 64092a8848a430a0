; CollidePlayer: move the player by the d-pad, one pixel a frame, x then y,
; and refuse any move whose hitbox would overlap a solid cell.
;
; Shared by the Game Boy MBC1 demo and its flat-bus twin
; (assets/routines/game_gb_mbc1_demo), which assembles this very file. In the
; game the routine sits in ROMX bank 2, mapped by the main loop before the call.
;
; - The player's hitbox is 8x8 pixels with its top-left corner at
;   (wPlayerX, wPlayerY), whole pixels, one byte each.
; - The room is 20x18 cells of 8x8 pixels: wRoomCells holds one metatile id
;   per cell, row-major, 20 bytes a row; wMetatileAttrs one byte per metatile,
;   bit 0 = solid.
; - A cell and the box are both 8 pixels, so the box covers at most 2x2 cells:
;   testing its four corners tests every cell it touches.
; - Outside the room counts as solid: x stays in 0..152, y in 0..136.
; - Right and Left together cancel out (no x move); so do Down and Up.
; - In: wButtons (Down Up Left Right Start Select B A, bit 7..0).
;   Clobbers AF, BC, DE, HL.

INCLUDE "hardware.inc"

DEF MAX_X EQU ROOM_WIDTH * 8 - 8
DEF MAX_Y EQU ROOM_HEIGHT * 8 - 8

SECTION "PlayerState", WRAM0

wPlayerX::        db
wPlayerY::        db

SECTION "RoomState", WRAM0

wRoomCells::      ds ROOM_WIDTH * ROOM_HEIGHT
wMetatileAttrs::  ds METATILES

SECTION "Collision", ROMX, BANK[2]

CollidePlayer::
    ld a, [wButtons]
    ld e, a
    ld a, [wPlayerX]
    ld b, a                     ; b = the x to try
    bit PADB_RIGHT, e
    jr z, .no_right
    inc b
.no_right:
    bit PADB_LEFT, e
    jr z, .no_left
    dec b
.no_left:
    cp b
    jr z, .y_axis
    ld a, b
    cp MAX_X + 1                ; also catches 0 - 1 = 255
    jr nc, .y_axis
    ld a, [wPlayerY]
    ld c, a
    call BoxBlocked
    jr c, .y_axis
    ld a, b
    ld [wPlayerX], a
.y_axis:
    ld a, [wButtons]
    ld e, a
    ld a, [wPlayerY]
    ld c, a                     ; c = the y to try
    bit PADB_DOWN, e
    jr z, .no_down
    inc c
.no_down:
    bit PADB_UP, e
    jr z, .no_up
    dec c
.no_up:
    cp c
    ret z
    ld a, c
    cp MAX_Y + 1
    ret nc
    ld a, [wPlayerX]
    ld b, a
    call BoxBlocked
    ret c
    ld a, c
    ld [wPlayerY], a
    ret

; In: b = x, c = y of the box. Out: carry set when a corner is in a solid cell.
; Keeps bc.
BoxBlocked:
    ld d, b
    ld e, c
    call CellSolid              ; top left
    ret c
    ld a, b
    add a, 7
    ld d, a
    call CellSolid              ; top right
    ret c
    ld a, c
    add a, 7
    ld e, a
    call CellSolid              ; bottom right
    ret c
    ld d, b
    jp CellSolid                ; bottom left

; In: d = x, e = y of a pixel inside the room. Out: carry = bit 0 (solid) of
; its cell's metatile. Keeps bc, de.
CellSolid:
    push bc
    push de
    ld a, e
    and $F8                     ; row * 8
    ld l, a
    ld h, 0
    add hl, hl                  ; row * 16
    srl a                       ; row * 4
    ld c, a
    ld a, d
    srl a
    srl a
    srl a                       ; column
    add a, c
    ld c, a
    ld b, 0
    add hl, bc                  ; row * 20 + column
    ld bc, wRoomCells
    add hl, bc
    ld c, [hl]                  ; metatile id
    ld b, 0
    ld hl, wMetatileAttrs
    add hl, bc
    ld a, [hl]
    rrca
    pop de
    pop bc
    ret
