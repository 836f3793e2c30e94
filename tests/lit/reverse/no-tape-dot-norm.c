// A dot product plus a norm (two sums in one loop): clang's SLP vectorizer
// packs both sums into one <2 x double> fmuladd fed by insertelement and
// shufflevector of the loads. Nothing is written, so every value the reverse
// sweep needs is re-read or recomputed (the lane moves included): the
// gradient pushes nothing on a tape. Checked against the analytic gradient.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.grad.ll
// RUN: FileCheck %s --check-prefix=IR < %t.grad.ll
// RUN: lli %t.grad.ll | FileCheck %s
#include <math.h>
#include <stdio.h>
void __enzyme_autodiff(void *, ...);
double dot_norm(const double *x, const double *y, long n) {
  double s = 0.0, q = 0.0;
  for (long i = 0; i < n; i++) {
    s += x[i] * y[i];
    q += x[i] * x[i];
  }
  return s + sqrt(q);
}
int main(void) {
  double x[7] = {1, -2, 3, 0.5, 4, -1, 2}, y[7] = {0.3, 0.1, -0.2, 0.7, 0.2, 0.4, -0.5};
  double gx[7] = {0}, gy[7] = {0}, q = 0, err = 0;
  __enzyme_autodiff((void *)dot_norm, x, gx, y, gy, 7L);
  for (int i = 0; i < 7; i++) q += x[i] * x[i];
  for (int i = 0; i < 7; i++)  /* d/dx = y + x/|x|, d/dy = x */
    err = fmax(err, fabs(gx[i] - (y[i] + x[i] / sqrt(q))) + fabs(gy[i] - x[i]));
  printf("gradient %s\n", err < 1e-12 ? "ok" : "WRONG");
  return 0;
}
// CHECK: gradient ok
// IR-LABEL: define internal double @augmented_dot_norm(
// IR-NOT: @enzyme_opt.tape.push
// IR: ret double
