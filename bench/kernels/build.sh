#!/bin/sh
# build.sh KERNEL OUTDIR — the three build steps of one benchmark kernel (bench/run.py does the same).
# CFLAGS is added to the first step: CFLAGS=-DBENCH_CPU_TIME times CPU time, not wall-clock time
# (for comparisons on a machine shared with other work).
set -e
k=$1; out=${2:-bench/out}; here=$(dirname "$0")
mkdir -p "$out"
clang-22 -O2 $CFLAGS -S -emit-llvm -I"$here" "$here/$k.c" -o "$out/$k.ll"
"$here/../../.venv/bin/enzyme-opt" "$out/$k.ll" -O2 -S -o "$out/$k.grad.ll"
clang-22 -O2 "$out/$k.grad.ll" -lm -o "$out/$k.bin"
