/* FAILED (wrong) at -O1: blame=both ckpt-vs-plain=0 ckpt-fd=28 plain-fd=8 other=0; plain-ad.fd.n5[g0] -1.03125 -1.0308446807455312 -1.0308446807447638; plain-ad.fd.n5[g1] 0.27186301407582969 0.27163344552885366 0.27163344554088553; plain-ad.fd.n5[g2] 1.8937499999999998 1.8929663827708889 1.8929663827682457
 * shrunk; the bug (open): tests/fuzz/found-open/global-in-call-without-active-args.c
 * rerun: .venv/bin/python tests/fuzz/checkpoint.py --source tests/fuzz/found/checkpoint/ckpt-54-O1.c --levels O1 */
/* enzyme-opt checkpointed-loop fuzz program, seed 54 (tests/fuzz/checkpoint.py) */
#define NU 3
#define NW 3
#define NK 2
#define HAS_G 1
#define NG 3
#define HAS_COUNTER 1
#define COUNTER_T long
#define CF_NS {0, 5, 10}
#include "checkpoint_runtime.h"

double g_w[NG] = {0.1, 0.2, 0.30000000000000004};
double d_g_w[NG];  /* its shadow: tests/fuzz/run.py adds !enzyme_shadow */
long steps_taken;  /* written by every step */
static const double tab[6] = {-0.094, -0.818, -0.32, -0.413, -0.17, 0.088};

static __attribute__((noinline)) double norm3(const double *a, int len) {
  double s = 0;
  for (int i = 0; i < len; i++) {
    s += a[i] * a[i];
  }
  return sqrt(1.0 + s);
}

static void step(int64_t t, double *u, double *w, const double *k, double p, double q) {
  double v4 = norm3(g_w, 3);
  w[2] = cos(q) > -0.3 ? w[2] + 0.2 * atan(pow(1.2 + pow(1.1 + tanh(v4) * tanh(v4), 0.5 + 0.1 * k[0]) * pow(1.1 + tanh(v4) * tanh(v4), 0.5 + 0.1 * k[0]), 0.75)) : 0.9 * w[2] + 0.1 * atan((hypot(0.5, 0.7 + p * p) * p));
}

static double objective(const double *u, const double *w) {
  double r = 0;
  for (int i = 0; i < NU; i++) {
    r += -0.4 * u[i] * u[i] + sin(u[i] + 0.1 * i);
  }
  for (int i = 0; i < NW; i++) {
    r += -0.3 * cos(w[i]);
  }
  for (int i = 0; i < NG; i++) {
    r += 0.7 * g_w[i] * g_w[i];
  }
  return r;
}

__attribute__((noinline)) double checkpointed(double *u, double *w, const double *k,
                                              double p, int64_t n, const CkptScheme *s, void *data) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * (NU + NW),
                          enzyme_checkpoint_region, k, sizeof(double) * NK,
                          u, w, k, 1.0 + 0.1 * p, p);
  return objective(u, w);
}

__attribute__((noinline)) double plain(double *u, double *w, const double *k, double p, int64_t n) {
  for (int64_t t = 0; t < 0 + n; t++)
    step(t, u, w, k, 1.0 + 0.1 * p, p);
  return objective(u, w);
}

int main(void) { return cf_check_all(); }
