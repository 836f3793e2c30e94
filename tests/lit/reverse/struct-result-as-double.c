// With several active arguments the derivative returns a struct; when the
// __enzyme_autodiff prototype declares a double result, Enzyme hands back
// the first element (ReplaceOriginalCall extracts element 0 when its type
// is the declared one), so common C code declaring one prototype works.
//   double, but the derivative returns { double, double }".
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);

double f(double x, double y) { return x * x * y; }

int main(void) {
  // d/dx (x^2 y) = 2xy = 12 at (2, 3)
  printf("%.6f\n", __enzyme_autodiff((void *)f, 2.0, 3.0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: [[G:%\w+]] = call { double, double } @diffef(double 2.000000e+00, double 3.000000e+00, double 1.000000e+00)
// CHECK: extractvalue { double, double } [[G]], 0

// NUM: 12.000000
