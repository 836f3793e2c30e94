// reduction(+) and reduction(*) to scalars: the runtime's reduction (atomic, tree or
// critical, its choice) becomes its critical-section method before AD, so each
// thread's private partial is combined in plain code the derivative follows.
// enzyme_out (the returned adjoint of a scalar argument), enzyme_dup arrays;
// reverse and forward mode at -O0..-O3, against central differences and the
// program built without -fopenmp.
// REQUIRES: openmp
// REQUIRES: openmp
// RUN: clang -fopenmp -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.0.ll
// RUN: clang -fopenmp %t.0.ll -lm -o %t.0 && %t.0 > %t.0.out
// RUN: clang -fopenmp -O1 -S -emit-llvm %s -o - | enzyme-opt - -O1 -S -o %t.1.ll
// RUN: clang -fopenmp %t.1.ll -lm -o %t.1 && %t.1 > %t.1.out
// RUN: clang -fopenmp -O2 -S -emit-llvm %s -o - | enzyme-opt - -O2 -S -o %t.2.ll
// RUN: clang -fopenmp %t.2.ll -lm -o %t.2 && %t.2 > %t.2.out
// RUN: clang -fopenmp -O3 -S -emit-llvm %s -o - | enzyme-opt - -O3 -S -o %t.3.ll
// RUN: clang -fopenmp %t.3.ll -lm -o %t.3 && %t.3 > %t.3.out
// RUN: clang -O2 -Wno-unknown-pragmas -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.s.ll
// RUN: clang %t.s.ll -lm -o %t.s && %t.s > %t.s.out
// RUN: diff %t.s.out %t.0.out
// RUN: diff %t.s.out %t.1.out
// RUN: diff %t.s.out %t.2.out
// RUN: diff %t.s.out %t.3.out
#include "Inputs/omp-check.h"

#define N 41

double dotnorm(const double *x, double a, int n) {
  double s = 0, p = 1;
#pragma omp parallel for reduction(+ : s) reduction(* : p)
  for (int i = 0; i < n; i++) {
    s += x[i] * x[i] + a * x[i];
    p *= 1.0 + 0.01 * x[i];
  }
  return s * p;
}

int main(void) {
  double x[N], dx[N], vx[N];
  double a = 0.7;
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 - 0.03 * i;
    dx[i] = 0;
    vx[i] = 0.2 + 0.01 * i;
  }
  double da = __enzyme_autodiff((void *)dotnorm, x, dx, a, N);
  double dir = __enzyme_fwddiff((void *)dotnorm, x, vx, a, 0.5, N);
  const double h = 1e-6;
  for (int j = 0; j < N; j++) {
    double xp[N], xm[N];
    for (int i = 0; i < N; i++) xp[i] = xm[i] = x[i];
    xp[j] += h;
    xm[j] -= h;
    check("dx", j, dx[j], (dotnorm(xp, a, N) - dotnorm(xm, a, N)) / (2 * h));
  }
  check("da", 0, da, (dotnorm(x, a + h, N) - dotnorm(x, a - h, N)) / (2 * h));
  double xp[N], xm[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * vx[i];
    xm[i] = x[i] - h * vx[i];
  }
  check("dir", 0, dir, (dotnorm(xp, a + 0.5 * h, N) - dotnorm(xm, a - 0.5 * h, N)) / (2 * h));
  show("dx", dx, N);
  show("da", &da, 1);
  show("dir", &dir, 1);
  return finish();
}
