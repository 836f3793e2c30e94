// Forward mode through calls to a helper: the helper gets its own derivative
// fwddiffe<helper>, generated once and called from both call sites; the
// derivative of the entry function is likewise shared by both requests.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=ONCE-F < %t.ll
// RUN: FileCheck %s --check-prefix=ONCE-SQ < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double sq(double x) { return x * x; }

double f(double x) { return sq(x) + sq(3.0 * x); }

int main(void) {
  // f = 10 x^2, f' = 20 x
  printf("%.6f\n", __enzyme_fwddiff((void *)f, 1.0, 1.0));
  printf("%.6f\n", __enzyme_fwddiff((void *)f, 2.0, 1.0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @fwddiffef(double 1.000000e+00, double 1.000000e+00)
// CHECK: call double @fwddiffef(double 2.000000e+00, double 1.000000e+00)
// CHECK-LABEL: define internal double @fwddiffef(
// CHECK: call {{.*}} @fwddiffesq(
// CHECK: call {{.*}} @fwddiffesq(
// CHECK: ret double
// CHECK-LABEL: define internal {{.*}} @fwddiffesq(

// Each derivative is defined exactly once (no @fwddiffesq.1 copies).
// ONCE-F: define internal {{.*}} @fwddiffef(
// ONCE-F-NOT: define {{.*}} @fwddiffef
// ONCE-SQ: define internal {{.*}} @fwddiffesq(
// ONCE-SQ-NOT: define {{.*}} @fwddiffesq

// NOENZ-NOT: __enzyme_

// NUM: 20.000000
// NUM-NEXT: 40.000000
