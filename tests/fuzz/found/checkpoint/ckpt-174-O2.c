/* FAILED (wrong) at -O2: blame=plain-loop ckpt-vs-plain=24 ckpt-fd=0 plain-fd=7 other=0; ckpt-ad.periodic1.n1[u0] 0 0.375 0.375; ckpt-ad.periodic1.n1[k0] 0 0.056447202931354995 0.056447202931354995; ckpt-ad.periodic1.n1[k1] 0.13304791015650014 -0.032320050611289425 -0.032320050611289425
 * shrunk; the bug (open): tests/fuzz/found-open/float-as-i64-through-phi-O2.c
 * rerun: .venv/bin/python tests/fuzz/checkpoint.py --source tests/fuzz/found/checkpoint/ckpt-174-O2.c --levels O2 */
/* enzyme-opt checkpointed-loop fuzz program, seed 174 (tests/fuzz/checkpoint.py) */
#define NU 1
#define NW 1
#define NK 2
#define HAS_G 0
#define NG 1
#define HAS_COUNTER 1
#define COUNTER_T int64_t
#define CF_NS {0, 1, 6}
#include "checkpoint_runtime.h"

int64_t steps_taken;  /* written by every step */

static void step(int64_t t, double *u, double *w, const double *k) {
  if (k[(int)((t + 64) % 2)] > 0.25) {
  }
  else {
    for (int i3 = 0; i3 < 1; i3++) {
      u[i3] += 0.2 * sin(k[i3 % 2]);
    }
  }
  memcpy(u, w, sizeof(double) * 1);
}

static double objective(const double *u, const double *w) {
  double r = 0;
  for (int i = 0; i < NU; i++) {
    r += 0.5 * u[i] * u[i] + tanh(u[i] + 0.1 * i);
  }
  for (int i = 0; i < NW; i++) {
    r += -0.3 * cos(w[i]);
  }
  return r;
}

__attribute__((noinline)) double checkpointed(double *u, double *w, const double *k,
                                              double p, int64_t n, const CkptScheme *s, void *data) {
  __enzyme_checkpoint_for((void *)step, 5, n, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * (NU + NW),
                          u, w, k);
  return objective(u, w);
}

__attribute__((noinline)) double plain(double *u, double *w, const double *k, double p, int64_t n) {
  for (int64_t t = 5; t < 5 + n; t++)
    step(t, u, w, k);
  return objective(u, w);
}

int main(void) { return cf_check_all(); }
