// Values carrying derivatives written into enzyme_const memory that the differentiated
// code does not read back (or reads only to write back, or to compare) are the caller's
// constant output: differentiated, not refused (analysis/const_memory.py). Gradient and
// tangent at -O0..-O3, checked against the analytic derivatives.
// f(x) = sum x_i^2 (out[i] = x_i^2 first, out[i] += x_i, a branch on out[0], a callee
// writing out[3]); dx = 2 x = {2, 4, 6}; the tangent along {1, 1, 1} is 12.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt --no-reuse %t2.ll -S -o - | lli | FileCheck %s
// CHECK: dx 2 4 6 dy 12 y 14 out 1 4 9 2
#include <stdio.h>
extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) static void note(double *out, double v) { out[3] = v; }

__attribute__((noinline)) double f(double *x, double *out, const double *c) {
  double s = 0;
  for (int i = 0; i < 3; i++) {
    out[i] = x[i] * x[i];   // a constant output: its derivative is not wanted
    s += c[i] * x[i] * x[i];
  }
  for (int i = 0; i < 3; i++)
    out[i] += c[i] - 1;     // read only to be written back
  if (out[0] > 100)         // read only to compare
    s = 0;
  note(out, 2 * x[0]);      // a callee's constant output
  return s;
}

int main(void) {
  double x[3] = {1, 2, 3}, dx[3] = {0}, tx[3] = {1, 1, 1}, out[4] = {0};
  double c[3] = {1, 1, 1};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, out, enzyme_const, c);
  double dy = __enzyme_fwddiff((void *)f, enzyme_dup, x, tx, enzyme_const, out,
                               enzyme_const, c);
  double y = f(x, out, c);
  printf("dx %g %g %g dy %g y %g out %g %g %g %g\n", dx[0], dx[1], dx[2], dy, y,
         out[0], out[1], out[2], out[3]);
  return 0;
}
