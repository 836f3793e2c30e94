// Split reverse mode with the tape kept in the caller's memory:
// enzyme_tape, ptr (+ enzyme_allocated, N) on both calls, as Enzyme's
// allocatedtape test does; the buffer has exactly __enzyme_augmentsize
// bytes, and the run is AddressSanitizer-clean. f updates x in place, so the
// reverse pass must use the tape, not the (overwritten) arguments.
// jac f = [1 2 x1; 0 -1].
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
extern int enzyme_dup, enzyme_tape, enzyme_allocated, enzyme_nofree;
void __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
long __enzyme_augmentsize(void *, ...);

void f(double *x) {
  x[0] += x[1] * x[1];
  x[1] = -x[1];
}
#define SIZE 32 /* what __enzyme_augmentsize says (checked below) */
void f_aug(double *x, double *dx, void *tape) {
  __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx, enzyme_allocated, SIZE, enzyme_tape, tape);
}
void f_rev(double *x, double *dx, void *tape) {
  __enzyme_reverse((void *)f, enzyme_dup, x, dx, enzyme_allocated, SIZE, enzyme_tape, tape);
}

int main(void) {
  long size = __enzyme_augmentsize((void *)f, enzyme_dup);
  char *tape = malloc(size); /* exactly that many bytes */
  double x[2] = {1.2, 3.4}, dx[2] = {5.6, 7.8};
  f_aug(x, dx, tape);
  f_rev(x, dx, tape);
  printf("size %s\n", size == SIZE ? "ok" : "WRONG");
  printf("x %g %g\n", x[0], x[1]);
  printf("dx %g %g\n", dx[0], dx[1]); /* dx0, dx0 2 x1 - dx1 */
  free(tape);
  return 0;
}
// CHECK: size ok
// CHECK-NEXT: x 12.76 -3.4
// CHECK-NEXT: dx 5.6 30.28
