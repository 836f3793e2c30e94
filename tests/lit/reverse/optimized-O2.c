// enzyme-opt -O2 runs LLVM's pipeline over the derivatives: the result must
// stay correct, and a scalar gradient must fold to plain arithmetic (the tape,
// its loads and the calls all disappear). Derivatives must not inherit the
// primal's memory(none): they read and write the tape.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -O2 -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);

double cube(double x) { return x * x * x; }

__attribute__((noinline)) double dcube(double x) {
  return __enzyme_autodiff((void *)cube, x);
}

int main(void) {
  printf("%.6f\n", dcube(2.0));
  printf("%.6f\n", dcube(-1.0));
  return 0;
}

// CHECK-LABEL: define {{.*}} @dcube(
// CHECK-NOT: load
// CHECK-NOT: call
// CHECK-NOT: inttoptr
// CHECK: ret double

// NUM: 12.000000
// NUM-NEXT: 3.000000
