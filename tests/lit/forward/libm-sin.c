// Forward mode through a libm call: the tangent of sin(x) is cos(x) * dx,
// computed with the llvm.cos.f64 intrinsic.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <math.h>
#include <stdio.h>

extern double __enzyme_fwddiff(void *, ...);

double f(double x) { return sin(x); }

int main(void) {
  // cos(0) * 2 = 2
  printf("%.6f\n", __enzyme_fwddiff((void *)f, 0.0, 2.0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @fwddiffef(double 0.000000e+00, double 2.000000e+00)
// CHECK-LABEL: define internal double @fwddiffef(
// CHECK-SAME: double [[X:%\w+]], double [[DX:%\w+]])
// CHECK: [[C:%\w+]] = call double @llvm.cos.f64(double [[X]])
// CHECK: fmul double [[C]], [[DX]]
// CHECK: ret double

// NOENZ-NOT: __enzyme_

// NUM: 2.000000
