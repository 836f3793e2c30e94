// A static helper that clang gives the fastcc convention: the derivatives
// generated for it are called with the C convention, so they must be defined
// with it too (a mismatch is undefined behaviour that -O2 turns into poison).
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o - | FileCheck %s
// RUN: enzyme-opt %t.ll -S -O2 -o - | lli | FileCheck %s --check-prefix=NUM
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
static __attribute__((noinline)) double sq(double x) { return x * x; }
double f(double x) { return sq(x) + x; }
int main(void) {
  printf("%.6f\n", __enzyme_autodiff((void *)f, 3.0));
  return 0;
}
// CHECK: define internal fastcc {{.*}}@sq(
// CHECK-NOT: define internal fastcc {{.*}}@augmented_sq
// CHECK: define internal {{.*}}@augmented_sq(
// NUM: 7.000000
