// A vectorized loop whose induction variable is a vector (<2 x i32>
// lanes i, i+1 stepping by a splat) used in active arithmetic
// (out[i] = x * i). Counted loops rebuild scalar inductions from the reverse
// counter; the vector one was rebuilt as `trunc i64 ... to <2 x i32>` and
// the output did not verify. It is taped instead. d/dx sum_i out[i] = 0+...+7.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: FileCheck --check-prefix=IR %s < %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// IR: phi <2 x i32>
// CHECK: 28
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;
void ramp(double x, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = x * i;
}
int main(void) {
  double out[8], dout[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  printf("%g\n", __enzyme_autodiff((void *)ramp, 0.5, enzyme_dup, out, dout, enzyme_const, 8));
  return 0;
}
