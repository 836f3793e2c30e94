// omp_stencil.c — the stencil kernel (stencil.c: 1-D Fisher-KPP, 3-point stencil, T = 20
// steps over n = 10^6 cells) with its cell loops as `#pragma omp parallel for`, for the
// OpenMP section of `make bench` (bench/openmp.py: primal and gradient at 1 and 2
// threads). Ten times the serial kernel's cells, so that each thread's share of a step
// outweighs the fork and the barrier.
// Reverse: gradient with respect to the initial state u0.
#include "bench.h"

#define NCELL 1000000L
#define STEPS 20

double heat(const double *u0, double *u, double *w, long n, int steps, double c, double r) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) u[i] = u0[i];
  for (int t = 0; t < steps; t++) {
    w[0] = u[0];
    w[n - 1] = u[n - 1];
#pragma omp parallel for
    for (long i = 1; i < n - 1; i++)
      w[i] = u[i] + c * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + r * u[i] * (1.0 - u[i]);
    double *tmp = u; u = w; w = tmp;
  }
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++) s += u[i] * u[i];
  return s;
}

void __enzyme_autodiff(void *, ...);

static double *u0, *u, *w, *gu0, *du, *dw;
static const double C = 0.25, R = 0.1;

static void primal(void) { bench_sink = heat(u0, u, w, NCELL, STEPS, C, R); }
static void gradient(void) {
  __enzyme_autodiff((void *)heat, u0, gu0, u, du, w, dw, NCELL, STEPS,
                    enzyme_const, C, enzyme_const, R);
}

static double f(void) { return heat(u0, u, w, NCELL, STEPS, C, R); }

static void check(void) {
  const long i = 543210;
  memset(gu0, 0, NCELL * sizeof(double));
  memset(du, 0, NCELL * sizeof(double));
  memset(dw, 0, NCELL * sizeof(double));
  gradient();
  bench_check("rev", "d/du0_i", gu0[i], bench_central_diff(f, &u0[i], 1e-3), 1e-6);
  bench_check("rev", "d/du0_(i+1)", gu0[i + 1], bench_central_diff(f, &u0[i + 1], 1e-3), 1e-6);
}

int main(int argc, char **argv) {
  u0 = bench_alloc(NCELL); u = bench_alloc(NCELL); w = bench_alloc(NCELL);
  gu0 = bench_alloc(NCELL); du = bench_alloc(NCELL); dw = bench_alloc(NCELL);
  bench_fill(u0, NCELL, 3, 0.1, 0.9);
  static const thunk thunks[] = {{"primal", primal, ""}, {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
