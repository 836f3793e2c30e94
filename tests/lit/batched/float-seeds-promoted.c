// A float function's differential return passed through `...` arrives as a double (C's
// default argument promotion); it is taken back to float, as arguments are, at width 1 and
// for each of the W seeds at enzyme_width W. It used to be refused ("the differential return
// has type double, expected float"), so C had no way to seed a float function's lanes
// (found while the fuzzer's batched checks were written). -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <stdio.h>
extern int enzyme_width, enzyme_const;
typedef struct { float d[2]; } lanes2f;
float __enzyme_autodiff(void *, ...);
lanes2f __enzyme_autodiff_w2(void *, ...);
float f(float x) { return x * x * x; }
int main(void) {
  float g = __enzyme_autodiff((void *)f, 2.0f, 0.5f);
  lanes2f r = __enzyme_autodiff_w2((void *)f, enzyme_width, 2, 2.0f, 1.0f, -3.0f);
  printf("%g %g %g\n", g, r.d[0], r.d[1]);
  return 0;
}
// f' = 3x² = 12 at 2, times the seeds 0.5; 1 and -3:
// CHECK: 6 12 -36
