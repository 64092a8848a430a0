; The demo's room and graphics, copied into RAM (room_cells, metatile_attrs)
; and CHR-RAM at reset. nrom_demo.map.json holds the same room for
; Collidoscope.
;
; Metatiles: 0 floor, 1 wall (solid), 2 block (solid), 3 grass.
; Each metatile is drawn as 2x2 copies of the tile with its own number.

.export room_data, metatile_attr_data, chr_tiles
.exportzp CHR_TILE_BYTES

ROOM_CELLS = 16 * 15
CHR_TILE_BYTES = 5 * 16

.segment "RODATA"

; 16x15 cells, row-major, one metatile id a cell.
room_data:
        .byte 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1
        .byte 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 3, 3, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        .byte 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
.assert * - room_data = ROOM_CELLS, error, "room_data must be 16x15 cells"

; One byte per metatile, bit 0 = solid.
metatile_attr_data:
        .byte 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0

; Tiles 0-3 draw metatiles 0-3, tile 4 is the player; NES planar, 16 bytes each.
chr_tiles:
        .byte $00, $00, $00, $10, $00, $00, $04, $00, $00, $00, $00, $00, $00, $00, $00, $00
        .byte $10, $10, $FF, $44, $44, $FF, $10, $FF, $EF, $EF, $FF, $BB, $BB, $FF, $EF, $FF
        .byte $FF, $81, $81, $81, $81, $81, $81, $FF, $01, $7F, $7F, $7F, $7F, $7F, $7F, $FF
        .byte $00, $44, $22, $00, $11, $88, $40, $00, $00, $44, $22, $00, $11, $88, $40, $00
        .byte $3C, $7E, $FF, $FF, $FF, $FF, $7E, $3C, $3C, $42, $A5, $81, $A5, $99, $42, $3C
