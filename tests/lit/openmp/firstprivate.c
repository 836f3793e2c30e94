// firstprivate: a double captured by copy (clang passes its bits as an i64) becomes a
// double parameter of the region, so its derivative flows in (forward: its tangent
// is captured too) and out (reverse: each thread's adjoint of its copy is summed
// into the enzyme_out result).  The shape of Enzyme's omp_firstprivate.c, where
// each thread zeroes its copy after its first iteration: the derivative with
// respect to "in" counts the threads that ran an iteration.  Reverse and forward
// mode at -O0..-O3, against central differences and the program built without
// -fopenmp.
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
// RUN: env OMP_NUM_THREADS=1 %t.0 > %t.0.one.out && diff %t.s.out %t.0.one.out
// RUN: env OMP_NUM_THREADS=1 %t.1 > %t.1.one.out && diff %t.s.out %t.1.one.out
// RUN: env OMP_NUM_THREADS=1 %t.2 > %t.2.one.out && diff %t.s.out %t.2.one.out
// RUN: env OMP_NUM_THREADS=1 %t.3 > %t.3.one.out && diff %t.s.out %t.3.one.out
#include <omp.h>
#include "Inputs/omp-check.h"

#define N 20

typedef struct { double din, dscale; } pair;
pair __enzyme_autodiff_pair(void *, ...);

void scaled(double *a, const double *x, double in, double scale, int n) {
#pragma omp parallel for firstprivate(in, scale)
  for (int i = 0; i < n; i++) {
    a[i] = in + scale * x[i] * x[i];
    in = 0;
  }
}

static double loss(const double *x, double in, double scale) {
  double a[N], s = 0;
  scaled(a, x, in, scale, N);
  for (int i = 0; i < N; i++)
    s += (1.0 + 0.1 * i) * a[i];
  return s;
}

int main(void) {
  double a[N], da[N], x[N], dx[N], va[N], vx[N];
  double in = 1.0, scale = 0.5;
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 + 0.1 * i;
    dx[i] = 0;
    da[i] = 1.0 + 0.1 * i;
    vx[i] = 0.5;
  }
  pair d = __enzyme_autodiff_pair((void *)scaled, a, da, x, dx, in, scale, N);
  __enzyme_fwddiff((void *)scaled, a, va, x, vx, in, 1.0, scale, 2.0, N);
  const double h = 1e-6;
  for (int j = 0; j < N; j++) {
    double xp[N], xm[N];
    for (int i = 0; i < N; i++) xp[i] = xm[i] = x[i];
    xp[j] += h;
    xm[j] -= h;
    check("dx", j, dx[j], (loss(xp, in, scale) - loss(xm, in, scale)) / (2 * h));
  }
  check("din", 0, d.din, (loss(x, in + h, scale) - loss(x, in - h, scale)) / (2 * h));
  check("dscale", 0, d.dscale, (loss(x, in, scale + h) - loss(x, in, scale - h)) / (2 * h));
  double ap[N], am[N], xp[N], xm[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * vx[i];
    xm[i] = x[i] - h * vx[i];
  }
  scaled(ap, xp, in + h, scale + 2 * h, N);
  scaled(am, xm, in - h, scale - 2 * h, N);
  for (int i = 0; i < N; i++)
    check("va", i, va[i], (ap[i] - am[i]) / (2 * h));
  show("dx", dx, N);
  show("va", va, N);
  return finish();
}
