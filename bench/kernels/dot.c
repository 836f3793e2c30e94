// dot.c — dot product of two vectors of n = 10^6 doubles.
// Forward: tangent along (da, db), and 4 directions at once (enzyme_width 4).
// Reverse: gradient with respect to both vectors (added into ga, gb).
#include "bench.h"

#define N 1000000L

double dot(const double *a, const double *b, long n) {
  double s = 0.0;
  for (long i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

double __enzyme_fwddiff(void *, ...);
d4 __enzyme_fwddiff_w4(void *, ...);
void __enzyme_autodiff(void *, ...);

static double *a, *b, *da[4], *db[4], *ga, *gb;

static void primal(void) { bench_sink = dot(a, b, N); }
static void tangent(void) { bench_sink = __enzyme_fwddiff((void *)dot, a, da[0], b, db[0], N); }
static void tangent_w4(void) {
  d4 t = __enzyme_fwddiff_w4((void *)dot, enzyme_width, 4, a, da[0], da[1], da[2], da[3],
                             b, db[0], db[1], db[2], db[3], N);
  bench_sink = t.d[0] + t.d[1] + t.d[2] + t.d[3];
}
static void gradient(void) { __enzyme_autodiff((void *)dot, a, ga, b, gb, N); }

static double f_of_a(void) { return dot(a, b, N); }

static void check(void) {
  const long i = 12345;
  double fd_a = bench_central_diff(f_of_a, &a[i], 1e-3);
  double fd_b = bench_central_diff(f_of_a, &b[i], 1e-3);
  // tangent along e_i in a and e_i in b: d/da_i + d/db_i
  memset(da[0], 0, N * sizeof(double)); memset(db[0], 0, N * sizeof(double));
  da[0][i] = 1.0; db[0][i] = 1.0;
  bench_check("fwd", "d/da_i+d/db_i", __enzyme_fwddiff((void *)dot, a, da[0], b, db[0], N), fd_a + fd_b, 1e-6);
  // width 4: lane k seeds a[i+k]
  for (int k = 0; k < 4; k++) {
    memset(da[k], 0, N * sizeof(double)); memset(db[k], 0, N * sizeof(double));
    da[k][i + k] = 1.0;
  }
  d4 t = __enzyme_fwddiff_w4((void *)dot, enzyme_width, 4, a, da[0], da[1], da[2], da[3],
                             b, db[0], db[1], db[2], db[3], N);
  for (int k = 0; k < 4; k++) {
    char what[64]; snprintf(what, sizeof what, "lane%d d/da_(i+%d)", k, k);
    bench_check("fwd_w4", what, t.d[k], bench_central_diff(f_of_a, &a[i + k], 1e-3), 1e-6);
  }
  memset(ga, 0, N * sizeof(double)); memset(gb, 0, N * sizeof(double));
  __enzyme_autodiff((void *)dot, a, ga, b, gb, N);
  bench_check("rev", "d/da_i", ga[i], fd_a, 1e-6);
  bench_check("rev", "d/db_i", gb[i], fd_b, 1e-6);
  for (int k = 0; k < 4; k++) { bench_fill(da[k], N, 10 + k, -1, 1); bench_fill(db[k], N, 20 + k, -1, 1); }
}

int main(int argc, char **argv) {
  a = bench_alloc(N); b = bench_alloc(N); ga = bench_alloc(N); gb = bench_alloc(N);
  for (int k = 0; k < 4; k++) { da[k] = bench_alloc(N); db[k] = bench_alloc(N); }
  bench_fill(a, N, 1, -1, 1); bench_fill(b, N, 2, -1, 1);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"tangent_w4", tangent_w4, "fwd_w4"},
                                 {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
