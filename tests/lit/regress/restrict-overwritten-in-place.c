// A `restrict` argument read, then overwritten by the differentiated function
// itself: the reverse sweep must use the value it read, not re-read the memory
// (which now holds x^3). Re-reading was allowed because the written set, computed
// on the simplified copy, named that copy's argument, and an argument of the copy
// being differentiated never compared equal to it (b58fd62); nor may it be matched by
// position, since shadows sit between the parameters of the differentiated copy. Also a loop bound
// read through a restrict pointer and overwritten after the loop. Both against
// the analytic gradient, at every level, with and without --no-reuse.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt --no-reuse %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_d(void *, ...) __asm__("__enzyme_autodiff");
int enzyme_dup, enzyme_const;

void cube_in_place(double *__restrict x, double *__restrict r) {
  double v = *x;
  *x = v * v * v;
  *r = *x + sin(v);
}

/* out is the second parameter of f but the third of the function differentiated
   (shadows sit between parameters): the written set must be matched by parameter, not by
   position */
void square_out(const double *__restrict w, double *__restrict out) {
  double o = out[0];
  out[0] = o * o * w[0];
}

double sum_squares_then_clear(double *__restrict a, int *__restrict n) {
  double s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < *n; j++) {
      s += a[4 * i + j] * a[4 * i + j];
      a[4 * i + j] = 0;
    }
  *n = 1;
  return s;
}

int main(void) {
  double x = 2, dx = 0, r = 0, dr = 1;
  __enzyme_autodiff((void *)cube_in_place, enzyme_dup, &x, &dx, enzyme_dup, &r, &dr);
  double want = 3 * 2.0 * 2.0 + cos(2.0);
  printf("cube: %s (%g, want %g)\n", fabs(dx - want) < 1e-12 ? "ok" : "WRONG", dx, want);

  double w = 2, dw = 0, o = 3, d_o = 1;
  __enzyme_autodiff((void *)square_out, enzyme_dup, &w, &dw, enzyme_dup, &o, &d_o);
  printf("shifted positions: %s (%g %g)\n", fabs(d_o - 12) < 1e-12 && fabs(dw - 9) < 1e-12 ? "ok" : "WRONG", d_o, dw);

  double a[12], da[12] = {0};
  for (int k = 0; k < 12; k++) a[k] = k + 1;
  int n = 4;
  __enzyme_autodiff_d((void *)sum_squares_then_clear, enzyme_dup, a, da, enzyme_const, &n);
  int bad = 0;
  for (int k = 0; k < 12; k++) bad |= fabs(da[k] - 2.0 * (k + 1)) > 1e-12;
  printf("loop bound: %s (n after: %d)\n", bad ? "WRONG" : "ok", n);
  return 0;
}
// CHECK: cube: ok
// CHECK: shifted positions: ok
// CHECK: loop bound: ok (n after: 1)
