// Forward mode through a loop: the tangent of the loop-carried product gets
// its own phi next to the primal one.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

double powi(double x, int n) {
  double r = 1.0;
  for (int i = 0; i < n; i++)
    r *= x;
  return r;
}

int main(void) {
  // d/dx x^5 at 2 = 5 * 16 = 80; x^0 has derivative 0
  printf("%.6f\n", __enzyme_fwddiff((void *)powi, 2.0, 1.0, enzyme_const, 5));
  printf("%.6f\n", __enzyme_fwddiff((void *)powi, 2.0, 1.0, enzyme_const, 0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @fwddiffepowi(double 2.000000e+00, double 1.000000e+00, i32 5)
// CHECK-LABEL: define internal double @fwddiffepowi(double {{.*}}, double {{.*}}, i32 {{.*}})
// CHECK: ret double
// CHECK: phi i32
// CHECK-NEXT: phi double [ [[R:%\w+]], {{.*}} ], [ 1.000000e+00, {{.*}} ]
// CHECK-NEXT: phi double [ [[DR:%\w+]], {{.*}} ], [ 0.000000e+00, {{.*}} ]
// CHECK: [[R]] = fmul double
// CHECK: [[DR]] = fadd double
// CHECK: br i1

// NOENZ-NOT: __enzyme_

// NUM: 80.000000
// NUM-NEXT: 0.000000
