; Seed 001 frame harness: one call per object per frame, the way the shooter's
; update loop runs. Bullets fly up, enemies fly down, and each live enemy tests
; every live bullet: x first, then y only when x overlaps. A hit destroys both
; (wObjectActive = 0) and counts it in wObjectHits of each.
;
; A destroyed object keeps moving but sits out the checks for RESPAWN_WAIT
; frames, then comes back to life where it is: so every object moves
; continuously (no teleports) and only the checks change. Objects off the
; screen are not tested, as the game despawns them there. An object with
; wObjectSteer = 1 is moved by the d-pad instead of flying.

DEF MAX_OBJECTS  EQU 16
DEF KIND_BULLET  EQU 0          ; wObjectDir: 0 flies up
DEF KIND_ENEMY   EQU 1          ;             1 flies down
DEF REACH_X      EQU 10         ; enemy half width 8 + bullet half width 2
DEF REACH_Y      EQU 12         ; enemy half height 8 + bullet half height 4
DEF RESPAWN_WAIT EQU 64         ; frames a destroyed object sits out
DEF HIDDEN_FROM  EQU 152        ; centre y in [152, 248): wholly below or above
DEF HIDDEN_TO    EQU 248        ; the 144-line screen, so not tested

; Joypad byte, Game Boy order: Down Up Left Right Start Select B A (bit 7..0).
DEF PADB_RIGHT   EQU 4
DEF PADB_LEFT    EQU 5
DEF PADB_UP      EQU 6
DEF PADB_DOWN    EQU 7

SECTION "ObjectTables", WRAM0

wObjectX::      ds MAX_OBJECTS  ; centre x
wObjectY::      ds MAX_OBJECTS  ; centre y
wObjectDir::    ds MAX_OBJECTS  ; KIND_BULLET or KIND_ENEMY
wObjectSpeed::  ds MAX_OBJECTS  ; pixels per frame
wObjectActive:: ds MAX_OBJECTS  ; 1 = alive and tested, 0 = destroyed
wObjectSteer::  ds MAX_OBJECTS  ; 1 = moved by the d-pad
wObjectHits::   ds MAX_OBJECTS  ; hits scored so far
wObjectTests::  ds MAX_OBJECTS  ; axis checks this enemy ran in its last call
wObjectWait::   ds MAX_OBJECTS  ; frames left before a destroyed object is live
wCurrentObject:: db             ; the object this call updates
wButtons::      db              ; joypad, for the steered object
wBulletSlot::   db              ; the bullet an enemy is testing

SECTION "Frame", ROM0

; hl = the entry of the current object (slot in c) in a table. Clobbers b.
ObjectEntry: MACRO
    ld hl, \1
    ld b, 0
    add hl, bc
ENDM

; hl = the entry of the bullet in wBulletSlot in a table. Clobbers a, d, e.
BulletEntry: MACRO
    ld a, [wBulletSlot]
    ld e, a
    ld d, 0
    ld hl, \1
    add hl, de
ENDM

frame::
    ld a, [wCurrentObject]
    ld c, a
    ObjectEntry wObjectTests
    ld [hl], 0
    ObjectEntry wObjectSteer
    ld a, [hl]
    and a, a
    jr z, .fly
    call SteerObject
    jr .moved
.fly:
    call FlyObject
.moved:
    call CountDownToRespawn
    ObjectEntry wObjectDir
    ld a, [hl]
    cp a, KIND_ENEMY
    ret nz
    ObjectEntry wObjectActive
    ld a, [hl]
    and a, a
    ret z
    ObjectEntry wObjectY
    ld a, [hl]
    call OnScreen
    ret nc
    jp CheckEnemyAgainstBullets

; In: a = centre y. Out: carry set when part of the object may be on screen,
; clear when it is wholly off it (centre in [HIDDEN_FROM, HIDDEN_TO)).
OnScreen:
    cp a, HIDDEN_FROM
    ret c
    cp a, HIDDEN_TO
    ccf
    ret

; Moves the current object along its kind's direction by its speed.
FlyObject:
    ObjectEntry wObjectSpeed
    ld e, [hl]
    ObjectEntry wObjectDir
    ld d, [hl]
    ObjectEntry wObjectY
    ld a, d
    cp a, KIND_ENEMY
    ld a, [hl]
    jr z, .down
    sub a, e
    ld [hl], a
    ret
.down:
    add a, e
    ld [hl], a
    ret

; A destroyed object comes back to life when its wait runs out.
CountDownToRespawn:
    ObjectEntry wObjectActive
    ld a, [hl]
    and a, a
    ret nz
    ObjectEntry wObjectWait
    dec [hl]
    ret nz
    ObjectEntry wObjectActive
    ld [hl], 1
    ret

; The d-pad moves the current object by its speed on each axis.
SteerObject:
    ObjectEntry wObjectSpeed
    ld e, [hl]
    ld a, [wButtons]
    ld d, a
    ObjectEntry wObjectX
    bit PADB_RIGHT, d
    jr z, .not_right
    ld a, [hl]
    add a, e
    ld [hl], a
.not_right:
    bit PADB_LEFT, d
    jr z, .not_left
    ld a, [hl]
    sub a, e
    ld [hl], a
.not_left:
    ObjectEntry wObjectY
    bit PADB_DOWN, d
    jr z, .not_down
    ld a, [hl]
    add a, e
    ld [hl], a
.not_down:
    bit PADB_UP, d
    jr z, .not_up
    ld a, [hl]
    sub a, e
    ld [hl], a
.not_up:
    ret

; The current enemy (slot in c) against every live bullet, in slot order.
; Stops at the first hit: the enemy is gone.
CheckEnemyAgainstBullets:
    xor a, a
    ld [wBulletSlot], a
.next_bullet:
    BulletEntry wObjectDir
    ld a, [hl]
    cp a, KIND_BULLET
    jr nz, .skip
    BulletEntry wObjectActive
    ld a, [hl]
    and a, a
    jr z, .skip
    BulletEntry wObjectY
    ld a, [hl]
    call OnScreen
    jr nc, .skip

    ; x first: no overlap there means no y check at all.
    ld hl, wObjectX
    ld a, REACH_X
    call TestAxis
    and a, a
    jr z, .skip
    ld hl, wObjectY
    ld a, REACH_Y
    call TestAxis
    and a, a
    jr z, .skip
    jp DestroyPair

.skip:
    ld hl, wBulletSlot
    inc [hl]
    ld a, [hl]
    cp a, MAX_OBJECTS
    jr c, .next_bullet
    ret

; In: hl = coordinate table, a = reach. Asks the per-axis check about the
; current enemy (first) and the bullet in wBulletSlot (second).
; Out: a = wResult. Keeps c.
TestAxis:
    ld [wSize], a
    push hl
    ld b, 0
    add hl, bc
    ld a, [hl]
    ld [wObject1Value], a
    pop hl
    ld a, [wBulletSlot]
    ld e, a
    ld d, 0
    add hl, de
    ld a, [hl]
    ld [wObject2Value], a
    ObjectEntry wObjectTests
    inc [hl]
    call CheckObjectPositionDifference
    ld a, [wResult]
    ret

; Both the current enemy and the bullet in wBulletSlot are destroyed and score.
DestroyPair:
    ObjectEntry wObjectActive
    call Destroy
    BulletEntry wObjectActive
    ; fall through

; In: hl = the object's wObjectActive entry.
Destroy:
    ld [hl], 0
    ld de, wObjectWait - wObjectActive
    add hl, de
    ld [hl], RESPAWN_WAIT
    ld de, wObjectHits - wObjectWait
    add hl, de
    inc [hl]
    ret
