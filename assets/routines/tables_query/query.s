; A tile query that takes its arguments in registers and answers in registers,
; the way many games ask "what is at this cell?": X = column, Y = row of a cell
; of the row-major room (16 cells a row). It returns the cell's metatile id in
; A and the carry set when the id is solid (SOLID_FROM or more). It never moves
; anything: the manifest presets X/Y from the cell the box would enter
; ("cell:x:next", "cell:y:next"), reads carry and A back as results, and the
; runner applies the move when the cell is free ("apply": {"unless": "blocked"}).

.export tile_query
.exportzp obj_x, obj_y
.export room

SOLID_FROM = 4

.segment "ZEROPAGE"
obj_x:  .res 1              ; the caller's position: the query never reads it
obj_y:  .res 1
tmp:    .res 1

.segment "BSS"
room:   .res 192            ; 12 rows of 16 cells: room + row * 16 + column

.segment "CODE"

.proc tile_query
        tya
        asl
        asl
        asl
        asl                 ; row * 16
        sta tmp
        txa
        and #$0F
        ora tmp
        tax
        lda room,x
        cmp #SOLID_FROM     ; carry set when id >= SOLID_FROM; A = the id
        rts
.endproc
