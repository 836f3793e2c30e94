// Vector forward mode, enzyme_width 4: one call computes four tangents.
// The derivative is fwddiffe4<f>, each duplicated scalar takes a
// [4 x double] shadow and the result is a [4 x double].
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

typedef struct { double d[4]; } d4;
extern d4 __enzyme_fwddiff(void *, ...);
extern int enzyme_width, enzyme_dup;

double f(double x, double y) { return x * x * y; }

int main(void) {
  // df = 2xy dx + x^2 dy = 12 dx + 4 dy at (2, 3)
  d4 r = __enzyme_fwddiff((void *)f, enzyme_width, 4,
                          enzyme_dup, 2.0, 1.0, 0.0, 1.0, 2.0,
                          enzyme_dup, 3.0, 0.0, 1.0, 1.0, 0.0);
  printf("%.6f %.6f %.6f %.6f\n", r.d[0], r.d[1], r.d[2], r.d[3]);
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call [4 x double] @fwddiffe4f(double 2.000000e+00, [4 x double] %{{.*}}, double 3.000000e+00, [4 x double] %{{.*}})
// CHECK-LABEL: define internal [4 x double] @fwddiffe4f(double %{{.*}}, [4 x double] %{{.*}}, double %{{.*}}, [4 x double] %{{.*}})
// CHECK: extractvalue [4 x double]
// CHECK: insertvalue [4 x double]
// CHECK: ret [4 x double]

// NOENZ-NOT: __enzyme_

// NUM: 12.000000 4.000000 16.000000 24.000000
