// Globals of external linkage written by a callee (once the errors
// "… stored into the global @acc, which has no shadow"): defined in this file,
// they get shadows unasked, a plain one and an array at -O2, where the address
// of g[1] is a constant expression. g(x) = 3x², f(x) = 2x² + x: both modes,
// twice each (nothing one call leaves in a shadow reaches the next).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
double acc;
__attribute__((noinline)) void store_square(double x) { acc = x * x; }
double g(double x) { store_square(x); return acc * 3.0; }
double w[4];
__attribute__((noinline)) void set(double x) { w[1] = x * x; }
double f(double x) { set(x); return w[1] * 2 + x; }
int main(void) {
  for (int i = 0; i < 2; i++)
    printf("%g %g %g %g\n", __enzyme_autodiff((void *)g, 2.0), __enzyme_fwddiff((void *)g, 2.0, 1.0),
           __enzyme_autodiff((void *)f, 2.0), __enzyme_fwddiff((void *)f, 2.0, 1.0));
  // CHECK: 12 12 9 9
  // CHECK-NEXT: 12 12 9 9
  return 0;
}
