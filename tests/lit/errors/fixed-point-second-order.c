// The gradient of an __enzyme_fixed_point loop differentiated again (a Hessian-vector
// product by forward over reverse, or reverse over reverse) is refused in one line: the
// adjoint is an iteration run to convergence, and its derivative would need one of its own.
// It used to be refused by the adjoint iteration's call of the control function pointer, in
// a message about enzyme_dup and vtables the program never wrote.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t.out | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t.out | FileCheck %s
// RUN: clang -O2 -DREVERSE_OVER_REVERSE -S -emit-llvm %s -o %t2r.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2r.ll -S -o %t.out | FileCheck %s
// CHECK: enzyme-opt: error: {{.*}}differentiating the gradient of a fixed-point loop (__enzyme_fixed_point) again, in forward or reverse mode, is not supported
#include <math.h>
#include <stdint.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const, enzyme_fp_state, enzyme_fp_reduction;
void __enzyme_fixed_point(void *, ...);
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
#define N 3

// z <- (z + x / z) / 2 elementwise (Newton's square root), until it settles.
__attribute__((noinline)) static int step(int64_t i, double *z, const double *x,
                                          const double *tol) {
  double change = 0;
  for (int k = 0; k < N; k++) {
    double next = 0.5 * (z[k] + x[k] / z[k]);
    change = fmax(change, fabs(next - z[k]));
    z[k] = next;
  }
  return change > *tol;
}

static double solve(double *z, const double *x, const double *tol) {
  __enzyme_fixed_point((void *)step, enzyme_fp_state, z, (int64_t)sizeof(double[N]),
                       enzyme_fp_reduction, 1e-28, z, x, tol);
  return z[0] * z[1] + z[2] * z[2] * z[2];
}

__attribute__((noinline)) static void grad(double *z, double *dz, double *x, double *dx,
                                           double *tol) {
  __enzyme_autodiff((void *)solve, enzyme_dup, z, dz, enzyme_dup, x, dx, enzyme_const, tol);
}

int main(void) {
  double tol = 1e-15, z[N] = {1, 1, 1}, dz[N] = {0}, x[N] = {0.5, 0.7, 0.9}, g[N] = {0};
  double tz[N] = {0}, tdz[N] = {0}, v[N] = {1, -0.5, 0.25}, hv[N] = {0};
#ifdef REVERSE_OVER_REVERSE
  __enzyme_autodiff((void *)grad, enzyme_dup, z, tz, enzyme_dup, dz, tdz, enzyme_dup, x, v,
                    enzyme_dup, g, hv, enzyme_const, &tol);
#else
  __enzyme_fwddiff((void *)grad, enzyme_dup, z, tz, enzyme_dup, dz, tdz, enzyme_dup, x, v,
                   enzyme_dup, g, hv, enzyme_const, &tol);
#endif
  printf("%g\n", hv[0]);
  return 0;
}
