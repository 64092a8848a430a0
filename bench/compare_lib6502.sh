#!/usr/bin/env bash
# Compares emu6502's fast path with Ian Piumarta's lib6502 on the same 6502
# program for the same instruction count, on CPU time (the machine may be shared).
#
#   bench/compare_lib6502.sh LIB6502_DIR IMAGE [INSTRUCTIONS] [START]
#
# LIB6502_DIR: a lib6502 source tree (lib6502.c, lib6502.h), kept outside this
#   repository; it is copied to a temporary directory and built there with -O2.
# IMAGE: a 64 KiB image, e.g. Klaus Dormann's 6502_functional_test.bin.
# INSTRUCTIONS: default 26,000,000. lib6502 fails the functional test's
#   decimal-mode checks after 26,771,596 instructions and loops on the error
#   trap from then on; below that count both cores run the same instructions
#   (the script checks that they stop at the same PC).
# START: default 0x400 (the functional test's entry).
#
# BUILD_DIR (default: build) must be configured with -DCOLLIDOSCOPE_BENCH=ON;
# the script builds bench_emu6502 there. REPEAT (default 5) runs per core.
# Prints each core's instructions per second and the ratio emu6502 / lib6502.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
lib_dir=$1
image=$2
instructions=${3:-26000000}
start=${4:-0x400}
repeat=${REPEAT:-5}
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD_DIR:-$here/../build}

for f in "$lib_dir/lib6502.c" "$lib_dir/lib6502.h" "$image"; do
  [[ -f $f ]] || { echo "compare_lib6502: $f: no such file" >&2; exit 2; }
done

work=$(mktemp -d /tmp/collidoscope-lib6502.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$lib_dir/lib6502.c" "$lib_dir/lib6502.h" "$work/"
# lib6502 runs until a callback stops it. Give its threaded opcode fetch a
# budget instead: count down, and return with the registers written back.
fetch='^# define fetch()[[:space:]]*tpc= itabp\[memory\[PC++\]\]$'
grep -q "$fetch" "$work/lib6502.c" || {
  echo "compare_lib6502: $lib_dir/lib6502.c: no threaded fetch() to instrument" >&2
  exit 2
}
sed -i "s/$fetch/# define fetch() if (!--lib6502_budget) { externalise(); return; } tpc= itabp[memory[PC++]]/" \
  "$work/lib6502.c"
sed -i '1i extern unsigned long long lib6502_budget;' "$work/lib6502.c"
${CC:-cc} -O2 -w -I"$work" "$work/lib6502.c" "$here/lib6502_driver.c" -o "$work/lib6502_driver"

cmake --build "$build" --target bench_emu6502 >/dev/null
read -r lib_seconds lib_pc < <("$work/lib6502_driver" "$image" "$start" "$instructions" "$repeat")

csv=$(EMU6502_BENCH_IMAGE=$image EMU6502_BENCH_START=$start EMU6502_BENCH_INSTRUCTIONS=$instructions \
  "$build/bench/bench_emu6502" --benchmark_filter='^BM_Emu6502_Image$' --benchmark_format=csv \
  --benchmark_repetitions="$repeat" 2>/dev/null | grep '^"BM_Emu6502_Image_median"')
# name,iterations,real_time,cpu_time,time_unit,...,label,...
ours_ms=$(cut -d, -f4 <<<"$csv")
ours_pc=$(grep -o 'pc=[0-9A-F]*' <<<"$csv" | cut -d= -f2)

if [[ $ours_pc != "$lib_pc" ]]; then
  echo "compare_lib6502: the cores disagree after $instructions instructions" \
    "(emu6502 at \$$ours_pc, lib6502 at \$$lib_pc)" >&2
  exit 1
fi
awk -v n="$instructions" -v ours="$ours_ms" -v lib="$lib_seconds" -v pc="$lib_pc" 'BEGIN {
  o = n / (ours / 1000); l = n / lib
  printf "%d instructions from the image, both stop at $%s (CPU time, median)\n", n, pc
  printf "emu6502 fast path: %8.1f M instructions/s (%.1f ms)\n", o / 1e6, ours
  printf "lib6502 (-O2):     %8.1f M instructions/s (%.1f ms)\n", l / 1e6, lib * 1000
  printf "ratio emu6502 / lib6502: %.2fx\n", o / l
}'
