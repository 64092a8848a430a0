; Game Boy actors demo: two actors, kept in an array of structs (wActors, six
; bytes each: kind, x, y, dir, timer, spare), walk a 20x18-cell room with the
; d-pad, stopped by solid cells. The room holds two bytes a cell (id,
; attribute). Every frame the main loop calls MoveActor (actors.asm) once per
; actor with its index in wActorSlot. 32 KiB ROM, no MBC.
; Build: collido asm --cpu sm83 main.asm actors.asm room.asm -o gb_actors.gb
;        --sym gb_actors.sym   (see ../README.md)

INCLUDE "hardware.inc"

SECTION "VBlankVector", ROM0[$40]
    jp VBlank

SECTION "Header", ROM0[$100]
    nop
    jp Start
    db $CE, $ED, $66, $66, $CC, $0D, $00, $0B, $03, $73, $00, $83, $00, $0C, $00, $0D
    db $00, $08, $11, $1F, $88, $89, $00, $0E, $DC, $CC, $6E, $E6, $DD, $DD, $D9, $99
    db $BB, $BB, $67, $63, $6E, $0E, $EC, $CC, $DD, $DC, $99, $9F, $BB, $B9, $33, $3E
    db "COLLIDO ACTORS", 0      ; $0134: title, 15 bytes
    db $00                      ; $0143: DMG only
    db "00"                     ; $0144: new licensee
    db $00                      ; $0146: no SGB
    db $00                      ; $0147: ROM only
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

hFrameCount::   db

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
    ld hl, RoomData
    ld de, wRoomCells
    ld bc, RoomDataEnd - RoomData
    call Copy
    ld hl, MetatileAttrData
    ld de, wMetatileAttrs
    ld bc, METATILES
    call Copy
    ld hl, ActorStart
    ld de, wActors
    ld bc, ACTORS * ACTOR_SIZE
    call Copy
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
    halt
    call ReadJoypad
    xor a
.actor:
    ld [wActorSlot], a
    call MoveActor
    ld a, [wActorSlot]
    inc a
    cp ACTORS
    jr nz, .actor
    jr main_loop

VBlank:
    push af
    ldh a, [hFrameCount]
    inc a
    ldh [hFrameCount], a
    pop af
    reti

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

; kind, x, y, dir, timer, spare
ActorStart:
    db 1, 16, 16, 0, 0, 0
    db 2, 96, 64, 0, 0, 0
