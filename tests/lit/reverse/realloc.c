// realloc of active memory in reverse mode (and forward mode), at -O0..-O3 and with
// --no-reuse: the realloc copies the old block's floats into the new block, so the reverse
// sweep moves the new shadow's adjoints back into the old shadow, which stays alive until
// the reverse of its own allocation. A growing buffer (realloc(NULL, ..) first, one
// realloc per iteration, values written before a realloc read after it), a shrinking one,
// and floats; each derivative against its analytic value.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// CHECK: grow ok
// CHECK: shrink ok
// CHECK: float ok
// CHECK: forward ok
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_autodiff_float(void *, ...);

// a[i] = x^(i+1); the sum of them: d/dx = sum (i+1) x^i
__attribute__((noinline)) double grow(double x, int n) {
  double *a = NULL;
  for (int i = 0; i < n; i++) {
    a = (double *)realloc(a, (i + 1) * sizeof(double));
    a[i] = i == 0 ? x : a[i - 1] * x;
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += a[i];
  free(a);
  return sum;
}

// b[k] = (k+1) x, then cut to two: b[0] + b[1]^2 = x + 4x^2, d/dx = 1 + 8x
__attribute__((noinline)) double shrink(double x) {
  double *b = (double *)malloc(4 * sizeof(double));
  for (int k = 0; k < 4; k++)
    b[k] = (k + 1) * x;
  b = (double *)realloc(b, 2 * sizeof(double));
  double r = b[0] + b[1] * b[1];
  free(b);
  return r;
}

// float: y[0] = x, y[1] = x * y[0] after the realloc: x + x^2, d/dx = 1 + 2x
__attribute__((noinline)) float twice(float x) {
  float *y = (float *)malloc(sizeof(float));
  y[0] = x;
  y = (float *)realloc(y, 2 * sizeof(float));
  y[1] = x * y[0];
  float r = y[0] + y[1];
  free(y);
  return r;
}

static int close_to(double got, double want) {
  return fabs(got - want) <= 1e-6 * fmax(1.0, fabs(want));
}

int main(void) {
  double x = 1.3, want = 0;
  for (int i = 0; i < 7; i++)
    want += (i + 1) * pow(x, i);
  double d = __enzyme_autodiff((void *)grow, x, 7);
  if (close_to(d, want)) printf("grow ok\n"); else printf("grow %g, want %g\n", d, want);
  d = __enzyme_autodiff((void *)shrink, x);
  if (close_to(d, 1 + 8 * x)) printf("shrink ok\n"); else printf("shrink %g\n", d);
  float f = __enzyme_autodiff_float((void *)twice, 0.75f);
  if (fabsf(f - 2.5f) < 1e-6f) printf("float ok\n"); else printf("float %g\n", f);
  d = __enzyme_fwddiff((void *)grow, x, 1.0, 7);
  if (close_to(d, want)) printf("forward ok\n"); else printf("forward %g, want %g\n", d, want);
  return 0;
}
