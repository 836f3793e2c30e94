// __enzyme_augmentfwd declared to return a struct whose fields have types of their
// own is filled by type, as Enzyme does: `struct { double x; void *tape; }` gets the
// primal result first and the tape second, though enzyme-opt's own order is
// {tape, primal} (tests/lit/split/tape-returned.c). Two fields of one type keep
// enzyme-opt's order. Before, this was refused ("declared to return { double, ptr }").
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
typedef struct { double x; void *tape; } PrimalThenTape;
PrimalThenTape __enzyme_augmentfwd(void *, double);
double __enzyme_reverse(void *, double, double, void *);

double f(double x) { return sin(x) * x; }

int main(void) {
  double x = 0.7;
  PrimalThenTape a = __enzyme_augmentfwd((void *)f, x);
  double da = __enzyme_reverse((void *)f, x, 1.0, a.tape);
  printf("primal %.6f gradient %.6f expected %.6f %.6f\n", a.x, da, sin(x) * x,
         cos(x) * x + sin(x));
  return 0;
}
// CHECK: primal [[P:[0-9.]+]] gradient [[G:[0-9.]+]] expected [[P]] [[G]]
