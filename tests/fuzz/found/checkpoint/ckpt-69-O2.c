/* FAILED (wrong) at -O2: blame=both ckpt-vs-plain=0 ckpt-fd=30 plain-fd=9 other=0; plain-ad.fd.n2[u0] 1.134640352868628 1.5599375825941024 1.5599375825952488; plain-ad.fd.n2[p] -0.076946916133664348 0.8955645707753016 0.89556457077529217; ckpt-ad.periodic1.fd.n2[u0] 1.134640352868628 1.5599375825941024 1.5599375825952488
 * shrunk; the bug (open): tests/fuzz/found-open/float-as-i64-through-phi-O2.c
 * rerun: .venv/bin/python tests/fuzz/checkpoint.py --source tests/fuzz/found/checkpoint/ckpt-69-O2.c --levels O2 */
/* enzyme-opt checkpointed-loop fuzz program, seed 69 (tests/fuzz/checkpoint.py) */
#define NU 1
#define NW 1
#define NK 5
#define HAS_G 0
#define NG 1
#define HAS_COUNTER 0
#define COUNTER_T long
#define CF_NS {2, 4, 8}
#include "checkpoint_runtime.h"


static void step(int64_t t, double *u, double *w, const double *k, double p, double q) {
  memcpy(w, u, sizeof(double) * 1);
  u[0] = 0.9 * u[0] + 0.2 * sin(erf(0.5 * sqrt(1.0 + (0.01 * t) * (0.01 * t))));
  if (atan(w[0]) > -0.2) {
  }
  else {
    if (tanh(k[2]) > 0.5) {
      for (int i10 = 0; i10 < 1; i10++) {
        u[i10] += 0.1 * sin(p);
      }
    }
    memcpy(u, w, sizeof(double) * 1);
  }
}

static double objective(const double *u, const double *w) {
  double r = 0;
  for (int i = 0; i < NU; i++) {
    r += -0.4 * u[i] * u[i] + sin(u[i] + 0.1 * i);
  }
  for (int i = 0; i < NW; i++) {
    r += 0.2 * cos(w[i]);
  }
  return r;
}

__attribute__((noinline)) double checkpointed(double *u, double *w, const double *k,
                                              double p, int64_t n, const CkptScheme *s, void *data) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * (NU + NW),
                          u, w, k, p, p * p);
  return objective(u, w);
}

__attribute__((noinline)) double plain(double *u, double *w, const double *k, double p, int64_t n) {
  for (int64_t t = 0; t < 0 + n; t++)
    step(t, u, w, k, p, p * p);
  return objective(u, w);
}

int main(void) { return cf_check_all(); }
