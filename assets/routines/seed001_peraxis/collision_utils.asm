; Seed 001: the per-axis overlap check of a Game Boy shooter, written for
; Collidoscope. One call answers one axis: are two objects' coordinates within
; wSize of each other? The caller runs it for x, and for y only when x overlaps.
;
; The bounds are computed in 8 bits, so they wrap: near 0 and near 255 the
; answer is "apart" even for objects on top of each other. The window around
; wObject1Value is half-open: wObject1Value - wSize is outside, wObject1Value +
; wSize is inside (two boxes that only touch on that side count as a hit).

SECTION "CollisionUtilsVariables", WRAM0

wResult::       db              ; out: 1 = the axis overlaps, 0 = apart
wSize::         db              ; in: the largest distance that still overlaps
wObject1Value:: db              ; in: first object's coordinate (the enemy)
wObject2Value:: db              ; in: second object's coordinate (the bullet)

SECTION "CollisionUtils", ROM0

; In:  wObject1Value, wObject2Value, wSize
; Out: wResult = 1 when (first - size) < second <= (first + size), each bound
;      taken modulo 256 and compared unsigned; else 0.
; Clobbers a, b, d, e and the flags.
CheckObjectPositionDifference::
    ld a, [wSize]
    ld d, a                     ; d = size
    ld a, [wObject2Value]
    ld b, a                     ; b = second
    ld a, [wObject1Value]
    ld e, a                     ; e = first

    ; Far bound: first + size, wrapping past 255.
    add a, d
    cp a, b
    jr c, .apart                ; first + size < second

    ; Near bound: first - size, wrapping below 0.
    ld a, e
    sub a, d
    cp a, b
    jr nc, .apart               ; first - size >= second

    ld a, 1
    ld [wResult], a
    ret

.apart:
    ld a, 0
    ld [wResult], a
    ret
