// Reverse mode with explicit enzyme_out / enzyme_const / enzyme_dup markers:
// only enzyme_out arguments get a returned derivative; constant arguments
// are passed through; enzyme_dup pointers get their gradient accumulated
// into the shadow. Different activities give different derivatives.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_out, enzyme_const, enzyme_dup;

double f(double a, double x) { return a * x * x; }
double g(double *p, double a) { return a * p[0] * p[1]; }

int main(void) {
  // d/dx (a x^2) = 2 a x = 12;  d/da (a x^2) = x^2 = 4   at a = 3, x = 2
  printf("%.6f\n", __enzyme_autodiff((void *)f, enzyme_const, 3.0, enzyme_out, 2.0));
  printf("%.6f\n", __enzyme_autodiff((void *)f, enzyme_out, 3.0, enzyme_const, 2.0));
  // g = a p0 p1: d/da = p0 p1 = 10, d/dp0 = a p1 = 15, d/dp1 = a p0 = 6
  double p[2] = {2.0, 5.0}, dp[2] = {0.0, 0.0};
  double da = __enzyme_autodiff((void *)g, enzyme_dup, p, dp, enzyme_out, 3.0);
  printf("%.6f %.6f %.6f\n", da, dp[0], dp[1]);
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @[[D1:diffef[.0-9]*]](double 3.000000e+00, double 2.000000e+00, double 1.000000e+00)
// CHECK: call double @[[D2:diffef[.0-9]*]](double 3.000000e+00, double 2.000000e+00, double 1.000000e+00)
// CHECK: call double @diffeg(ptr %{{[^,]*}}, ptr %{{[^,]*}}, double 3.000000e+00, double 1.000000e+00)
// CHECK-DAG: define internal double @[[D1]](
// CHECK-DAG: define internal double @[[D2]](
// CHECK-DAG: define internal double @diffeg(ptr %{{[^,]*}}, ptr %{{[^,]*}}, double %{{[^,]*}}, double %differeturn)

// NOENZ-NOT: __enzyme_

// NUM: 12.000000
// NUM-NEXT: 4.000000
// NUM-NEXT: 10.000000 15.000000 6.000000
