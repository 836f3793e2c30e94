// Batched reverse mode (enzyme_width 2) through vector subtraction and negation: the
// adjoint of a <2 x double> value is two such vectors, and the -1 partial of fsub/fneg
// applies to each (found by the fuzzer's batched-reverse check, seed 5014 at -O2: the
// output negated the whole [2 x <2 x double>] and did not verify). -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
extern int enzyme_width, enzyme_dupv;
void __enzyme_autodiff(void *, ...);
typedef double v2 __attribute__((ext_vector_type(2)));
double f(double *p) {
  v2 a = {p[0], p[1]}, b = {p[2] * p[2], p[3]};
  v2 d = a - b;
  v2 e = -d * a;
  return e.x + 3 * e.y;
}
int main(void) {
  double x[4] = {1, 2, 3, 4}, dx[2][4] = {{0}};
  double seeds[2] = {1.0, 2.0};
  __enzyme_autodiff((void *)f, enzyme_width, 2, enzyme_dupv, sizeof dx[0], x, dx, seeds[0], seeds[1]);
  for (int l = 0; l < 2; l++) printf("%g %g %g %g\n", dx[l][0], dx[l][1], dx[l][2], dx[l][3]);
}
// f = -(p0 - p2²) p0 - 3 (p1 - p3) p1, seeds 1 and 2:
// CHECK: 7 0 6 6
// CHECK-NEXT: 14 0 12 12
