// Globals holding pointers, in a context: a descriptor's shadow points at the
// shadow of its data (its size copied), and memory the program allocates for a
// global outside differentiated code gets a zeroed allocation of the same size
// in the global's shadow, which __enzyme_zero_shadows zeroes too.
//   s(x) = x · Σ desc.base[i],  q(x) = x · Σ a[i]²  (a allocated by init()).
// Width 1 and 2, both modes, -O0 to -O3.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
typedef struct { double d0, d1; } Pair;
extern void *__enzyme_context(int);
extern void *__enzyme_shadow(void *, void *, int);
extern void __enzyme_zero_shadows(void *);
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern Pair __enzyme_fwddiff2(void *, ...) __asm__("__enzyme_fwddiff");
extern int enzyme_context;

double data[3] = {1.0, 2.0, 3.0};
struct { double *base; long size; } desc = {data, 3};
double *a;

__attribute__((noinline)) double s(double x) {
  double t = 0;
  for (long i = 0; i < desc.size; i++) t += desc.base[i] * x;
  return t;
}
__attribute__((noinline)) void init(int n) {
  a = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) a[i] = i + 1;
}
double q(double x) {
  double t = 0;
  for (int i = 0; i < 4; i++) t += a[i] * a[i] * x;
  return t;
}

int main(void) {
  void *ctx = __enzyme_context(1);
  double **dbase = (double **)__enzyme_shadow(ctx, &desc.base, 0);
  long *dsize = (long *)__enzyme_shadow(ctx, &desc.size, 0);
  double *ddata = (double *)__enzyme_shadow(ctx, &data, 0);
  printf("size %ld points at data's shadow %d\n", *dsize, *dbase == ddata);
  // CHECK: size 3 points at data's shadow 1
  ddata[0] = ddata[2] = 1.0;
  printf("t=%g\n", __enzyme_fwddiff((void *)s, enzyme_context, ctx, 2.0, 0.0));
  // CHECK: t=4
  __enzyme_zero_shadows(ctx);
  printf("dx=%g ddata=%g %g %g\n", __enzyme_autodiff((void *)s, enzyme_context, ctx, 2.0),
         ddata[0], ddata[1], ddata[2]);
  // CHECK: dx=6 ddata=2 2 2

  void *ctx2 = __enzyme_context(2);
  double *l0 = (double *)__enzyme_shadow(ctx2, &data, 0), *l1 = (double *)__enzyme_shadow(ctx2, &data, 1);
  l0[1] = 1.0;
  l1[2] = 1.0;
  Pair t2 = __enzyme_fwddiff2((void *)s, enzyme_context, ctx2, 2.0, 0.0, 0.0);
  printf("t2=%g %g lanes apart %d\n", t2.d0, t2.d1,
         *(double **)__enzyme_shadow(ctx2, &desc.base, 1) == l1);
  // CHECK: t2=2 2 lanes apart 1

  init(4);
  double **da = (double **)__enzyme_shadow(ctx, &a, 0);
  for (int j = 1; j <= 2; j++) {
    __enzyme_zero_shadows(ctx);
    double dx = __enzyme_autodiff((void *)q, enzyme_context, ctx, (double)j);
    printf("dq=%g da=%g %g %g %g\n", dx, (*da)[0], (*da)[1], (*da)[2], (*da)[3]);
  }
  // CHECK: dq=30 da=2 4 6 8
  // CHECK: dq=30 da=4 8 12 16
  return 0;
}
