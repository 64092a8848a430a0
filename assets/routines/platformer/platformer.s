; A small side-view platformer: one player with 8.8 fixed-point velocity,
; gravity, a jump from the ground only, solid floors, walls and ceilings,
; one-way platforms and a ladder op-code.
;
; Order of work in one call of `frame` (explicit Euler: position, then velocity):
;   1. move by the velocity the frame starts with: x by the high byte of vx,
;      then y by the high byte of vy, one pixel at a time, stopping flush
;      against the first cell that blocks the direction of travel;
;   2. then update the velocity for the next frame: d-pad acceleration or
;      friction, gravity (or the ladder), the jump.
; So the move of a frame is decided by obj_vx/obj_vy as they are *before* the
; call, which is what the manifest's `"motion": {"from": "velocity"}` reads.
;
; Position is whole pixels; the move is the velocity's high byte alone (an
; arithmetic shift, the floor: -0.25 px/frame moves -1 px, +0.25 moves 0).
; The low byte only accumulates acceleration and gravity.
;
; Attribute byte per metatile (the project's own layout, manifest format
; "mrn"): bit 0 blocks moving left into the cell, bit 1 right, bit 2 down,
; bit 3 up, bit 4 the ladder op-code. A one-way platform is bit 2 alone: it
; stops a fall whose feet cross its top edge from the row above, and nothing
; else. The cell a box already overlaps never stops it, so a jump passes up
; through a platform and the fall that follows passes on down until the feet
; leave it; they land only when they next cross a top edge from above.

.export frame
.exportzp buttons, obj_x, obj_y, obj_vx, obj_vy, obj_state, obj_pad
.export room, tile_attr

; Hitbox inside the 16x16 sprite whose top-left is (obj_x, obj_y).
HB_X         = 2
HB_Y         = 0
HB_W         = 12
HB_H         = 16

BLOCK_LEFT   = $01
BLOCK_RIGHT  = $02
BLOCK_DOWN   = $04
BLOCK_UP     = $08
OP_LADDER    = $10

BUTTON_A     = $80
BUTTON_UP    = $08
BUTTON_DOWN  = $04
BUTTON_LEFT  = $02
BUTTON_RIGHT = $01

ACCEL        = $40          ; 0.25 px/frame per frame, run and friction
RUN_MAX_HI   = $02          ; +-2.0 px/frame
GRAVITY      = $40          ; 0.25 px/frame per frame
FALL_MAX_HI  = $04          ; 4.0 px/frame
JUMP_HI      = $FC          ; -4.0 px/frame
CLIMB_HI     = $01          ; 1.0 px/frame on a ladder

; obj_state bits, written by each call (the run table shows them)
ST_GROUND    = $01          ; standing on a cell that blocks down
ST_LADDER    = $02          ; overlapping a ladder cell
ST_HIT_WALL  = $04          ; the x move was stopped this frame
ST_HIT_FLOOR = $08          ; the y move was stopped going down
ST_HIT_CEIL  = $10          ; the y move was stopped going up

.segment "ZEROPAGE"
obj_x:     .res 1
obj_y:     .res 1
obj_vx:    .res 2           ; signed 8.8, little-endian
obj_vy:    .res 2
obj_state: .res 1
obj_pad:   .res 1           ; last frame's buttons, for the jump's new press
buttons:   .res 1           ; A B Select Start Up Down Left Right
steps:     .res 1           ; pixels left to move on the current axis
probe_bit: .res 1           ; the block bit the probe tests
line:      .res 1           ; the column (row) the probe scans
first:     .res 1           ; first and last row (column) of the scan
last:      .res 1
pressed:   .res 1           ; buttons down this frame and not the last

.segment "BSS"
room:      .res 240         ; 16 x 15 metatile ids, row-major
tile_attr: .res 16          ; attribute byte per metatile id

.segment "CODE"

.proc frame
        lda #0
        sta obj_state
        jsr move_x
        jsr move_y
.ifdef ONEWAY_SNAP
        jsr snap_onto_platform
.endif
        jsr update_velocity
        lda buttons
        sta obj_pad
        rts
.endproc

; ---------------------------------------------------------------- moving

.proc move_x
        lda obj_vx+1
        beq done
        bmi left
        sta steps
:       jsr probe_right
        bcs blocked
        inc obj_x
        dec steps
        bne :-
        rts
left:   eor #$FF            ; -hi = number of pixels to the left
        clc
        adc #1
        sta steps
