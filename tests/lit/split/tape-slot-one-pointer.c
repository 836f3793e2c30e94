// `enzyme_tape, &slot` without `enzyme_allocated`: Enzyme's anonymous tape. The
// augmented pass stores ONE pointer at &slot (a `void *`, 8 bytes), the reverse
// pass loads it. Writing the 32-byte tape object itself there overwrote the
// caller's neighbouring locals. Canaries around the slot, and the run under
// AddressSanitizer with the slot alone in a struct of its own.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: clang -fsanitize=address -Wno-override-module %t2.out.ll -lm -o %t2.asan
// RUN: %t2.asan | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
extern int enzyme_dup, enzyme_tape;
void __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

void f(double *x, double *y) {
  y[0] = x[0] * x[0] * x[1];
  x[1] = 0; /* overwritten: the reverse pass needs the tape */
}

__attribute__((noinline)) void run(void **slot, double *x, double *dx, double *y, double *dy) {
  __enzyme_augmentfwd((void *)f, enzyme_tape, slot, enzyme_dup, x, dx, enzyme_dup, y, dy);
  __enzyme_reverse((void *)f, enzyme_tape, slot, enzyme_dup, x, dx, enzyme_dup, y, dy);
}

int main(void) {
  volatile double before = 11;
  void *slot = 0;
  volatile double after = 22;
  double x[2] = {3, 2}, dx[2] = {0, 0}, y = 0, dy = 1;
  void **alone = malloc(sizeof(void *)); /* ASan catches a write past its 8 bytes */
  run(alone, x, dx, &y, &dy);
  printf("y=%g dx=%g %g\n", y, dx[0], dx[1]);
  x[0] = 3, x[1] = 2, dx[0] = dx[1] = 0, dy = 1;
  run(&slot, x, dx, &y, &dy);
  printf("canaries %g %g, slot %s\n", before, after, slot ? "holds a pointer" : "null");
  free(alone);
  return 0;
}
// CHECK: y=18 dx=12 9
// CHECK: canaries 11 22, slot holds a pointer
