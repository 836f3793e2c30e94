// One parallel region in phases: a worksharing loop writes y, its implicit barrier
// ends the phase, and the next loop reads elements of y that other threads wrote;
// a single and a master block between them.  The reverse sweep mirrors the
// barriers, so the adjoints of y the second phase adds (atomically: two threads read
// each element) are complete before the first phase reads them; single and master
// adjoints run on the thread that ran the block.  Reverse and forward mode at
// -O0..-O3, against central differences and the program built without -fopenmp.
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

#define N 30

void phases(const double *x, double *y, double *z, double *g, int n) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      y[i] = x[i] * x[i] + 1.0;
#pragma omp single
    g[0] = y[0] * y[n - 1];
#pragma omp master
    g[1] = sin(y[1]);
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      z[i] = y[i] * y[n - 1 - i] + g[0] * g[1];
  }
}

static double loss(const double *x) {
  double y[N], z[N], g[2], s = 0;
  phases(x, y, z, g, N);
  for (int i = 0; i < N; i++)
    s += (1.0 + 0.05 * i) * z[i] + 0.5 * y[i];
  return s;
}

int main(void) {
  double x[N], dx[N], y[N], dy[N], z[N], dz[N], g[2], dg[2] = {0, 0};
  double vx[N], vy[N], vz[N], vg[2];
  for (int i = 0; i < N; i++) {
    x[i] = 0.2 + 0.02 * i;
    dx[i] = 0;
    dy[i] = 0.5;
    dz[i] = 1.0 + 0.05 * i;
    vx[i] = 1.0 / (1 + i);
  }
  __enzyme_autodiff((void *)phases, x, dx, y, dy, z, dz, g, dg, N);
  __enzyme_fwddiff((void *)phases, x, vx, y, vy, z, vz, g, vg, N);
  check_gradient("dx", loss, x, dx, N);
  const double h = 1e-6;
  double xp[N], xm[N], yp[N], ym[N], zp[N], zm[N], gp[2], gm[2];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * vx[i];
    xm[i] = x[i] - h * vx[i];
  }
  phases(xp, yp, zp, gp, N);
  phases(xm, ym, zm, gm, N);
  for (int i = 0; i < N; i++)
    check("vz", i, vz[i], (zp[i] - zm[i]) / (2 * h));
  show("dx", dx, N);
  show("vz", vz, N);
  return finish();
}