:       jsr probe_left
        bcs blocked
        dec obj_x
        dec steps
        bne :-
        rts
blocked:
        lda obj_state
        ora #ST_HIT_WALL
        sta obj_state
done:   rts
.endproc

.proc move_y
        lda obj_vy+1
        beq done
        bmi up
        sta steps
:       jsr probe_down
        bcs floor
        inc obj_y
        dec steps
        bne :-
        rts
up:     eor #$FF
        clc
        adc #1
        sta steps
:       jsr probe_up
        bcs ceiling
        dec obj_y
        dec steps
        bne :-
        rts
floor:  lda #ST_HIT_FLOOR
        bne mark
ceiling:
        lda #ST_HIT_CEIL
mark:   ora obj_state
        sta obj_state
done:   rts
.endproc

.ifdef ONEWAY_SNAP
; The bug variant (manifest_snap.json): the common shortcut for one-way
; platforms. Any fall whose feet end inside a cell that blocks down lands on
; its top, wherever the feet came from. A fall from above ends flush on top,
; as it should; but a fall that starts with the feet already inside the
; platform (the way down from a jump into it) pops up onto it, where a
; one-way platform lets it pass: the audit calls these FALSE-BLOCK.
.proc snap_onto_platform
        lda obj_vy+1
        beq done
        bmi done
        lda obj_y
        clc
        adc #HB_Y + HB_H - 1    ; the feet's row
        tax
        lda #BLOCK_DOWN
        jsr probe_row_x
        bcc done
        lda obj_y
        clc
        adc #HB_Y + HB_H - 1
        and #$F0
        sec
        sbc #HB_Y + HB_H        ; feet on the row's top edge
        sta obj_y
        lda obj_state
        ora #ST_HIT_FLOOR
        sta obj_state
done:   rts
.endproc
.endif

; Each probe answers for a one-pixel step: carry set when it is refused.
; A step is checked only when the leading edge enters a new column (row);
; then every cell the box spans across the axis is tested for the bit.

.proc probe_right
        lda obj_x
        clc
        adc #HB_X + HB_W    ; the pixel the right edge steps onto
        tax
        and #$0F
        bne free
        lda #BLOCK_RIGHT
        jmp probe_column_x
free:   clc
        rts
.endproc

.proc probe_left
        lda obj_x
        clc
        adc #HB_X
        and #$0F
        bne free
        lda obj_x
        clc
        adc #<(HB_X - 1)
        tax
        lda #BLOCK_LEFT
        jmp probe_column_x
free:   clc
        rts
.endproc

.proc probe_down
        lda obj_y
        clc
        adc #HB_Y + HB_H    ; the pixel the bottom edge steps onto
        tax
        and #$0F
        bne free
        lda #BLOCK_DOWN
        jmp probe_row_x
free:   clc
        rts
.endproc

.proc probe_up
        lda obj_y
        clc
        adc #HB_Y
        and #$0F
        bne free
        lda obj_y
        clc
        adc #<(HB_Y - 1)
        tax
        lda #BLOCK_UP
        jmp probe_row_x
free:   clc
        rts
.endproc

; The column of pixel x = X, rows of the box's top to bottom, bit A.
.proc probe_column_x
        sta probe_bit
        txa
        lsr
        lsr
        lsr
        lsr
        sta line
        lda obj_y
        clc
        adc #HB_Y
        and #$F0
        sta first           ; row * 16
        lda obj_y
        clc
        adc #HB_Y + HB_H - 1
        and #$F0
        sta last
loop:   lda first
        ora line
        tax
        ldy room,x
        lda tile_attr,y
        and probe_bit
        bne hit
        lda first
        cmp last
        beq miss
        clc
        adc #16
        sta first
        bne loop
miss:   clc
        rts
hit:    sec
        rts
.endproc

; The row of pixel y = X, columns of the box's left to right, bit A.
.proc probe_row_x
        sta probe_bit
        txa
        and #$F0
        sta line            ; row * 16
        lda obj_x
        clc
        adc #HB_X
        lsr
        lsr
        lsr
        lsr
        sta first
        lda obj_x
        clc
        adc #HB_X + HB_W - 1
        lsr
        lsr
        lsr
        lsr
        sta last
loop:   lda first
        ora line
        tax
        ldy room,x
        lda tile_attr,y
        and probe_bit
        bne hit
        lda first
        cmp last
        beq miss
        inc first
        bne loop
