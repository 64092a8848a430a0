; A point query: "is the pixel (A, Y) solid?". In: A = pixel x, Y = pixel y
; (room pixels, 16x16 metatiles, 16 cells a row). Out: carry set = solid.
; Below the room (y >= 240) is solid. Clobbers A and X.
;
; Built twice: nes_point_query.nes as it is, nes_point_query_bug.nes with
; -D BUG, which looks one pixel to the right of the point asked about (an
; off-by-one that only shows on the last pixel column of a cell).

.export point_solid
.import room_cells, metatile_attrs

.segment "ZEROPAGE"
q_column: .res 1

.segment "CODE"

.proc point_solid
        cpy #240
        bcs solid
.ifdef BUG
        clc
        adc #1                  ; BUG: the pixel to the right
.endif
        lsr a                   ; column = x / 16
        lsr a
        lsr a
        lsr a
        sta q_column
        tya                     ; row * 16 = y & $F0
        and #$F0
        ora q_column
        tax
        lda room_cells,x
        tax
        lda metatile_attrs,x
        lsr a                   ; bit 0 (solid) into carry
        rts
solid:  sec
        rts
.endproc
