// Activity annotations change the derivative as Enzyme's documentation says:
// - __enzyme_inactivefn: calls of scale_of carry no derivative, so
//   f = scale_of(x) sin(x) has df/dx = scale_of(x) cos(x), not 2 sin x + 2x cos x;
// - __attribute__((annotate("enzyme_inactive"))) does the same for offset_of;
// - __enzyme_inactive_global: storing the active x into the global last_x is
//   allowed (without it: an error, the global has no shadow).
// Both modes, -O0 to -O3 (noinline keeps the calls for the annotations to see).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --print-activity | FileCheck %s --check-prefix=ACTIVITY
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double scale_of(double x) { return 2.0 * x; }
__attribute__((noinline, annotate("enzyme_inactive"))) double offset_of(double x) { return x * x; }
void *__enzyme_inactivefn[] = {(void *)scale_of};
double last_x;
void *__enzyme_inactive_global[] = {(void *)&last_x};

double f(double x) {
  last_x = x;
  return scale_of(x) * sin(x) + offset_of(x);
}

int main(void) {
  double x = 0.7, want = 2 * x * cos(x);
  double rev = __enzyme_autodiff((void *)f, x), fwd = __enzyme_fwddiff((void *)f, x, 1.0);
  printf("reverse %s\n", fabs(rev - want) < 1e-12 ? "ok" : "WRONG");
  printf("forward %s\n", fabs(fwd - want) < 1e-12 ? "ok" : "WRONG");
  printf("last_x %g\n", last_x);
  return 0;
}
// CHECK: reverse ok
// CHECK-NEXT: forward ok
// CHECK-NEXT: last_x 0.7
// ACTIVITY: call {{.*}}scale_of{{.*}}│ inactive: @__enzyme_inactivefn
// ACTIVITY: call {{.*}}offset_of{{.*}}│ inactive: annotate("enzyme_inactive")
