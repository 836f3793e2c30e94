// __enzyme_checkpoint_for at vector width 2 (enzyme_width): two gradients in one
// checkpointed reverse sweep, each lane equal to the plain loop's gradient of the same
// seed (1e-12 relative), with two schemes. A step taking an active value by value is
// refused at width > 1 (its adjoints would need W lanes each).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -g -DBY_VALUE -S -emit-llvm %s -o %t3.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t3.ll -S -o %t.out | FileCheck %s --check-prefix=VALUE
// VALUE: enzyme-opt: error: {{.*}}a checkpointed loop whose step takes an active value (not a pointer) cannot be differentiated at vector width 2
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#define N 6
void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_width;

static void step(int64_t t, double *u) {
  double next[N];
  for (int k = 0; k < N; k++)
    next[k] = u[k] + 0.05 * sin(u[(k + 1) % N] * u[k]) + 0.01 * t;
  for (int k = 0; k < N; k++)
    u[k] = next[k];
}
static double loss(const double *u) {
  double s = 0;
  for (int k = 0; k < N; k++)
    s += u[k] * u[k] * (k + 1);
  return s;
}
static double plain(double *u, int64_t n) {
  for (int64_t t = 0; t < n; t++)
    step(t, u);
  return loss(u);
}
static const CkptScheme *scheme;
static int64_t segments = 3;
static double checkpointed(double *u, int64_t n) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, scheme, (void *)&segments,
                          enzyme_checkpoint_region, u, (int64_t)sizeof(double[N]), u);
  return loss(u);
}
#ifdef BY_VALUE
static void step_value(int64_t t, double *u, double dt) { u[0] += dt * sin(u[0]); }
double by_value(double *u, double dt) {
  __enzyme_checkpoint_for((void *)step_value, 0, 4, enzyme_scheme, &ckpt_bisect, (void *)0,
                          enzyme_checkpoint_region, u, (int64_t)sizeof(double), u, dt);
  return u[0];
}
void dby_value(double *u, double *du0, double *du1, double dt) {
  __enzyme_autodiff((void *)by_value, enzyme_width, 2, enzyme_dup, u, du0, du1, dt);
}
#endif

int main(void) {
  const CkptScheme *schemes[2] = {&ckpt_periodic, &ckpt_bisect};
  int bad = 0;
  for (int s = 0; s < 2; s++) {
    scheme = schemes[s];
    for (int64_t n = 0; n < 9; n += 4) {
      double u[N], du[2][N] = {{0}}, ref[2][N];
      for (int lane = 0; lane < 2; lane++) {  // the plain loop's gradient, one seed each
        double v[N], dv[N] = {0};
        for (int k = 0; k < N; k++) v[k] = 0.3 + 0.1 * k;
        __enzyme_autodiff((void *)plain, enzyme_dup, v, dv, n);
        for (int k = 0; k < N; k++) ref[lane][k] = (lane + 1) * dv[k];
      }
      for (int k = 0; k < N; k++) u[k] = 0.3 + 0.1 * k;
      double seed[2] = {1.0, 2.0};  // the second lane's return is seeded with 2
      __enzyme_autodiff((void *)checkpointed, enzyme_width, 2, enzyme_dup, u, du[0], du[1], n,
                        seed[0], seed[1]);
      for (int lane = 0; lane < 2; lane++)
        for (int k = 0; k < N; k++)
          bad += !(fabs(du[lane][k] - ref[lane][k]) <= 1e-12 * fabs(ref[lane][k]) + 1e-14);
    }
  }
  printf("width 2: %s\n", bad ? "WRONG" : "ok");
  return 0;
}
// CHECK: width 2: ok
