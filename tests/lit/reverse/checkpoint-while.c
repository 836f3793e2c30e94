// __enzyme_checkpoint_while: `while (step(i++, args...))` whose length the
// scheme learns when a step returns false (set_nsteps). A Newton-like
// iteration that stops when its residual is small: 1 to 9 steps depending on
// the input; the gradient must be the plain while loop's and agree with
// central differences (the step count does not change within the
// difference), and forward mode runs the plain loop.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_const;
long calls;  // written by every step: snapshots hold it

// x <- x - (x^3 + a x - b) / (3 x^2 + a), with u = {x, a, b}; go on while the
// update is larger than tol (and at most limit steps).
static int step(int64_t i, double *u, double tol, long limit) {
  double x = u[0], update = (x * x * x + u[1] * x - u[2]) / (3 * x * x + u[1]);
  u[0] = x - update + 1e-3 * sin(u[2] * i);
  calls++;
  return fabs(update) > tol && i + 1 < limit;
}

double checkpointed(double *u, double tol, long limit) {
  __enzyme_checkpoint_while((void *)step, enzyme_scheme, &ckpt_online, (void *)0,
                            enzyme_checkpoint_region, u, sizeof(double), u, tol, limit);
  return u[0] * u[0];
}

double plain(double *u, double tol, long limit) {
  int64_t i = 0;
  while (step(i++, u, tol, limit)) {}
  return u[0] * u[0];
}

int main(void) {
  double worst = 0, worst_fd = 0, worst_fwd = 0;
  long counts_ok = 1, lengths = 0;
  for (int k = 0; k < 12; k++) {
    double start[3] = {1.0 + 0.3 * k, 0.5 + 0.1 * k, 2.0 + 0.2 * k};
    long limit = 1 + k % 9;
    double u[3], du[3] = {0}, g[3] = {0};
    memcpy(u, start, sizeof u);
    double dtol = __enzyme_autodiff((void *)plain, u, g, 1e-6, limit);
    memcpy(u, start, sizeof u);
    calls = 0;
    double dtol1 = __enzyme_autodiff((void *)checkpointed, u, du, 1e-6, limit);
    long n = ckpt_stats.taped_steps;
    lengths += n;
    if (calls != n) counts_ok = 0;  // the primal's global as the plain loop leaves it
    worst = fmax(worst, fabs(dtol1 - dtol));
    for (int i = 0; i < 3; i++) {
      worst = fmax(worst, fabs(du[i] - g[i]) / (1 + fabs(g[i])));
      double h = 1e-7, up, down;
      memcpy(u, start, sizeof u); u[i] += h; up = plain(u, 1e-6, limit);
      memcpy(u, start, sizeof u); u[i] -= h; down = plain(u, 1e-6, limit);
      worst_fd = fmax(worst_fd, fabs((up - down) / (2 * h) - du[i]) / (1 + fabs(du[i])));
      double t[3] = {0};
      t[i] = 1;
      memcpy(u, start, sizeof u);
      double tangent = __enzyme_fwddiff((void *)checkpointed, u, t, 1e-6, 0.0, limit);
      worst_fwd = fmax(worst_fwd, fabs(tangent - du[i]) / (1 + fabs(du[i])));
    }
  }
  printf("gradient as the plain loop's: %s\n", worst < 1e-12 ? "ok" : "WRONG");
  printf("against differences: %s\n", worst_fd < 1e-5 ? "ok" : "WRONG");
  printf("forward mode: %s\n", worst_fwd < 1e-9 ? "ok" : "WRONG");
  printf("steps counted: %s (%ld in all)\n", counts_ok ? "ok" : "WRONG", lengths);
  return 0;
}
// CHECK: gradient as the plain loop's: ok
// CHECK-NEXT: against differences: ok
// CHECK-NEXT: forward mode: ok
// CHECK-NEXT: steps counted: ok
