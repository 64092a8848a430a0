; The demo's room and tiles, in ROMX bank 2 beside CollidePlayer; Start maps
; the bank, then copies them into WRAM (wRoomCells, wMetatileAttrs) and VRAM.
; gb_mbc1_demo.map.json holds the same room for Collidoscope.
;
; Metatiles (one 8x8 tile each, tile id = metatile id): 0 floor, 1 wall
; (solid), 2 block (solid), 3 grass.

INCLUDE "hardware.inc"

SECTION "RoomData", ROMX, BANK[2]

; 20x18 cells, row-major, one metatile id a cell.
RoomData::
    db 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1
    db 1, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    db 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
RoomDataEnd::

; One byte per metatile, bit 0 = solid.
MetatileAttrData::
    db 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0

; Tiles 0-3, Game Boy 2bpp (16 bytes each).
TileData::
    db $00, $00, $00, $00, $00, $00, $10, $00, $00, $00, $00, $00, $04, $00, $00, $00
    db $10, $EF, $10, $EF, $FF, $FF, $44, $BB, $44, $BB, $FF, $FF, $10, $EF, $FF, $FF
    db $FF, $01, $81, $7F, $81, $7F, $81, $7F, $81, $7F, $81, $7F, $81, $7F, $FF, $FF
    db $00, $00, $44, $44, $22, $22, $00, $00, $11, $11, $88, $88, $40, $40, $00, $00
TileDataEnd::