miss:   clc
        rts
hit:    sec
        rts
.endproc

; --------------------------------------------------------- next velocity

.proc update_velocity
        lda buttons
        eor obj_pad
        and buttons
        sta pressed
        jsr update_vx
        jsr find_ladder
        jsr find_ground
        jmp update_vy
.endproc

; Run toward the held direction by ACCEL up to RUN_MAX, else slow down by
; ACCEL to a stop. A wall that stopped the move stops the run.
.proc update_vx
        lda obj_state
        and #ST_HIT_WALL
        beq :+
        lda #0
        sta obj_vx
        sta obj_vx+1
:       lda buttons
        and #BUTTON_RIGHT
        bne right
        lda buttons
        and #BUTTON_LEFT
        bne left
        lda obj_vx+1
        bmi slow_left
        ora obj_vx
        beq done            ; already still
        lda obj_vx          ; moving right: subtract, stop at 0
        sec
        sbc #ACCEL
        sta obj_vx
        lda obj_vx+1
        sbc #0
        sta obj_vx+1
        bpl done
        bmi stop
slow_left:
        lda obj_vx
        clc
        adc #ACCEL
        sta obj_vx
        lda obj_vx+1
        adc #0
        sta obj_vx+1
        bmi done
stop:   lda #0
        sta obj_vx
        sta obj_vx+1
done:   rts
right:  lda obj_vx
        clc
        adc #ACCEL
        sta obj_vx
        lda obj_vx+1
        adc #0
        sta obj_vx+1
        bmi done
        cmp #RUN_MAX_HI
        bcc done
        lda #0
        sta obj_vx
        lda #RUN_MAX_HI
        sta obj_vx+1
        rts
left:   lda obj_vx
        sec
        sbc #ACCEL
        sta obj_vx
        lda obj_vx+1
        sbc #0
        sta obj_vx+1
        bpl done
        cmp #<-RUN_MAX_HI
        bcs done
        lda #0
        sta obj_vx
        lda #<-RUN_MAX_HI
        sta obj_vx+1
        rts
.endproc

; ST_LADDER when any cell under the box has the ladder op-code.
.proc find_ladder
        lda obj_y
        clc
        adc #HB_Y
        tax
        lda #OP_LADDER
        jsr probe_row_x
        bcs found
        lda obj_y
        clc
        adc #HB_Y + HB_H - 1
        tax
        lda #OP_LADDER
        jsr probe_row_x
        bcc done
found:  lda obj_state
        ora #ST_LADDER
        sta obj_state
done:   rts
.endproc

; ST_GROUND when a step down would be refused and the box is not rising:
; feet on a floor or a one-way platform. (Rising through a platform whose
; top the feet just reached is not standing on it.)
.proc find_ground
        lda obj_vy+1
        bmi done
        jsr probe_down
        bcc done
        lda obj_state
        ora #ST_GROUND
        sta obj_state
done:   rts
.endproc

; On a ladder: Up/Down climb at CLIMB speed, and with neither held the box
; holds still (no gravity). A ceiling stops a rise. On the ground the fall
; stops and a new press of A jumps; in the air gravity adds up to FALL_MAX.
.proc update_vy
        lda obj_state
        and #ST_HIT_CEIL
        beq :+
        lda #0
        sta obj_vy
        sta obj_vy+1
:       lda obj_state
        and #ST_LADDER
        beq not_ladder
        lda #0
        sta obj_vy
        sta obj_vy+1
        lda buttons
        and #BUTTON_UP
        beq :+
        lda #<-CLIMB_HI
        sta obj_vy+1
        rts
:       lda buttons
        and #BUTTON_DOWN
        beq not_ladder
        lda #CLIMB_HI
        sta obj_vy+1
        rts
not_ladder:
        lda obj_state
        and #ST_GROUND
        beq air
        lda #0
        sta obj_vy
        sta obj_vy+1
        lda pressed
        and #BUTTON_A
        beq done
        lda #JUMP_HI
        sta obj_vy+1
done:   rts
air:    lda obj_state
        and #ST_LADDER
        bne done            ; holding on to the ladder
        lda obj_vy
        clc
        adc #GRAVITY
        sta obj_vy
        lda obj_vy+1
        adc #0
        sta obj_vy+1
        bmi done
        cmp #FALL_MAX_HI
        bcc done
        lda #0
        sta obj_vy
        lda #FALL_MAX_HI
        sta obj_vy+1
        rts
.endproc
