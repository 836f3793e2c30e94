// Enzyme's run-time shadow API: __enzyme_context(W) makes a set of shadows of
// the globals, __enzyme_shadow(ctx, &g, lane) is where g's derivative lives in
// it, __enzyme_zero_shadows(ctx) zeroes them all (also the shadow of `bias`,
// which the program never asks for), and `enzyme_context, ctx` makes a
// derivative use them. f(x) = k·(w0 + 2·w1)·x² + bias·x with k, w, bias globals:
//   df/dx = 2k(w0+2w1)x + bias, df/dk = (w0+2w1)x², df/dw0 = kx², df/dw1 = 2kx².
// Two contexts never share shadows; forward mode reads the tangents seeded in
// them. Both modes, -O0 to -O3.
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
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_context;

double k = 0.5;
double w[2] = {1.0, 3.0};
static double bias = 4.0;

double f(double x) { return k * (w[0] + 2 * w[1]) * x * x + bias * x; }

int main(void) {
  void *ctx = __enzyme_context(1);
  double *dk = (double *)__enzyme_shadow(ctx, &k, 0);
  double *dw = (double *)__enzyme_shadow(ctx, &w, 0);
  double *dw1 = (double *)__enzyme_shadow(ctx, &w[1], 0);
  for (int i = 1; i <= 2; i++) {
    __enzyme_zero_shadows(ctx);
    double x = i;
    double dx = __enzyme_autodiff((void *)f, enzyme_context, ctx, x);
    printf("x=%g dx=%g dk=%g dw0=%g dw1=%g same=%d\n", x, dx, *dk, dw[0], dw[1], dw1 == dw + 1);
  }
  // CHECK: x=1 dx=11 dk=7 dw0=0.5 dw1=1 same=1
  // CHECK: x=2 dx=18 dk=28 dw0=2 dw1=4 same=1

  void *other = __enzyme_context(1);
  double dx = __enzyme_autodiff((void *)f, enzyme_context, other, 3.0);
  printf("other: dx=%g dk=%g first dk=%g\n", dx, *(double *)__enzyme_shadow(other, &k, 0), *dk);
  // CHECK: other: dx=25 dk=63 first dk=28

  // forward: direction dk = 1, dw1 = 1, dx = 0: (w0+2w1)x² + 2kx² at x = 2
  __enzyme_zero_shadows(ctx);
  *dk = 1.0;
  dw[1] = 1.0;
  printf("tangent=%g\n", __enzyme_fwddiff((void *)f, enzyme_context, ctx, 2.0, 0.0));
  // CHECK: tangent=32
  return 0;
}
