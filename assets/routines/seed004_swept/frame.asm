; Seed 004 frame harness: the article's update loop for its one entity. Read
; the pad into dx (b) and dy (c), move along x, then along y.
; anise_speed (default 1, the article's step) scales the pad for audits.

INCLUDE "cells.inc"

; Joypad byte, Game Boy order: Down Up Left Right Start Select B A (bit 7..0).
DEF PADB_RIGHT   EQU 4
DEF PADB_LEFT    EQU 5
DEF PADB_UP      EQU 6
DEF PADB_DOWN    EQU 7

SECTION "FrameState", WRAM0

buttons::       db
anise_speed::   db

SECTION "Frame", ROM0

frame::
    ld a, [anise_speed]
    ld d, a
    ld a, [buttons]
    ld e, a
    ld b, 0                     ; b = dx
    ld c, 0                     ; c = dy
    bit PADB_LEFT, e
    jr z, .no_left
    ld a, b
    sub a, d
    ld b, a
.no_left:
    bit PADB_RIGHT, e
    jr z, .no_right
    ld a, b
    add a, d
    ld b, a
.no_right:
    bit PADB_UP, e
    jr z, .no_up
    ld a, c
    sub a, d
    ld c, a
.no_up:
    bit PADB_DOWN, e
    jr z, .no_down
    ld a, c
    add a, d
    ld c, a
.no_down:
    call MoveAniseX
    jp MoveAniseY
