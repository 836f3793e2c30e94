// __enzyme_fixed_point: the derivative of a converged iteration z = phi(z, x) by
// implicit differentiation (the adjoint, or tangent, of one step iterated at the
// converged state), in reverse and forward mode, against the derivative through
// every iteration of the same loop written plainly and against central differences.
// States: a local array (its step also writes an output the loss reads), a global
// overwritten after the solve, and floats; a control function (Tapenade's protocol).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt --no-reuse %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int enzyme_dup, enzyme_const, enzyme_fp_state, enzyme_fp_reduction,
    enzyme_fp_max_iters, enzyme_fp_control;
void __enzyme_fixed_point(void *, ...);
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

#define N 3
// z_k <- 0.3 cos(z_{k+1} - x_k z_k) + x_k^2 / 4, and out = z * x
__attribute__((noinline)) static int step(int64_t i, double *z, const double *x,
                                          double *out, const double *tol) {
  double next[N], change = 0;
  for (int k = 0; k < N; k++)
    next[k] = 0.3 * cos(z[(k + 1) % N] - x[k] * z[k]) + 0.25 * x[k] * x[k];
  for (int k = 0; k < N; k++) {
    change = fmax(change, fabs(next[k] - z[k]));
    z[k] = next[k];
    out[k] = z[k] * x[k];
  }
  return change > *tol;
}

static double loss(const double *z, const double *out) {
  return z[0] * z[1] + z[2] * z[2] * z[2] + out[1];
}

static double plain(double *z, const double *x, double *out, const double *tol) {
  int64_t i = 0;
  while (step(i++, z, x, out, tol))
    ;
  return loss(z, out);
}

static double fixed(double *z, const double *x, double *out, const double *tol) {
  __enzyme_fixed_point((void *)step, enzyme_fp_state, z, (int64_t)sizeof(double[N]),
                       enzyme_fp_reduction, 1e-28, z, x, out, tol);
  return loss(z, out);
}

static int asked;
static int three_passes(double *cumul, double *reduction) { return ++asked < 4; }

static double controlled(double *z, const double *x, double *out, const double *tol) {
  __enzyme_fixed_point((void *)step, enzyme_fp_state, z, (int64_t)sizeof(double[N]),
                       enzyme_fp_control, three_passes, z, x, out, tol);
  return loss(z, out);
}

// A global state, overwritten after the solve (the reverse half keeps its own copy).
double g[N];
__attribute__((noinline)) static int global_step(int64_t i, const double *x) {
  double next[N], change = 0;
  for (int k = 0; k < N; k++)
    next[k] = 0.4 * tanh(g[k] - 0.5 * g[(k + 2) % N]) + x[k];
  for (int k = 0; k < N; k++) {
    change = fmax(change, fabs(next[k] - g[k]));
    g[k] = next[k];
  }
  return change > 1e-15;
}
static double global_fixed(const double *x) {
  memset(g, 0, sizeof(g));
  __enzyme_fixed_point((void *)global_step, enzyme_fp_state, g, (int64_t)sizeof(g),
                       enzyme_fp_reduction, 1e-28, enzyme_fp_max_iters, (int64_t)500, x);
  double s = g[0] * g[1] + sin(g[2]);
  g[0] = 7;
  return s;
}
static double global_plain(const double *x) {
  memset(g, 0, sizeof(g));
  for (int64_t i = 0; global_step(i, x); i++)
    ;
  double s = g[0] * g[1] + sin(g[2]);
  g[0] = 7;
  return s;
}

// Floats.
__attribute__((noinline)) static int float_step(int64_t i, float *z, const float *x) {
  float a = 0.5f * sinf(z[1]) + x[0], b = 0.25f * z[0] * z[0] + x[1];
  int going = fabsf(a - z[0]) + fabsf(b - z[1]) > 1e-7f;
  z[0] = a;
  z[1] = b;
  return going;
}
static float float_fixed(float *z, const float *x) {
  __enzyme_fixed_point((void *)float_step, enzyme_fp_state, z, (int64_t)sizeof(float[2]),
                       enzyme_fp_reduction, 1e-12, z, x);
  return z[0] + 2 * z[1];
}

static double fd(double (*f)(double *, const double *, double *, const double *),
                 const double *x, int k, const double *tol) {
  double h = 1e-6, xp[N], xm[N], z[N], out[N];
  memcpy(xp, x, sizeof(xp));
  memcpy(xm, x, sizeof(xm));
  xp[k] += h;
  xm[k] -= h;
  memset(z, 0, sizeof(z));
  double fp = f(z, xp, out, tol);
  memset(z, 0, sizeof(z));
  return (fp - f(z, xm, out, tol)) / (2 * h);
}

