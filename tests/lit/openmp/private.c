// Private temporaries (private(t), a local of the loop body, and a helper called
// with a pointer to one) and a lastprivate: each thread's temporaries live on its
// own stack, whose shadows need no atomics; the lastprivate copy-out happens on the
// thread that ran the last iteration, and its adjoint flows back on that thread.
// Reverse and forward mode at -O0..-O3, against central differences and the
// program built without -fopenmp.
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

#define N 29

__attribute__((noinline)) static void square_into(double *out, double v) { *out = v * v; }

double work(const double *x, double *y, int n) {
  double t, last = 0;
#pragma omp parallel for private(t) lastprivate(last)
  for (int i = 0; i < n; i++) {
    double m;
    t = 2.0 * x[i] + 1.0;
    square_into(&m, t);
    y[i] = m + cos(t);
    last = m * x[i];
  }
  return last;
}

static double weights[N];

static double loss(const double *x) {
  double y[N];
  double s = 3.0 * work(x, y, N);
  for (int i = 0; i < N; i++)
    s += weights[i] * y[i];
  return s;
}

int main(void) {
  double x[N], y[N], dx[N], dy[N], vx[N], vy[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.1 * i - 1.0;
    weights[i] = 0.5 + 0.05 * i;
    dx[i] = 0;
    dy[i] = weights[i];
    vx[i] = 0.3 + 0.01 * i;
  }
  __enzyme_autodiff((void *)work, x, dx, y, dy, N, 3.0);
  double dlast = __enzyme_fwddiff((void *)work, x, vx, y, vy, N);
  check_gradient("dx", loss, x, dx, N);
  const double h = 1e-6;
  double xp[N], xm[N], yp[N], ym[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * vx[i];
    xm[i] = x[i] - h * vx[i];
  }
  double lp = work(xp, yp, N), lm = work(xm, ym, N);
  for (int i = 0; i < N; i++)
    check("vy", i, vy[i], (yp[i] - ym[i]) / (2 * h));
  check("dlast", 0, dlast, (lp - lm) / (2 * h));
  show("dx", dx, N);
  show("vy", vy, N);
  show("dlast", &dlast, 1);
  return finish();
}
