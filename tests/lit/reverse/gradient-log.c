// Enzyme's gradient logging hook: a program that defines enzymeLogGrad has it called
// by the reverse sweep once per active floating-point operation (arithmetic and math
// calls), with the adjoint of the operation's result, in reverse order. Inactive
// operations (on the constant c) are not logged; the gradient is unchanged. (No
// contraction: an fmuladd would be one logged call.)
// RUN: clang -O0 -ffp-contract=off -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -ffp-contract=off -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;

int logged;
void enzymeLogGrad(double grad, const char *opcode, const char *callee, const char *module,
                   const char *function, unsigned block, unsigned inst) {
  logged++;
  printf("log %s %s %s %.4f\n", function, opcode, callee, grad);
}

// y = 3 * (x * x) + sin(x); c * c is inactive
__attribute__((noinline)) double f(double x, double c) {
  double square = x * x;
  double k = c * c;
  return k * square + sin(x);
}

int main(void) {
  double x = 0.5;
  double dx = __enzyme_autodiff((void *)f, x, enzyme_const, sqrt(3.0));
  printf("gradient %.6f expected %.6f, %d logged\n", dx, 6 * x + cos(x), logged);
  return 0;
}
// CHECK-DAG: log f fadd  1.0000
// CHECK-DAG: log f fmul  1.0000
// CHECK-DAG: log f call sin 1.0000
// CHECK-DAG: log f fmul  3.0000
// CHECK: gradient [[G:[0-9.]+]] expected [[G]], 4 logged
