// Forward mode with enzyme_dup pointer arguments: the derivative takes each
// pointer followed by its shadow, loads the tangent of every load from the
// shadow pointer and stores the tangent of every store through it.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern void __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;

void prod(double *x, double *y) {
  y[0] = x[0] * x[1];
  y[1] = x[1] * x[1];
}

int main(void) {
  double x[2] = {3.0, 5.0}, dx[2] = {1.0, 2.0}, y[2], dy[2];
  __enzyme_fwddiff((void *)prod, enzyme_dup, x, dx, enzyme_dup, y, dy);
  // dy0 = x1*dx0 + x0*dx1 = 5 + 6 = 11; dy1 = 2*x1*dx1 = 20
  printf("%.6f %.6f %.6f %.6f\n", y[0], y[1], dy[0], dy[1]);
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call void @fwddiffeprod(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}})
// CHECK-LABEL: define internal void @fwddiffeprod(
// CHECK-SAME: ptr [[X:%\w+]], ptr [[DX:%\w+]], ptr [[Y:%\w+]], ptr [[DY:%\w+]])
// CHECK-DAG: load double, ptr [[X]]
// CHECK-DAG: load double, ptr [[DX]]
// CHECK-DAG: store double {{.*}}, ptr [[Y]]
// CHECK-DAG: store double {{.*}}, ptr [[DY]]
// CHECK: ret void

// NOENZ-NOT: __enzyme_

// NUM: 15.000000 25.000000 11.000000 20.000000
