// A parallel for over arrays (both enzyme_dup): each thread differentiates its own
// static chunk, backwards in reverse mode; neighbouring elements are read by two
// threads, so their adjoints are added atomically.  Reverse and forward mode at
// -O0..-O3 against central differences, and against the same program built
// without -fopenmp.
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
// RUN: FileCheck %s --check-prefix=IR < %t.2.ll
// IR: call {{.*}} @__kmpc_fork_call({{.*}}omp_fork
// IR: atomicrmw fadd
#include "Inputs/omp-check.h"

#define N 37

void stencil(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double l = i > 0 ? x[i - 1] : 0.0, r = i < n - 1 ? x[i + 1] : 0.0;
    y[i] = x[i] * x[i] + sin(l) * r;
  }
}

static double weights[N];

static double loss(const double *x) {
  double y[N], s = 0;
  stencil(x, y, N);
  for (int i = 0; i < N; i++)
    s += weights[i] * y[i];
  return s;
}

int main(void) {
  double x[N], y[N], dx[N], dy[N], vx[N], vy[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 + 0.05 * i;
    weights[i] = 1.0 + 0.1 * (i % 5);
    dx[i] = 0;
    dy[i] = weights[i];
    vx[i] = 1.0 - 0.02 * i;
  }
  __enzyme_autodiff((void *)stencil, x, dx, y, dy, N);
  __enzyme_fwddiff((void *)stencil, x, vx, y, vy, N);
  check_gradient("dx", loss, x, dx, N);
  const double h = 1e-6;
  double xp[N], xm[N], yp[N], ym[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * vx[i];
    xm[i] = x[i] - h * vx[i];
  }
  stencil(xp, yp, N);
  stencil(xm, ym, N);
  for (int i = 0; i < N; i++)
    check("vy", i, vy[i], (yp[i] - ym[i]) / (2 * h));
  show("dx", dx, N);
  show("vy", vy, N);
  return finish();
}
