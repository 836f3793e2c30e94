// Forward mode with enzyme_const: a constant argument takes no shadow, so the
// derivative has one parameter fewer, and its tangent contribution is zero.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_const, enzyme_dup;

double f(double a, double x) { return a * x * x; }

int main(void) {
  // d/dx (a x^2) = 2 a x = 2 * 3 * 2 = 12 (a constant)
  printf("%.6f\n", __enzyme_fwddiff((void *)f, enzyme_const, 3.0, enzyme_dup, 2.0, 1.0));
  // d/da (a x^2) = x^2 = 4 (x constant)
  printf("%.6f\n", __enzyme_fwddiff((void *)f, enzyme_dup, 3.0, 1.0, enzyme_const, 2.0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @[[F1:fwddiffef[.0-9]*]](double 3.000000e+00, double 2.000000e+00, double 1.000000e+00)
// CHECK: call double @[[F2:fwddiffef[.0-9]*]](double 3.000000e+00, double 1.000000e+00, double 2.000000e+00)
// CHECK-DAG: define internal double @[[F1]](double %{{[^,]*}}, double %{{[^,]*}}, double %{{[^,]*}})
// CHECK-DAG: define internal double @[[F2]](double %{{[^,]*}}, double %{{[^,]*}}, double %{{[^,]*}})

// NOENZ-NOT: __enzyme_

// NUM: 12.000000
// NUM-NEXT: 4.000000
