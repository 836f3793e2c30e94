// Issue 9 (found by the C fuzzer, seed 415 at -O0): `double *rows[2] = {w, w}` is copied at
// -O0 from a constant table clang makes (@__const.f.rows) that holds the address of the
// shadowed global @w; pointers read from the copy had no shadow and the gradient through
// them was silently lost (da = 0); then it was refused. Now the table gets a shadow of its
// own, the same table pointing at @w's shadow (abi/shadow_tables.py), in both modes.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: sed -e 's/^\(@w = .*\)$/\1, !enzyme_shadow !9999/' %t0.ll > %t0.shadow.ll
// RUN: echo '!9999 = !{ptr @dw}' >> %t0.shadow.ll
// RUN: enzyme-opt %t0.shadow.ll -S -o %t0.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: sed -e 's/^\(@w = .*\)$/\1, !enzyme_shadow !9999/' %t2.ll > %t2.shadow.ll
// RUN: echo '!9999 = !{ptr @dw}' >> %t2.shadow.ll
// RUN: enzyme-opt %t2.shadow.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
double w[2] = {1.0, 2.0};
double dw[2];
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

double f(double a) {
  double *rows[2] = {w, w};
  for (int r = 0; r < 2; r++)
    rows[r][r] = rows[r][r] * a;
  return w[0] * w[1];
}

int main(void) {
  double da = __enzyme_autodiff((void *)f, 1.5);
  printf("reverse %g %g %g\n", da, dw[0], dw[1]);
  w[0] = 1.0, w[1] = 2.0, dw[0] = dw[1] = 0.0;
  double t = __enzyme_fwddiff((void *)f, 1.5, 1.0);
  printf("forward %g\n", t);
  return 0;
}
// f = w0 w1 a² (and w scaled by a): df/da = 2 a w0 w1 = 6, df/dw0 = w1 a² = 4.5, df/dw1 = 2.25
// CHECK: reverse 6 4.5 2.25
// CHECK-NEXT: forward 6
// IR: @__const.f.rows.shadow = private unnamed_addr constant [2 x ptr] [ptr @dw, ptr @dw]
// IR: @__const.f.rows = {{.*}}!enzyme_shadow
