/* Runs Ian Piumarta's lib6502 on a 64 KiB 6502 image from START for exactly
 * INSTRUCTIONS instructions, REPEAT times, and prints the median CPU seconds
 * of one run and the PC it stops at. lib6502 has no instruction budget:
 * bench/compare_lib6502.sh builds a copy whose opcode fetch counts one down
 * (lib6502_budget) and returns when it runs out. Not part of the CMake build.
 *
 *   lib6502_driver IMAGE START INSTRUCTIONS REPEAT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib6502.h"

unsigned long long lib6502_budget;

static double cpuSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int byValue(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s IMAGE START INSTRUCTIONS REPEAT\n", argv[0]);
    return 2;
  }
  static uint8_t image[0x10000];
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(image, 1, sizeof image, f) != sizeof image) {
    fprintf(stderr, "%s: cannot read a 64 KiB image\n", argv[1]);
    return 2;
  }
  fclose(f);
  const unsigned start = (unsigned)strtoul(argv[2], NULL, 0);
  const unsigned long long instructions = strtoull(argv[3], NULL, 0);
  const int repeat = atoi(argv[4]);
  if (instructions == 0 || repeat < 1 || repeat > 100) {
    fprintf(stderr, "INSTRUCTIONS must be > 0 and REPEAT 1..100\n");
    return 2;
  }
  double times[100];
  unsigned pc = 0;
  for (int i = 0; i < repeat; ++i) {
    M6502 *mpu = M6502_new(0, 0, 0);
    memcpy(mpu->memory, image, sizeof image);
    mpu->registers->pc = (uint16_t)start;
    mpu->registers->s = 0xFF;
    mpu->registers->p = 0x24;
    /* The first fetch is counted too: one more than the instructions to run. */
    lib6502_budget = instructions + 1;
    const double t0 = cpuSeconds();
    M6502_run(mpu);
    times[i] = cpuSeconds() - t0;
    pc = mpu->registers->pc;
    M6502_delete(mpu);
  }
  qsort(times, (size_t)repeat, sizeof times[0], byValue);
  printf("%.6f %04X\n", times[repeat / 2], pc);
  return 0;
}
