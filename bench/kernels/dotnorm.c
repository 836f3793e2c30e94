// dotnorm.c — a dot product plus a norm in one loop, n = 2·10^6:
//   s = Σ x_i y_i,  q = Σ x_i²,  f = s + sqrt(q).
// clang's SLP vectorizer packs the two sums into one <2 x double> fmuladd, fed by
// insertelement/shufflevector of the loads: nothing is written, so every value the
// reverse sweep needs can be re-read from x and y — the gradient needs no tape.
// Forward: tangent along (dx, dy), one direction.
// Reverse: gradient with respect to x and y.
#include "bench.h"

#define N 2000000L

double dot_norm(const double *x, const double *y, long n) {
  double s = 0.0, q = 0.0;
  for (long i = 0; i < n; i++) {
    s += x[i] * y[i];
    q += x[i] * x[i];
  }
  return s + sqrt(q);
}

double __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);

static double *x, *y, *gx, *gy, *dx, *dy;

static void primal(void) { bench_sink = dot_norm(x, y, N); }
static void tangent(void) { bench_sink = __enzyme_fwddiff((void *)dot_norm, x, dx, y, dy, N); }
static void gradient(void) { __enzyme_autodiff((void *)dot_norm, x, gx, y, gy, N); }

static double f(void) { return dot_norm(x, y, N); }

static void check(void) {
  const long i = 54321;
  // tangent along e_i in x and e_(i+1) in y: d/dx_i + d/dy_(i+1)
  memset(dx, 0, N * sizeof(double)); memset(dy, 0, N * sizeof(double));
  dx[i] = 1.0; dy[i + 1] = 1.0;
  bench_check("fwd", "d/dx_i+d/dy_(i+1)", __enzyme_fwddiff((void *)dot_norm, x, dx, y, dy, N),
              bench_central_diff(f, &x[i], 1e-3) + bench_central_diff(f, &y[i + 1], 1e-3), 1e-6);
  memset(gx, 0, N * sizeof(double)); memset(gy, 0, N * sizeof(double));
  __enzyme_autodiff((void *)dot_norm, x, gx, y, gy, N);
  bench_check("rev", "d/dx_i", gx[i], bench_central_diff(f, &x[i], 1e-3), 1e-6);
  bench_check("rev", "d/dy_i", gy[i], bench_central_diff(f, &y[i], 1e-3), 1e-6);
  bench_fill(dx, N, 33, -1, 1); bench_fill(dy, N, 34, -1, 1);   // the timed direction
}

int main(int argc, char **argv) {
  x = bench_alloc(N); y = bench_alloc(N); gx = bench_alloc(N); gy = bench_alloc(N);
  dx = bench_alloc(N); dy = bench_alloc(N);
  bench_fill(x, N, 31, -1, 1); bench_fill(y, N, 32, -1, 1);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
