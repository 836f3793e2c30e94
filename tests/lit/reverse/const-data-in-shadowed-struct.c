// A struct holding a pointer to a constant parameter block (enzyme_const) next to the active
// x: the struct's shadow holds the primal pointer to the parameters (run-time activity,
// ad/runtime_activity.py), and every read of a float through a pointer loaded from the
// struct checks at run time whether its shadow is the primal. The gradient and the forward
// tangent agree with central differences at -O0..-O3 (and the conservative --no-reuse
// sweep), and the constant parameters are the same bytes after the derivative as before,
// also where they are the source of a memcpy (whose adjoint adds into its source's shadow).
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// RUN: clang -O0 -DFORWARD -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -DFORWARD -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -DFORWARD -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -DFORWARD -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// CHECK: derivative ok
// CHECK: params unchanged
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

#define N 4
typedef struct {
  const double *params;  // 2N constants: a weight and a curvature per x
  double *x;
  int n;
} Model;

__attribute__((noinline)) double energy(const Model *m) {
  double s = 0;
  for (int i = 0; i < m->n; i++)
    s += m->params[i] * sin(m->x[i]) * m->x[i] + m->params[i + m->n] * m->x[i] * m->x[i];
  return s;
}

// The parameters copied out of the struct's pointer (a memcpy whose source shadow is the
// constant data: its adjoint must not add into it) and the x's copied in (the copy's
// destination has a real shadow).
__attribute__((noinline)) double copied(const Model *m, double *scratch) {
  memcpy(scratch, m->params, 2 * m->n * sizeof(double));
  memcpy(scratch + 2 * m->n, m->x, m->n * sizeof(double));
  double s = 0;
  for (int i = 0; i < m->n; i++) s += scratch[i] * scratch[2 * m->n + i] * scratch[2 * m->n + i];
  return s;
}

double f(const double *params, double *x, int n) {
  Model m = {params, x, n};
  double *scratch = malloc(3 * n * sizeof(double));
  double s = energy(&m) + copied(&m, scratch);
  free(scratch);
  return s;
}

int main(void) {
  double params[2 * N] = {0.5, -1.25, 2.0, 0.75, 1.5, 0.25, -0.5, 3.0};
  double before[2 * N];
  double x[N] = {0.3, -1.1, 2.2, 0.9};
  memcpy(before, params, sizeof params);
  int ok = 1;
  const double h = 1e-6;
#ifdef FORWARD
  double v[N] = {1.0, -0.5, 0.25, 2.0}, xp[N], xm[N];
  double tangent = __enzyme_fwddiff((void *)f, enzyme_const, params, enzyme_dup, x, v,
                                    enzyme_const, N);
  for (int i = 0; i < N; i++) xp[i] = x[i] + h * v[i], xm[i] = x[i] - h * v[i];
  double fd = (f(params, xp, N) - f(params, xm, N)) / (2 * h);
  if (fabs(tangent - fd) > 1e-6 * (1 + fabs(fd))) {
    printf("tangent %g, differences %g\n", tangent, fd);
    ok = 0;
  }
#else
  double dx[N] = {0};
  __enzyme_autodiff((void *)f, enzyme_const, params, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double saved = x[i];
    x[i] = saved + h;
    double up = f(params, x, N);
    x[i] = saved - h;
    double down = f(params, x, N);
    x[i] = saved;
    double fd = (up - down) / (2 * h);
    if (fabs(dx[i] - fd) > 1e-6 * (1 + fabs(fd))) {
      printf("d/dx[%d] = %g, differences %g\n", i, dx[i], fd);
      ok = 0;
    }
  }
#endif
  if (ok) printf("derivative ok\n");
  if (memcmp(before, params, sizeof params) == 0) printf("params unchanged\n");
  return 0;
}
