// Reverse mode through a loop: the augmented forward sweep records, for each
// block with several predecessors, which one control came from (a phi named
// came.from pushed on the tape); the reverse sweep pops it and switches on it
// to walk the loop backwards.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

double powi(double x, int n) {
  double r = 1.0;
  for (int i = 0; i < n; i++)
    r *= x;
  return r;
}

int main(void) {
  // d/dx x^5 at 2 = 80; x^0 = 1 has derivative 0; d/dx x^1 = 1
  printf("%.6f\n", __enzyme_autodiff((void *)powi, 2.0, enzyme_const, 5));
  printf("%.6f\n", __enzyme_autodiff((void *)powi, 2.0, enzyme_const, 0));
  printf("%.6f\n", __enzyme_autodiff((void *)powi, 2.0, enzyme_const, 1));
  return 0;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call double @diffepowi(double 2.000000e+00, i32 5, double 1.000000e+00)
// CHECK-LABEL: define internal double @augmented_powi(
// CHECK: [[CF:%came\.from[\w.]*]] = phi i8
// CHECK: [[REC:%[\w.]+]] = call ptr @enzyme_opt.tape.push(
// CHECK: store i8 [[CF]], ptr [[REC]]
// CHECK-LABEL: define internal double @reverse_powi(
// CHECK: [[POP:%[\w.]+]] = call ptr @enzyme_opt.tape.pop(
// CHECK: [[CFR:%came\.from[\w.]*]] = load i8, ptr [[POP]]
// CHECK: switch i8 [[CFR]]

// NOENZ-NOT: __enzyme_

// NUM: 80.000000
// NUM-NEXT: 0.000000
// NUM-NEXT: 1.000000
