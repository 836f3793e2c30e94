// stencil_ckpt.c — the stencil kernel's problem (Fisher-KPP, 3-point stencil, T = 20 steps
// over n = 10^5 cells) with its time loop written as __enzyme_checkpoint_for and each step
// updating the state in place. Reverse mode keeps snapshots of the state as the scheme
// says instead of every step's intermediate state: recursive bisection holds at most
// 1 + ceil(log2 T) = 6 snapshots (plus the driver's two) of 0.8 MB, and recomputes each
// step about log2(T)/2 times. The trade of memory for time, against `stencil`.
#include "bench.h"
#include "../../tests/lit/Inputs/checkpoint_schemes.h"

#define NCELL 100000L
#define STEPS 20

static void step(int64_t t, double *u, long n, double c, double r) {
  double previous = u[0];
  for (long i = 1; i < n - 1; i++) {
    double here = u[i];
    u[i] = here + c * (previous - 2.0 * here + u[i + 1]) + r * here * (1.0 - here);
    previous = here;
  }
}

double heat(const double *u0, double *u, long n, int steps, double c, double r) {
  for (long i = 0; i < n; i++) u[i] = u0[i];
  __enzyme_checkpoint_for((void *)step, 0, (int64_t)steps, enzyme_scheme, &ckpt_bisect, (void *)0,
                          enzyme_checkpoint_region, u, n * sizeof(double), u, n, c, r);
  double s = 0.0;
  for (long i = 0; i < n; i++) s += u[i] * u[i];
  return s;
}

void __enzyme_autodiff(void *, ...);

static double *u0, *u, *du, *gu0;
static const double C = 0.25, R = 0.1;

static void primal(void) { bench_sink = heat(u0, u, NCELL, STEPS, C, R); }
static void gradient(void) {
  __enzyme_autodiff((void *)heat, u0, gu0, u, du, NCELL, STEPS, enzyme_const, C, enzyme_const, R);
}

static double f(void) { return heat(u0, u, NCELL, STEPS, C, R); }

static void check(void) {
  const long i = 54321;
  memset(gu0, 0, NCELL * sizeof(double));
  memset(du, 0, NCELL * sizeof(double));
  gradient();
  bench_check("rev", "d/du0_i", gu0[i], bench_central_diff(f, &u0[i], 1e-3), 1e-6);
  bench_check("rev", "d/du0_(i+1)", gu0[i + 1], bench_central_diff(f, &u0[i + 1], 1e-3), 1e-6);
}

int main(int argc, char **argv) {
  u0 = bench_alloc(NCELL); u = bench_alloc(NCELL); du = bench_alloc(NCELL); gu0 = bench_alloc(NCELL);
  bench_fill(u0, NCELL, 3, 0.1, 0.9);
  static const thunk thunks[] = {{"primal", primal, ""}, {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
