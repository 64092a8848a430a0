/* A box query in C (cc65): "is the box at (qx, qy), qw x qh pixels, blocked on
 * each side?". It sets four side flags, 1 when some pixel just beyond that
 * edge is solid: the column left of the box (qx - 1), the column right of it
 * (qx + qw), the row above (qy - 1) and the row below (qy + qh). Past the room's
 * edge is solid. Metatiles are 16x16 pixels, 16 a row (room_cells), bit 0 of
 * metatile_attrs is solid. A box of at most 16 pixels a side spans at most two
 * cells along each side, so the two ends of a side are enough.
 *
 * Built twice: nes_box_query_c.nes as it is, nes_box_query_c_bug.nes with
 * -D BUG, whose bottom side forgets its right end (a missed corner).
 *
 * Inputs and flags are globals, so the compiled code needs no C stack or runtime. */

unsigned char qx, qy, qw, qh;
unsigned char side_left, side_right, side_top, side_bottom;

extern unsigned char room_cells[240];
extern unsigned char metatile_attrs[16];

static unsigned char px, py;

/* Is pixel (px, py) solid? Below the room is. */
static unsigned char solid(void) {
  if (py >= 240) return 1;
  return metatile_attrs[room_cells[(unsigned char)(py & 0xF0) | (unsigned char)(px >> 4)]] & 1;
}

void box_query(void) {
  side_left = side_right = side_top = side_bottom = 0;
  if (qx == 0) {
    side_left = 1;
  } else {
    px = qx - 1;
    py = qy;
    if (solid()) side_left = 1;
    py = qy + qh - 1;
    if (solid()) side_left = 1;
  }
  if ((unsigned)qx + qw > 255) {
    side_right = 1;
  } else {
    px = qx + qw;
    py = qy;
    if (solid()) side_right = 1;
    py = qy + qh - 1;
    if (solid()) side_right = 1;
  }
  if (qy == 0) {
    side_top = 1;
  } else {
    py = qy - 1;
    px = qx;
    if (solid()) side_top = 1;
    px = qx + qw - 1;
    if (solid()) side_top = 1;
  }
  py = qy + qh;
  px = qx;
  if (solid()) side_bottom = 1;
#ifndef BUG
  px = qx + qw - 1;
  if (solid()) side_bottom = 1;
#endif
}
