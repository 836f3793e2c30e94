// At -O2 a one-double memcpy in a loop becomes `load i64` + `store i64`, and
// the last copy's i64 reaches the return through a phi and a bitcast to
// double. The move must be retyped as a double move through the phi, or the
// derivative through w is silently lost in both modes (found by the
// checkpointed-loop fuzzer). f = u·w after n copies of w into u: d/dw = 2w.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
#include <string.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
__attribute__((noinline)) double f(double *u, double *w, long n) {
  for (long t = 0; t < n; t++) {
    if (t % 2)
      u[0] *= 2;  /* dead (the copy overwrites it), but keeps the copy in the loop */
    memcpy(u, w, sizeof(double));
  }
  return u[0] * w[0];
}
int main(void) {
  double u[1] = {1.0}, du[1] = {0}, w[1] = {3.0}, dw[1] = {0};
  __enzyme_autodiff((void *)f, u, du, w, dw, 2L);
  printf("reverse: %g %g\n", du[0], dw[0]);
  u[0] = 1.0, du[0] = 0, dw[0] = 1;
  printf("forward: %g\n", __enzyme_fwddiff((void *)f, u, du, w, dw, 2L));
  return 0;
}
// CHECK: reverse: 0 6
// CHECK-NEXT: forward: 6
