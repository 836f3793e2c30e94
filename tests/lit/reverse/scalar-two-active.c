// Reverse mode with two active scalar arguments: diffe<f> returns the two
// partial derivatives as { double, double }, and the seed of the return
// defaults to double 1.0 at the call site.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

typedef struct { double dx, dy; } grad2;
extern grad2 __enzyme_autodiff(void *, ...);

double f(double x, double y) { return x * x * y; }

int main(void) {
  // grad (x^2 y) = (2xy, x^2) = (12, 4) at (2, 3)
  grad2 g = __enzyme_autodiff((void *)f, 2.0, 3.0);
  printf("%.6f %.6f\n", g.dx, g.dy);
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call { double, double } @diffef(double 2.000000e+00, double 3.000000e+00, double 1.000000e+00)
// CHECK-LABEL: define internal { double, double } @diffef(
// CHECK-SAME: double %{{[^,]*}}, double %{{[^,]*}}, double %differeturn)
// CHECK: ret { double, double }

// NOENZ-NOT: __enzyme_

// NUM: 12.000000 4.000000
