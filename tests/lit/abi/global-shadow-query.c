// __enzyme_shadow(&g, W, lane), without a context: the shadows a derivative
// without enzyme_context uses, at width 1 and per lane at width 2 (each width
// has its own). Reverse mode adds into them, forward mode reads the tangents
// seeded there. f(x) = g·x² + p.b·x:
//   df/dx = 2gx + b, df/dg = x², df/db = x.  Both modes, -O0 to -O3.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
typedef struct { double d0, d1; } Pair;
extern void *__enzyme_shadow(void *, int, int);
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern Pair __enzyme_fwddiff2(void *, ...) __asm__("__enzyme_fwddiff");
extern int enzyme_width;

double g = 2.0;
struct { double a, b; } p = {1.0, 3.0};

double f(double x) { return g * x * x + p.b * x; }

int main(void) {
  double *dg = (double *)__enzyme_shadow(&g, 1, 0);
  double *db = (double *)__enzyme_shadow(&p.b, 1, 0);
  *dg = *db = 0;
  double dx = __enzyme_autodiff((void *)f, 3.0);
  printf("dx=%g dg=%g db=%g\n", dx, *dg, *db);
  // CHECK: dx=15 dg=9 db=3
  *dg = 1.0;
  *db = 0.0;
  printf("t=%g\n", __enzyme_fwddiff((void *)f, 3.0, 0.0));
  // CHECK: t=9
  double *dg0 = (double *)__enzyme_shadow(&g, 2, 0), *dg1 = (double *)__enzyme_shadow(&g, 2, 1);
  double *db0 = (double *)__enzyme_shadow(&p.b, 2, 0), *db1 = (double *)__enzyme_shadow(&p.b, 2, 1);
  *dg0 = 1.0, *dg1 = 0.0, *db0 = 0.0, *db1 = 1.0;
  Pair t2 = __enzyme_fwddiff2((void *)f, enzyme_width, 2, 3.0, 1.0, 0.0);
  printf("t2=%g %g width 1 kept %g\n", t2.d0, t2.d1, *dg);
  // CHECK: t2=24 3 width 1 kept 1
  return 0;
}
