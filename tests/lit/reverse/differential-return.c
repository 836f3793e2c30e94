// The differential return (seed) of an active return: passed explicitly as
// the argument after the last parameter, or 1.0 when omitted. The same
// derivative serves both calls, receiving the seed as %differeturn.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);

double cube(double x) { return x * x * x; }

int main(void) {
  // 3 x^2 at 2 = 12, times the seed
  printf("%.6f\n", __enzyme_autodiff((void *)cube, 2.0));
  printf("%.6f\n", __enzyme_autodiff((void *)cube, 2.0, 0.5));
  printf("%.6f\n", __enzyme_autodiff((void *)cube, 2.0, -3.0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @diffecube(double 2.000000e+00, double 1.000000e+00)
// CHECK: call double @diffecube(double 2.000000e+00, double 5.000000e-01)
// CHECK: call double @diffecube(double 2.000000e+00, double -3.000000e+00)
// CHECK-LABEL: define internal double @diffecube(
// CHECK-SAME: double %{{[^,]*}}, double %differeturn)
// CHECK: call double @reverse_cube(double %{{[^,]*}}, double %differeturn,

// NOENZ-NOT: __enzyme_

// NUM: 12.000000
// NUM-NEXT: 6.000000
// NUM-NEXT: -36.000000
