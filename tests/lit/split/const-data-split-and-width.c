// Constant parameters kept by pointer in a shadowed struct (run-time activity,
// ad/runtime_activity.py) through split mode (__enzyme_augmentfwd, then __enzyme_reverse with
// the tape) and at enzyme_width 2 (forward: two directions; reverse: two seeds, each shadow
// lane checked against the primal): every derivative against the analytic one, -O0..-O3.
// RUN: clang -O0 -DSPLIT -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -DSPLIT -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O0 -DWIDTH -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -DWIDTH -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -DWIDTH -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -DWIDTH -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// CHECK: ok
// CHECK-NOT: BAD
#include <math.h>
#include <stdio.h>
#include <string.h>
typedef struct { double a, b; } d2;
extern int enzyme_dup, enzyme_const, enzyme_width, enzyme_tape, enzyme_nofree;
d2 __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);
typedef struct { void *tape; double primal; } aug;
aug __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
typedef struct { const double *params; double *x; int n; } Model;
__attribute__((noinline)) double energy(const Model *m) {
  double s = 0;
  for (int i = 0; i < m->n; i++) s += m->params[i] * sin(m->x[i]) * m->x[i];
  return s;
}
double f(const double *params, double *x, int n) {
  Model m = {params, x, n};
  return energy(&m);
}
int main(void) {
  double p[3] = {0.5, -1.5, 2}, x[3] = {0.3, 1.2, -0.7};
  double e[3]; for (int i = 0; i < 3; i++) e[i] = p[i] * (cos(x[i]) * x[i] + sin(x[i]));
  int ok = 1;
#ifdef WIDTH
  double v1[3] = {1, 0, 0}, v2[3] = {0, 1, 0};
  d2 t = __enzyme_fwddiff((void *)f, enzyme_width, 2, enzyme_const, p, enzyme_dup, x, v1, v2, enzyme_const, 3);
  if (fabs(t.a - e[0]) > 1e-12 || fabs(t.b - e[1]) > 1e-12) { printf("fwd w2 %g %g vs %g %g\n", t.a, t.b, e[0], e[1]); ok = 0; }
  double g1[3] = {0}, g2[3] = {0};
  __enzyme_autodiff((void *)f, enzyme_width, 2, enzyme_const, p, enzyme_dup, x, g1, g2, enzyme_const, 3, 1.0, 2.0);
  for (int i = 0; i < 3; i++) if (fabs(g1[i] - e[i]) > 1e-12 || fabs(g2[i] - 2 * e[i]) > 1e-12) { printf("rev w2 %d: %g %g\n", i, g1[i], g2[i]); ok = 0; }
#else
  double g[3] = {0};
  aug a = __enzyme_augmentfwd((void *)f, enzyme_const, p, enzyme_dup, x, g, enzyme_const, 3); void *tape = a.tape;
  __enzyme_reverse((void *)f, enzyme_const, p, enzyme_dup, x, g, enzyme_const, 3, 1.0, tape);
  for (int i = 0; i < 3; i++) if (fabs(g[i] - e[i]) > 1e-12) { printf("split %d: %g vs %g\n", i, g[i], e[i]); ok = 0; }
#endif
  printf(ok ? "ok\n" : "BAD\n");
  return !ok;
}
