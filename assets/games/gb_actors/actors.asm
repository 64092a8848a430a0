; MoveActor: move actor wActorSlot by the d-pad, one pixel a frame, x then y,
; and refuse any move whose hitbox would overlap a solid cell.
;
; - wActors is an array of ACTORS structs of ACTOR_SIZE (6) bytes: +0 kind,
;   +1 x, +2 y (the top-left of an 8x8 box, whole pixels), +3 dir, +4 timer.
; - The room is 20x18 cells of 8x8 pixels, two bytes a cell: the metatile id,
;   then an attribute byte collision ignores; 40 bytes a row. wMetatileAttrs
;   holds one byte per metatile, bit 0 = solid.
; - The box covers at most 2x2 cells: its four corners test every cell.
; - Outside the room counts as solid: x stays in 0..152, y in 0..136.
; - With ACTOR_BUG defined (gb_actors_bug.gb) the right-hand corners test
;   x + 8 instead of x + 7: a box one pixel short of a wall on its right is
;   refused a move that was free.
; Clobbers AF, BC, DE, HL.

INCLUDE "hardware.inc"

DEF MAX_X EQU ROOM_WIDTH * 8 - 8
DEF MAX_Y EQU ROOM_HEIGHT * 8 - 8

IF DEF(ACTOR_BUG)
DEF RIGHT_EDGE EQU 8
ELSE
DEF RIGHT_EDGE EQU 7
ENDC

SECTION "ActorState", WRAM0

wActors::         ds ACTORS * ACTOR_SIZE
wActorSlot::      db
wActorPtr:        dw            ; the moving actor's struct

SECTION "RoomState", WRAM0

wRoomCells::      ds ROOM_WIDTH * ROOM_HEIGHT * 2
wMetatileAttrs::  ds METATILES

SECTION "Actors", ROM0

MoveActor::
    ld a, [wActorSlot]
    ld c, a
    add a, a
    add a, c
    add a, a                    ; slot * 6
    ld c, a
    ld b, 0
    ld hl, wActors
    add hl, bc
    ld a, l
    ld [wActorPtr], a
    ld a, h
    ld [wActorPtr + 1], a
    inc hl
    ld a, [hl+]
    ld b, a                     ; b = the x to try
    ld c, [hl]                  ; c = y
    ld d, b                     ; d = x now
    ld a, [wButtons]
    ld e, a
    bit PADB_RIGHT, e
    jr z, .no_right
    inc b
.no_right:
    bit PADB_LEFT, e
    jr z, .no_left
    dec b
.no_left:
    ld a, b
    cp d
    jr z, .y_axis
    cp MAX_X + 1                ; also catches 0 - 1 = 255
    jr nc, .y_axis
    call BoxBlocked
    jr c, .y_axis
    call ActorX
    ld [hl], b
.y_axis:
    call ActorX
    ld a, [hl+]
    ld b, a                     ; b = x
    ld c, [hl]                  ; c = the y to try
    ld d, c                     ; d = y now
    ld a, [wButtons]
    ld e, a
    bit PADB_DOWN, e
    jr z, .no_down
    inc c
.no_down:
    bit PADB_UP, e
    jr z, .no_up
    dec c
.no_up:
    ld a, c
    cp d
    ret z
    cp MAX_Y + 1
    ret nc
    call BoxBlocked
    ret c
    call ActorX
    inc hl
    ld [hl], c
    ret

; hl = the moving actor's x. Keeps bc, de.
ActorX:
    ld a, [wActorPtr]
    ld l, a
    ld a, [wActorPtr + 1]
    ld h, a
    inc hl
    ret

; In: b = x, c = y of the box. Out: carry set when a corner is in a solid cell.
; Keeps bc.
BoxBlocked:
    ld d, b
    ld e, c
    call CellSolid              ; top left
    ret c
    ld a, b
    add a, RIGHT_EDGE
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

; In: d = x, e = y of a pixel. Out: carry = bit 0 (solid) of its cell's
; metatile. Keeps bc, de.
CellSolid:
    push bc
    push de
    ld a, e
    and $F8                     ; row * 8
    ld l, a
    ld h, 0
    ld b, h
    ld c, l
    add hl, hl
    add hl, hl                  ; row * 32
    add hl, bc                  ; row * 40: two bytes a cell
    ld a, d
    and $F8
    rrca
    rrca                        ; column * 2
    ld c, a
    ld b, 0
    add hl, bc
    ld bc, wRoomCells
    add hl, bc
    ld c, [hl]                  ; the id; [hl + 1] is the attribute
    ld b, 0
    ld hl, wMetatileAttrs
    add hl, bc
    ld a, [hl]
    rrca
    pop de
    pop bc
    ret