int main(void) {
  const double x[N] = {0.4, -0.3, 0.8}, tol = 1e-15;
  double z[N] = {0}, out[N] = {0}, dz[N] = {0}, dout[N] = {0}, dx[N] = {0};
  double z0[N] = {0}, out0[N] = {0}, dz0[N] = {0}, dout0[N] = {0}, dx0[N] = {0};
  __enzyme_autodiff((void *)plain, enzyme_dup, z0, dz0, enzyme_dup, x, dx0, enzyme_dup, out0,
                    dout0, enzyme_const, &tol);
  __enzyme_autodiff((void *)fixed, enzyme_dup, z, dz, enzyme_dup, x, dx, enzyme_dup, out, dout,
                    enzyme_const, &tol);
  int bad = 0;
  for (int k = 0; k < N; k++) {
    double f = fd(fixed, x, k, &tol);
    if (!(fabs(dx[k] - dx0[k]) <= 1e-12 * fabs(dx0[k]) + 1e-14) || !(fabs(dx[k] - f) < 1e-6))
      printf("reverse dx[%d] = %.17g, through every iteration %.17g, fd %.17g\n", k, dx[k],
             dx0[k], f), bad++;
    if (dz[k] != 0 || dout[k] != 0 || z[k] != z0[k])
      printf("reverse: state %d or its shadow not as expected\n", k), bad++;
  }
  printf("reverse: %s\n", bad ? "WRONG" : "ok");

  // Three adjoint passes only: close to the converged gradient, not equal.
  double dxc[N] = {0};
  memset(z, 0, sizeof(z));
  memset(dz, 0, sizeof(dz));
  memset(dout, 0, sizeof(dout));
  __enzyme_autodiff((void *)controlled, enzyme_dup, z, dz, enzyme_dup, x, dxc, enzyme_dup, out,
                    dout, enzyme_const, &tol);
  double err = 0;
  for (int k = 0; k < N; k++)
    err = fmax(err, fabs(dxc[k] - dx0[k]));
  printf("control: asked %d times, %s\n", asked, err > 0 && err < 0.1 ? "close" : "WRONG");

  // Forward: the tangent along x of the loss.
  for (int k = 0; k < N; k++) {
    double tz[N] = {0}, tx[N] = {0}, tout[N] = {0};
    tx[k] = 1;
    memset(z, 0, sizeof(z));
    double dfixed = 0, dplain = 0;
    __enzyme_fwddiff((void *)fixed, enzyme_dup, z, tz, enzyme_dup, x, tx, enzyme_dup, out,
                     tout, enzyme_const, &tol);
    dfixed = tz[0] * z[1] + z[0] * tz[1] + 3 * z[2] * z[2] * tz[2] + tout[1];
    double pz[N] = {0}, ptz[N] = {0}, pout[N], ptout[N] = {0};
    __enzyme_fwddiff((void *)plain, enzyme_dup, pz, ptz, enzyme_dup, x, tx, enzyme_dup, pout,
                     ptout, enzyme_const, &tol);
    dplain = ptz[0] * pz[1] + pz[0] * ptz[1] + 3 * pz[2] * pz[2] * ptz[2] + ptout[1];
    if (!(fabs(dfixed - dplain) <= 1e-10 * fabs(dplain) + 1e-14) || !(fabs(dfixed - dx0[k]) < 1e-9))
      printf("forward %d: %.17g, through every iteration %.17g, reverse %.17g\n", k, dfixed,
             dplain, dx0[k]), bad++;
  }
  printf("forward: %s\n", bad ? "WRONG" : "ok");

  double dg[N] = {0}, dg0[N] = {0};
  __enzyme_autodiff((void *)global_plain, enzyme_dup, x, dg0);
  __enzyme_autodiff((void *)global_fixed, enzyme_dup, x, dg);
  int gbad = g[0] != 7;
  for (int k = 0; k < N; k++)
    gbad += !(fabs(dg[k] - dg0[k]) <= 1e-12 * fabs(dg0[k]) + 1e-14);
  printf("global state: %s\n", gbad ? "WRONG" : "ok");

  float fz[2] = {0}, fdz[2] = {0}, fx[2] = {0.3f, 0.1f}, fdx[2] = {0};
  __enzyme_autodiff((void *)float_fixed, enzyme_dup, fz, fdz, enzyme_dup, fx, fdx);
  // analytic: a = 0.5 sin b + x0, b = 0.25 a^2 + x1 at the fixed point; loss a + 2b
  double a = fz[0], b = fz[1], ca = 0.5 * cos(b), cb = 0.5 * a;
  // [1 -ca; -cb 1] [da db]' = dx  =>  dloss/dx = [1 2] M^-1
  double det = 1 - ca * cb, g0 = (1 + 2 * cb) / det, g1 = (ca + 2) / det;
  printf("float state: %s\n",
         fabs(fdx[0] - g0) < 1e-4 && fabs(fdx[1] - g1) < 1e-4 ? "ok" : "WRONG");
  return 0;
}
// CHECK: reverse: ok
// CHECK: control: asked 4 times, close
// CHECK: forward: ok
// CHECK: global state: ok
// CHECK: float state: ok
