#!/bin/sh
# build.sh KERNEL OUTDIR — the three build steps of one benchmark kernel (bench/run.py does the same).
set -e
k=$1; out=${2:-bench/out}; here=$(dirname "$0")
mkdir -p "$out"
clang-22 -O2 -S -emit-llvm -I"$here" "$here/$k.c" -o "$out/$k.ll"
"$here/../../.venv/bin/enzyme-opt" "$out/$k.ll" -O2 -S -o "$out/$k.grad.ll"
clang-22 -O2 "$out/$k.grad.ll" -lm -o "$out/$k.bin"
