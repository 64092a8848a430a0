; The per-entity frame harness for seed 002, the way the article's game loop
; runs each character: move (the pad for the player, the current direction for
; NPCs), copy the position into sprite_horizontal/sprite_vertical, run
; Collision_Detection, copy it back. Collidoscope calls `frame` once per entity
; per frame with enemy_number set.

.export frame, direction_change, metatile_entries, room_data
.export entity_x, entity_y, entity_speed
.exportzp buttons, rng
.import Collision_Detection, enemy_direction
.importzp collideptr, sprite_vertical, sprite_horizontal, enemy_number

BUTTON_RIGHT = $01
BUTTON_LEFT  = $02
BUTTON_DOWN  = $04
BUTTON_UP    = $08

.segment "ZEROPAGE"
buttons:        .res 1      ; controller byte: A B Select Start Up Down Left Right
rng:            .res 1      ; state of the NPCs' direction picker

.segment "BSS"
entity_x:       .res 4
entity_y:       .res 4
entity_speed:   .res 4      ; pixels per frame
room_data:      .res 1 + 16 * 15        ; metatile bank byte, then the cells
metatile_entries: .res 32 * 5           ; 4 tile ids + collision byte each

.segment "CODE"

.proc frame
        lda #<room_data              ; the room loader points the collision code here
        sta collideptr
        lda #>room_data
        sta collideptr+1
        ldx enemy_number
        bne npc
        jsr handle_input
        jmp collide
npc:    jsr move_along_direction
collide:
        ldx enemy_number
        lda entity_y,x
        sta sprite_vertical
        lda entity_x,x
        sta sprite_horizontal
        jsr Collision_Detection
        ldx enemy_number
        lda sprite_vertical
        sta entity_y,x
        lda sprite_horizontal
        sta entity_x,x
        rts
.endproc

; The player: the first pressed of Up, Down, Left, Right picks the direction
; and moves; with nothing pressed the player stays (and still gets checked).
.proc handle_input
        ldx #0
        lda buttons
        ldy #0                       ; DIR_UP
        and #BUTTON_UP
        bne go
        lda buttons
        iny                          ; DIR_DOWN
        and #BUTTON_DOWN
        bne go
        lda buttons
        ldy #3                       ; DIR_LEFT
        and #BUTTON_LEFT
        bne go
        lda buttons
        ldy #2                       ; DIR_RIGHT
        and #BUTTON_RIGHT
        bne go
        rts
go:     tya
        sta enemy_direction,x
        jmp move_along_direction
.endproc

; Moves entity X by its speed along enemy_direction.
.proc move_along_direction
        lda enemy_direction,x
        beq up
        cmp #1
        beq down
        cmp #2
        beq right
left:   lda entity_x,x
        sec
        sbc entity_speed,x
        sta entity_x,x
        rts
right:  lda entity_x,x
        clc
        adc entity_speed,x
        sta entity_x,x
        rts
up:     lda entity_y,x
        sec
        sbc entity_speed,x
        sta entity_y,x
        rts
down:   lda entity_y,x
        clc
        adc entity_speed,x
        sta entity_y,x
        rts
.endproc

; An NPC that hit something turns to one of the three other directions.
.proc direction_change
        lda rng                      ; rng = rng * 5 + 17
        asl a
        asl a
        clc
        adc rng
        clc
        adc #17
        sta rng
        lsr a
        lsr a
        lsr a
        and #$03
        cmp #3
        bne turn
        lda #0
turn:   sec                          ; turn by 1, 2 or 3 quarter turns
        ldx enemy_number
        adc enemy_direction,x
        and #$03
        sta enemy_direction,x
        rts
.endproc
