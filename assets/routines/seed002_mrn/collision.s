; Seed 002: metatile background collision, one collision byte per metatile.
;
; Written for Collidoscope from the algorithm in shared/seeds/002 (MRN's "Game
; Engine Building #7"); the memory layout, calling convention and quirks match
; the article so that a user who pastes the original sees the same behaviour:
;
; - The room data starts with a metatile-bank byte, followed by 16x15 metatile
;   indices, one row of 16 per 16 pixels. `collideptr` points at the bank byte.
; - Each metatile entry is 4 tile ids followed by the collision byte
;   %oooo_UDRL (op-codes, then Up/Down/Right/Left solid bits).
; - The box corners are fixed offsets from (sprite_horizontal, sprite_vertical):
;   top = y+2, bottom = y+16, left = x+3, right = left+9.
; - Cell indices come from repeated subtraction of 16; the right corner is the
;   left corner's remainder plus 9, so it is at most one column further.
; - Snap-back positions come from two tables tuned by hand in the article;
;   only the direction of travel is checked, at its two leading corners.
; - Rows past 14 read beyond the room and the vertical table (the article's
;   "jumps to a random point at the edge of the screen").

.export Collision_Detection, Find_Collision_Meta_Tiles
.exportzp collideptr, sprite_vertical, sprite_horizontal, enemy_number
.exportzp collision_index, collide_metatile, collide_vertical, collide_horizontal
.exportzp collide_data, collide_position
.export enemy_direction, meta_tile_sets, vertical_positions, horizontal_positions
.import direction_change

DIR_UP    = 0
DIR_DOWN  = 1
DIR_RIGHT = 2
DIR_LEFT  = 3

.segment "ZEROPAGE"
collideptr:          .res 2   ; -> room data (bank byte, then cells)
meta_tile_sets_ptr:  .res 2   ; -> the current set's table of entry pointers
meta_tile_ptr:       .res 2   ; -> one metatile entry
sprite_vertical:     .res 1   ; the entity being checked, copied in by the caller
sprite_horizontal:   .res 1
enemy_number:        .res 1   ; 0 = the player, 1..3 = NPCs
collision_index:     .res 4   ; room-data index of each corner (TL, TR, BL, BR)
collide_metatile:    .res 4   ; metatile under each corner
collide_vertical:    .res 4   ; corner y coordinates
collide_horizontal:  .res 4   ; corner x coordinates
collide_data:        .res 4   ; collision byte under each corner
collide_position:    .res 4   ; snap positions: down, up, right, left

.segment "BSS"
enemy_direction:     .res 4   ; per entity: 0 up, 1 down, 2 right, 3 left

.segment "CODE"

; Checks the entity in sprite_horizontal/sprite_vertical moving in
; enemy_direction[enemy_number]; on impact snaps it back and, for NPCs,
; calls direction_change.
.proc Collision_Detection
        lda #0                      ; indices and snap counters are built by INC/ADC
        ldx #3
clear:  sta collision_index,x
        sta collide_position,x
        dex
        bpl clear

        jsr Find_Collision_Meta_Tiles

        ldx enemy_number
        ldy enemy_direction,x
        cpy #DIR_LEFT               ; any value past 2 is treated as left
        bcc known
        ldy #DIR_LEFT
known:  ldx lead_corner_a,y         ; first leading corner
        lda collide_data,x
        and direction_bit,y
        bne impact
        ldx lead_corner_b,y         ; second leading corner
        lda collide_data,x
        and direction_bit,y
        beq done
impact: ldx snap_slot,y
        lda collide_position,x
        cpy #DIR_RIGHT
        bcs sideways
        sta sprite_vertical
        bcc bounce                  ; always taken: carry is clear here
sideways:
        sta sprite_horizontal
bounce: lda enemy_number            ; the player is steered by the pad, not bounced
        beq done
        jsr direction_change
done:   rts
.endproc

; Fills collide_metatile, collide_position and collide_data for the 4 corners.
.proc Find_Collision_Meta_Tiles
        ; Corner coordinates: rows at +2 and +16, columns at +3 and +12.
        lda sprite_vertical
        clc
        adc #$02
        sta collide_vertical
        sta collide_vertical+1
        lda sprite_vertical
        clc
        adc #$10
        sta collide_vertical+2
        sta collide_vertical+3
        lda sprite_horizontal
        clc
        adc #$03
        sta collide_horizontal
        sta collide_horizontal+2
        lda sprite_horizontal
        clc
        adc #$0C
        sta collide_horizontal+1
        sta collide_horizontal+3

        ldx #0                      ; X = 0: top corners, X = 2: bottom corners
edge:   lda collide_vertical,x
rows:   cmp #$10                    ; one row of the room per 16 pixels
        bcc columns
        sec
        sbc #$10
        tay
        lda collision_index,x
        clc
        adc #$10
        sta collision_index,x
        inc collide_position,x      ; rows counted for the snap tables
        tya
        jmp rows
columns:
        lda collide_horizontal,x
cols:   cmp #$10
        bcc right_corner
        sec
        sbc #$10
        inc collision_index,x
        inc collide_position+1,x    ; columns counted for the snap tables
        jmp cols
right_corner:
        ; A holds the left corner's offset inside its cell. The right corner is
        ; 9 pixels on: the same cell or the next one.
        tay
        lda collision_index,x
        sta collision_index+1,x
        tya
        clc
        adc #$09
        cmp #$10
        bcc skip_bank
        inc collision_index+1,x
skip_bank:
        inc collision_index,x       ; room data starts with the bank byte
        inc collision_index+1,x
        ldy collision_index,x
        lda (collideptr),y
        sta collide_metatile,x
        ldy collision_index+1,x
        lda (collideptr),y
        sta collide_metatile+1,x
        inx
        inx
        cpx #4
        bne edge

        ; Snap positions from the top edge's row and column counts.
        ldx collide_position        ; rows above the top corners
        lda vertical_positions,x
        sta collide_position        ; moving down
        inx
        lda vertical_positions,x
        ldx collide_position+1      ; columns left of the left corners
        sta collide_position+1
        dec collide_position+1      ; moving up
        lda horizontal_positions,x
        clc
        adc #$06
        sta collide_position+2      ; moving right
        inx
        lda horizontal_positions,x
        sta collide_position+3      ; moving left

        ; Collision bytes: bank byte -> set of entry pointers -> entry byte 4.
        ldy #0
        lda (collideptr),y
        and #%00111111
        asl a
        tax
        lda meta_tile_sets,x
        sta meta_tile_sets_ptr
        lda meta_tile_sets+1,x
        sta meta_tile_sets_ptr+1
        ldx #0
corner: lda collide_metatile,x
        asl a
        tay
        lda (meta_tile_sets_ptr),y
        sta meta_tile_ptr
        iny
        lda (meta_tile_sets_ptr),y
        sta meta_tile_ptr+1
        ldy #4
        lda (meta_tile_ptr),y
        sta collide_data,x
        inx
        cpx #4
        bne corner
        rts
.endproc

.segment "RODATA"
; Per direction (up, down, right, left): the bit to test, the two leading
; corners (0 TL, 1 TR, 2 BL, 3 BR) and which collide_position holds the snap.
direction_bit:  .byte %00001000, %00000100, %00000010, %00000001
lead_corner_a:  .byte 0, 2, 1, 0
lead_corner_b:  .byte 1, 3, 3, 2
snap_slot:      .byte 1, 0, 2, 3

; The article's hand-tuned snap tables. They are adjacent on purpose: a row
; count of 15 reads the first horizontal entry, as the original does.
vertical_positions:
        .byte $00,$0F,$1F,$2F,$3F,$4F,$5F,$6F,$7F,$8F,$9F,$AF,$BF,$CF,$DF
horizontal_positions:
        .byte $00,$0D,$1D,$2D,$3D,$4D,$5D,$6D,$7D,$8D,$9D,$AD,$BD,$CD,$DD,$ED

.import metatile_entries
METATILE_COUNT = 32
; One metatile set; its entries live in RAM so Collidoscope can edit them.
meta_tile_sets:
        .word metatile_set0
metatile_set0:
.repeat METATILE_COUNT, i
        .word metatile_entries + i * 5
.endrepeat
