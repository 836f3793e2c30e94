// Constant data kept by pointer in shadow memory (run-time activity) that the program
// then writes a value carrying a derivative into: the derivative has nowhere to go
// (constant data has no shadow), so the derivative stops there with the reason and the
// source line, in reverse and in forward mode. Before, -O0 printed dx = 0 silently (the
// write went to the scratch slot and the value read back carried nothing). Where the
// program writes only constants, or reads, it runs (const-data-in-shadowed-struct.c).
// RUN: clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: not --crash lli %t0.out.ll 2>&1 | FileCheck %s
// RUN: not --crash lli %t0.out.ll forward 2>&1 | FileCheck %s --check-prefix=FWD
// RUN: clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: not --crash lli %t2.out.ll 2>&1 | FileCheck %s
// RUN: not --crash lli %t2.out.ll forward 2>&1 | FileCheck %s --check-prefix=FWD
#include <stdio.h>
struct S { double *p; double *x; };
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

__attribute__((noinline)) double use(struct S *s) {
  s->p[0] = s->x[0] * s->x[0];     /* a value with a derivative written into constant data */
  return s->p[0] * 2.0;
}

double f(double *x, double *c) {
  struct S s = {c, x};
  return use(&s);
}

int main(int argc, char **argv) {
  double x = 3.0, dx = 0.0, c[1] = {1.0};
  if (argc > 1) {
    double tx = 1.0;
    printf("tangent = %g\n", __enzyme_fwddiff((void *)f, enzyme_dup, &x, &tx, enzyme_const, c));
  } else {
    __enzyme_autodiff((void *)f, enzyme_dup, &x, &dx, enzyme_const, c);
    printf("dx = %g\n", dx);
  }
}
// CHECK: enzyme-opt: {{.*}}const-data-written.c:22, in function @use: a value that carries a derivative is written into constant data
// CHECK-NOT: dx =
// FWD: enzyme-opt: {{.*}}const-data-written.c:22, in function @use: a value that carries a derivative is written into constant data
// FWD-NOT: tangent =
