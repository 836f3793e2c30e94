// Reverse mode through a call to a helper: augmented_<f> calls
// augmented_<g> (sharing the tape) and reverse_<f> calls reverse_<g>
// with the adjoint of g's result.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double g(double x) { return x * x * x; }

double f(double x) { return g(x) * 2.0; }

int main(void) {
  // d/dx 2 x^3 = 6 x^2 = 24 at 2
  printf("%.6f\n", __enzyme_autodiff((void *)f, 2.0));
  return 0;
}

// CHECK-LABEL: define internal double @augmented_f(
// CHECK-SAME: double %{{[^,]*}}, ptr %tape)
// CHECK: call double @augmented_g(double %{{[^,]*}}, ptr %tape)
// CHECK: ret double
// CHECK-LABEL: define internal double @reverse_f(
// CHECK-SAME: ptr %tape)
// CHECK: call double @reverse_g(double %{{[^,]*}}, double %{{[^,]*}}, ptr %tape)
// CHECK: ret double
// CHECK-LABEL: define internal double @augmented_g(
// CHECK-SAME: double %{{[^,]*}}, ptr %tape)
// CHECK-LABEL: define internal double @reverse_g(
// CHECK-SAME: double %{{[^,]*}}, double %differeturn, ptr %tape)

// NOENZ-NOT: __enzyme_

// NUM: 24.000000
