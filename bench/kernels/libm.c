// libm.c — a libm-heavy reduction: sin, exp and log of every element, n = 10^5.
// Forward: tangent along dx (one direction) and 4 directions (enzyme_width 4).
// Reverse (extra, not in the reverse-mode set): gradient with respect to x; the same in
// split mode (__enzyme_augmentfwd + __enzyme_reverse) and batched (enzyme_width 4: four
// seeds, four gradients in one sweep).
#include "bench.h"

#define NX 100000L

double field(const double *x, long n) {
  double s = 0.0;
  for (long i = 0; i < n; i++) {
    double xi = x[i];
    s += sin(xi) * exp(-0.5 * xi * xi) + log(1.0 + xi * xi);
  }
  return s;
}

double __enzyme_fwddiff(void *, ...);
d4 __enzyme_fwddiff_w4(void *, ...);
void __enzyme_autodiff(void *, ...);
typedef struct { void *tape; double result; } augmented;
augmented __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

static double *x, *dx[4], *gx, *gx4[4];

static void primal(void) { bench_sink = field(x, NX); }
static void tangent(void) { bench_sink = __enzyme_fwddiff((void *)field, x, dx[0], NX); }
static void tangent_w4(void) {
  d4 t = __enzyme_fwddiff_w4((void *)field, enzyme_width, 4, x, dx[0], dx[1], dx[2], dx[3], NX);
  bench_sink = t.d[0] + t.d[1] + t.d[2] + t.d[3];
}
static void gradient(void) { __enzyme_autodiff((void *)field, x, gx, NX); }
static void gradient_split(void) {
  augmented a = __enzyme_augmentfwd((void *)field, x, gx, NX);
  __enzyme_reverse((void *)field, x, gx, NX, 1.0, a.tape);
}
static void gradient_w4(void) {
  __enzyme_autodiff((void *)field, enzyme_width, 4, x, gx4[0], gx4[1], gx4[2], gx4[3], NX,
                    1.0, 2.0, 3.0, 4.0);
}

static double f(void) { return field(x, NX); }

static void check(void) {
  const long i = 4321;
  double fd = bench_central_diff(f, &x[i], 1e-3);
  for (int k = 0; k < 4; k++) memset(dx[k], 0, NX * sizeof(double));
  dx[0][i] = 1.0;
  bench_check("fwd", "d/dx_i", __enzyme_fwddiff((void *)field, x, dx[0], NX), fd, 1e-6);
  for (int k = 0; k < 4; k++) { memset(dx[k], 0, NX * sizeof(double)); dx[k][i + k] = 1.0; }
  d4 t = __enzyme_fwddiff_w4((void *)field, enzyme_width, 4, x, dx[0], dx[1], dx[2], dx[3], NX);
  for (int k = 0; k < 4; k++) {
    char what[64]; snprintf(what, sizeof what, "lane%d d/dx_(i+%d)", k, k);
    bench_check("fwd_w4", what, t.d[k], bench_central_diff(f, &x[i + k], 1e-3), 1e-6);
  }
  memset(gx, 0, NX * sizeof(double));
  __enzyme_autodiff((void *)field, x, gx, NX);
  bench_check("rev", "d/dx_i", gx[i], fd, 1e-6);
  memset(gx, 0, NX * sizeof(double));
  gradient_split();
  bench_check("split", "d/dx_i", gx[i], fd, 1e-6);
  for (int k = 0; k < 4; k++) memset(gx4[k], 0, NX * sizeof(double));
  gradient_w4();
  for (int k = 0; k < 4; k++) {
    char what[64]; snprintf(what, sizeof what, "lane%d (seed %d) d/dx_i", k, k + 1);
    bench_check("rev_w4", what, gx4[k][i], (k + 1) * fd, 1e-6);
  }
  for (int k = 0; k < 4; k++) bench_fill(dx[k], NX, 40 + k, -1, 1);
}

int main(int argc, char **argv) {
  x = bench_alloc(NX); gx = bench_alloc(NX);
  for (int k = 0; k < 4; k++) dx[k] = bench_alloc(NX), gx4[k] = bench_alloc(NX);
  bench_fill(x, NX, 4, -3, 3);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"tangent_w4", tangent_w4, "fwd_w4"},
                                 {"gradient", gradient, "rev"}, {"gradient_split", gradient_split, "split"},
                                 {"gradient_w4", gradient_w4, "rev_w4"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
