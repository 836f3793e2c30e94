/* FAILED (wrong) at -O1: blame=both ckpt-vs-plain=0 ckpt-fd=74 plain-fd=20 other=0; plain-ad.fd.n1[g0] -0.090805640898334705 -0.081725076808387101 -0.081725076808514999; ckpt-ad.periodic1.fd.n1[g0] -0.090805640898334705 -0.081725076808387101 -0.081725076808514999; ckpt-ad.periodic2.fd.n1[g0] -0.090805640898334705 -0.081725076808387101 -0.081725076808514999
 * shrunk; the bug (open): tests/fuzz/found-open/global-in-call-without-active-args.c
 * rerun: .venv/bin/python tests/fuzz/checkpoint.py --source tests/fuzz/found/checkpoint/ckpt-273-O1.c --levels O1 */
/* enzyme-opt checkpointed-loop fuzz program, seed 273 (tests/fuzz/checkpoint.py) */
#define NU 4
#define NW 1
#define NK 3
#define HAS_G 1
#define NG 1
#define HAS_COUNTER 0
#define COUNTER_T long
#define CF_NS {1, 5, 12}
#include "checkpoint_runtime.h"

double g_w[NG] = {0.1};
double d_g_w[NG];  /* its shadow: tests/fuzz/run.py adds !enzyme_shadow */

static __attribute__((noinline)) void mix0_6(double v) {
  g_w[0] = 0.9 * g_w[0] + 0.2 * tanh(v);
}

static void step(int64_t t, double *u, const double *k, double p) {
  if (exp(0.3 * p) > -0.2) {
    mix0_6(sin(0.5));
  }
}

static double objective(const double *u, const double *w) {
  double r = 0;
  for (int i = 0; i < NU; i++) {
    r += 0.5 * u[i] * u[i] + sin(u[i] + 0.1 * i);
  }
  for (int i = 0; i < NG; i++) {
    r += 0.7 * g_w[i] * g_w[i];
  }
  return r;
}

__attribute__((noinline)) double checkpointed(double *u, double *w, const double *k,
                                              double p, int64_t n, const CkptScheme *s, void *data) {
  __enzyme_checkpoint_for((void *)step, -3, n, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * NU,
                          u, k, 0.5 * p + 0.25);
  return objective(u, w);
}

__attribute__((noinline)) double plain(double *u, double *w, const double *k, double p, int64_t n) {
  for (int64_t t = -3; t < -3 + n; t++)
    step(t, u, k, 0.5 * p + 0.25);
  return objective(u, w);
}

int main(void) { return cf_check_all(); }
