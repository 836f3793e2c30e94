// stencil.c — explicit time stepping of a 1-D reaction-diffusion equation (Fisher-KPP),
// 3-point stencil, T = 20 steps over n = 10^5 cells, ping-pong buffers; returns the final
// "mass" sum(u^2). The reaction term u(1-u) makes the step nonlinear, so reverse mode needs
// every intermediate state: the tape grows with T*n.
// Forward: tangent along du0 (one direction) and 4 directions (enzyme_width 4).
// Reverse: gradient with respect to the initial state u0.
#include "bench.h"

#define NCELL 100000L
#define STEPS 20

double heat(const double *u0, double *u, double *w, long n, int steps, double c, double r) {
  for (long i = 0; i < n; i++) u[i] = u0[i];
  for (int t = 0; t < steps; t++) {
    w[0] = u[0];
    w[n - 1] = u[n - 1];
    for (long i = 1; i < n - 1; i++)
      w[i] = u[i] + c * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + r * u[i] * (1.0 - u[i]);
    double *tmp = u; u = w; w = tmp;
  }
  double s = 0.0;
  for (long i = 0; i < n; i++) s += u[i] * u[i];
  return s;
}

double __enzyme_fwddiff(void *, ...);
d4 __enzyme_fwddiff_w4(void *, ...);
void __enzyme_autodiff(void *, ...);

static double *u0, *u, *w, *du0[4], *du[4], *dw[4], *gu0;
static const double C = 0.25, R = 0.1;

static void primal(void) { bench_sink = heat(u0, u, w, NCELL, STEPS, C, R); }
static void tangent(void) {
  bench_sink = __enzyme_fwddiff((void *)heat, u0, du0[0], u, du[0], w, dw[0], NCELL, STEPS,
                                enzyme_const, C, enzyme_const, R);
}
static void tangent_w4(void) {
  d4 t = __enzyme_fwddiff_w4((void *)heat, enzyme_width, 4, u0, du0[0], du0[1], du0[2], du0[3],
                             u, du[0], du[1], du[2], du[3], w, dw[0], dw[1], dw[2], dw[3],
                             NCELL, STEPS, enzyme_const, C, enzyme_const, R);
  bench_sink = t.d[0] + t.d[1] + t.d[2] + t.d[3];
}
static void gradient(void) {
  __enzyme_autodiff((void *)heat, u0, gu0, u, du[0], w, dw[0], NCELL, STEPS,
                    enzyme_const, C, enzyme_const, R);
}

static double f(void) { return heat(u0, u, w, NCELL, STEPS, C, R); }

static void check(void) {
  const long i = 54321;
  double fd = bench_central_diff(f, &u0[i], 1e-3);
  for (int k = 0; k < 4; k++) memset(du0[k], 0, NCELL * sizeof(double));
  du0[0][i] = 1.0;
  bench_check("fwd", "d/du0_i", __enzyme_fwddiff((void *)heat, u0, du0[0], u, du[0], w, dw[0], NCELL, STEPS,
                                              enzyme_const, C, enzyme_const, R), fd, 1e-6);
  for (int k = 0; k < 4; k++) { memset(du0[k], 0, NCELL * sizeof(double)); du0[k][i + 7 * k] = 1.0; }
  d4 t = __enzyme_fwddiff_w4((void *)heat, enzyme_width, 4, u0, du0[0], du0[1], du0[2], du0[3],
                             u, du[0], du[1], du[2], du[3], w, dw[0], dw[1], dw[2], dw[3],
                             NCELL, STEPS, enzyme_const, C, enzyme_const, R);
  for (int k = 0; k < 4; k++) {
    char what[64]; snprintf(what, sizeof what, "lane%d d/du0_(i+%d)", k, 7 * k);
    bench_check("fwd_w4", what, t.d[k], bench_central_diff(f, &u0[i + 7 * k], 1e-3), 1e-6);
  }
  memset(gu0, 0, NCELL * sizeof(double));
  for (int k = 0; k < 4; k++) { memset(du[k], 0, NCELL * sizeof(double)); memset(dw[k], 0, NCELL * sizeof(double)); }
  __enzyme_autodiff((void *)heat, u0, gu0, u, du[0], w, dw[0], NCELL, STEPS,
                    enzyme_const, C, enzyme_const, R);
  bench_check("rev", "d/du0_i", gu0[i], fd, 1e-6);
  bench_check("rev", "d/du0_(i+1)", gu0[i + 1], bench_central_diff(f, &u0[i + 1], 1e-3), 1e-6);
  for (int k = 0; k < 4; k++) bench_fill(du0[k], NCELL, 30 + k, -1, 1);
}

int main(int argc, char **argv) {
  u0 = bench_alloc(NCELL); u = bench_alloc(NCELL); w = bench_alloc(NCELL); gu0 = bench_alloc(NCELL);
  for (int k = 0; k < 4; k++) { du0[k] = bench_alloc(NCELL); du[k] = bench_alloc(NCELL); dw[k] = bench_alloc(NCELL); }
  bench_fill(u0, NCELL, 3, 0.1, 0.9);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"tangent_w4", tangent_w4, "fwd_w4"},
                                 {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
