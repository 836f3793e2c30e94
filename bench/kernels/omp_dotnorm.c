// omp_dotnorm.c — the dotnorm kernel (Σ x_i y_i + sqrt(Σ x_i²), n = 2·10^6) with its loop
// as `#pragma omp parallel for reduction(+ : s, q)`, for the OpenMP section of `make bench`
// (bench/openmp.py: primal and gradient at 1 and 2 threads).
// Reverse: gradient with respect to x and y.
#include "bench.h"

#define N 2000000L

double dot_norm(const double *x, const double *y, long n) {
  double s = 0.0, q = 0.0;
#pragma omp parallel for reduction(+ : s, q)
  for (long i = 0; i < n; i++) {
    s += x[i] * y[i];
    q += x[i] * x[i];
  }
  return s + sqrt(q);
}

void __enzyme_autodiff(void *, ...);

static double *x, *y, *gx, *gy;

static void primal(void) { bench_sink = dot_norm(x, y, N); }
static void gradient(void) { __enzyme_autodiff((void *)dot_norm, x, gx, y, gy, N); }

static double f(void) { return dot_norm(x, y, N); }

static void check(void) {
  const long i = 54321;
  memset(gx, 0, N * sizeof(double)); memset(gy, 0, N * sizeof(double));
  gradient();
  bench_check("rev", "d/dx_i", gx[i], bench_central_diff(f, &x[i], 1e-3), 1e-6);
  bench_check("rev", "d/dy_i", gy[i], bench_central_diff(f, &y[i], 1e-3), 1e-6);
}

int main(int argc, char **argv) {
  x = bench_alloc(N); y = bench_alloc(N); gx = bench_alloc(N); gy = bench_alloc(N);
  bench_fill(x, N, 31, -1, 1); bench_fill(y, N, 32, -1, 1);
  static const thunk thunks[] = {{"primal", primal, ""}, {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
