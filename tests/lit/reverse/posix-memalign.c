// Memory from posix_memalign (returned through a pointer argument) and aligned_alloc gets
// a zeroed shadow allocation as malloc's does, in reverse and forward mode at -O0..-O3 and
// with --no-reuse: one block per loop iteration kept in a stack array of pointers, and an
// aligned block read after its writes; each derivative against its analytic value.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// CHECK: memalign ok
// CHECK: aligned ok
// CHECK: forward ok
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int posix_memalign(void **memptr, size_t alignment, size_t size);
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

// p[i][0] = x^(i+1) for i < 4; their sum: d/dx = 1 + 2x + 3x^2 + 4x^3
__attribute__((noinline)) double blocks(double x) {
  double *p[4];
  for (int i = 0; i < 4; i++) {
    if (posix_memalign((void **)&p[i], 16, 8 * (i + 1)) != 0)
      return 0;
    p[i][0] = i == 0 ? x : p[i - 1][0] * x;
  }
  double sum = 0;
  for (int i = 0; i < 4; i++) {
    sum += p[i][0];
    free(p[i]);
  }
  return sum;
}

// q[k] = sin((k+1) x); sum of squares: d/dx = sum 2 (k+1) sin((k+1)x) cos((k+1)x)
__attribute__((noinline)) double aligned(double x) {
  double *q = (double *)aligned_alloc(32, 4 * sizeof(double));
  for (int k = 0; k < 4; k++)
    q[k] = sin((k + 1) * x);
  double sum = 0;
  for (int k = 0; k < 4; k++)
    sum += q[k] * q[k];
  free(q);
  return sum;
}

static int close_to(double got, double want) {
  return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

int main(void) {
  double x = 0.7;
  double want = 1 + 2 * x + 3 * x * x + 4 * x * x * x;
  double d = __enzyme_autodiff((void *)blocks, x);
  if (close_to(d, want)) printf("memalign ok\n"); else printf("memalign %g, want %g\n", d, want);
  double want2 = 0;
  for (int k = 0; k < 4; k++)
    want2 += 2 * (k + 1) * sin((k + 1) * x) * cos((k + 1) * x);
  d = __enzyme_autodiff((void *)aligned, x);
  if (close_to(d, want2)) printf("aligned ok\n"); else printf("aligned %g, want %g\n", d, want2);
  double f1 = __enzyme_fwddiff((void *)blocks, x, 1.0);
  double f2 = __enzyme_fwddiff((void *)aligned, x, 1.0);
  if (close_to(f1, want) && close_to(f2, want2)) printf("forward ok\n");
  else printf("forward %g %g\n", f1, f2);
  return 0;
}
