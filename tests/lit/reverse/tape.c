// Values the reverse sweep needs are recorded on a tape: augmented_<f>
// pushes records with enzyme_opt.tape.push, reverse_<f> pops them in LIFO
// order with enzyme_opt.tape.pop; both helpers are internal to the module.
// Only what cannot be recomputed is recorded: exp(x) here (its partial is
// the result itself), not x (an argument) nor x*x (recomputed from x).
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
// RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);

#include <math.h>
double cube(double x) { return x * x * exp(x); }

int main(void) {
  // d/dx x^2 e^x at 2 = (2x + x^2) e^x = 8 e^2 = 59.112449
  printf("%.6f\n", __enzyme_autodiff((void *)cube, 2.0));
  return 0;
}

// CHECK-LABEL: define internal double @diffecube(
// CHECK: call double @augmented_cube(
// CHECK: call double @reverse_cube(
// CHECK-LABEL: define internal double @augmented_cube(
// CHECK: [[REC:%[\w.]+]] = call ptr @enzyme_opt.tape.push(ptr %tape, i64 8)
// CHECK: store double %{{.*}}, ptr [[REC]]
// CHECK: ret double
// CHECK-LABEL: define internal double @reverse_cube(
// CHECK: [[POP:%[\w.]+]] = call ptr @enzyme_opt.tape.pop(ptr %tape, i64 8)
// CHECK: load double, ptr [[POP]]
// CHECK: ret double
// CHECK-LABEL: define internal ptr @enzyme_opt.tape.push(ptr %tape, i64 %bytes)
// CHECK: ret ptr
// CHECK-LABEL: define internal ptr @enzyme_opt.tape.pop(ptr %tape, i64 %bytes)
// CHECK: ret ptr

// NOENZ-NOT: __enzyme_

// NUM: 59.112449
