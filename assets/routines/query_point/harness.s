; The flat-bus twin of nes_point_query: the very same point_query.s with the
; two tables it reads (the game's shell.s keeps them in RAM) and the position
; the runner passes in A and Y. The runner writes the room into the tables;
; the entry is point_solid itself.

.export room_cells, metatile_attrs

.segment "ZEROPAGE"
player_x: .res 1
player_y: .res 1
buttons:  .res 1

.segment "BSS"
room_cells:     .res 16 * 15
metatile_attrs: .res 16
