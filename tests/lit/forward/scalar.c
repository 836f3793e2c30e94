// Forward mode on a scalar function: __enzyme_fwddiff(f, x, dx) becomes a
// call to an internal fwddiffe<f>(x, dx) and no __enzyme_* symbol survives.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_fwddiff(void *, ...);

double cube(double x) { return x * x * x; }

int main(void) {
  // d/dx x^3 at 2 = 12; with the tangent dx = 0.5: 6
  printf("%.6f\n", __enzyme_fwddiff((void *)cube, 2.0, 1.0));
  printf("%.6f\n", __enzyme_fwddiff((void *)cube, 2.0, 0.5));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @fwddiffecube(double 2.000000e+00, double 1.000000e+00)
// CHECK: call double @fwddiffecube(double 2.000000e+00, double 5.000000e-01)
// CHECK-LABEL: define internal double @fwddiffecube(double {{.*}}, double {{.*}})
// CHECK: fmul double
// CHECK: ret double

// NOENZ-NOT: __enzyme_

// NUM: 12.000000
// NUM-NEXT: 6.000000
