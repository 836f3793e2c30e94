// A context of width 2 in reverse mode (each lane of k's shadow gets the
// adjoint of its lane's seed), and a context through split mode: the
// augmented forward and the reverse sweep use the same shadows. A static
// global written by a callee is shadowed in the context too.
//   f: y = k·x² + x, so dy/dx = 2kx + 1 = 13, dy/dk = x² = 9 at x = 3, k = 2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
extern void *__enzyme_context(int);
extern void *__enzyme_shadow(void *, void *, int);
extern void __enzyme_zero_shadows(void *);
extern void __enzyme_autodiff(void *, ...);
extern void *__enzyme_augmentfwd(void *, ...);
extern void __enzyme_reverse(void *, ...);
extern int enzyme_context, enzyme_dup;
double k = 2.0;
static double st;
__attribute__((noinline)) static void put(double v) { st = v; }
void f(const double *x, double *y) { put(k * x[0] * x[0]); *y = st + x[0]; }
int main(void) {
  double x = 3, dx[2] = {0, 0}, y, dy[2] = {1, 10};
  void *ctx = __enzyme_context(2);
  double *dk0 = __enzyme_shadow(ctx, &k, 0), *dk1 = __enzyme_shadow(ctx, &k, 1);
  __enzyme_zero_shadows(ctx);
  __enzyme_autodiff((void *)f, enzyme_context, ctx, enzyme_dup, &x, &dx[0], &dx[1],
                    enzyme_dup, &y, &dy[0], &dy[1]);
  printf("width 2: dx=%g %g dk=%g %g\n", dx[0], dx[1], *dk0, *dk1);
  // CHECK: width 2: dx=13 130 dk=9 90
  void *c1 = __enzyme_context(1);
  double *dk = __enzyme_shadow(c1, &k, 0);
  double gx = 0, gy = 1;
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_context, c1, &x, &gx, &y, &gy);
  __enzyme_reverse((void *)f, enzyme_context, c1, &x, &gx, &y, &gy, tape);
  printf("split: dx=%g dk=%g\n", gx, *dk);
  // CHECK: split: dx=13 dk=9
  return 0;
}
