// Enzyme's semantics where a rule's partial is infinite or its operand not
// chosen: sqrt's derivative is 0 at 0, and the operand fmax/fmin does not choose
// contributes exactly 0 (not 0 * NaN). So v / fmax(|v|, eps) at v = 0 has the
// finite tangent I/eps, and the branch guarding after the sqrt gives 0. Ties:
// fmax gives the derivative to its first operand, fmin to its second; fabs'(-0)
// is -1 (the sign bit, as Enzyme's fabs_signed_zero.c). Both modes, every level.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);

#define EPS 1e-12
double floor_normalized(double *v) {
  double len = sqrt(v[0] * v[0] + v[1] * v[1]);
  return v[0] / fmax(len, EPS);
}
double guarded_after(double *v) {
  double len = sqrt(v[0] * v[0] + v[1] * v[1]);
  if (len <= EPS)
    return 1.0;
  return v[0] / len;
}
double ties(double a, double b) { return fmax(a, b) + 2 * fmin(a, b) + 4 * fabs(a); }

int main(void) {
  double v[2] = {0, 0}, dv[2] = {1, 0}, g[2] = {0, 0};
  printf("fwd floor %g\n", __enzyme_fwddiff((void *)floor_normalized, v, dv));
  __enzyme_autodiff((void *)floor_normalized, v, g);
  printf("rev floor %g %g\n", g[0], g[1]);
  printf("fwd after %g\n", __enzyme_fwddiff((void *)guarded_after, v, dv));
  /* at a == b: fmax's derivative to a, fmin's to b, fabs'(-0) = -1 */
  double da = __enzyme_fwddiff((void *)ties, -0.0, 1.0, -0.0, 0.0);
  double db = __enzyme_fwddiff((void *)ties, -0.0, 0.0, -0.0, 1.0);
  printf("ties da %g db %g\n", da, db);
  /* sqrt at 0 with an infinite tangent coming in: still 0 */
  double v2[2] = {0, 0}, dv2[2] = {INFINITY, 0};
  printf("fwd after, infinite seed %g\n", __enzyme_fwddiff((void *)guarded_after, v2, dv2));
  return 0;
}
// CHECK: fwd floor 1e+12
// CHECK: rev floor 1e+12 0
// CHECK: fwd after 0
// CHECK: ties da -3 db 2
// CHECK: fwd after, infinite seed 0
